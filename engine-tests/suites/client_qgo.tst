# qGo 2.1 (Debian package qgo 2.1~git-20180413, pzorin/qgo src/gtp/qgtp.cpp and
# src/game_interfaces/qgoboardlocalinterface.cpp), as seen in a real game against Tengen
# under Xvfb (bench/clients.sh). qGo numbers its commands from 1000 only when the engine's
# path ends in "gnugo" and matches a genmove reply to its request by that number, so the
# README's qGo setup names the engine through such a path. It waits for each reply.
# tengen-args: --playouts 150 --threads 1 --seed 5

1000 protocol_version
#? [2]

1001 boardsize 9
#? []

1002 clear_board
#? []

# komi with two decimals
1003 komi 7.50
#? []

1004 clear_board
#? []

1005 play black E5
#? []

# slot_readFromStdout(): the number after '=' must be the request's, the vertex follows.
1006 genmove white
#? [[A-HJ]\d]

1007 play black F6
#? []

1008 genmove white
#? [[A-HJ]\d]

# The Undo button sends "undo 0" and takes the last move (White's) off qGo's board; with
# "? syntax error" the engine kept it, and its next genmove came from a different board.
1009 undo 0
#? []

1011 genmove white
#? [[A-HJ]\d]

# Four moves are on the board now (E5, White's, F6, White's new one): four undos, no fifth.
1012 undo 0
#? []

1013 undo 0
#? []

1014 undo 0
#? []

1015 undo 0
#? []

1016 undo 0
#? [\?cannot undo]

1017 play black E5
#? []

# "Pass" sends play black pass, then qGo asks for the computer's move.
1018 play black pass
#? []

1019 genmove white
#? [[A-HJ]\d|pass|PASS]

# Lizzie (featurecat/lizzie 0.7.x, Leelaz.java): every command carries a number and Lizzie
# reads it back with Integer.parseInt(params[0].substring(1)), so every reply must echo the
# id (the runner checks that for every numbered line). The streamed part (lz-analyze until
# the next command, stderr merged into stdout) is in engine-tests/clients.rs.
# Sources: featurecat/lizzie src/main/java/featurecat/lizzie/analysis/Leelaz.java,
# MoveData.java (see /work/notes/qa-clients.md).
# tengen-args: --playouts 150 --threads 1 --seed 3

# startEngine(): name, version, boardsize, komi.
1 name
#? [[^?\s].*]

# Lizzie: ver = params[1].split("\\."); Integer.parseInt(ver[1]). A version without a dot
# or with a non-numeric second part throws inside Lizzie's reader thread.
2 version
#? [[^.\s]*\.\d+(\.\S*)?]

3 boardsize 19
#? []

# komi(double): "0" for zero, otherwise Java's Double.toString ("7.5", "6.0").
4 komi 7.5
#? []

5 komi 6.0
#? []

6 komi 0
#? []

7 komi 7.5
#? []

# playMove(): "play B Q16" with upper-case colour letters.
8 play B Q16
#? []

9 play W D4
#? []

# undo() and clear().
10 undo
#? []

11 clear_board
#? []

# handicap(n): "fixed_handicap n"; Lizzie places the returned vertices itself
# (Board.asCoordinates on each word after the id).
12 fixed_handicap 4
#? [[A-HJ-T]1?\d( [A-HJ-T]1?\d){3}]

# time_settings(): "time_settings 0 <max-game-thinking-time-seconds> 1".
13 time_settings 0 2 1
#? []

# genmove(color) while playing against the engine: "=N VERTEX", the vertex is params[1].
14 genmove W
#? [[A-HJ-T]1?\d|pass|resign]

# genmove_analyze(color): "lz-genmove_analyze B <analyze-update-interval-centisec>"; Lizzie
# places the move from the "play VERTEX" line.
15 lz-genmove_analyze B 10
#? [(?s)\n?(info [^\n]*\n)*play ([A-HJ-T]1?\d|pass|resign)]

# Both engine moves were played: two moves to undo, then the handicap is the first position.
16 undo
#? []

17 undo
#? []

18 undo
#? [\?cannot undo]

# togglePonder() off sends "name" to end pondering; it must still be an ordinary command.
19 name
#? [[^?\s].*]

# Regression Q4 (/work/notes/qa.md): the avoid lists of Lizzie's analyzeAvoid(),
# "avoid COLOR VERTICES UNTILDEPTH". lz-analyze streams until the next command, so the
# syntax is checked here on lz-genmove_analyze, which ends by itself: on an empty 5x5 board
# with every point but C3 avoided for Black, Black plays C3 (or passes) and every info line
# holds one entry, C3 ("m" only occurs in the key "move").
30 boardsize 5
#? []

31 lz-genmove_analyze B 10 avoid b A1,B1,C1,D1,E1,A2,B2,C2,D2,E2,A3,B3,D3,E3,A4,B4,C4,D4,E4,A5,B5,C5,D5,E5 1
#? [(?s)\n?(info [^\n]*\n)*play (C3|pass)]

32 undo
#? []

33 lz-genmove_analyze B 10 avoid b A1,B1,C1,D1,E1,A2,B2,C2,D2,E2,A3,B3,D3,E3,A4,B4,C4,D4,E4,A5,B5,C5,D5,E5 1
#? [(?s)\n?(info move C3 [^m\n]*\n)*play (C3|pass)]

# The avoid list is for Black only: White's moves are not restricted.
34 lz-genmove_analyze W 10 avoid b C3,B2 1
#? [(?s)\n?(info [^\n]*\n)*play ([A-E][1-5]|pass)]

# normalQuit(): "quit"; Lizzie waits up to 5 s for the pipe to close.
40 quit
#? []

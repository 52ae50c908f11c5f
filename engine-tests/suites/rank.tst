# Playing at a rank (--rank, tengen-rank): reading and setting the rank over GTP in GoGui's
# parameter format, refusals, and ranked moves that keep to the rules. The pace is off so
# that the suite runs fast; the rank's playouts alone bound each search.
# tengen-args: --threads 1 --seed 5 --rank-pace off

10 tengen-rank
#? [\[list/off/30k/29k/.*/2k/1k/1d\] rank off]

11 tengen-rank 15k
#? []

12 tengen-rank
#? [\[list/.*\] rank 15k]

# GoGui's parameter dialog sends the key and the value
13 tengen-rank rank 1d
#? []

14 tengen-rank
#? [\[list/.*\] rank 1d]

# refusals leave the rank as it was
15 tengen-rank 40k
#? [\?unknown rank '40k' \(30k to 1k, or 1d\)]

16 tengen-rank 2d
#? [\?unknown rank.*]

17 tengen-rank rank 5k extra
#? [\?syntax error]

# bug: a non-ASCII character where the rank's unit is expected (an Arabic-Indic three) cut
# the word inside that character, and the engine died; now it is refused like any rank
181 tengen-rank ٣
#? [\?unknown rank .*]

182 tengen-rank 5é
#? [\?unknown rank .*]

18 tengen-rank
#? [\[list/.*\] rank 1d]

# name and version do not change with the rank
19 name
#? [Tengen]

# a ranked genmove plays a legal stone on an open board and never passes there
boardsize 9
clear_board
tengen-rank 25k
20 genmove b
#? [[A-HJ][1-9]]

21 genmove w
#? [[A-HJ][1-9]]

# off: full strength again
22 tengen-rank off
#? []

23 tengen-rank
#? [\[list/.*\] rank off]

# bug: a rank passed while dame were open (the ladder's 25k and 30k passed with open points in
# 17 of 21 passes): after White's pass, passing ends the game and wins, and a small search
# sees nothing to gain; the guard rail plays a dame on the G file instead (rank_dame.sgf)
loadsgf ../sgf/rank_dame.sgf
tengen-rank 30k
play w pass
24 genmove b
#? [G[1-9]]

tengen-rank off

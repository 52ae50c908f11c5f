# The tree search player (the default --player tree): tactics it must find, and the end of
# the game under each way of counting. One case per behaviour the search issue asks for.
# tengen-args: --playouts 4000 --threads 1 --seed 3

# A White block of four in atari (only liberty F5; beyond it open space): Black captures
# it at once, or White escapes.
boardsize 9
clear_board
play b C5
play b C4
play b D6
play b E6
play b D3
play b E3
play b F4
play w D5
play w E5
play w D4
play w E4
10 genmove b
#? [F5]

# Stone counting (primitive: stones on the board are counted): with its area settled,
# Black fills its own territory (columns A and B) instead of passing.
boardsize 5
clear_board
kata-set-rules primitive
komi 0
play b C1
play b C2
play b C3
play b C4
play b C5
play w D1
play w D2
play w D3
play w D4
play w D5
20 genmove b
#? [[AB][1-5]]

# Territory counting (japanese): the board is settled; Black leads by 0.5 as it stands
# (21 points to White's 14 + 6.5 komi). A stone in either side's territory costs a point
# and the game: Black passes.
boardsize 7
clear_board
kata-set-rules japanese
komi 6.5
play b D1
play b D2
play b D3
play b D4
play b D5
play b D6
play b D7
play w E1
play w E2
play w E3
play w E4
play w E5
play w E6
play w E7
30 genmove b
#? [pass]

# White C3 is in atari (Black B3, C4, D2, C2); running out at D3 meets a working ladder
# toward the upper right: the search has no such child, so White never plays it.
boardsize 9
clear_board
kata-set-rules chinese
komi 7.5
play b B3
play b C4
play b D2
play b C2
play w C3
40 genmove w
#? [!D3]


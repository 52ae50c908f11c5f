# genmove (and reg_genmove): a legal vertex, pass or resign, upper-case vertex and
# lower-case pass/resign; never fills its own eye; plays the move.
# Legality of every generated move over whole games is checked in engine-tests/state.rs.
# tengen-args: --playouts 200 --threads 1 --seed 11

boardsize 9
clear_board
10 genmove b
#? [[A-HJ][1-9]|pass|resign]

11 genmove w
#? [[A-HJ][1-9]|pass|resign]

12 genmove B
#? [[A-HJ][1-9]|pass|resign]

13 genmove white
#? [[A-HJ][1-9]|pass|resign]

# Four moves were played: four undos succeed, a fifth fails.
14 undo
#? []

15 undo
#? []

16 undo
#? []

17 undo
#? []

18 undo
#? [\?cannot undo]

boardsize 19
clear_board
19 genmove b
#? [[A-HJ-T]([1-9]|1[0-9])|pass|resign]

boardsize 2
clear_board
20 genmove b
#? [[AB][12]|pass|resign]

# eyes.sgf (5x5): Black owns the board; every empty point (B5 E4 B3 A1 D1) is a Black eye.
# Black must not fill an eye: it passes (it is far ahead, so it does not resign).
loadsgf ../sgf/eyes.sgf
21 genmove b
#? [pass]

22 reg_genmove b
#? [pass]

# Every White move there is single-stone suicide: White passes or resigns.
23 genmove w
#? [pass|resign]

24 reg_genmove w
#? [pass|resign]

# After its pass the board is unchanged.
25 is_legal b a1
#? [1]

# After White's pass, Black still only has eyes and passes again.
26 genmove b
#? [pass]

# genmove honours the rules' legality: never the ko recapture (K01), never the superko
# repetition under positional superko (K03, tromp-taylor), never single-stone suicide (S03).
kata-set-rules tromp-taylor
loadsgf ../sgf/k01.sgf
play b f5
30 reg_genmove w
#? [!F6]

31 genmove w
#? [!F6]

loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
32 genmove w
#? [!B6]

kata-set-rules chinese
loadsgf ../sgf/s03.sgf
33 genmove b
#? [!A1]

# Never into the opponent's single-point eye either (suicide): eyes.sgf as White.
loadsgf ../sgf/eyes.sgf
34 reg_genmove w
#? [pass|resign]

# Japanese rules: the dead White stone B4 stays on the board; capturing it inside Black's own
# territory would only cost Black a point, so after White's pass Black passes too and the
# status verdict scores B4 as a prisoner (B 21 territory + 1 prisoner, W 14 + 0.5).
#  7 . . . X O . .
#  4 . O . X O . .   (rows 1-7 alike but for B4)
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b d1
play b d2
play b d3
play b d4
play b d5
play b d6
play b d7
play w e1
play w e2
play w e3
play w e4
play w e5
play w e6
play w e7
play w b4
play w pass
40 genmove b
#? [pass]
41 final_status_list dead
#? [B4]
42 final_score
#? [B\+7\.5]

# Chinese rules, the same board: the verdict decides B4 dead (inside a large Black area), so
# after White's pass Black passes too and the count takes B4 off (as KataGo does when
# friendlyPassOk is true: no cleanup moves unless the count is in doubt).
boardsize 7
clear_board
kata-set-rules chinese
komi 0.5
play b d1
play b d2
play b d3
play b d4
play b d5
play b d6
play b d7
play w e1
play w e2
play w e3
play w e4
play w e5
play w e6
play w e7
play w b4
play w pass
43 genmove b
#? [pass]

44 final_score
#? [B\+6\.5]

# But a count that rests on opponent chains the verdict could not decide (a limit hit, the
# playout estimate says dead) is not passed on under area scoring: Black plays on while its
# search prefers a stone, so no dispute over them is left to the opponent or a referee (game
# 15 of the 19x19 GNU Go match of 2026-11-25 was lost W+101.5 passing on such a semeai).
# Here White's lone B5 sits in Black's 36-point area, which the local games do not search:
# only the playout estimate speaks for it, and a pass would stake the game on it.
boardsize 9
clear_board
kata-set-rules chinese
komi 0.5
play b e1
play w g1
play b e2
play w g2
play b e3
play w g3
play b e4
play w g4
play b e5
play w g5
play b e6
play w g6
play b e7
play w g7
play b e8
play w g8
play b e9
play w g9
play b pass
play w b5
47 genmove b
#? [!pass]

# The corner race below used to be such a case (left to the estimate); the race is now read
# by counting liberties (status confirmation's race.rs), so the count is confirmed: White's
# B1 A2 B2 are dead, and Black passes to win B+7.5.
boardsize 9
clear_board
kata-set-rules chinese
komi 0.5
play b c1
play w b1
play b c2
play w b2
play b c3
play w a2
play b b3
play w g7
play b a3
play w pass
45 final_status_list dead
#? [B1 A2 B2]

46 final_score
#? [B\+7\.5]

49 genmove b
#? [pass]

# Under territory scoring a stone would cost a point: the same position, Black passes.
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play w b1
play b c2
play w b2
play b c3
play w a2
play b b3
play w g7
play b a3
play w pass
48 genmove b
#? [pass]

# Status confirmation (Japanese rules, after Sekiguchi Harutoshi): black-box regression
# positions for final_status_list and final_score, each under japanese and chinese.
#
# Procedure (for Black; White likewise): a bunch of Black stones has first-class life if
# (F1) it surrounds at least two points White is forbidden to occupy, (F2) even after White
# moves first it can reach F1, or (F3) even after White captures Black stones, all of them
# can be replaced permanently. Otherwise second-class life if (S1) even after White moves
# first Black can keep it from being captured, or (S2) after White captures Black stones at
# least one of them can be replaced permanently. Otherwise none.
# Status: first-class -> alive; second-class -> seki; none -> dead if completely surrounded
# by White stones of first-class life only, otherwise seki. During confirmation a ko may not
# be retaken unless the player has first passed for that ko.
#
# Every position is set up with plays only (no play captures, every chain keeps a liberty),
# so there are no prisoners from the setup. final_status_list lists one chain a line, chains
# ordered by their lowest point (row 1 first, then column A first).
# Scores: japanese = territory (empty points of one colour not touching a seki chain) +
# prisoners (dead stones) + komi; chinese = stones on board + empty points of one colour
# (seki eyes count, shared liberties do not) + komi. kata-set-rules resets komi, so komi is
# set after it.
# GNU Go 3.8 (gnugo --mode gtp) was used to cross-check setups and verdicts; where it
# disagrees this is said in the case.
# Fixed work and one thread: the judgement stops at a node count, not at a time, so it does
# not change with the machine's load or core count.
# tengen-args: --threads 1 --playouts 1000

# ---- SC01: two eyes each
# 5 . X O . O
# 4 X X O O O
# 3 . X O . O
# 2 X X O O O
# 1 . X O . O
#   A B C D E
# B and W: F1, each has three single-point eyes White/Black may not occupy -> alive.
# Nothing dead, no seki.
boardsize 5
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b a2
play b b2
play b b3
play b a4
play b b4
play b b5
play w c1
play w e1
play w c2
play w d2
play w e2
play w c3
play w e3
play w c4
play w d4
play w e4
play w c5
play w e5
101 final_status_list dead
#? []
102 final_status_list seki
#? []
103 final_score
#? [W\+0\.5]
kata-set-rules chinese
komi 0.5
104 final_status_list dead
#? []
105 final_status_list seki
#? []
106 final_score
#? [W\+5\.5]

# ---- SC02: empty board
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . . . . . .
# 3 . . . . . . .
# 2 . . . . . . .
# 1 . . . . . . .
#   A B C D E F G
# No stones: nothing to confirm; the whole board touches no colour -> nobody's.
# GNU Go's final_score here is meaningless (B+47.5 / B+48.5).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
201 final_status_list dead
#? []
202 final_status_list seki
#? []
203 final_score
#? [W\+0\.5]
kata-set-rules chinese
komi 0.5
204 final_status_list dead
#? []
205 final_status_list seki
#? []
206 final_score
#? [W\+0\.5]

# ---- SC03: dead stones inside territory, one dame point
# 7 . . X . O . .
# 6 . . X O . . .
# 5 X X X O O O O
# 4 . O X O . X .
# 3 X X X O O O O
# 2 . . X O . . .
# 1 . . X O . . .
#   A B C D E F G
# W B4: in atari in a two-point pocket, none, surrounded by first-class Black -> dead.
# B F4: none in a three-point pocket, surrounded by first-class White -> dead.
# D7 touches both colours -> dame, nobody's. E7 is a White chain inside White's area.
# GNU Go agrees on the statuses; its chinese score is W+5.5 (it gives D7 away).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b c2
play b a3
play b b3
play b c3
play b c4
play b f4
play b a5
play b b5
play b c5
play b c6
play b c7
play w d1
play w d2
play w d3
play w e3
play w f3
play w g3
play w b4
play w d4
play w d5
play w e5
play w f5
play w g5
play w d6
play w e7
301 final_status_list dead
#? [B4\nF4]
302 final_status_list seki
#? []
303 final_score
#? [W\+4\.5]
kata-set-rules chinese
komi 0.5
304 final_status_list dead
#? [B4\nF4]
305 final_status_list seki
#? []
306 final_score
#? [W\+6\.5]

# ---- SC04: one eye (two-point eye) in the corner
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X X O . . .
# 2 . X X O . . .
# 1 . X X O . . .
#   A B C D E F G
# B A3-C1 chain: eye space A1-A2 is one eye; W A2 then W A1 captures (no F1/F2, S1 fails,
# nothing replaced) -> none; surrounded by first-class White -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b c1
play b b2
play b c2
play b a3
play b b3
play b c3
play w d1
play w d2
play w d3
play w a4
play w b4
play w c4
play w d4
401 final_status_list dead
#? [B1 C1 B2 C2 A3 B3 C3]
402 final_status_list seki
#? []
403 final_score
#? [W\+49\.5]
kata-set-rules chinese
komi 0.5
404 final_status_list dead
#? [B1 C1 B2 C2 A3 B3 C3]
405 final_status_list seki
#? []
406 final_score
#? [W\+49\.5]

# ---- SC05: false eye (edge), second eye fails
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X X O . . .
# 2 X X X O . . .
# 1 . X . X O . .
#   A B C D E F G
# B: A1 is a real eye, C1 is false: D1 is in atari and W C1 captures it (the capturing stone
# is a ko, but B may not retake before passing for that ko, and W then connects at D1).
# B A2 chain and D1: none, surrounded by first-class White -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b d1
play b a2
play b b2
play b c2
play b a3
play b b3
play b c3
play w e1
play w d2
play w d3
play w a4
play w b4
play w c4
play w d4
501 final_status_list dead
#? [B1 A2 B2 C2 A3 B3 C3\nD1]
502 final_status_list seki
#? []
503 final_score
#? [W\+50\.5]
kata-set-rules chinese
komi 0.5
504 final_status_list dead
#? [B1 A2 B2 C2 A3 B3 C3\nD1]
505 final_status_list seki
#? []
506 final_score
#? [W\+49\.5]

# ---- SC06: bulky five with the vital point taken
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X X O O . .
# 2 . . X X O . .
# 1 . O . X O . .
#   A B C D E F G
# B C2 chain: eye space A1 B1 C1 A2 B2 is a bulky five and W already holds its vital point B1;
# no two eyes even with B to move -> none, surrounded by first-class White -> dead.
# W B1 is part of White's area (alive).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b d1
play b c2
play b d2
play b a3
play b b3
play b c3
play w b1
play w e1
play w e2
play w d3
play w e3
play w a4
play w b4
play w c4
play w d4
601 final_status_list dead
#? [D1 C2 D2 A3 B3 C3]
602 final_status_list seki
#? []
603 final_score
#? [W\+46\.5]
kata-set-rules chinese
komi 0.5
604 final_status_list dead
#? [D1 C2 D2 A3 B3 C3]
605 final_status_list seki
#? []
606 final_score
#? [W\+49\.5]

# ---- SC07: rabbity six with the vital point taken
# 7 . . . . . . .
# 6 . . . . . . .
# 5 O O O O O . .
# 4 O X X X O O .
# 3 X X . X X O .
# 2 X . O . X O .
# 1 X X . . X O .
#   A B C D E F G
# B chain around B2 C3 D2 C1 D1 + W C2: rabbity six, W holds the centre C2 -> B none,
# surrounded by first-class White -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play b b1
play b e1
play b a2
play b e2
play b a3
play b b3
play b d3
play b e3
play b b4
play b c4
play b d4
play w f1
play w c2
play w f2
play w f3
play w a4
play w e4
play w f4
play w a5
play w b5
play w c5
play w d5
play w e5
701 final_status_list dead
#? [A1 B1 E1 A2 E2 A3 B3 D3 E3 B4 C4 D4]
702 final_status_list seki
#? []
703 final_score
#? [W\+49\.5]
kata-set-rules chinese
komi 0.5
704 final_status_list dead
#? [A1 B1 E1 A2 E2 A3 B3 D3 E3 B4 C4 D4]
705 final_status_list seki
#? []
706 final_score
#? [W\+49\.5]

# ---- SC08: bent four in the corner (dead under Japanese rules)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 O O O O O . .
# 4 X X X X O . .
# 3 . X X X O . .
# 2 O X X X O . .
# 1 . O . X O . .
#   A B C D E F G
# B 11-stone chain: W A2 B1 inside; W can at any time make the corner bent-four ko (e.g. W C1,
# B A1 takes two, W B1 ...) and B may not retake before passing for the ko -> B none
# (cannot keep itself from capture), surrounded by first-class White -> dead. W A2 B1 alive.
# Shape: tinytsumego2 'Bent Four in the Corner is Dead'.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b d1
play b b2
play b c2
play b d2
play b b3
play b c3
play b d3
play b a4
play b b4
play b c4
play b d4
play w b1
play w e1
play w a2
play w e2
play w e3
play w e4
play w a5
play w b5
play w c5
play w d5
play w e5
801 final_status_list dead
#? [D1 B2 C2 D2 B3 C3 D3 A4 B4 C4 D4]
802 final_status_list seki
#? []
803 final_score
#? [W\+49\.5]
kata-set-rules chinese
komi 0.5
804 final_status_list dead
#? [D1 B2 C2 D2 B3 C3 D3 A4 B4 C4 D4]
805 final_status_list seki
#? []
806 final_score
#? [W\+49\.5]

# ---- SC09: bent four on the side (alive)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . O O O O O
# 3 O O O X X X O
# 2 O X X X . X O
# 1 O X . . . X O
#   A B C D E F G
# B chain: eye space C1 D1 E1 E2 is a bent four on the side, not the corner shape;
# after any W move inside, B answers (D1<->E1, C1->E1, E2->D1) with two points W may not
# occupy -> F2, alive. W wall alive. Nothing dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b f1
play b b2
play b c2
play b d2
play b f2
play b d3
play b e3
play b f3
play w a1
play w g1
play w a2
play w g2
play w a3
play w b3
play w c3
play w g3
play w c4
play w d4
play w e4
play w f4
play w g4
901 final_status_list dead
#? []
902 final_status_list seki
#? []
903 final_score
#? [W\+19\.5]
kata-set-rules chinese
komi 0.5
904 final_status_list dead
#? []
905 final_status_list seki
#? []
906 final_score
#? [W\+23\.5]

# ---- SC10: straight three killed (W in the middle)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . . . . . .
# 3 O O O O O O O
# 2 O X X X X X O
# 1 O X . O . X O
#   A B C D E F G
# B chain: eye space C1 D1 E1 with W D1 in the middle -> one eye at most -> none,
# surrounded by first-class White -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b f1
play b b2
play b c2
play b d2
play b e2
play b f2
play w a1
play w d1
play w g1
play w a2
play w g2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
1001 final_status_list dead
#? [B1 F1 B2 C2 D2 E2 F2]
1002 final_status_list seki
#? []
1003 final_score
#? [W\+44\.5]
kata-set-rules chinese
komi 0.5
1004 final_status_list dead
#? [B1 F1 B2 C2 D2 E2 F2]
1005 final_status_list seki
#? []
1006 final_score
#? [W\+49\.5]

# ---- SC11: bent three killed in the corner
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X O O . . .
# 2 . X X O . . .
# 1 O . X O . . .
#   A B C D E F G
# B chain: eye space A2 A1 B1 with W on the bend A1 -> none, surrounded by first-class
# White -> dead.
# B can approach neither A2 nor B1 (self-atari), but W A2 (sacrificing A1 A2) leaves B
# a two-point eye A1 A2 which W then kills: same as SC10; not seki. GNU Go agrees.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b b2
play b c2
play b a3
play b b3
play w a1
play w d1
play w d2
play w c3
play w d3
play w a4
play w b4
play w c4
play w d4
1101 final_status_list dead
#? [C1 B2 C2 A3 B3]
1102 final_status_list seki
#? []
1103 final_score
#? [W\+45\.5]
kata-set-rules chinese
komi 0.5
1104 final_status_list dead
#? [C1 B2 C2 A3 B3]
1105 final_status_list seki
#? []
1106 final_score
#? [W\+49\.5]

# ---- SC12: empty straight three (W moves first)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . . . . . .
# 3 O O O O O O O
# 2 O X X X X X O
# 1 O X . . . X O
#   A B C D E F G
# B chain: eye space C1 D1 E1 empty; F2 fails (W D1 first), S1 fails -> none,
# surrounded by first-class White -> dead (as SC10, without the W stone).
# GNU Go says the chain is alive (it does not let W move first).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b f1
play b b2
play b c2
play b d2
play b e2
play b f2
play w a1
play w g1
play w a2
play w g2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
1201 final_status_list dead
#? [B1 F1 B2 C2 D2 E2 F2]
1202 final_status_list seki
#? []
1203 final_score
#? [W\+45\.5]
kata-set-rules chinese
komi 0.5
1204 final_status_list dead
#? [B1 F1 B2 C2 D2 E2 F2]
1205 final_status_list seki
#? []
1206 final_score
#? [W\+49\.5]

# ---- SC13: straight four on the side (alive)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . . . . . .
# 3 O O O O O O O
# 2 O X X X X X X
# 1 O X . . . . X
#   A B C D E F G
# B chain: eye space C1-F1, straight four: D1/E1 miai -> F2, alive. Nothing dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b g1
play b b2
play b c2
play b d2
play b e2
play b f2
play b g2
play w a1
play w a2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
1301 final_status_list dead
#? []
1302 final_status_list seki
#? []
1303 final_score
#? [W\+24\.5]
kata-set-rules chinese
komi 0.5
1304 final_status_list dead
#? []
1305 final_status_list seki
#? []
1306 final_score
#? [W\+25\.5]

# ---- SC14: square four (dead as it stands)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X X O . . .
# 2 . . X O . . .
# 1 . . X O . . .
#   A B C D E F G
# B chain: eye space A1 B1 A2 B2 (square four) never gives two eyes even with B to move
# -> none, surrounded by first-class White -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b c2
play b a3
play b b3
play b c3
play w d1
play w d2
play w d3
play w a4
play w b4
play w c4
play w d4
1401 final_status_list dead
#? [C1 C2 A3 B3 C3]
1402 final_status_list seki
#? []
1403 final_score
#? [W\+47\.5]
kata-set-rules chinese
komi 0.5
1404 final_status_list dead
#? [C1 C2 A3 B3 C3]
1405 final_status_list seki
#? []
1406 final_score
#? [W\+49\.5]

# ---- SC15: two chains sharing two liberties, no eyes: NOT seki (nakade after the sacrifice)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 X X X X . . .
# 3 O O O X X . .
# 2 O X O O X . .
# 1 . X . O X . .
#   A B C D E F G
# B B1 B2 and W A2..D1 share exactly A1 and C1. It looks like seki, but B can sacrifice:
# B A1, W must take three at C1 (else B C1 captures), B B1 on the vital point of the bent
# three A1 B1 B2, and W has one eye. So W: none, surrounded by first-class B -> dead; B B1
# B2: captured and put back for good -> F3, alive. White moving first cannot kill B (W C1
# is self-atari). GNU Go agrees (W dead). (First drafted as seki, corrected.)
# GNU Go says the W chain dead and no seki: wrong, B cannot fill A1 or C1 either.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b e1
play b b2
play b e2
play b d3
play b e3
play b a4
play b b4
play b c4
play b d4
play w d1
play w a2
play w c2
play w d2
play w a3
play w b3
play w c3
1501 final_status_list dead
#? [D1 A2 C2 D2 A3 B3 C3]
1502 final_status_list seki
#? []
1503 final_score
#? [B\+45\.5]
kata-set-rules chinese
komi 0.5
1504 final_status_list dead
#? [D1 A2 C2 D2 A3 B3 C3]
1505 final_status_list seki
#? []
1506 final_score
#? [B\+48\.5]

# ---- SC16: seki with one eye each and a shared liberty
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 X X X X X X X
# 3 O O O O O O O
# 2 . O X X . O O
# 1 O O X . X O O
#   A B C D E F G
# W row-3 chain: eye A2, shared liberty E2; B C1 C2 D2 and E1: eye D1 (shared by both
# chains), shared liberty E2. Filling E2 loses -> all three chains S1 -> seki.
# japanese: seki eyes A2 D1 score nothing; chinese: A2 counts for W, D1 for B, E2 nobody's.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b e1
play b c2
play b d2
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play w a1
play w b1
play w f1
play w g1
play w b2
play w f2
play w g2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
1601 final_status_list dead
#? []
1602 final_status_list seki
#? [A1 B1 F1 G1 B2 F2 G2 A3 B3 C3 D3 E3 F3 G3\nC1 C2 D2\nE1]
1603 final_score
#? [B\+20\.5]
kata-set-rules chinese
komi 0.5
1604 final_status_list dead
#? []
1605 final_status_list seki
#? [A1 B1 F1 G1 B2 F2 G2 A3 B3 C3 D3 E3 F3 G3\nC1 C2 D2\nE1]
1606 final_score
#? [B\+17\.5]

# ---- SC17: hopeless stone touching a seki chain -> seki, not dead
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 X X X X X X X
# 3 O O O O O O O
# 2 . O X X . O O
# 1 X O X . X O O
#   A B C D E F G
# As SC16 but W's eye holds B A1. B A1: none (W A2 captures it, it cannot be replaced),
# but it is not surrounded by first-class White only (W chain is second-class, in seki)
# -> seki, stays on the board, no prisoner. Other chains seki as in SC16.
# GNU Go says A1 is dead.
# W cannot be captured even if B moves first (B E2 is self-atari: W D1 takes 5; B A2 is
# suicide). GNU Go agrees on the statuses; its scores differ (B+19.5 / B+17.5).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play b c1
play b e1
play b c2
play b d2
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play w b1
play w f1
play w g1
play w b2
play w f2
play w g2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
1701 final_status_list dead
#? []
1702 final_status_list seki
#? [A1\nB1 F1 G1 B2 F2 G2 A3 B3 C3 D3 E3 F3 G3\nC1 C2 D2\nE1]
1703 final_score
#? [B\+20\.5]
# Under area counting B A1 is dead (session 36): W takes it inside its own eye at A2, and
# the W chain loses liberty A2 but gains A1, no weaker for it; as GNU Go, and the count
# is SC16's.
kata-set-rules chinese
komi 0.5
1704 final_status_list dead
#? [A1]
1705 final_status_list seki
#? [B1 F1 G1 B2 F2 G2 A3 B3 C3 D3 E3 F3 G3\nC1 C2 D2\nE1]
1706 final_score
#? [B\+17\.5]

# ---- SC18: capturing race that is not seki (eye against no eye)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 X X X X X X X
# 3 O O O O O O O
# 2 X X X . X . X
# 1 . X X X X X X
#   A B C D E F G
# W row-3 chain: liberties D2 F2 only; B inner chain: eye A1 + D2 F2. If W fills D2, B F2
# captures; B wins even moving second -> W none, surrounded by first-class Black (outer
# wall and the inner chain, which gets two eyes after capturing) -> dead. B alive.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b c1
play b d1
play b e1
play b f1
play b g1
play b a2
play b b2
play b c2
play b e2
play b g2
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
1801 final_status_list dead
#? [A3 B3 C3 D3 E3 F3 G3]
1802 final_status_list seki
#? []
1803 final_score
#? [B\+37\.5]
kata-set-rules chinese
komi 0.5
1804 final_status_list dead
#? [A3 B3 C3 D3 E3 F3 G3]
1805 final_status_list seki
#? []
1806 final_score
#? [B\+48\.5]

# ---- SC19: SC15 with one outside White liberty: still not seki
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 X X X X . . .
# 3 O O O X X . .
# 2 O X O O X . .
# 1 . X . O . X .
#   A B C D E F G
# As SC15 but W has an outside liberty E1. B first: B E1, and SC15's sacrifice kills W ->
# W none, dead. W first: W C1, B E1, W A1 takes B1 B2 but is left with the two-point eye
# B1 B2: B B1 throws in, W takes at B2, B B1 captures everything -> B B1 B2 put back for
# good: F3, alive. GNU Go agrees (W dead). (First drafted as seki, corrected.)
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b f1
play b b2
play b e2
play b d3
play b e3
play b a4
play b b4
play b c4
play b d4
play w d1
play w a2
play w c2
play w d2
play w a3
play w b3
play w c3
1901 final_status_list dead
#? [D1 A2 C2 D2 A3 B3 C3]
1902 final_status_list seki
#? []
1903 final_score
#? [B\+45\.5]
kata-set-rules chinese
komi 0.5
1904 final_status_list dead
#? [D1 A2 C2 D2 A3 B3 C3]
1905 final_status_list seki
#? []
1906 final_score
#? [B\+48\.5]

# ---- SC20: dead throw-in stone inside an eye
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . . . . . .
# 3 O O O O O O O
# 2 X X X X X X X
# 1 . X O . X X X
#   A B C D E F G
# B chain: A1 and D1 are both forbidden to W (W D1 would be suicide: C1+D1 no liberty,
# nothing captured) -> F1, alive. W C1: none, surrounded by first-class Black -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b e1
play b f1
play b g1
play b a2
play b b2
play b c2
play b d2
play b e2
play b f2
play b g2
play w c1
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
2001 final_status_list dead
#? [C1]
2002 final_status_list seki
#? []
2003 final_score
#? [W\+24\.5]
kata-set-rules chinese
komi 0.5
2004 final_status_list dead
#? [C1]
2005 final_status_list seki
#? []
2006 final_score
#? [W\+21\.5]

# ---- SC21: snapback: captured stone replaced permanently
# 7 . . . X O . .
# 6 . . . X O . .
# 5 . . . X O . .
# 4 . . . X O . .
# 3 X X X X O . .
# 2 O O O X O . .
# 1 O X . X O . .
#   A B C D E F G
# B B1 and W A1 A2 B2 C2 are both in atari at C1. If W C1 captures B1, the W chain (5)
# has one liberty B1 and B B1 captures it (not a ko): B1 is replaced permanently (F3);
# B alive. W A1 A2 B2 C2: none, surrounded by first-class Black -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b d1
play b d2
play b a3
play b b3
play b c3
play b d3
play b d4
play b d5
play b d6
play b d7
play w a1
play w e1
play w a2
play w b2
play w c2
play w e2
play w e3
play w e4
play w e5
play w e6
play w e7
2101 final_status_list dead
#? [A1 A2 B2 C2]
2102 final_status_list seki
#? []
2103 final_score
#? [B\+6\.5]
kata-set-rules chinese
komi 0.5
2104 final_status_list dead
#? [A1 A2 B2 C2]
2105 final_status_list seki
#? []
2106 final_score
#? [B\+6\.5]
# the class and its reason: B1 is captured by the snapback and put back for good (F3)
2107 tengen-status
#? [(?s).*black B1 \| first-class \| alive \| F3: .*]

# ---- SC22: a ko the opponent cannot win
# 9 . . . . . X O . .
# 8 . . . . . X O . .
# 7 . . . . . X O . .
# 6 . . . . . X O . .
# 5 . . . . . X O . .
# 4 . . . . . X O . .
# 3 . X X X X X O . .
# 2 X X O O X X O . .
# 1 X . X O . X O . .
#   A B C D E F G H J
# W B1 captures B C1 (a ko: B may not retake at C1 at once), but B answers E1; then W
# cannot connect at C1 (suicide) and B C1 captures B1 C2 D2 D1 together (4 stones, not a
# ko retake). B first simply takes E1. -> B (incl. C1) alive (F2/F3);
# W C2 D2 D1: none, surrounded by first-class Black -> dead.
# GNU Go agrees on the statuses; its japanese score is B+19.5.
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play b c1
play b f1
play b a2
play b b2
play b e2
play b f2
play b b3
play b c3
play b d3
play b e3
play b f3
play b f4
play b f5
play b f6
play b f7
play b f8
play b f9
play w d1
play w g1
play w c2
play w d2
play w g2
play w g3
play w g4
play w g5
play w g6
play w g7
play w g8
play w g9
2201 final_status_list dead
#? [D1 C2 D2]
2202 final_status_list seki
#? []
2203 final_score
#? [B\+20\.5]
kata-set-rules chinese
komi 0.5
2204 final_status_list dead
#? [D1 C2 D2]
2205 final_status_list seki
#? []
2206 final_score
#? [B\+26\.5]

# ---- SC23: double-ko seki
# 9 . . . . . . . . .
# 8 . . . . . . . . .
# 7 . . . . . . . . .
# 6 O O O . . . . . .
# 5 X X O O O O O O O
# 4 . X O O X X X X X
# 3 X X X X X O X . X
# 2 X O O O O . O X O
# 1 X O . O O O O O O
#   A B C D E F G H J
# B chain (eye A4, liberty H3) and W chain (eye C1, liberty F2) with two kos: W F3 in
# atari at F2, B H2 in atari at H3. If one side takes a ko the other takes the other ko;
# with the pass-for-that-ko rule neither can ever capture -> B and W chains S1 -> seki;
# the ko stones F3 H2 cannot be kept from capture but touch only seki chains -> seki.
# Outer W (C4..J5): first-class -> alive.
# After W H3 (takes H2), B F2 (takes F3); W may not retake F3 and connecting at H2 is
# self-atari (B C1), so W passes for that ko; B likewise; W F3, B H2 -> the start again.
# GNU Go agrees (seki).
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play b a2
play b h2
play b a3
play b b3
play b c3
play b d3
play b e3
play b g3
play b j3
play b b4
play b e4
play b f4
play b g4
play b h4
play b j4
play b a5
play b b5
play w b1
play w d1
play w e1
play w f1
play w g1
play w h1
play w j1
play w b2
play w c2
play w d2
play w e2
play w g2
play w j2
play w f3
play w c4
play w d4
play w c5
play w d5
play w e5
play w f5
play w g5
play w h5
play w j5
play w a6
play w b6
play w c6
2301 final_status_list dead
#? []
2302 final_status_list seki
#? [A1 A2 A3 B3 C3 D3 E3 G3 J3 B4 E4 F4 G4 H4 J4 A5 B5\nB1 D1 E1 F1 G1 H1 J1 B2 C2 D2 E2 G2 J2\nH2\nF3]
2303 final_score
#? [W\+33\.5]
kata-set-rules chinese
komi 0.5
2304 final_status_list dead
#? []
2305 final_status_list seki
#? [A1 A2 A3 B3 C3 D3 E3 G3 J3 B4 E4 F4 G4 H4 J4 A5 B5\nB1 D1 E1 F1 G1 H1 J1 B2 C2 D2 E2 G2 J2\nH2\nF3]
2306 final_score
#? [W\+41\.5]
# the ko stones: captured in a ko, put back after a pass for that ko, so second-class by
# S2 (at least one captured stone put back for good); the big chains S1
2307 tengen-status
#? [(?s).*black H2 \| second-class \| seki \| S2: .*white F3 \| second-class \| seki \| S2: .*]
2308 tengen-status
#? [(?s)black A1 A2 A3 B3 C3 D3 E3 G3 J3 B4 E4 F4 G4 H4 J4 A5 B5 \| second-class \| seki \| S1: .*]

# ---- SC24: flower five with the centre taken
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . O O O O O .
# 4 O O X X X O O
# 3 O X X . X X O
# 2 O X . O . X O
# 1 O X X . X X O
#   A B C D E F G
# B chain: eye space D1 C2 D2 E2 D3 with W on the centre D2 -> none, surrounded by
# first-class White -> dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b c1
play b e1
play b f1
play b b2
play b f2
play b b3
play b c3
play b e3
play b f3
play b c4
play b d4
play b e4
play w a1
play w g1
play w a2
play w d2
play w g2
play w a3
play w g3
play w a4
play w b4
play w f4
play w g4
play w b5
play w c5
play w d5
play w e5
play w f5
2401 final_status_list dead
#? [B1 C1 E1 F1 B2 F2 B3 C3 E3 F3 C4 D4 E4]
2402 final_status_list seki
#? []
2403 final_score
#? [W\+46\.5]
kata-set-rules chinese
komi 0.5
2404 final_status_list dead
#? [B1 C1 E1 F1 B2 F2 B3 C3 E3 F3 C4 D4 E4]
2405 final_status_list seki
#? []
2406 final_score
#? [W\+49\.5]

# ---- SC25: empty bulky five (W moves first)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X X O O . .
# 2 . . X X O . .
# 1 . . . X O . .
#   A B C D E F G
# B chain: eye space A1 B1 C1 A2 B2 empty; W B1 first kills (F2 fails, S1 fails) -> none,
# surrounded by first-class White -> dead (compare SC06).
# GNU Go says the chain is alive (it does not let W move first).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b d1
play b c2
play b d2
play b a3
play b b3
play b c3
play w e1
play w e2
play w d3
play w e3
play w a4
play w b4
play w c4
play w d4
2501 final_status_list dead
#? [D1 C2 D2 A3 B3 C3]
2502 final_status_list seki
#? []
2503 final_score
#? [W\+47\.5]
kata-set-rules chinese
komi 0.5
2504 final_status_list dead
#? [D1 C2 D2 A3 B3 C3]
2505 final_status_list seki
#? []
2506 final_score
#? [W\+49\.5]

# ---- SC26: invasion alive with two eyes, dead stone in a corner pocket
# 9 . . . . . . X . O
# 8 . . . . . . X X .
# 7 . . . . . . . X X
# 6 . . . . . . . . .
# 5 X X X X . . . . .
# 4 O O O X X . . . .
# 3 . O . O X . . . .
# 2 O O O O X . . . .
# 1 . O . O X . . . .
#   A B C D E F G H J
# W corner group: eyes A1 C1 A3 C3 -> F1, alive (inside Black's framework).
# W J9: none in the pocket H9 J9 J8, surrounded by the first-class Black chain G9..J7
# -> dead.
boardsize 9
clear_board
kata-set-rules japanese
komi 6.5
play b e1
play b e2
play b e3
play b d4
play b e4
play b a5
play b b5
play b c5
play b d5
play b h7
play b j7
play b g8
play b h8
play b g9
play w b1
play w d1
play w a2
play w b2
play w c2
play w d2
play w b3
play w d3
play w a4
play w b4
play w c4
play w j9
2601 final_status_list dead
#? [J9]
2602 final_status_list seki
#? []
2603 final_score
#? [B\+42\.5]
kata-set-rules chinese
komi 6.5
2604 final_status_list dead
#? [J9]
2605 final_status_list seki
#? []
2606 final_score
#? [B\+44\.5]

# ---- SC27: finished 7x7 game
# 7 . X . X O . .
# 6 X X X X O O .
# 5 . O . X O X .
# 4 X X X X O O O
# 3 . . X O . O .
# 2 . X X O O O O
# 1 . X O O . O .
#   A B C D E F G
# Both sides first-class. W B5 (pocket A5 B5 C5 in Black's area) and B F5 (pocket
# F5 G5 G6 F7 G7 in White's area): none, surrounded by first-class stones -> dead.
# No seki, no dame.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b b2
play b c2
play b c3
play b a4
play b b4
play b c4
play b d4
play b d5
play b f5
play b a6
play b b6
play b c6
play b d6
play b b7
play b d7
play w c1
play w d1
play w f1
play w d2
play w e2
play w f2
play w g2
play w d3
play w f3
play w e4
play w f4
play w g4
play w b5
play w e5
play w e6
play w f6
play w e7
2701 final_status_list dead
#? [B5\nF5]
2702 final_status_list seki
#? []
2703 final_score
#? [W\+0\.5]
kata-set-rules chinese
komi 0.5
2704 final_status_list dead
#? [B5\nF5]
2705 final_status_list seki
#? []
2706 final_score
#? [W\+1\.5]

# ---- SC28: several dead chains in small pockets (output order)
# 7 . O X O . . X
# 6 . . X O X . .
# 5 X X X O O O O
# 4 . . X O . . .
# 3 . O X O . X .
# 2 X X X O O O O
# 1 . . X O . X .
#   A B C D E F G
# W B7, W B3 (in Black's pockets) and B E6, B G7, B F3, B F1 (in White's pockets): all
# none, surrounded by first-class stones -> dead. One line per chain, lowest point first.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b f1
play b a2
play b b2
play b c2
play b c3
play b f3
play b c4
play b a5
play b b5
play b c5
play b c6
play b e6
play b c7
play b g7
play w d1
play w d2
play w e2
play w f2
play w g2
play w b3
play w d3
play w d4
play w d5
play w e5
play w f5
play w g5
play w d6
play w b7
play w d7
2801 final_status_list dead
#? [F1\nB3\nF3\nE6\nB7\nG7]
2802 final_status_list seki
#? []
2803 final_score
#? [W\+7\.5]
kata-set-rules chinese
komi 0.5
2804 final_status_list dead
#? [F1\nB3\nF3\nE6\nB7\nG7]
2805 final_status_list seki
#? []
2806 final_score
#? [W\+7\.5]

# ---- SC29: one-point eye plus two-point eye (F2, not F1)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 . . . . . . .
# 3 O O O O O O .
# 2 X X X X X O .
# 1 . X . . X O .
#   A B C D E F G
# B chain: only A1 is forbidden to W now (W may play C1 or D1), so F1 fails; after W plays
# in C1-D1, B captures it and has two forbidden points -> F2, alive. Nothing dead.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b b1
play b e1
play b a2
play b b2
play b c2
play b d2
play b e2
play w f1
play w f2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
2901 final_status_list dead
#? []
2902 final_status_list seki
#? []
2903 final_score
#? [W\+28\.5]
kata-set-rules chinese
komi 0.5
2904 final_status_list dead
#? []
2905 final_status_list seki
#? []
2906 final_score
#? [W\+29\.5]

# ---- SC30: 9x9: seki, territories and a dead stone together
# 9 . X . O . . . . .
# 8 . . . O . . . . .
# 7 O O O O O O O O O
# 6 X X X X X X X X X
# 5 X . . . . . . . .
# 4 X X X X X X X X X
# 3 O O O O O O O O O
# 2 . O X X . O O O O
# 1 O O X . X O O O O
#   A B C D E F G H J
# Bottom: seki as SC16 (W A1 chain eye A2; B C1 C2 D2 + E1 eye D1; shared E2) -> seki.
# Black rows 4-6 (territory B5-J5) first-class -> alive; W rows 7-9 first-class -> alive.
# B B9: none in the pocket A8-C9, surrounded by first-class White -> dead.
# japanese: seki eyes count nothing; chinese: A2 counts for W, D1 for B.
boardsize 9
clear_board
kata-set-rules japanese
komi 6.5
play b c1
play b e1
play b c2
play b d2
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play b h4
play b j4
play b a5
play b a6
play b b6
play b c6
play b d6
play b e6
play b f6
play b g6
play b h6
play b j6
play b b9
play w a1
play w b1
play w f1
play w g1
play w h1
play w j1
play w b2
play w f2
play w g2
play w h2
play w j2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
play w h3
play w j3
play w a7
play w b7
play w c7
play w d7
play w e7
play w f7
play w g7
play w h7
play w j7
play w d8
play w d9
3001 final_status_list dead
#? [B9]
3002 final_status_list seki
#? [A1 B1 F1 G1 H1 J1 B2 F2 G2 H2 J2 A3 B3 C3 D3 E3 F3 G3 H3 J3\nC1 C2 D2\nE1]
3003 final_score
#? [W\+15\.5]
kata-set-rules chinese
komi 6.5
3004 final_status_list dead
#? [B9]
3005 final_status_list seki
#? [A1 B1 F1 G1 H1 J1 B2 F2 G2 H2 J2 A3 B3 C3 D3 E3 F3 G3 H3 J3\nC1 C2 D2\nE1]
3006 final_score
#? [W\+22\.5]

# ---- SC31: two-point eye against one-point eye: W wins only moving first -> seki
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 X X X X X X X
# 3 O O O O O O O
# 2 . O X X . O O
# 1 . O X . X O O
#   A B C D E F G
# W chain: eye A1-A2 (two points), shared E2; B C1 C2 D2 + E1: eye D1, shared E2.
# W first (E2) captures the B chains, so they are none; but B first (A2, W A1 takes it)
# reduces W to the SC16 seki, so W is S1 only (second-class). B chains touch only that
# second-class W chain -> seki, not dead. Compare SC19.
# japanese: A1 A2 and D1 score nothing; chinese: A1 A2 count for W, D1 for B.
# GNU Go agrees on the statuses; its japanese score is B+19.5.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b e1
play b c2
play b d2
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play w b1
play w f1
play w g1
play w b2
play w f2
play w g2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
3101 final_status_list dead
#? []
3102 final_status_list seki
#? [B1 F1 G1 B2 F2 G2 A3 B3 C3 D3 E3 F3 G3\nC1 C2 D2\nE1]
3103 final_score
#? [B\+20\.5]
kata-set-rules chinese
komi 0.5
3104 final_status_list dead
#? []
3105 final_status_list seki
#? [B1 F1 G1 B2 F2 G2 A3 B3 C3 D3 E3 F3 G3\nC1 C2 D2\nE1]
3106 final_score
#? [B\+17\.5]

# ---- SC32: false eye inside a seki -> seki, not dead (compare SC05)
# 9 . . . . . . . . .
# 8 . . . . . . . . .
# 7 . . . . . . . . .
# 6 . . . . . . . . .
# 5 . . . . . . . . .
# 4 X X X X X X X X X
# 3 O O O O O O O O O
# 2 O . X X X X O O O
# 1 O O X . X . X O .
#   A B C D E F G H J
# B C1..F2 chain: real eye D1, false eye F1 (B G1 is in atari there), shared liberty B2;
# W chain: eye J1, shared B2. W F1 takes G1 (a ko: B may not retake before passing for it)
# and then connects at G1: the rest is still a one-eye-each seki. B first: F1 (B2 would
# lose). -> W and the big B chain: S1, second-class -> seki. B G1: none (lost to W F1),
# but it touches only the second-class W chain -> seki, not dead.
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b c1
play b e1
play b g1
play b c2
play b d2
play b e2
play b f2
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play b h4
play b j4
play w a1
play w b1
play w h1
play w a2
play w g2
play w h2
play w j2
play w a3
play w b3
play w c3
play w d3
play w e3
play w f3
play w g3
play w h3
play w j3
3201 final_status_list dead
#? []
3202 final_status_list seki
#? [A1 B1 H1 A2 G2 H2 J2 A3 B3 C3 D3 E3 F3 G3 H3 J3\nC1 E1 C2 D2 E2 F2\nG1]
3203 final_score
#? [B\+44\.5]
kata-set-rules chinese
komi 0.5
3204 final_status_list dead
#? []
3205 final_status_list seki
#? [A1 B1 H1 A2 G2 H2 J2 A3 B3 C3 D3 E3 F3 G3 H3 J3\nC1 E1 C2 D2 E2 F2\nG1]
3206 final_score
#? [B\+45\.5]

# ---- SC33: seki without eyes that is a real seki (inner chains big enough)
# 7 . . . . . . .
# 6 . . . . . . .
# 5 O O O O O O O
# 4 X X X X X X O
# 3 X O . O . O X
# 2 X O O O O O X
# 1 X X X X X X X
#   A B C D E F G
# Black's outer chain and White's inner chain share C3 and E3 and have no other liberty.
# Whoever fills one is captured, and the capture leaves the other a large living space
# (9 points for Black, 17 for White), so neither fills: both S1 -> seki. C3 and E3 are
# nobody's. Compare SC15, where the inner chain is too small and the sacrifice kills.
# japanese: W 14 (rows 6-7) -> W+14.5; chinese: W 8+8+14 = 30, B 17 -> W+13.5.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play w a5
play w b5
play w c5
play w d5
play w e5
play w f5
play w g5
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play w g4
play b a3
play w b3
play w d3
play w f3
play b g3
play b a2
play w b2
play w c2
play w d2
play w e2
play w f2
play b g2
play b a1
play b b1
play b c1
play b d1
play b e1
play b f1
play b g1
3301 final_status_list dead
#? []
3302 final_status_list seki
#? [A1 B1 C1 D1 E1 F1 G1 A2 G2 A3 G3 A4 B4 C4 D4 E4 F4\nB2 C2 D2 E2 F2 B3 D3 F3]
3303 final_score
#? [W\+14\.5]
3304 tengen-status
#? [(?s).*white B2 C2 D2 E2 F2 B3 D3 F3 \| second-class \| seki \| S1: .*]
kata-set-rules chinese
komi 0.5
3305 final_status_list seki
#? [A1 B1 C1 D1 E1 F1 G1 A2 G2 A3 G3 A4 B4 C4 D4 E4 F4\nB2 C2 D2 E2 F2 B3 D3 F3]
3306 final_score
#? [W\+13\.5]

# ---- SC34: two one-eyed chains and a pair share the pair's liberties: seki (small area)
# 9 . . . . . . . . .
# 8 . . . . . . . . .
# 7 . . . . . . . . .
# 6 . . . . . . . . .
# 5 . . . . . . . . .
# 4 O O O O O O O O O
# 3 X X X X O O O O O
# 2 . X X O X X X X O
# 1 X X . O . X . X O
#   A B C D E F G H J
# B A1 chain: eye A2, liberty C1; B F1 chain: eye G1, liberty E1; W D1 D2: liberties C1
# and E1. W C1 is captured by B E1 (and W E1 by B C1); B C1 puts the A1 chain in atari
# (W A2 takes eight), B E1 likewise. Nobody can fill: all three S1 -> seki.
# Only four empty points, but the local game used to run out of its limit here and the
# playout estimate called both Black chains dead (a 27-point error): every line that met
# the iterative deepening's depth limit was searched again at each of its transpositions,
# because nothing found under a cut was stored. Now results found under a cut are kept for
# the pass with the depth that was left, and results against the cut's score for good.
# japanese: no territory for Black (eyes in seki), W rows 5-9 -> W+45.5;
# chinese: W 18 stones + 45, B 14 stones + eyes A2 G1 -> W+47.5. GNU Go agrees (seki).
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play b b1
play b f1
play b h1
play b b2
play b c2
play b e2
play b f2
play b g2
play b h2
play b a3
play b b3
play b c3
play b d3
play w d1
play w j1
play w d2
play w j2
play w e3
play w f3
play w g3
play w h3
play w j3
play w a4
play w b4
play w c4
play w d4
play w e4
play w f4
play w g4
play w h4
play w j4
3401 final_status_list dead
#? []
3402 final_status_list seki
#? [A1 B1 B2 C2 A3 B3 C3 D3\nD1 D2\nF1 H1 E2 F2 G2 H2]
3403 final_score
#? [W\+45\.5]
3404 tengen-status
#? [(?s).*black A1 B1 B2 C2 A3 B3 C3 D3 \| second-class \| seki \| S1: .*]
kata-set-rules chinese
komi 0.5
3405 final_status_list seki
#? [A1 B1 B2 C2 A3 B3 C3 D3\nD1 D2\nF1 H1 E2 F2 G2 H2]
3406 final_score
#? [W\+47\.5]

# ---- SC35: a capturing race in an area too large to search: counted
# 9 . . . . . . . . .
# 8 . . . . . . . . .
# 7 . . . . . . . . .
# 6 . . . . . . . . .
# 5 X X X . . . O O O
# 4 . X . X . O . O .
# 3 X X X X . O O O O
# 2 . X O O X X O . O
# 1 X X O . X . O O O
#   A B C D E F G H J
# Black's left group (eyes A4 C4 A2) and White's right group (eyes G4 J4 H2) live
# unconditionally; the open middle joins the race at the bottom to an area of 43 empty
# points, more than the local game searches (24). W C1 C2 D2 has one liberty, D1, shared
# with B E1 E2 F2, which also has E3 and F1 outside (next to White's living stones).
# Counting (Müller): 0 outside and 1 shared liberty against 2 outside; White cannot fill
# D1 (suicide) and after White fills E3 or F1 Black takes D1 and captures. So the Black chain
# captures (first-class by the race count), the White chain is none and surrounded by
# first-class Black stones -> dead. Before, both came from the playout estimate.
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play b b1
play b e1
play b b2
play b e2
play b f2
play b a3
play b b3
play b c3
play b d3
play b b4
play b d4
play b a5
play b b5
play b c5
play w c1
play w g1
play w h1
play w j1
play w c2
play w d2
play w g2
play w j2
play w f3
play w g3
play w h3
play w j3
play w f4
play w h4
play w g5
play w h5
play w j5
3501 final_status_list dead
#? [C1 C2 D2]
3502 tengen-status
#? [(?s).*white C1 C2 D2 \| none \| dead \| .*black E1 E2 F2 \| first-class \| alive \| F2 \(race, .*]

# ---- SC36: lone stones of both colours around one shared point: none against none -> seki
# 7 . . . . . . .
# 6 . . . . . . .
# 5 X X X . . . .
# 4 O O X . . . .
# 3 . O X . . . .
# 2 O O X . . . .
# 1 X . O X . . .
#   A B C D E F G
# Seki membership of lone stones. W A2 B2 B3 A4 B4 (eye A3), W C1 and B A1 have one shared
# point, B1. W first: B1 takes A1 and joins C1, eyes A1 and A3 (A1 cannot be put back).
# B first: B1 takes C1; W C1 takes A1 B1 back, B B1 takes C1 again (one stone after two:
# no ko), W may not fill A1 (B A3 takes six), B connects at C1 and fills A1: W is captured.
# So the W chain, W C1 and B A1 are all none; none of them is surrounded by first-class
# enemy stones alone (each touches the others) -> all three seki, the lone stones too.
# B D1 touches the large empty area -> first-class. Japanese: B 33 points, B1 and A3 next
# to seki stones count for nobody -> B+32.5; chinese: B 8 stones + 33, W 6 stones + A3 ->
# B+33.5. GNU Go calls A1 dead and nothing seki (W to move would take A1).
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play b a1
play w c1
play b d1
play w a2
play w b2
play b c2
play w b3
play b c3
play w a4
play w b4
play b c4
play b a5
play b b5
play b c5
3601 final_status_list dead
#? []
3602 final_status_list seki
#? [A1\nC1\nA2 B2 B3 A4 B4]
3603 final_score
#? [B\+32\.5]
3604 tengen-status
#? [(?s)black A1 \| none \| seki \|.*white C1 \| none \| seki \|.*black D1 \| first-class \| alive \|.*]
kata-set-rules chinese
komi 0.5
3605 final_status_list seki
#? [A1\nC1\nA2 B2 B3 A4 B4]
3606 final_score
#? [B\+33\.5]

# ---- SC37: lone stones inside a dead square four: first-class, not seki
# 7 . . . . . . .
# 6 . . . . . . .
# 5 . . . . . . .
# 4 O O O O . . .
# 3 X X X O . . .
# 2 . O X O . . .
# 1 O . X O . . .
#   A B C D E F G
# B's eye space A1 A2 B1 B2 is a square four in the corner with W A1 and W B2 in it; B's
# chain shares A2 and B1 with them. B first: B1 or A2 is self-atari and W takes six. W
# first: A2 (throw-in), B B1 takes three, W A2 again is the vital point of the bent three
# A1 A2 B2, and B dies. So B is none and surrounded by first-class W only -> dead; W A1 and
# W B2 are first-class (F2/F3: taken back for good). A1 used to come out second-class
# (seki, and B seki with it): once A1 was captured in the local game, W was only let play
# next to A1 and could not make two eyes of the space it won back. GNU Go agrees (B dead,
# W+45.5). Japanese: 35 empty + 5 dead = 40 territory, 5 prisoners -> W+45.5; chinese: 9
# stones + 35 + 5 -> W+49.5.
boardsize 7
clear_board
kata-set-rules japanese
komi 0.5
play w d1
play b c1
play w d2
play b c2
play w d3
play b c3
play w d4
play b b3
play w c4
play b a3
play w b4
play w a4
play w b2
play w a1
3701 final_status_list dead
#? [C1 C2 A3 B3 C3]
3702 final_status_list seki
#? []
3703 final_score
#? [W\+45\.5]
3704 tengen-status
#? [(?s)white A1 \| first-class \| alive \|.*black C1 C2 A3 B3 C3 \| none \| dead \|.*white B2 \| first-class \| alive \|.*]
kata-set-rules chinese
komi 0.5
3705 final_status_list dead
#? [C1 C2 A3 B3 C3]
3706 final_score
#? [W\+49\.5]

# ---- SC38: KataGo's "GroupTaxSekiScoring2" (testrules.cpp), komi 0.5
# 9 . X . X O . O . X
# 8 . . . X O O O X .
# 7 . X X X X X X O O
# 6 X O O O O O X O .
# 5 X O . O . O X O O
# 4 X O O O O O X X X
# 3 X X X O X X X O O
# 2 . X X X O O O O .
# 1 . X . X O . O . O
#   A B C D E F G H J
# White E8 (eye F9) and H6 (eye J6) and Black H8 and J9 share H9 and J8: a seki on four
# empty points beside Black's unsettled top-left. The local game used to run out here (both
# White chains dead on the estimate, B+27.5 under japanese, B+24.5 under chinese). KataGo's
# results: area W+1.5; territory with the seki rule B+3.5; stone scoring B+2.5; territory
# without the seki rule B+1.5. Every chain keeps a liberty, so plays set it up.
boardsize 9
clear_board
kata-set-rules japanese
komi 0.5
play b B9
play b D9
play w E9
play w G9
play b J9
play b D8
play w E8
play w F8
play w G8
play b H8
play b B7
play b C7
play b D7
play b E7
play b F7
play b G7
play w H7
play w J7
play b A6
play w B6
play w C6
play w D6
play w E6
play w F6
play b G6
play w H6
play b A5
play w B5
play w D5
play w F5
play b G5
play w H5
play w J5
play b A4
play w B4
play w C4
play w D4
play w E4
play w F4
play b G4
play b H4
play b J4
play b A3
play b B3
play b C3
play w D3
play b E3
play b F3
play b G3
play w H3
play w J3
play b B2
play b C2
play b D2
play w E2
play w F2
play w G2
play w H2
play b B1
play b D1
play w E1
play w G1
play w J1
3801 final_status_list dead
#? []
3802 final_status_list seki
#? [H5 J5 H6 H7 J7\nE8 F8 G8 E9 G9\nH8\nJ9]
3803 final_score
#? [B\+3\.5]
3804 tengen-status
#? [(?s).*white E8 F8 G8 E9 G9 \| second-class \| seki \| S1: [^\n]*line: .*black H8 \| second-class \| seki \|.*]
kata-set-rules chinese
komi 0.5
3805 final_score
#? [W\+1\.5]
kata-set-rules aga
komi 0.5
3806 final_score
#? [W\+1\.5]
kata-set-rules new-zealand
komi 0.5
3807 final_score
#? [W\+1\.5]
kata-set-rules tromp-taylor
komi 0.5
3808 final_score
#? [W\+1\.5]
kata-set-rules ing
komi 0.5
3809 final_score
#? [W\+1\.5]
kata-set-rules korean
komi 0.5
3810 final_score
#? [B\+3\.5]
kata-set-rules traditional
komi 0.5
3811 final_score
#? [B\+3\.5]
kata-set-rules primitive
komi 0.5
3812 final_score
#? [B\+2\.5]
kata-set-rules {"ko":"SIMPLE","scoring":"TERRITORY","tax":"NONE","suicide":false}
komi 0.5
3813 final_score
#? [B\+1\.5]

# ---- SC39: a corner ko White wins back (found by engine-tests/status_exhaustive.rs). Black A3 takes
# A2 in a ko; White ko-passes; when Black passes White retakes at A2 and connects at A3. The
# retake brings back the starting board with Black to move, but not the starting game (Black
# may no longer retake at once): the local game's superko used to cut it and called A2 seki.
kata-set-rules japanese
boardsize 9
clear_board
play w B9
play w C9
play w D9
play w E9
play w F9
play w G9
play w H9
play w J9
play w A8
play w B8
play w D8
play w E8
play w F8
play w G8
play w H8
play w J8
play w A7
play w B7
play w C7
play w D7
play w E7
play w F7
play w G7
play w H7
play w J7
play w A6
play w B6
play w C6
play w D6
play w E6
play w F6
play w G6
play w H6
play w J6
play w A5
play w B5
play w C5
play w D5
play w E5
play w F5
play w G5
play w H5
play w J5
play w A4
play w B4
play w C4
play w D4
play w E4
play w F4
play w G4
play w H4
play w J4
play w B3
play b E3
play b F3
play b G3
play b H3
play b J3
play w A2
play b B2
play w C2
play w D2
play b E2
play b F2
play b H2
play b J2
play b A1
play b C1
play b D1
play b E1
play b F1
play b G1
play b H1
3901 final_status_list seki
#? [A1\nB2]
3902 final_status_list dead
#? []

# ---- SC40: stones taken in a bent corner come back joined to their wall (found by
# engine-tests/status_exhaustive.rs). White's A2 takes Black's A1, but White's A1-A2-A3-B1 is
# then one chain in atari at C1 inside Black's wall: Black takes four and A1 is Black's again,
# joined through A2 or B1. The stone put back used to stand alone amid the captured points,
# and A1, B1 and A3 were all called seki.
kata-set-rules japanese
boardsize 9
clear_board
play b B9
play b C9
play b D9
play b E9
play b F9
play b G9
play b H9
play b J9
play b A8
play b B8
play b D8
play b E8
play b F8
play b G8
play b H8
play b J8
play b A7
play b B7
play b C7
play b D7
play b E7
play b F7
play b G7
play b H7
play b J7
play b A6
play b B6
play b C6
play b D6
play b E6
play b F6
play b G6
play b H6
play b J6
play b A5
play b B5
play b C5
play b D5
play b E5
play b F5
play b G5
play b H5
play b J5
play b A4
play b B4
play b C4
play b D4
play b E4
play b F4
play b G4
play b H4
play b J4
play w A3
play b B3
play b C3
play w D3
play w E3
play w F3
play w G3
play w H3
play w J3
play b C2
play b D2
play w E2
play w F2
play w H2
play w J2
play b A1
play w B1
play b D1
play w E1
play w F1
play w G1
play w H1
4001 final_status_list seki
#? []
4002 final_status_list dead
#? [A3\nB1|B1\nA3]

# ---- SC41: an eyeless stone in the eye of a group living in seki (found by bench/endings.py)
# 7 X X X . O O O
# 6 X X X . O O O
# 5 X X X . O . O
# 4 X . X . O X .
# 3 X X X . O O O
# 2 X X X . O O O
# 1 X X X . O O O
#   A B C D E F G
# B F4 has two liberties (F5, G4) inside White's one eye: White takes it moving first, so it
# is none; the White group lives in seki with Black's one-eyed group across the D file, so
# the procedure calls F4 seki (territory scoring keeps it). Under area scoring taking it
# costs White nothing and F4, eyeless and walled by White alone, is dead: Black 20 stones
# and B4, White 18 stones and F5 F4 G4, the D file nobody's -> W+0.5.
boardsize 7
clear_board
kata-set-rules chinese
komi 0.5
play b A7
play b B7
play b C7
play w E7
play w F7
play w G7
play b A6
play b B6
play b C6
play w E6
play w F6
play w G6
play b A5
play b B5
play b C5
play w E5
play w G5
play b A4
play b C4
play w E4
play b F4
play b A3
play b B3
play b C3
play w E3
play w F3
play w G3
play b A2
play b B2
play b C2
play w E2
play w F2
play w G2
play b A1
play b B1
play b C1
play w E1
play w F1
play w G1
4101 final_status_list dead
#? [F4]
4102 final_score
#? [W\+0\.5]
kata-set-rules japanese
4103 final_status_list dead
#? []
4104 final_status_list seki
#? [(?s).*F4.*]

# ---- SC42: a chain beside its own side's area, the enemy stone inside (found by bench/endings.py)
# 19 . O X . . . X . . . X . . . X . . . X
# 18 O O X O . . X . O . X . O . X . O . X
# 17 . O X . . . X . . . X . . . X . . . X
# 16 O O X X . X X X X X X X X X X X X X X
# 15 . O O O X X X X X X X X X X X X X X X
# 14 O O O O O O O O O O O O O O O O O O O
#    (rows 13 to 1 empty)
#    A B C D E F G H J K L M N O P Q R S T
# Black's C19-D16 has three liberties: D19 and D17, shared with the White stone D18, and
# E16, in the nine-point area it walls with the Black chain from G19 round to T15. That
# chain is settled by nothing static (each of its areas holds a White stone) and the part
# holds 33 empty points, so the chain is read as a capturing race: counted with E16 an
# outside liberty, C19-D16 and D18 were a seki, and the area nobody's (11 points). No
# settled White stone walls the area: it is Black's, D18 inside it dead, C19-D16 alive.
# Japanese: White 247 + A19 A17 A15 + 6.5 against Black 10 + 1 (D18) and 3 x 10 -> W+215.5;
# Chinese: White 28 stones + 250 + 6.5 against Black 46 stones + 10 + 27 -> W+201.5.
boardsize 19
clear_board
kata-set-rules japanese
komi 6.5
play b C19
play b G19
play b L19
play b P19
play b T19
play b C18
play b G18
play b L18
play b P18
play b T18
play b C17
play b G17
play b L17
play b P17
play b T17
play b C16
play b D16
play b F16
play b G16
play b H16
play b J16
play b K16
play b L16
play b M16
play b N16
play b O16
play b P16
play b Q16
play b R16
play b S16
play b T16
play b E15
play b F15
play b G15
play b H15
play b J15
play b K15
play b L15
play b M15
play b N15
play b O15
play b P15
play b Q15
play b R15
play b S15
play b T15
play w B19
play w A18
play w B18
play w D18
play w J18
play w N18
play w R18
play w B17
play w A16
play w B16
play w B15
play w C15
play w D15
play w A14
play w B14
play w C14
play w D14
play w E14
play w F14
play w G14
play w H14
play w J14
play w K14
play w L14
play w M14
play w N14
play w O14
play w P14
play w Q14
play w R14
play w S14
play w T14
4201 final_status_list seki
#? []
4202 final_status_list dead
#? [(?s).*D18.*]
4203 final_score
#? [W\+215\.5]
kata-set-rules chinese
4204 final_status_list seki
#? []
4205 final_score
#? [W\+201\.5]

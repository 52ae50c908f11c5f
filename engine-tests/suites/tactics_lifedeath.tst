# Tactics suite: Life and death: nakade, bent four, false eyes and eye shape. Each position is checked two ways:
# - the playout policy alone (`tengen-playout_owner V [C] 100 1`): at least 70 of 100 seeded
#   playouts end with the point V owned by the right side (or by neither in a seki);
# - the search (`reg_genmove`, 3000 playouts, one thread, seed 1) finds a right move (or
#   avoids the wrong ones).
# Positions that fail at the commit a check was written for carry GoGui's `*` (expected
# failure): CI fails when a passing check starts failing; `bench/tactics.sh` counts all.
# Komi is set so that the game turns on the fight. Right moves: GNU Go 3.8's owl reading
# (owl_does_attack/owl_does_defend) for kills and saves, the liberties and the seki-breaking
# moves for sekis, the ladder's liberty for ladders.
# tengen-args: --playouts 3000 --threads 1 --seed 1

# lifedeath01: Black takes the chain at J18 even with White to move; Black, given the move, keeps it dead (Pachi t-unit moggy_lifedeath.t, position 1).
loadsgf ../sgf/tactics/lifedeath01.sgf
11 tengen-playout_owner J18 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
12 reg_genmove b
#? [D19|G19|H19|J19|K19|O19|P19|Q19|D18|P18|Q18|R18|K17|R17|S17|Q16|J15|K15|O15|Q15|O14|F13|G13|L13|M13|N13|O13|G12|H12|PASS|pass]

# lifedeath02: Black takes the chain at D7 even with White to move; Black, given the move, keeps it dead (Pachi t-unit moggy_lifedeath.t, position 2).
loadsgf ../sgf/tactics/lifedeath02.sgf
21 tengen-playout_owner D7 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
22 reg_genmove b
#? [C12|B11|C11|A10|B10|E10|A9|B9|E9|A8|F8|A7|B7|H7|A6|C6|D6|A5|B4|A3|G3|J3|A2|B2|G2|B1|C1|D1|F1|G1|H1|PASS|pass]

# lifedeath03: White's chain at H2 lives; White to move keeps it alive (Pachi t-unit moggy_lifedeath.t, position 3).
loadsgf ../sgf/tactics/lifedeath03.sgf
31 tengen-playout_owner H2 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
32 reg_genmove w
#? [H9|K8|H7|C6|D6|G3|J3|G2|G1|H1|J1|K1|L1|PASS|pass] *

# lifedeath04: Black takes the chain at M18; Black moves and kills (Pachi t-unit moggy_lifedeath.t, position 4).
loadsgf ../sgf/tactics/lifedeath04.sgf
41 tengen-playout_owner M18 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
42 reg_genmove b
#? [H19|J19|K19|L19|M19|N19|O19|K18|P18|G17|H17|J17|K17|N17|O17|H16|J16|L16|M16|J15|K15|L15|K14|L14|M14|PASS|pass]

# lifedeath05: Black takes the chain at J18 even with White to move; Black, given the move, keeps it dead (Pachi t-unit moggy_lifedeath.t, position 5).
loadsgf ../sgf/tactics/lifedeath05.sgf
51 tengen-playout_owner J18 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
52 reg_genmove b
#? [G19|J19|L19|M19|N19|N18|O18|E17|L17|N17|G16|H14|K14|L14|J13|PASS|pass] *

# lifedeath06: Black takes the chain at B17 even with White to move; Black, given the move, keeps it dead (Pachi t-unit moggy_lifedeath.t, position 6).
loadsgf ../sgf/tactics/lifedeath06.sgf
61 tengen-playout_owner B17 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
62 reg_genmove b
#? [A19|C19|E19|F19|D18|F18|E17|G17|A16|B16|G16|A15|C15|F14|G14|E13|F13|G13|H13|A12|E12|B11|A10|C10|F10|B9|C9|PASS|pass]

# lifedeath07: Black takes the chain at B16 even with White to move; Black, given the move, keeps it dead (Pachi t-unit moggy_lifedeath.t, position 7).
loadsgf ../sgf/tactics/lifedeath07.sgf
71 tengen-playout_owner B16 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
72 reg_genmove b
#? [A19|C19|E19|A18|D18|F18|E17|G17|A16|F16|G16|H16|E15|A14|A13|C13|A12|PASS|pass] *

# lifedeath08: Black takes the chain at T13; Black moves and kills (Pachi t-unit moggy_lifedeath.t, position 8).
loadsgf ../sgf/tactics/lifedeath08.sgf
81 tengen-playout_owner T13 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
82 reg_genmove b
#? [S17|T17|S16|T16|R15|S15|T15|R14|T14|R13|R11|PASS|pass]

# lifedeath09: Black takes the chain at B2 even with White to move; Black, given the move, keeps it dead (Pachi t-unit bent4.t, position 1).
loadsgf ../sgf/tactics/lifedeath09.sgf
91 tengen-playout_owner B2 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
92 reg_genmove b
#? [B7|D5|A4|B4|E4|C3|H3|H1|PASS|pass] *

# lifedeath10: White's chain at B2 lives with Black to move; White, given the move, keeps it alive (Pachi t-unit bent4.t, position 2).
loadsgf ../sgf/tactics/lifedeath10.sgf
101 tengen-playout_owner B2 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
102 reg_genmove w
#? [B7|A6|A3|H3|G1|PASS|pass] *

# lifedeath11: Black takes the chain at B2 even with White to move; Black, given the move, keeps it dead (Pachi t-unit bent4.t, position 3).
loadsgf ../sgf/tactics/lifedeath11.sgf
111 tengen-playout_owner B2 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
112 reg_genmove b
#? [A7|C7|C6|D5|E4|C3|G3|G1|PASS|pass] *

# lifedeath12: White's chain at C3 lives with Black to move; White, given the move, keeps it alive (Pachi t-unit bent4.t, position 4).
loadsgf ../sgf/tactics/lifedeath12.sgf
121 tengen-playout_owner C3 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
122 reg_genmove w
#? [B8|A7|B7|A6|B6|C5|D5|E5|F5|G5|H4|J4|H3|J3|H2|J2|H1|J1|PASS|pass]

# lifedeath13: Black takes the chain at B2 even with White to move; Black, given the move, keeps it dead (Pachi t-unit bent4.t, position 5).
loadsgf ../sgf/tactics/lifedeath13.sgf
131 tengen-playout_owner B2 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
132 reg_genmove b
#? [A7|C7|C6|D5|E4|A3|C3|G3|A1|C1|G1|PASS|pass]

# lifedeath14: White's chain at H2 lives; White to move keeps it alive (Pachi t-unit bent4.t, position 6).
loadsgf ../sgf/tactics/lifedeath14.sgf
141 tengen-playout_owner H2 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
142 reg_genmove w
#? [H8|J8|H7|J7|E6|F6|H6|J6|D5|F5|B4|PASS|pass]

# lifedeath15: White takes the chain at A3; White moves and kills (Pachi t-unit bent4.t, position 7).
loadsgf ../sgf/tactics/lifedeath15.sgf
151 tengen-playout_owner A3 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
152 reg_genmove w
#? [A7|C7|D7|E7|A6|D6|E6|D5|H4|J3|G2|H2|E1|F1|H1|PASS|pass]

# Tactics suite: Capture races (semeai). Each position is checked two ways:
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

# semeai01: White takes the chain at D6; White moves and kills (Pachi t-unit moggy_semeai.t, position 1).
loadsgf ../sgf/tactics/semeai01.sgf
11 tengen-playout_owner D6 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
12 reg_genmove w
#? [B5|E5|E4]

# semeai02: White takes the chain at D6; White moves and kills (Pachi t-unit moggy_semeai.t, position 2).
loadsgf ../sgf/tactics/semeai02.sgf
21 tengen-playout_owner D6 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
22 reg_genmove w
#? [E5|E4]

# semeai03: White takes the chain at D5; White moves and kills (Pachi t-unit moggy_semeai.t, position 3).
loadsgf ../sgf/tactics/semeai03.sgf
31 tengen-playout_owner D5 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
32 reg_genmove w
#? [D6|E6]

# semeai04: White takes the chain at D5; White moves and kills (Pachi t-unit moggy_semeai.t, position 4).
loadsgf ../sgf/tactics/semeai04.sgf
41 tengen-playout_owner D5 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
42 reg_genmove w
#? [D6|E6]

# semeai05: White takes the chain at D5; White moves and kills (Pachi t-unit moggy_semeai.t, position 5).
loadsgf ../sgf/tactics/semeai05.sgf
51 tengen-playout_owner D5 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
52 reg_genmove w
#? [E6|B5|E5|E4] *

# semeai06: White takes the chain at D5; White moves and kills (Pachi t-unit moggy_semeai.t, position 6).
loadsgf ../sgf/tactics/semeai06.sgf
61 tengen-playout_owner D5 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
62 reg_genmove w
#? [B6|C6|D6|E6]

# semeai07: White takes the chain at D5; White moves and kills (Pachi t-unit moggy_semeai.t, position 7).
loadsgf ../sgf/tactics/semeai07.sgf
71 tengen-playout_owner D5 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
72 reg_genmove w
#? [E7|E6|E5|E4]

# semeai08: Black's chain at H8 lives; Black to move keeps it alive (Pachi t-unit moggy.t, position 1).
loadsgf ../sgf/tactics/semeai08.sgf
81 tengen-playout_owner H8 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
82 reg_genmove b
#? [D9|E9|G9|J9|E8|J8|C7|D7|J5|G3|H3|PASS|pass] *

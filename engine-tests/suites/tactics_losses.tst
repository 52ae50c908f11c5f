# Tactics suite: Local fights Tengen lost against Pachi. Each position is checked two ways:
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

# loss01: lost game: Black's group at G8 is in danger and Black to move saves it (pachi19-2026-11-27-g1.sgf (../shared/data/losses) before move 131).
loadsgf ../sgf/tactics/loss01.sgf
11 tengen-playout_owner G8 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
12 reg_genmove b
#? [J11|G10|H10|J10|H9|J9|J7|J6] *

# loss03: lost game: Black's group at B7 is in danger and Black to move saves it (pachi9-2026-11-27-g13.sgf (../shared/data/losses) before move 43).
loadsgf ../sgf/tactics/loss03.sgf
21 tengen-playout_owner B7 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
22 reg_genmove b
#? [A7|A6|B6|B5]

# loss04: lost game: Black's group at J5 is in danger and Black to move saves it (pachi9-2026-11-27-g13.sgf (../shared/data/losses) before move 63).
loadsgf ../sgf/tactics/loss04.sgf
31 tengen-playout_owner J5 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
32 reg_genmove b
#? [J6] *

# loss05: lost game: White's group at D7 is in danger and White to move saves it (pachi9-2026-11-27-g2.sgf (../shared/data/losses) before move 30).
loadsgf ../sgf/tactics/loss05.sgf
41 tengen-playout_owner D7 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
42 reg_genmove w
#? [D9|F8|C7] *

# loss06: lost game: Black's group at G6 is in danger and Black to move saves it (pachi9-2026-11-27-g5.sgf (../shared/data/losses) before move 45).
loadsgf ../sgf/tactics/loss06.sgf
51 tengen-playout_owner G6 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
52 reg_genmove b
#? [G9|G8|J8|J4] *

# loss07: lost game: Black's group at G2 is in danger and Black to move saves it (pachi9-2026-11-27-g7.sgf (../shared/data/losses) before move 37).
loadsgf ../sgf/tactics/loss07.sgf
61 tengen-playout_owner G2 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
62 reg_genmove b
#? [F1] *

# loss09: lost game: White's group at G3 is in danger and White to move saves it (pachi9-2026-11-27-g14.sgf (../shared/data/losses) before move 22).
loadsgf ../sgf/tactics/loss09.sgf
71 tengen-playout_owner G3 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
72 reg_genmove w
#? [J2]

# loss10: lost game: White's group at B8 is in danger and White to move saves it (pachi9-2026-11-27-g8.sgf (../shared/data/losses) before move 22).
loadsgf ../sgf/tactics/loss10.sgf
81 tengen-playout_owner B8 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
82 reg_genmove w
#? [C9|C7] *

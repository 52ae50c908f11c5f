# Tactics suite: Ladders. Each position is checked two ways:
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

# ladder01: Black's C3 is caught in a ladder: running at D3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 1).
loadsgf ../sgf/tactics/ladder01.sgf
11 tengen-playout_owner C3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
12 reg_genmove b
#? [!(D3|resign)]

# ladder02: the ladder on Black's C3 fails: Black runs at D3 (Pachi t-unit ladder.t, position 2).
loadsgf ../sgf/tactics/ladder02.sgf
21 tengen-playout_owner C3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
22 reg_genmove b
#? [D3] *

# ladder03: Black's B3 is caught in a ladder: running at A3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 3).
loadsgf ../sgf/tactics/ladder03.sgf
31 tengen-playout_owner B3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
32 reg_genmove b
#? [!(A3|resign)]

# ladder04: Black's B2 is caught in a ladder: running at A2 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 4).
loadsgf ../sgf/tactics/ladder04.sgf
41 tengen-playout_owner B2 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
42 reg_genmove b
#? [!(A2|resign)]

# ladder05: the ladder on Black's B3 fails: Black runs at A3 (Pachi t-unit ladder.t, position 5).
loadsgf ../sgf/tactics/ladder05.sgf
51 tengen-playout_owner B3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
52 reg_genmove b
#? [A3]

# ladder06: the ladder on Black's B3 fails: Black runs at A3 (Pachi t-unit ladder.t, position 6).
loadsgf ../sgf/tactics/ladder06.sgf
61 tengen-playout_owner B3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
62 reg_genmove b
#? [A3] *

# ladder07: Black's B3 is caught in a ladder: running at A3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 7).
loadsgf ../sgf/tactics/ladder07.sgf
71 tengen-playout_owner B3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
72 reg_genmove b
#? [!(A3|resign)] *

# ladder08: Black's B3 is caught in a ladder: running at A3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 8).
loadsgf ../sgf/tactics/ladder08.sgf
81 tengen-playout_owner B3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
82 reg_genmove b
#? [!(A3|resign)]

# ladder09: the ladder on Black's C3 fails: Black runs at D3 (Pachi t-unit ladder.t, position 9).
loadsgf ../sgf/tactics/ladder09.sgf
91 tengen-playout_owner C3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
92 reg_genmove b
#? [D3]

# ladder10: Black's C3 is caught in a ladder: running at D3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 10).
loadsgf ../sgf/tactics/ladder10.sgf
101 tengen-playout_owner C3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
102 reg_genmove b
#? [!(D3|resign)]

# ladder11: Black's D4 is caught in a ladder: running at E4 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 11).
loadsgf ../sgf/tactics/ladder11.sgf
111 tengen-playout_owner D4 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
112 reg_genmove b
#? [!(E4|resign)] *

# ladder12: Black's D4 is caught in a ladder: running at E4 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 12).
loadsgf ../sgf/tactics/ladder12.sgf
121 tengen-playout_owner D4 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
122 reg_genmove b
#? [!(E4|resign)] *

# ladder13: Black's B5 is caught in a ladder: running at A5 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 13).
loadsgf ../sgf/tactics/ladder13.sgf
131 tengen-playout_owner B5 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
132 reg_genmove b
#? [!(A5|resign)]

# ladder14: Black's C3 is caught in a ladder: running at D3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 14).
loadsgf ../sgf/tactics/ladder14.sgf
141 tengen-playout_owner C3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
142 reg_genmove b
#? [!(D3|resign)]

# ladder15: Black's C3 is caught in a ladder: running at D3 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 15).
loadsgf ../sgf/tactics/ladder15.sgf
151 tengen-playout_owner C3 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
152 reg_genmove b
#? [!(D3|resign)]

# ladder16: the ladder on Black's C3 fails: Black runs at D3 (Pachi t-unit ladder.t, position 16).
loadsgf ../sgf/tactics/ladder16.sgf
161 tengen-playout_owner C3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
162 reg_genmove b
#? [D3] *

# ladder17: the ladder on Black's D3 fails: Black runs at E3 (Pachi t-unit ladder.t, position 17).
loadsgf ../sgf/tactics/ladder17.sgf
171 tengen-playout_owner D3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
172 reg_genmove b
#? [E3]

# ladder18: the ladder on Black's D3 fails: Black runs at D4 (Pachi t-unit ladder.t, position 18).
loadsgf ../sgf/tactics/ladder18.sgf
181 tengen-playout_owner D3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
182 reg_genmove b
#? [D4]

# ladder19: the ladder on Black's D3 fails: Black runs at E3 (Pachi t-unit ladder.t, position 19).
loadsgf ../sgf/tactics/ladder19.sgf
191 tengen-playout_owner D3 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
192 reg_genmove b
#? [E3] *

# ladder20: the ladder on Black's B5 fails: Black runs at C5 (Pachi t-unit ladder.t, position 20).
loadsgf ../sgf/tactics/ladder20.sgf
201 tengen-playout_owner B5 b 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
202 reg_genmove b
#? [C5] *

# ladder21: Black's T1 is caught in a ladder: running at T2 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 21).
loadsgf ../sgf/tactics/ladder21.sgf
211 tengen-playout_owner T1 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
212 reg_genmove b
#? [!(T2|resign)]

# ladder22: Black's T1 is caught in a ladder: running at T2 only feeds it, so Black does not run (Pachi t-unit ladder.t, position 22).
loadsgf ../sgf/tactics/ladder22.sgf
221 tengen-playout_owner T1 b 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
222 reg_genmove b
#? [!(T2|resign)]

# ladder23: White's G3 is caught in a ladder: running at H3 only feeds it, so White does not run (Pachi t-unit ladder.t, position 23).
loadsgf ../sgf/tactics/ladder23.sgf
231 tengen-playout_owner G3 w 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
232 reg_genmove w
#? [!(H3|resign)]

# Tactics suite: Sekis: chains that live in seki, and false sekis that must be broken. Each position is checked two ways:
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

# seki01: seki: the shared liberty E9 stays empty; Black to move does not break the seki (Pachi t-unit seki.t, position 1).
loadsgf ../sgf/tactics/seki01.sgf
11 tengen-playout_owner E9 100 1
#? [black \d+ white \d+ neither ([7-9]\d|100)]
12 reg_genmove b
#? [!(E9|resign)]

# seki02: seki: the shared liberty E6 stays empty; White to move does not break the seki (Pachi t-unit seki.t, position 2).
loadsgf ../sgf/tactics/seki02.sgf
21 tengen-playout_owner E6 100 1
#? [black \d+ white \d+ neither ([7-9]\d|100)]
22 reg_genmove w
#? [!(E6|resign)]

# seki03: seki: the shared liberty E6 stays empty; White to move does not break the seki (Pachi t-unit seki.t, position 3).
loadsgf ../sgf/tactics/seki03.sgf
31 tengen-playout_owner E6 100 1
#? [black \d+ white \d+ neither ([7-9]\d|100)]
32 reg_genmove w
#? [!(E6|resign)]

# seki04: White's chain at F1 lives with Black to move; White, given the move, keeps it alive (Pachi t-unit seki.t, position 4).
loadsgf ../sgf/tactics/seki04.sgf
41 tengen-playout_owner F1 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
42 reg_genmove w
#? [] *

# seki05: White's chain at F1 lives with Black to move; White, given the move, keeps it alive (Pachi t-unit seki.t, position 5).
loadsgf ../sgf/tactics/seki05.sgf
51 tengen-playout_owner F1 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
52 reg_genmove w
#? [] *

# seki06: Black's chain at F3 lives; Black to move keeps it alive (Pachi t-unit seki.t, position 6).
loadsgf ../sgf/tactics/seki06.sgf
61 tengen-playout_owner F3 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
62 reg_genmove b
#? [E7|F7|G7|F6|G6|D5|E5|A2|A1|B1|G1|PASS|pass]

# seki07: Black takes the chain at E4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 7).
loadsgf ../sgf/tactics/seki07.sgf
71 tengen-playout_owner E4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
72 reg_genmove b
#? [C7|G7|A6|A5|B5|D5|A4|B4|D4|B3|D3|E3|B2|G2|C1|D1|PASS|pass]

# seki08: Black takes the chain at E4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 8).
loadsgf ../sgf/tactics/seki08.sgf
81 tengen-playout_owner E4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
82 reg_genmove b
#? [C7|G7|A6|A5|B5|D5|A4|B4|D4|F4|A3|B3|D3|B2|C1|D1|G1|PASS|pass]

# seki09: Black takes the chain at E4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 9).
loadsgf ../sgf/tactics/seki09.sgf
91 tengen-playout_owner E4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+]
92 reg_genmove b
#? [C7|G7|A6|A5|B5|D5|F5|A4|B4|D4|A3|B3|D3|A2|B2|B1|C1|G1|PASS|pass]

# seki10: seki: the shared liberty F5 stays empty; White to move does not break the seki (Pachi t-unit seki.t, position 10).
loadsgf ../sgf/tactics/seki10.sgf
101 tengen-playout_owner F5 100 1
#? [black \d+ white \d+ neither ([7-9]\d|100)] *
102 reg_genmove w
#? [!(F3|F5|resign)]

# seki11: seki: the shared liberty G5 stays empty; White to move does not break the seki (Pachi t-unit seki.t, position 11).
loadsgf ../sgf/tactics/seki11.sgf
111 tengen-playout_owner G5 100 1
#? [black \d+ white \d+ neither ([7-9]\d|100)] *
112 reg_genmove w
#? [!(G3|G5|resign)]

# seki12: seki: the shared liberty F3 stays empty; White to move does not break the seki (Pachi t-unit seki.t, position 12).
loadsgf ../sgf/tactics/seki12.sgf
121 tengen-playout_owner F3 100 1
#? [black \d+ white \d+ neither ([7-9]\d|100)] *
122 reg_genmove w
#? [!(F3|G6|resign)]

# seki13: White takes the chain at G4; White moves and kills (Pachi t-unit seki.t, position 13).
loadsgf ../sgf/tactics/seki13.sgf
131 tengen-playout_owner G4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
132 reg_genmove w
#? [F7|G7|D5|F5|D4|D3|F3|G1|PASS|pass]

# seki14: White takes the chain at G4; White moves and kills (Pachi t-unit seki.t, position 14).
loadsgf ../sgf/tactics/seki14.sgf
141 tengen-playout_owner G4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
142 reg_genmove w
#? [F9|G9|H9|J8|D7|J7|D6|F6|D5|D4|F4|D3|J3|J2|F1|G1|H1|PASS|pass]

# seki15: seki: Black's chain at T12 lives in seki; Black to move fills none of its liberties (Pachi t-unit seki.t, position 15).
loadsgf ../sgf/tactics/seki15.sgf
151 tengen-playout_owner T12 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
152 reg_genmove b
#? [!(P10|Q13|R13|S11|S9|T7|resign)]

# seki16: Black takes the chain at C4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 16).
loadsgf ../sgf/tactics/seki16.sgf
161 tengen-playout_owner C4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
162 reg_genmove b
#? [A7|B7|C7|G7|B5|E5|B4|B3|A1|B1|C1|G1|PASS|pass]

# seki17: Black takes the chain at C4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 17).
loadsgf ../sgf/tactics/seki17.sgf
171 tengen-playout_owner C4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
172 reg_genmove b
#? [A7|B7|C7|G7|B5|B4|G4|B3|A1|B1|C1|G1|PASS|pass]

# seki18: Black takes the chain at C4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 18).
loadsgf ../sgf/tactics/seki18.sgf
181 tengen-playout_owner C4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
182 reg_genmove b
#? [A7|B7|C7|G7|B5|B4|G4|B3|A1|B1|C1|G1|PASS|pass]

# seki19: seki: White's chain at C4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 19).
loadsgf ../sgf/tactics/seki19.sgf
191 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
192 reg_genmove w
#? [!(B3|B4|B5|D4|G1|G5|G7|resign)] *

# seki20: seki: White's chain at D4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 20).
loadsgf ../sgf/tactics/seki20.sgf
201 tengen-playout_owner D4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
202 reg_genmove w
#? [!(C3|C4|C5|G1|G3|G5|G7|resign)] *

# seki21: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 21).
loadsgf ../sgf/tactics/seki21.sgf
211 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
212 reg_genmove w
#? [A7|B7|G7|B5|D5|B4|B3|C3|D3|G3|B1|C1|G1|PASS|pass]

# seki22: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 22).
loadsgf ../sgf/tactics/seki22.sgf
221 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
222 reg_genmove w
#? [A7|B7|C7|B5|E5|B4|D4|B3|A1|B1|C1|G1|PASS|pass]

# seki23: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 23).
loadsgf ../sgf/tactics/seki23.sgf
231 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
232 reg_genmove w
#? [G7|G6|B5|D5|B4|B3|D3|G3|G1|PASS|pass]

# seki24: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 24).
loadsgf ../sgf/tactics/seki24.sgf
241 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
242 reg_genmove w
#? [G7|C6|D6|B5|G5|B4|B3|E3|G3|C2|G1|PASS|pass]

# seki25: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 25).
loadsgf ../sgf/tactics/seki25.sgf
251 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
252 reg_genmove w
#? [G7|B5|D5|G5|B4|B3|D3|G3|G1|PASS|pass]

# seki26: seki: Black's chain at P8 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 26).
loadsgf ../sgf/tactics/seki26.sgf
261 tengen-playout_owner P8 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
262 reg_genmove w
#? [!(P10|P11|P12|Q8|T4|T9|resign)]

# seki27: Black takes the chain at C4 even with White to move; Black, given the move, keeps it dead (Pachi t-unit seki.t, position 27).
loadsgf ../sgf/tactics/seki27.sgf
271 tengen-playout_owner C4 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
272 reg_genmove b
#? [A7|B7|G7|B5|B4|G4|B3|A1|B1|C1|G1|PASS|pass]

# seki28: seki: White's chain at C4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 28).
loadsgf ../sgf/tactics/seki28.sgf
281 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
282 reg_genmove w
#? [!(B3|B4|B5|D4|G1|G5|G7|resign)] *

# seki29: seki: White's chain at C4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 29).
loadsgf ../sgf/tactics/seki29.sgf
291 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
292 reg_genmove w
#? [!(B3|B4|B5|D4|D5|G1|G7|resign)] *

# seki30: seki: White's chain at D4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 30).
loadsgf ../sgf/tactics/seki30.sgf
301 tengen-playout_owner D4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
302 reg_genmove w
#? [!(C3|C4|C5|D7|E6|F6|G1|resign)] *

# seki31: seki: White's chain at D4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 31).
loadsgf ../sgf/tactics/seki31.sgf
311 tengen-playout_owner D4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
312 reg_genmove w
#? [!(C3|C4|C5|G1|G3|G5|G7|resign)] *

# seki32: seki: White's chain at C4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 32).
loadsgf ../sgf/tactics/seki32.sgf
321 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
322 reg_genmove w
#? [!(B3|B4|B5|D4|E3|G1|G7|resign)] *

# seki33: White's chain at D4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 33).
loadsgf ../sgf/tactics/seki33.sgf
331 tengen-playout_owner D4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
332 reg_genmove w
#? [A7|B7|G7|B5|C5|B4|C4|E4|G4|B3|C3|B1|C1|G1|PASS|pass]

# seki34: White's chain at D4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 34).
loadsgf ../sgf/tactics/seki34.sgf
341 tengen-playout_owner D4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
342 reg_genmove w
#? [A7|B7|G7|B5|C5|B4|C4|E4|G4|B3|C3|B1|C1|G1|PASS|pass]

# seki35: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 35).
loadsgf ../sgf/tactics/seki35.sgf
351 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
352 reg_genmove w
#? [A7|B7|G7|B5|G5|B4|D4|B3|A1|B1|C1|G1|PASS|pass]

# seki36: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 36).
loadsgf ../sgf/tactics/seki36.sgf
361 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
362 reg_genmove w
#? [G7|B5|D5|G5|B4|B3|C3|G3|A1|B1|G1|PASS|pass]

# seki37: seki: Black's chain at T12 lives in seki; Black to move fills none of its liberties (Pachi t-unit seki.t, position 37).
loadsgf ../sgf/tactics/seki37.sgf
371 tengen-playout_owner T12 100 1
#? [black ([7-9]\d|100) white \d+ neither \d+] *
372 reg_genmove b
#? [!(P10|Q12|R10|R13|S11|T7|resign)]

# seki38: seki: White's chain at D4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 38).
loadsgf ../sgf/tactics/seki38.sgf
381 tengen-playout_owner D4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
382 reg_genmove w
#? [!(C3|C4|C5|G1|G3|G5|G7|resign)] *

# seki39: seki: White's chain at C4 lives in seki; White to move fills none of its liberties (Pachi t-unit seki.t, position 39).
loadsgf ../sgf/tactics/seki39.sgf
391 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+] *
392 reg_genmove w
#? [!(B3|B4|B5|D4|D5|G1|G7|resign)] *

# seki40: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 40).
loadsgf ../sgf/tactics/seki40.sgf
401 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
402 reg_genmove w
#? [G7|B5|D5|G5|B4|B3|G3|A1|B1|G1|PASS|pass]

# seki41: White's chain at C4 lives; White to move keeps it alive (Pachi t-unit seki.t, position 41).
loadsgf ../sgf/tactics/seki41.sgf
411 tengen-playout_owner C4 100 1
#? [black \d+ white ([7-9]\d|100) neither \d+]
412 reg_genmove w
#? [G7|B5|D5|B4|D4|B3|A1|B1|C1|G1|PASS|pass]

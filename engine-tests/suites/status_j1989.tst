# Japanese 1989 Rules: worked examples of life-and-death confirmation, encoded with
# the statuses that Sekiguchi Harutoshi's procedure gives (first-class -> alive,
# second-class -> seki, none -> dead when enclosed only by first-class enemy stones,
# else seki). See docs/j1989-examples.md for sources, the official rulings and the
# differences. Positions are built with plays that never capture (checked with GNU Go).
# Scoring: territory + prisoners (dead stones) + komi 0; regions touching a seki chain
# count for nobody.
# Fixed work and one thread: the judgement stops at a node count, not at a time, so it does
# not change with the machine's load or core count.
# tengen-args: --threads 1 --playouts 1000

# ---- Case 1: bent four in the corner (J89 commentary, Article 7: the bent-four
# example, 隅の曲り四目; also cited by Takao Shinji's 2009 blog and Sensei's Library).
# White's eye space is the L-shaped corner {A1,B1,C1,A2} holding two black stones A1 B1;
# the white chain's only liberties are A2 and C1, shared with the black stones. White
# can never play A2 or C1 (self-atari). Outside liberties are already filled.
# Official ruling: White dead ("bent four in the corner is dead"), because in the
# confirmation only a pass for that ko lifts a ko ban, so ko threats do not exist.
# Sekiguchi: White has no first- or second-class life (Black A2 sacrifices three, White
# must capture at C1, Black A1, and White is captured whatever it does; where a ko
# arises Black wins it because White can only pass for it); the white chain is
# enclosed by Black's first-class wall only -> dead. Same as the official ruling.
#  9  . . . . . . . . .
#  8  . . . . . . . . .
#  7  . . . . . . . . .
#  6  . . . . . . . . .
#  5  . . . . . . . . .
#  4  X X X X X . . . .
#  3  O O O O X . . . .
#  2  . O O O X . . . .
#  1  X X . O X . . . .
#     A B C D E F G H J
boardsize 9
clear_board
kata-set-rules japanese
komi 0
play b a1
play b b1
play w d1
play b e1
play w b2
play w c2
play w d2
play b e2
play w a3
play w b3
play w c3
play w d3
play b e3
play b a4
play b b4
play b c4
play b d4
play b e4
101 final_status_list dead
#? [D1 B2 C2 D2 A3 B3 C3 D3]
102 final_status_list seki
#? []
103 final_score
#? [B\+79]

# ---- Case 2: a 'seki without eyes' that is not one (J89 commentary on Articles 7 and 8: seki stones are
# alive, but the empty points of a seki are not territory).
# Black B1 B2 C2 and White's seven stones share the liberties A1 and C1, but it is not
# seki: Black sacrifices at A1, White must take four at C1, and the eye space A1 B1 B2 C2
# (no outside liberty) dies to Black's play on its vital point. Sekiguchi: White none,
# surrounded by first-class Black -> dead; Black B1 B2 C2 put back for good (F3) ->
# alive. GNU Go agrees. (First drafted as seki; corrected, see docs/j1989-examples.md.)
#  9  . . . . . . . . .
#  8  . . . . . . . . .
#  7  . . . . . . . . .
#  6  . . . . . . . . .
#  5  . . . . . . . . .
#  4  X X X X X . . . .
#  3  O O O O X . . . .
#  2  O X X O X . . . .
#  1  . X . O X . . . .
#     A B C D E F G H J
boardsize 9
clear_board
kata-set-rules japanese
komi 0
play b b1
play w d1
play b e1
play w a2
play b b2
play b c2
play w d2
play b e2
play w a3
play w b3
play w c3
play w d3
play b e3
play b a4
play b b4
play b c4
play b d4
play b e4
201 final_status_list dead
#? [D1 A2 D2 A3 B3 C3 D3]
202 final_status_list seki
#? []
203 final_score
#? [B\+77]

# ---- Case 3: seki with one eye each (J89 commentary on Article 8: an eye of a seki
# group is not territory; the 1949 rules' 'points in seki' question settled in 1989).
# Black A2 B2 B1 has the eye A1, White's ten stones have the eye D1, and B3 is shared.
# Official ruling: seki; A1, D1 and B3 are not territory.
# Sekiguchi: each side surrounds only ONE point the opponent may not occupy (A1 for
# Black, D1 for White), so no first-class life; both survive the opponent moving
# first (S1) -> second-class -> seki; A1, D1, B3 are nobody's.
#  9  . . . . . . . . .
#  8  . . . . . . . . .
#  7  . . . . . . . . .
#  6  . . . . . . . . .
#  5  X X X X . . . . .
#  4  O O O X . . . . .
#  3  O . O X X X . . .
#  2  X X O O O X . . .
#  1  . X O . O X . . .
#     A B C D E F G H J
boardsize 9
clear_board
kata-set-rules japanese
komi 0
play b b1
play w c1
play w e1
play b f1
play b a2
play b b2
play w c2
play w d2
play w e2
play b f2
play w a3
play w c3
play b d3
play b e3
play b f3
play w a4
play w b4
play w c4
play b d4
play b a5
play b b5
play b c5
play b d5
301 final_status_list dead
#? []
302 final_status_list seki
#? [B1 A2 B2\nC1 E1 C2 D2 E2 A3 C3 A4 B4 C4]
303 final_score
#? [B\+55]

# ---- Case 4: one eye plus a direct ko (J89 revision overview: '本劫手入れ要', a
# group relying on a direct ko must be reinforced; Article 7.2 ko rule in the
# confirmation).
# White A2 B2 C2 B1 has the sure eye A1; its second eye C1 depends on the white stone
# D1, which Black can capture at C1 (a ko).
# Official ruling: White dead: in the confirmation Black captures at C1, White may not
# retake but only pass for that ko, and Black connects at D1.
# Sekiguchi: same sequence; White cannot reach two forbidden points (F1 holds only for
# A1), cannot avoid capture (S1) and cannot permanently replace D1 (S2) -> none;
# enclosed by Black's first-class wall only -> dead (both white chains).
#  9  . . . . . . . . .
#  8  . . . . . . . . .
#  7  . . . . . . . . .
#  6  . . . . . . . . .
#  5  . . . . . . . . .
#  4  . . . . . . . . .
#  3  X X X X X . . . .
#  2  O O O X X . . . .
#  1  . O . O X . . . .
#     A B C D E F G H J
boardsize 9
clear_board
kata-set-rules japanese
komi 0
play w b1
play w d1
play b e1
play w a2
play w b2
play w c2
play b d2
play b e2
play b a3
play b b3
play b c3
play b d3
play b e3
401 final_status_list dead
#? [B1 A2 B2 C2\nD1]
402 final_status_list seki
#? []
403 final_score
#? [B\+78]

# ---- Case 5: ko left unfilled between two living groups, Black took it last
# (the J89 treatment of a remaining ko in the confirmation, Article 7.2; discussed on
# lifein19x19 'direct ko remaining at the end of the game').
# Black D5 sits in White's wall with its only liberty D4, the ko point.
# Official ruling (literal J89): D5 is dead (White captures at D4, Black can only
# pass for that ko, White connects), but it is not inside White territory, so it stays;
# D4 is dame, and Black's lower group, having a dame, becomes 'seki stones' (Article
# 8), so Black's 18 points do not count: W+27 if nobody resumes play.
# Sekiguchi: D5 has no first- or second-class life (White's capture cannot be undone
# permanently), but it is NOT completely surrounded by White stones (the empty D4 is
# next to Black's wall) -> seki. Only the region D4, which touches D5, loses its owner;
# both large groups are first-class and keep their territory: W+9. Differs.
#  9  . . . . . . . . .
#  8  . . . . . . . . .
#  7  . . . . . . . . .
#  6  O O O O O O O O O
#  5  O O O X O O O O O
#  4  X X X . X X X X X
#  3  X X X X X X X X X
#  2  . . . . . . . . .
#  1  . . . . . . . . .
#     A B C D E F G H J
boardsize 9
clear_board
kata-set-rules japanese
komi 0
play b a3
play b b3
play b c3
play b d3
play b e3
play b f3
play b g3
play b h3
play b j3
play b a4
play b b4
play b c4
play b e4
play b f4
play b g4
play b h4
play b j4
play w a5
play w b5
play w c5
play b d5
play w e5
play w f5
play w g5
play w h5
play w j5
play w a6
play w b6
play w c6
play w d6
play w e6
play w f6
play w g6
play w h6
play w j6
501 final_status_list dead
#? []
# Under `japanese` the connection at D4 players leave out is presumed (docs/rules.md, the
# teire players leave out): D5 alive, D4 Black's territory, W+8; `traditional` keeps
# Sekiguchi's procedure as set out: seki, W+9.
502 final_status_list seki
#? []
503 final_score
#? [W\+8]
kata-set-rules traditional
504 final_status_list seki
#? [D5]
505 final_score
#? [W\+9]

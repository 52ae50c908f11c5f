# Handicap placement: fixed_handicap on 9x9, 13x13 and 19x19 exactly as in GTP v2
# section 4.1.1 (the reply lists the stones in any order, so each reply is checked to be
# N vertices from the spec's set and each of those points is then checked to be occupied,
# the other star points empty), place_free_handicap and set_free_handicap (rules case H02).

boardsize 9
clear_board
10 fixed_handicap 2
#? [(C3|G7)( (C3|G7)){1}]
11 is_legal w c3
#? [0]
12 is_legal w g7
#? [0]
13 is_legal w c5
#? [1]
14 is_legal w c7
#? [1]
15 is_legal w e3
#? [1]
16 is_legal w e5
#? [1]
17 is_legal w e7
#? [1]
18 is_legal w g3
#? [1]
19 is_legal w g5
#? [1]

boardsize 9
clear_board
20 fixed_handicap 3
#? [(C3|G7|C7)( (C3|G7|C7)){2}]
21 is_legal w c3
#? [0]
22 is_legal w g7
#? [0]
23 is_legal w c7
#? [0]
24 is_legal w c5
#? [1]
25 is_legal w e3
#? [1]
26 is_legal w e5
#? [1]
27 is_legal w e7
#? [1]
28 is_legal w g3
#? [1]
29 is_legal w g5
#? [1]

boardsize 9
clear_board
30 fixed_handicap 4
#? [(C3|G7|C7|G3)( (C3|G7|C7|G3)){3}]
31 is_legal w c3
#? [0]
32 is_legal w g7
#? [0]
33 is_legal w c7
#? [0]
34 is_legal w g3
#? [0]
35 is_legal w c5
#? [1]
36 is_legal w e3
#? [1]
37 is_legal w e5
#? [1]
38 is_legal w e7
#? [1]
39 is_legal w g5
#? [1]

boardsize 9
clear_board
40 fixed_handicap 5
#? [(C3|G7|C7|G3|E5)( (C3|G7|C7|G3|E5)){4}]
41 is_legal w c3
#? [0]
42 is_legal w g7
#? [0]
43 is_legal w c7
#? [0]
44 is_legal w g3
#? [0]
45 is_legal w e5
#? [0]
46 is_legal w c5
#? [1]
47 is_legal w e3
#? [1]
48 is_legal w e7
#? [1]
49 is_legal w g5
#? [1]

boardsize 9
clear_board
50 fixed_handicap 6
#? [(C3|G7|C7|G3|C5|G5)( (C3|G7|C7|G3|C5|G5)){5}]
51 is_legal w c3
#? [0]
52 is_legal w g7
#? [0]
53 is_legal w c7
#? [0]
54 is_legal w g3
#? [0]
55 is_legal w c5
#? [0]
56 is_legal w g5
#? [0]
57 is_legal w e3
#? [1]
58 is_legal w e5
#? [1]
59 is_legal w e7
#? [1]

boardsize 9
clear_board
60 fixed_handicap 7
#? [(C3|G7|C7|G3|C5|G5|E5)( (C3|G7|C7|G3|C5|G5|E5)){6}]
61 is_legal w c3
#? [0]
62 is_legal w g7
#? [0]
63 is_legal w c7
#? [0]
64 is_legal w g3
#? [0]
65 is_legal w c5
#? [0]
66 is_legal w g5
#? [0]
67 is_legal w e5
#? [0]
68 is_legal w e3
#? [1]
69 is_legal w e7
#? [1]

boardsize 9
clear_board
70 fixed_handicap 8
#? [(C3|G7|C7|G3|C5|G5|E3|E7)( (C3|G7|C7|G3|C5|G5|E3|E7)){7}]
71 is_legal w c3
#? [0]
72 is_legal w g7
#? [0]
73 is_legal w c7
#? [0]
74 is_legal w g3
#? [0]
75 is_legal w c5
#? [0]
76 is_legal w g5
#? [0]
77 is_legal w e3
#? [0]
78 is_legal w e7
#? [0]
79 is_legal w e5
#? [1]

boardsize 9
clear_board
80 fixed_handicap 9
#? [(C3|G7|C7|G3|C5|G5|E3|E7|E5)( (C3|G7|C7|G3|C5|G5|E3|E7|E5)){8}]
81 is_legal w c3
#? [0]
82 is_legal w g7
#? [0]
83 is_legal w c7
#? [0]
84 is_legal w g3
#? [0]
85 is_legal w c5
#? [0]
86 is_legal w g5
#? [0]
87 is_legal w e3
#? [0]
88 is_legal w e7
#? [0]
89 is_legal w e5
#? [0]

clear_board
90 fixed_handicap 10
#? [\?invalid number of stones]

91 is_legal b e5
#? [1]

boardsize 13
clear_board
92 fixed_handicap 2
#? [(D4|K10)( (D4|K10)){1}]
93 is_legal w d4
#? [0]
94 is_legal w k10
#? [0]
95 is_legal w d10
#? [1]
96 is_legal w d7
#? [1]
97 is_legal w g10
#? [1]
98 is_legal w g4
#? [1]
99 is_legal w g7
#? [1]
100 is_legal w k4
#? [1]
101 is_legal w k7
#? [1]

boardsize 13
clear_board
102 fixed_handicap 3
#? [(D4|K10|D10)( (D4|K10|D10)){2}]
103 is_legal w d4
#? [0]
104 is_legal w k10
#? [0]
105 is_legal w d10
#? [0]
106 is_legal w d7
#? [1]
107 is_legal w g10
#? [1]
108 is_legal w g4
#? [1]
109 is_legal w g7
#? [1]
110 is_legal w k4
#? [1]
111 is_legal w k7
#? [1]

boardsize 13
clear_board
112 fixed_handicap 4
#? [(D4|K10|D10|K4)( (D4|K10|D10|K4)){3}]
113 is_legal w d4
#? [0]
114 is_legal w k10
#? [0]
115 is_legal w d10
#? [0]
116 is_legal w k4
#? [0]
117 is_legal w d7
#? [1]
118 is_legal w g10
#? [1]
119 is_legal w g4
#? [1]
120 is_legal w g7
#? [1]
121 is_legal w k7
#? [1]

boardsize 13
clear_board
122 fixed_handicap 5
#? [(D4|K10|D10|K4|G7)( (D4|K10|D10|K4|G7)){4}]
123 is_legal w d4
#? [0]
124 is_legal w k10
#? [0]
125 is_legal w d10
#? [0]
126 is_legal w k4
#? [0]
127 is_legal w g7
#? [0]
128 is_legal w d7
#? [1]
129 is_legal w g10
#? [1]
130 is_legal w g4
#? [1]
131 is_legal w k7
#? [1]

boardsize 13
clear_board
132 fixed_handicap 6
#? [(D4|K10|D10|K4|D7|K7)( (D4|K10|D10|K4|D7|K7)){5}]
133 is_legal w d4
#? [0]
134 is_legal w k10
#? [0]
135 is_legal w d10
#? [0]
136 is_legal w k4
#? [0]
137 is_legal w d7
#? [0]
138 is_legal w k7
#? [0]
139 is_legal w g10
#? [1]
140 is_legal w g4
#? [1]
141 is_legal w g7
#? [1]

boardsize 13
clear_board
142 fixed_handicap 7
#? [(D4|K10|D10|K4|D7|K7|G7)( (D4|K10|D10|K4|D7|K7|G7)){6}]
143 is_legal w d4
#? [0]
144 is_legal w k10
#? [0]
145 is_legal w d10
#? [0]
146 is_legal w k4
#? [0]
147 is_legal w d7
#? [0]
148 is_legal w k7
#? [0]
149 is_legal w g7
#? [0]
150 is_legal w g10
#? [1]
151 is_legal w g4
#? [1]

boardsize 13
clear_board
152 fixed_handicap 8
#? [(D4|K10|D10|K4|D7|K7|G4|G10)( (D4|K10|D10|K4|D7|K7|G4|G10)){7}]
153 is_legal w d4
#? [0]
154 is_legal w k10
#? [0]
155 is_legal w d10
#? [0]
156 is_legal w k4
#? [0]
157 is_legal w d7
#? [0]
158 is_legal w k7
#? [0]
159 is_legal w g4
#? [0]
160 is_legal w g10
#? [0]
161 is_legal w g7
#? [1]

boardsize 13
clear_board
162 fixed_handicap 9
#? [(D4|K10|D10|K4|D7|K7|G4|G10|G7)( (D4|K10|D10|K4|D7|K7|G4|G10|G7)){8}]
163 is_legal w d4
#? [0]
164 is_legal w k10
#? [0]
165 is_legal w d10
#? [0]
166 is_legal w k4
#? [0]
167 is_legal w d7
#? [0]
168 is_legal w k7
#? [0]
169 is_legal w g4
#? [0]
170 is_legal w g10
#? [0]
171 is_legal w g7
#? [0]

clear_board
172 fixed_handicap 10
#? [\?invalid number of stones]

173 is_legal b g7
#? [1]

boardsize 19
clear_board
174 fixed_handicap 2
#? [(D4|Q16)( (D4|Q16)){1}]
175 is_legal w d4
#? [0]
176 is_legal w q16
#? [0]
177 is_legal w d10
#? [1]
178 is_legal w d16
#? [1]
179 is_legal w k10
#? [1]
180 is_legal w k16
#? [1]
181 is_legal w k4
#? [1]
182 is_legal w q10
#? [1]
183 is_legal w q4
#? [1]

boardsize 19
clear_board
184 fixed_handicap 3
#? [(D4|Q16|D16)( (D4|Q16|D16)){2}]
185 is_legal w d4
#? [0]
186 is_legal w q16
#? [0]
187 is_legal w d16
#? [0]
188 is_legal w d10
#? [1]
189 is_legal w k10
#? [1]
190 is_legal w k16
#? [1]
191 is_legal w k4
#? [1]
192 is_legal w q10
#? [1]
193 is_legal w q4
#? [1]

boardsize 19
clear_board
194 fixed_handicap 4
#? [(D4|Q16|D16|Q4)( (D4|Q16|D16|Q4)){3}]
195 is_legal w d4
#? [0]
196 is_legal w q16
#? [0]
197 is_legal w d16
#? [0]
198 is_legal w q4
#? [0]
199 is_legal w d10
#? [1]
200 is_legal w k10
#? [1]
201 is_legal w k16
#? [1]
202 is_legal w k4
#? [1]
203 is_legal w q10
#? [1]

boardsize 19
clear_board
204 fixed_handicap 5
#? [(D4|Q16|D16|Q4|K10)( (D4|Q16|D16|Q4|K10)){4}]
205 is_legal w d4
#? [0]
206 is_legal w q16
#? [0]
207 is_legal w d16
#? [0]
208 is_legal w q4
#? [0]
209 is_legal w k10
#? [0]
210 is_legal w d10
#? [1]
211 is_legal w k16
#? [1]
212 is_legal w k4
#? [1]
213 is_legal w q10
#? [1]

boardsize 19
clear_board
214 fixed_handicap 6
#? [(D4|Q16|D16|Q4|D10|Q10)( (D4|Q16|D16|Q4|D10|Q10)){5}]
215 is_legal w d4
#? [0]
216 is_legal w q16
#? [0]
217 is_legal w d16
#? [0]
218 is_legal w q4
#? [0]
219 is_legal w d10
#? [0]
220 is_legal w q10
#? [0]
221 is_legal w k10
#? [1]
222 is_legal w k16
#? [1]
223 is_legal w k4
#? [1]

boardsize 19
clear_board
224 fixed_handicap 7
#? [(D4|Q16|D16|Q4|D10|Q10|K10)( (D4|Q16|D16|Q4|D10|Q10|K10)){6}]
225 is_legal w d4
#? [0]
226 is_legal w q16
#? [0]
227 is_legal w d16
#? [0]
228 is_legal w q4
#? [0]
229 is_legal w d10
#? [0]
230 is_legal w q10
#? [0]
231 is_legal w k10
#? [0]
232 is_legal w k16
#? [1]
233 is_legal w k4
#? [1]

boardsize 19
clear_board
234 fixed_handicap 8
#? [(D4|Q16|D16|Q4|D10|Q10|K4|K16)( (D4|Q16|D16|Q4|D10|Q10|K4|K16)){7}]
235 is_legal w d4
#? [0]
236 is_legal w q16
#? [0]
237 is_legal w d16
#? [0]
238 is_legal w q4
#? [0]
239 is_legal w d10
#? [0]
240 is_legal w q10
#? [0]
241 is_legal w k4
#? [0]
242 is_legal w k16
#? [0]
243 is_legal w k10
#? [1]

boardsize 19
clear_board
244 fixed_handicap 9
#? [(D4|Q16|D16|Q4|D10|Q10|K4|K16|K10)( (D4|Q16|D16|Q4|D10|Q10|K4|K16|K10)){8}]
245 is_legal w d4
#? [0]
246 is_legal w q16
#? [0]
247 is_legal w d16
#? [0]
248 is_legal w q4
#? [0]
249 is_legal w d10
#? [0]
250 is_legal w q10
#? [0]
251 is_legal w k4
#? [0]
252 is_legal w k16
#? [0]
253 is_legal w k10
#? [0]

clear_board
254 fixed_handicap 10
#? [\?invalid number of stones]

255 is_legal b k10
#? [1]

# The handicap stones are Black's: the board rows show X on row 7 (G7).
boardsize 9
clear_board
fixed_handicap 2
1000 showboard
#? [(?s)(.*\n)?[ \t]*7( *[.+XO])* *X.*]

# The handicap is not a move that can be undone; White moves first.
1001 undo
#? [\?cannot undo]

1002 play w e5
#? []

1003 undo
#? []

1004 is_legal w c3
#? [0]

# place_free_handicap: the engine picks N distinct points and places them
# (distinctness and placement are also checked in engine-tests/state.rs).
boardsize 19
clear_board
1005 place_free_handicap 4
#? [[A-HJ-T](1[0-9]|[1-9])(\s+[A-HJ-T](1[0-9]|[1-9])){3}]

clear_board
1006 place_free_handicap 9
#? [[A-HJ-T](1[0-9]|[1-9])(\s+[A-HJ-T](1[0-9]|[1-9])){8}]

boardsize 9
clear_board
1007 place_free_handicap 5
#? [[A-HJ][1-9](\s+[A-HJ][1-9]){4}]

# set_free_handicap: any valid list of distinct points.
boardsize 19
clear_board
1008 set_free_handicap d4 q16 e5
#? []

1009 is_legal w e5
#? [0]

1010 is_legal w q16
#? [0]

1011 is_legal w d4
#? [0]

1012 is_legal w q4
#? [1]

1013 undo
#? [\?cannot undo]

# H02: on 2x2, all four points is invalid (a handicap must leave a point empty); three are
# accepted.
boardsize 2
clear_board
1014 set_free_handicap a1 b1 a2 b2
#? [\?invalid number of stones]

1015 is_legal b a1
#? [1]

1016 is_legal b b2
#? [1]

1017 set_free_handicap a1 b1 a2
#? []

1018 is_legal w b2
#? [1]

1019 is_legal w a1
#? [0]

# White's handicap bonus in the score (9x9, 2 Black stones, empty otherwise, komi 0.5):
# Chinese counts N (area 81 v 0.5 + 2), Japanese none (territory 79 v 0.5), AGA N-1
# (81 v 0.5 + 1).
boardsize 9
clear_board
komi 0.5
kata-set-rules chinese
fixed_handicap 2
1100 final_score
#? [B\+78\.5]

kata-set-rules japanese
1101 final_score
#? [B\+78\.5]

kata-set-rules aga
1102 final_score
#? [B\+79\.5]

# 7x7 takes the four 3-3 points.
boardsize 7
clear_board
1103 fixed_handicap 4
#? [(C3|E5|C5|E3)( (C3|E5|C5|E3)){3}]

1104 is_legal w e5
#? [0]

1105 is_legal w c5
#? [0]

# Other sizes (GTP v2 4.1.1): even sizes have no centre or side points, so at most 4
# stones, on the 3-3 points below 13x13; 25x25 uses the 4-4 points like 19x19.
boardsize 10
clear_board
1110 fixed_handicap 4
#? [(C3|H8|C8|H3)( (C3|H8|C8|H3)){3}]

clear_board
1111 fixed_handicap 5
#? [\?invalid number of stones]

boardsize 7
clear_board
1112 fixed_handicap 5
#? [\?invalid number of stones]

boardsize 25
clear_board
1113 fixed_handicap 9
#? [(D4|W22|D22|W4|D13|W13|N4|N22|N13)( (D4|W22|D22|W4|D13|W13|N4|N22|N13)){8}]

1114 is_legal w n13
#? [0]

1115 is_legal w w22
#? [0]

# clear_board removes the handicap from the record too.
boardsize 9
clear_board
fixed_handicap 3
1120 printsgf
#? [(?s).*HA\[3\].*]

clear_board
1121 printsgf
#? [!(?s).*HA\[[1-9].*]

1122 is_legal w c3
#? [1]

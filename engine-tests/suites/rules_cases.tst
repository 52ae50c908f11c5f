# The worked rules cases of shared/rules/cases.md, for every Tengen preset they cover.
# Setups are loaded from engine-tests/sgf/ (AB/AW, PL; no RU, so the rules set with
# kata-set-rules stay), then the moves are played and is_legal / play / final_score /
# printsgf are checked. Tengen presets map onto the case keys as cases.md says:
# chinese -> chinese-psk, new-zealand -> nz, primitive -> shimada.
# Where a case gives no value for a preset, a value derived from the preset's scoring or
# ko rule is used only when it follows directly (marked 'derived').

# ---- K01: immediate ko recapture forbidden (ALL)
kata-set-rules chinese
loadsgf ../sgf/k01.sgf
play b f5
10 is_legal w f6
#? [0]
11 play w f6
#? [\?illegal move]
12 is_legal b f6
#? [1]

kata-set-rules japanese
loadsgf ../sgf/k01.sgf
play b f5
13 is_legal w f6
#? [0]
14 play w f6
#? [\?illegal move]
15 is_legal b f6
#? [1]

kata-set-rules korean
loadsgf ../sgf/k01.sgf
play b f5
16 is_legal w f6
#? [0]
17 play w f6
#? [\?illegal move]
18 is_legal b f6
#? [1]

kata-set-rules aga
loadsgf ../sgf/k01.sgf
play b f5
19 is_legal w f6
#? [0]
20 play w f6
#? [\?illegal move]
21 is_legal b f6
#? [1]

kata-set-rules new-zealand
loadsgf ../sgf/k01.sgf
play b f5
22 is_legal w f6
#? [0]
23 play w f6
#? [\?illegal move]
24 is_legal b f6
#? [1]

kata-set-rules tromp-taylor
loadsgf ../sgf/k01.sgf
play b f5
25 is_legal w f6
#? [0]
26 play w f6
#? [\?illegal move]
27 is_legal b f6
#? [1]

kata-set-rules ing
loadsgf ../sgf/k01.sgf
play b f5
28 is_legal w f6
#? [0]
29 play w f6
#? [\?illegal move]
30 is_legal b f6
#? [1]

kata-set-rules primitive
loadsgf ../sgf/k01.sgf
play b f5
31 is_legal w f6
#? [0]
32 play w f6
#? [\?illegal move]
33 is_legal b f6
#? [1]

kata-set-rules yasunaga
loadsgf ../sgf/k01.sgf
play b f5
34 is_legal w f6
#? [0]
35 play w f6
#? [\?illegal move]
36 is_legal b f6
#? [1]

kata-set-rules traditional
loadsgf ../sgf/k01.sgf
play b f5
37 is_legal w f6
#? [0]
38 play w f6
#? [\?illegal move]
39 is_legal b f6
#? [1]

# ---- K02: ko recapture after an exchange (ALL)
kata-set-rules chinese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
40 is_legal w f6
#? [1]
41 play w f6
#? []
42 is_legal b f5
#? [0]
43 play b f5
#? [\?illegal move]

kata-set-rules japanese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
44 is_legal w f6
#? [1]
45 play w f6
#? []
46 is_legal b f5
#? [0]
47 play b f5
#? [\?illegal move]

kata-set-rules korean
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
48 is_legal w f6
#? [1]
49 play w f6
#? []
50 is_legal b f5
#? [0]
51 play b f5
#? [\?illegal move]

kata-set-rules aga
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
52 is_legal w f6
#? [1]
53 play w f6
#? []
54 is_legal b f5
#? [0]
55 play b f5
#? [\?illegal move]

kata-set-rules new-zealand
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
56 is_legal w f6
#? [1]
57 play w f6
#? []
58 is_legal b f5
#? [0]
59 play b f5
#? [\?illegal move]

kata-set-rules tromp-taylor
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
60 is_legal w f6
#? [1]
61 play w f6
#? []
62 is_legal b f5
#? [0]
63 play b f5
#? [\?illegal move]

kata-set-rules ing
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
64 is_legal w f6
#? [1]
65 play w f6
#? []
66 is_legal b f5
#? [0]
67 play b f5
#? [\?illegal move]

kata-set-rules primitive
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
68 is_legal w f6
#? [1]
69 play w f6
#? []
70 is_legal b f5
#? [0]
71 play b f5
#? [\?illegal move]

kata-set-rules yasunaga
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
72 is_legal w f6
#? [1]
73 play w f6
#? []
74 is_legal b f5
#? [0]
75 play b f5
#? [\?illegal move]

kata-set-rules traditional
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b c3
76 is_legal w f6
#? [1]
77 play w f6
#? []
78 is_legal b f5
#? [0]
79 play b f5
#? [\?illegal move]

# ---- K03: send two, return one: positional vs situational superko
kata-set-rules chinese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
80 is_legal w b6
#? [0]
81 play w b6
#? [\?illegal move]

kata-set-rules japanese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
82 is_legal w b6
#? [1]
83 play w b6
#? []

kata-set-rules korean
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
84 is_legal w b6
#? [1]
85 play w b6
#? []

kata-set-rules aga
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
86 is_legal w b6
#? [1]
87 play w b6
#? []

kata-set-rules new-zealand
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
88 is_legal w b6
#? [1]
89 play w b6
#? []

kata-set-rules tromp-taylor
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
90 is_legal w b6
#? [0]
91 play w b6
#? [\?illegal move]

kata-set-rules ing
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
92 is_legal w b6
#? [0]
93 play w b6
#? [\?illegal move]

kata-set-rules primitive
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
94 is_legal w b6
#? [0]
95 play w b6
#? [\?illegal move]

kata-set-rules yasunaga
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
96 is_legal w b6
#? [0]
97 play w b6
#? [\?illegal move]

kata-set-rules traditional
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
98 is_legal w b6
#? [1]
99 play w b6
#? []

# K03s: the same cycle, but the repeated position is the SETUP position (k03s.sgf is the
# K03 board after B D4, White to move). The setup counts as the first position for
# superko (issue 3), so the expectations are those of K03.
# ---- K03s: superko against the setup position
kata-set-rules chinese
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
100 is_legal w b6
#? [0]
101 play w b6
#? [\?illegal move]

kata-set-rules japanese
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
102 is_legal w b6
#? [1]
103 play w b6
#? []

kata-set-rules korean
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
104 is_legal w b6
#? [1]
105 play w b6
#? []

kata-set-rules aga
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
106 is_legal w b6
#? [1]
107 play w b6
#? []

kata-set-rules new-zealand
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
108 is_legal w b6
#? [1]
109 play w b6
#? []

kata-set-rules tromp-taylor
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
110 is_legal w b6
#? [0]
111 play w b6
#? [\?illegal move]

kata-set-rules ing
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
112 is_legal w b6
#? [0]
113 play w b6
#? [\?illegal move]

kata-set-rules primitive
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
114 is_legal w b6
#? [0]
115 play w b6
#? [\?illegal move]

kata-set-rules yasunaga
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
116 is_legal w b6
#? [0]
117 play w b6
#? [\?illegal move]

kata-set-rules traditional
loadsgf ../sgf/k03s.sgf
play w c6
play b a6
118 is_legal w b6
#? [1]
119 play w b6
#? []

# ---- S01: multi-stone suicide
kata-set-rules chinese
loadsgf ../sgf/s01.sgf
120 is_legal b e6
#? [0]
121 play b e6
#? [\?illegal move]
122 is_legal w f6
#? [0]

kata-set-rules japanese
loadsgf ../sgf/s01.sgf
123 is_legal b e6
#? [0]
124 play b e6
#? [\?illegal move]
125 is_legal w f6
#? [0]

kata-set-rules korean
loadsgf ../sgf/s01.sgf
126 is_legal b e6
#? [0]
127 play b e6
#? [\?illegal move]
128 is_legal w f6
#? [0]

kata-set-rules aga
loadsgf ../sgf/s01.sgf
129 is_legal b e6
#? [0]
130 play b e6
#? [\?illegal move]
131 is_legal w f6
#? [0]

kata-set-rules new-zealand
loadsgf ../sgf/s01.sgf
132 is_legal b e6
#? [1]
133 play b e6
#? []
# E6 and F6 are empty afterwards.
134 is_legal w e6
#? [1]
135 is_legal w f6
#? [1]
136 is_legal b c6
#? [0]

kata-set-rules tromp-taylor
loadsgf ../sgf/s01.sgf
137 is_legal b e6
#? [1]
138 play b e6
#? []
# E6 and F6 are empty afterwards.
139 is_legal w e6
#? [1]
140 is_legal w f6
#? [1]
141 is_legal b c6
#? [0]

kata-set-rules ing
loadsgf ../sgf/s01.sgf
142 is_legal b e6
#? [1]
143 play b e6
#? []
# E6 and F6 are empty afterwards.
144 is_legal w e6
#? [1]
145 is_legal w f6
#? [1]
146 is_legal b c6
#? [0]

kata-set-rules primitive
loadsgf ../sgf/s01.sgf
147 is_legal b e6
#? [1]
148 play b e6
#? []
# E6 and F6 are empty afterwards.
149 is_legal w e6
#? [1]
150 is_legal w f6
#? [1]
151 is_legal b c6
#? [0]

kata-set-rules yasunaga
loadsgf ../sgf/s01.sgf
152 is_legal b e6
#? [0]
153 play b e6
#? [\?illegal move]
154 is_legal w f6
#? [0]

kata-set-rules traditional
loadsgf ../sgf/s01.sgf
155 is_legal b e6
#? [0]
156 play b e6
#? [\?illegal move]
157 is_legal w f6
#? [0]

# ---- S03: single-stone suicide illegal (ALL)
kata-set-rules chinese
loadsgf ../sgf/s03.sgf
158 is_legal b a1
#? [0]
159 play b a1
#? [\?illegal move]
160 is_legal w a1
#? [1]

kata-set-rules japanese
loadsgf ../sgf/s03.sgf
161 is_legal b a1
#? [0]
162 play b a1
#? [\?illegal move]
163 is_legal w a1
#? [1]

kata-set-rules korean
loadsgf ../sgf/s03.sgf
164 is_legal b a1
#? [0]
165 play b a1
#? [\?illegal move]
166 is_legal w a1
#? [1]

kata-set-rules aga
loadsgf ../sgf/s03.sgf
167 is_legal b a1
#? [0]
168 play b a1
#? [\?illegal move]
169 is_legal w a1
#? [1]

kata-set-rules new-zealand
loadsgf ../sgf/s03.sgf
170 is_legal b a1
#? [0]
171 play b a1
#? [\?illegal move]
172 is_legal w a1
#? [1]

kata-set-rules tromp-taylor
loadsgf ../sgf/s03.sgf
173 is_legal b a1
#? [0]
174 play b a1
#? [\?illegal move]
175 is_legal w a1
#? [1]

kata-set-rules ing
loadsgf ../sgf/s03.sgf
176 is_legal b a1
#? [0]
177 play b a1
#? [\?illegal move]
178 is_legal w a1
#? [1]

kata-set-rules primitive
loadsgf ../sgf/s03.sgf
179 is_legal b a1
#? [0]
180 play b a1
#? [\?illegal move]
181 is_legal w a1
#? [1]

kata-set-rules yasunaga
loadsgf ../sgf/s03.sgf
182 is_legal b a1
#? [0]
183 play b a1
#? [\?illegal move]
184 is_legal w a1
#? [1]

kata-set-rules traditional
loadsgf ../sgf/s03.sgf
185 is_legal b a1
#? [0]
186 play b a1
#? [\?illegal move]
187 is_legal w a1
#? [1]

# P01 primitive (stone scoring) is derived: area less two points a group (each side's stones with
# its territory filled but for two eyes): Black 8 - 2, White 8 - 2 + komi 0.5 -> W+0.5.
# ---- P01: area vs territory on the same finished 4x4 game
kata-set-rules chinese
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
188 final_score
#? [W\+0\.5]

kata-set-rules japanese
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
189 final_score
#? [B\+0\.5]

kata-set-rules korean
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
190 final_score
#? [B\+0\.5]

kata-set-rules aga
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
191 final_score
#? [W\+0\.5]

kata-set-rules new-zealand
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
192 final_score
#? [W\+0\.5]

kata-set-rules tromp-taylor
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
193 final_score
#? [W\+0\.5]

kata-set-rules ing
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
194 final_score
#? [W\+0\.5]

kata-set-rules primitive
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
195 final_score
#? [W\+0\.5]

kata-set-rules yasunaga
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
196 final_score
#? [B\+0\.5]

kata-set-rules traditional
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
197 final_score
#? [B\+0\.5]

# P02 yasunaga is derived from its territory scoring (as in P01): W+4.5.
# ---- P02: group tax: stone scoring flips the result
kata-set-rules chinese
loadsgf ../sgf/p02.sgf
komi 6.5
198 final_score
#? [B\+0\.5]
199 final_status_list dead
#? [\s*]

kata-set-rules japanese
loadsgf ../sgf/p02.sgf
komi 6.5
200 final_score
#? [W\+4\.5]
201 final_status_list dead
#? [\s*]

kata-set-rules korean
loadsgf ../sgf/p02.sgf
komi 6.5
202 final_score
#? [W\+4\.5]
203 final_status_list dead
#? [\s*]

kata-set-rules aga
loadsgf ../sgf/p02.sgf
komi 6.5
204 final_score
#? [B\+0\.5]
205 final_status_list dead
#? [\s*]

kata-set-rules new-zealand
loadsgf ../sgf/p02.sgf
komi 6.5
206 final_score
#? [B\+0\.5]
207 final_status_list dead
#? [\s*]

kata-set-rules tromp-taylor
loadsgf ../sgf/p02.sgf
komi 6.5
208 final_score
#? [B\+0\.5]
209 final_status_list dead
#? [\s*]

kata-set-rules ing
loadsgf ../sgf/p02.sgf
komi 6.5
210 final_score
#? [B\+0\.5]
211 final_status_list dead
#? [\s*]

kata-set-rules primitive
loadsgf ../sgf/p02.sgf
komi 6.5
212 final_score
#? [W\+1\.5]
213 final_status_list dead
#? [\s*]

kata-set-rules yasunaga
loadsgf ../sgf/p02.sgf
komi 6.5
214 final_score
#? [W\+4\.5]
215 final_status_list dead
#? [\s*]

kata-set-rules traditional
loadsgf ../sgf/p02.sgf
komi 6.5
216 final_score
#? [W\+4\.5]
217 final_status_list dead
#? [\s*]

# E01: two passes end the game (RE appears in printsgf) except under yasunaga, which
# needs a third. Every preset scores this board W+0.5 (area 8-8, territory 4-4, stones 4-4).
# ---- E01: game end: 2 passes vs 3 (yasunaga)
kata-set-rules chinese
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
218 final_score
#? [W\+0\.5]
219 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules japanese
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
220 final_score
#? [W\+0\.5]
221 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules korean
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
222 final_score
#? [W\+0\.5]
223 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules aga
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
224 final_score
#? [W\+0\.5]
225 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules new-zealand
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
226 final_score
#? [W\+0\.5]
227 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules tromp-taylor
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
228 final_score
#? [W\+0\.5]
229 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules ing
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
230 final_score
#? [W\+0\.5]
231 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules primitive
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
232 final_score
#? [W\+0\.5]
233 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules yasunaga
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
234 final_score
#? [W\+0\.5]
235 printsgf
#? [!(?s).*RE\[.*]
play b pass
236 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

kata-set-rules traditional
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w pass
237 final_score
#? [W\+0\.5]
238 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

# ---- Y01 (derived from the CONTRACT's PassReset = Yasunaga: no repeated position since
# the last pass). K03's cycle with a Black pass after W C6 (GTP lets Black then move
# again): the position to be repeated (after B D4) lies before the pass, so the repetition
# is allowed under yasunaga, still forbidden under positional superko (tromp-taylor,
# chinese), and allowed under simple ko (japanese).

kata-set-rules yasunaga
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b pass
play b a6
2000 is_legal w b6
#? [1]

kata-set-rules tromp-taylor
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b pass
play b a6
2001 is_legal w b6
#? [0]

kata-set-rules chinese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b pass
play b a6
2002 is_legal w b6
#? [0]

kata-set-rules japanese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b pass
play b a6
2003 is_legal w b6
#? [1]

# ---- E02 (derived from the CONTRACT's white_passes_last for aga): the E01 game, but
# White passes first and Black last (GTP lets White move twice): over under chinese, not
# under aga until White passes again. Both score W+0.5 (area).

kata-set-rules chinese
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play w pass
play b pass
2004 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

2005 final_score
#? [W\+0\.5]

kata-set-rules aga
boardsize 4
clear_board
komi 0.5
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play w pass
play b pass
2006 printsgf
#? [!(?s).*RE\[.*]

play w pass
2007 printsgf
#? [(?s).*RE\[W\+0\.5\].*]

2008 final_score
#? [W\+0\.5]

# ---- SEKI01 (constructed, checked by hand; not in cases.md): 7x7, Black A-C columns with
# one eye B4, White E-G with one eye F4, the D column empty: 7 shared liberties, one eye
# each. Whoever fills the last shared liberty is captured, so nobody does: seki (mutual
# life). Nothing is dead; the D column is dame. Area: Black 20 + B4 = 21, White 21;
# territory: seki eyes count 0 (japanese) or 1 each; stones 20 each. With komi 0.5 every
# preset scores W+0.5. Statuses do not depend on the rules: checked once.

kata-set-rules chinese
loadsgf ../sgf/seki.sgf
komi 0.5
3000 final_status_list dead
#? [\s*]

3001 final_status_list seki
#? [(\s*[A-CE-G][1-7]){40}\s*]

kata-set-rules chinese
loadsgf ../sgf/seki.sgf
komi 0.5
3002 final_score
#? [W\+0\.5]

kata-set-rules japanese
loadsgf ../sgf/seki.sgf
komi 0.5
3003 final_score
#? [W\+0\.5]

kata-set-rules korean
loadsgf ../sgf/seki.sgf
komi 0.5
3004 final_score
#? [W\+0\.5]

kata-set-rules aga
loadsgf ../sgf/seki.sgf
komi 0.5
3005 final_score
#? [W\+0\.5]

kata-set-rules new-zealand
loadsgf ../sgf/seki.sgf
komi 0.5
3006 final_score
#? [W\+0\.5]

kata-set-rules tromp-taylor
loadsgf ../sgf/seki.sgf
komi 0.5
3007 final_score
#? [W\+0\.5]

kata-set-rules ing
loadsgf ../sgf/seki.sgf
komi 0.5
3008 final_score
#? [W\+0\.5]

kata-set-rules primitive
loadsgf ../sgf/seki.sgf
komi 0.5
3009 final_score
#? [W\+0\.5]

kata-set-rules yasunaga
loadsgf ../sgf/seki.sgf
komi 0.5
3010 final_score
#? [W\+0\.5]

kata-set-rules traditional
loadsgf ../sgf/seki.sgf
komi 0.5
3011 final_score
#? [W\+0\.5]

# ---- K03u: superko history follows undo (tromp-taylor, positional). After the K03
# sequence W B6 is illegal; undoing B A6 and playing it again keeps it illegal; undoing
# back past B D4 and replaying the same moves restores the same ban.
kata-set-rules tromp-taylor
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
4000 is_legal w b6
#? [0]

4001 undo
#? []

4002 play b a6
#? []

4003 is_legal w b6
#? [0]

undo
undo
undo
# Now W to move after B F5, W pass: B6 is occupied by White, C6 empty.
4004 is_legal w c6
#? [1]

play b d4
play w c6
play b a6
4005 is_legal w b6
#? [0]

# Elsewhere moves are not affected.
4006 is_legal w a1
#? [1]

# ---- SEKI02 (constructed, checked by hand): a seki WITHOUT eyes. 7x7: Black outer group
# A-B with eyes A2, A6; White inner chain C1-C7 + D1-D5; Black inner chain E1-E7; White
# outer group F-G with eyes G2, G6. The inner chains share exactly D6 and D7 and have no
# other liberty: whoever plays there is captured, so both live in seki. Area: Black
# 19 stones + 2 eyes = 21, White 24 + 2 = 26 -> W+5.5 (komi 0.5); stones 19 v 24 ->
# W+5.5; territory 2 v 2 -> W+0.5.

kata-set-rules chinese
loadsgf ../sgf/seki2.sgf
komi 0.5
3100 final_status_list dead
#? [\s*]

3101 final_status_list seki
#? [(\s*([CE][1-7]|D[1-5])){19}\s*]

kata-set-rules chinese
loadsgf ../sgf/seki2.sgf
komi 0.5
3102 final_score
#? [W\+5\.5]

kata-set-rules aga
loadsgf ../sgf/seki2.sgf
komi 0.5
3103 final_score
#? [W\+5\.5]

kata-set-rules new-zealand
loadsgf ../sgf/seki2.sgf
komi 0.5
3104 final_score
#? [W\+5\.5]

kata-set-rules tromp-taylor
loadsgf ../sgf/seki2.sgf
komi 0.5
3105 final_score
#? [W\+5\.5]

kata-set-rules ing
loadsgf ../sgf/seki2.sgf
komi 0.5
3106 final_score
#? [W\+5\.5]

kata-set-rules primitive
loadsgf ../sgf/seki2.sgf
komi 0.5
3107 final_score
#? [W\+5\.5]

kata-set-rules japanese
loadsgf ../sgf/seki2.sgf
komi 0.5
3108 final_score
#? [W\+0\.5]

kata-set-rules korean
loadsgf ../sgf/seki2.sgf
komi 0.5
3109 final_score
#? [W\+0\.5]

kata-set-rules traditional
loadsgf ../sgf/seki2.sgf
komi 0.5
3110 final_score
#? [W\+0\.5]

kata-set-rules yasunaga
loadsgf ../sgf/seki2.sgf
komi 0.5
3111 final_score
#? [W\+0\.5]

# Statuses are disjoint: in SEKI02 the outer groups (24 stones) are alive, the inner
# chains in seki; in SEKI01 no stone is alive (all 40 in seki).
kata-set-rules japanese
loadsgf ../sgf/seki2.sgf
3200 final_status_list alive
#? [(\s*[ABFG][1-7]){24}\s*]

loadsgf ../sgf/seki.sgf
3201 final_status_list alive
#? [\s*]

3202 final_status_list seki
#? [(\s*[A-CE-G][1-7]){40}\s*]

# ---- K03f: the K03 moves come from the file (k03moves.sgf), not from play: the superko
# history must hold the file's positions. Also when loading stops before the last move.
kata-set-rules tromp-taylor
loadsgf ../sgf/k03moves.sgf
4100 is_legal w b6
#? [0]

loadsgf ../sgf/k03moves.sgf 5
play b a6
4101 is_legal w b6
#? [0]

kata-set-rules japanese
loadsgf ../sgf/k03moves.sgf
4102 is_legal w b6
#? [1]

kata-set-rules new-zealand
loadsgf ../sgf/k03moves.sgf
4103 is_legal w b6
#? [1]

# ---- K03r: rules changed in mid-game keep the whole history: the K03 sequence played under
# japanese (simple ko), then kata-set-rules tromp-taylor: W B6 repeats a position, illegal.
kata-set-rules japanese
loadsgf ../sgf/k01.sgf
play b f5
play w pass
play b d4
play w c6
play b a6
4200 is_legal w b6
#? [1]

kata-set-rules tromp-taylor
4201 is_legal w b6
#? [0]

kata-set-rules japanese
4202 is_legal w b6
#? [1]

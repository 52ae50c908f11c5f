# kata-set-rules with KataGo's JSON rules form (as Sabaki and KaTrain send it: the JSON
# arrives split on spaces) and with KataGo's short names; kata-get-rules answers in the same
# JSON. Missing keys take KataGo's defaults (Tromp-Taylor-like); the JSON leaves komi alone
# unless it has "komi". Rules Tengen cannot play (tax ALL under territory scoring, hasButton
# true), unknown keys or values and malformed JSON are errors that change nothing.
# tengen-args: --playouts 200 --threads 1

# KataGo's chinese-ogs, as KataGo prints it: Tengen's chinese. Komi stays 7.5.
10 kata-set-rules {"friendlyPassOk":true,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}
#? []
11 kata-get-rules
#? [\{"name":"chinese","ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":7\.5\}]

# KataGo's japanese, with spaces (GTP splits it into several arguments): star-point
# handicap comes with the preset. Komi is not changed by the JSON.
12 kata-set-rules { "ko": "SIMPLE", "scoring": "TERRITORY", "tax": "SEKI", "suicide": false, "hasButton": false, "whiteHandicapBonus": "0", "friendlyPassOk": false }
#? []
13 kata-get-rules
#? [\{"name":"japanese","ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":true,"teirePresumed":true,"removeDead":true,"komi":7\.5\}]

# "name" (Tengen's own output) tells korean from japanese.
14 kata-set-rules {"name":"korean","ko":"SIMPLE","scoring":"TERRITORY","suicide":false}
#? []
15 kata-get-rules
#? [\{"name":"korean","ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI",.*\}]

# KataGo's aga: pass stones and White passing last come with Tengen's aga.
16 kata-set-rules {"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N-1","friendlyPassOk":true}
#? []
17 kata-get-rules
#? [\{"name":"aga","ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N-1","hasButton":false,"endPasses":2,"passStones":true,"whitePassesLast":true,"fixedHandicap":true,"teirePresumed":false,"removeDead":true,"komi":7\.5\}]

# Nothing given: KataGo's defaults, Tromp-Taylor (friendlyPassOk false: the board is
# counted as it stands).
18 kata-set-rules {}
#? []
19 kata-get-rules
#? [\{"name":"tromp-taylor","ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":false,"komi":7\.5\}]
20 kata-set-rules {"friendlyPassOk":true}
#? []
21 kata-get-rules
#? [\{"name":"ing",.*"removeDead":true,"komi":7\.5\}]

# KataGo's chinese has simple ko: no Tengen preset, so "custom".
22 kata-set-rules {"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N","friendlyPassOk":true}
#? []
23 kata-get-rules
#? [\{"name":"custom","ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"whiteHandicapBonus":"N","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":7\.5\}]

# Territory scoring without "tax": seki eyes not counted, as in KataGo.
24 kata-set-rules {"scoring":"TERRITORY"}
#? []
25 kata-get-rules
#? [\{"name":"custom","ko":"POSITIONAL","scoring":"TERRITORY","tax":"SEKI","suicide":true,.*\}]

# A komi in the JSON is set (empty board: White wins by komi) and then stays like `komi`.
26 kata-set-rules {"ko":"SITUATIONAL","scoring":"AREA","suicide":true,"friendlyPassOk":true,"komi":6}
#? []
27 kata-get-rules
#? [\{"name":"new-zealand",.*"komi":6\}]
28 final_score
#? [W\+6]
kata-set-rules chinese
29 final_score
#? [W\+6]

# kata-get-rules' own output comes back unchanged (Tengen's SPIGHT, STONES, endPasses).
30 kata-set-rules {"name":"yasunaga","ko":"SPIGHT","scoring":"TERRITORY","tax":"NONE","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":3,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":0}
#? []
31 kata-get-rules
#? [\{"name":"yasunaga","ko":"SPIGHT","scoring":"TERRITORY","tax":"NONE","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":3,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":0\}]
32 kata-set-rules {"name":"primitive","ko":"POSITIONAL","scoring":"STONES","tax":"NONE","suicide":true,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":-2.5}
#? []
33 kata-get-rules
#? [\{"name":"primitive","ko":"POSITIONAL","scoring":"STONES","tax":"NONE","suicide":true,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":false,"teirePresumed":false,"removeDead":true,"komi":-2\.5\}]
34 kata-set-rules {"name":"custom","ko":"SIMPLE","scoring":"AREA","tax":"SEKI","suicide":true,"whiteHandicapBonus":"N-1","hasButton":false,"endPasses":3,"passStones":true,"whitePassesLast":false,"fixedHandicap":true,"teirePresumed":false,"removeDead":false,"komi":7.5}
#? []
35 kata-get-rules
#? [\{"name":"custom","ko":"SIMPLE","scoring":"AREA","tax":"SEKI","suicide":true,"whiteHandicapBonus":"N-1","hasButton":false,"endPasses":3,"passStones":true,"whitePassesLast":false,"fixedHandicap":true,"teirePresumed":false,"removeDead":false,"komi":7\.5\}]

# KataGo's short names, in KataGo's spellings.
40 kata-set-rules tromp-taylor
#? []
41 kata-get-rules
#? [\{"name":"tromp-taylor",.*\}]
42 kata-set-rules TrompTaylor
#? []
43 kata-get-rules
#? [\{"name":"tromp-taylor",.*\}]
44 kata-set-rules Chinese-OGS
#? []
45 kata-get-rules
#? [\{"name":"chinese",.*\}]
46 kata-set-rules chinesekgs
#? []
47 kata-get-rules
#? [\{"name":"chinese",.*\}]
48 kata-set-rules japanese
#? []
49 kata-get-rules
#? [\{"name":"japanese",.*\}]
50 kata-set-rules korean
#? []
51 kata-get-rules
#? [\{"name":"korean",.*\}]
52 kata-set-rules stone-scoring
#? []
53 kata-get-rules
#? [\{"name":"primitive",.*\}]
54 kata-set-rules StoneScoring
#? []
55 kata-get-rules
#? [\{"name":"primitive",.*\}]
56 kata-set-rules ancient-area
#? []
57 kata-get-rules
#? [\{"name":"primitive",.*\}]
58 kata-set-rules aga
#? []
59 kata-get-rules
#? [\{"name":"aga",.*\}]
60 kata-set-rules bga
#? []
61 kata-get-rules
#? [\{"name":"aga",.*\}]
62 kata-set-rules french
#? []
63 kata-get-rules
#? [\{"name":"aga",.*\}]
64 kata-set-rules aga-button
#? []
65 kata-get-rules
#? [\{"name":"aga",.*\}]
66 kata-set-rules AgaButton
#? []
67 kata-get-rules
#? [\{"name":"aga",.*\}]
68 kata-set-rules new zealand
#? []
69 kata-get-rules
#? [\{"name":"new-zealand",.*\}]
70 kata-set-rules NewZealand
#? []
71 kata-get-rules
#? [\{"name":"new-zealand",.*\}]
72 kata-set-rules nz
#? []
73 kata-get-rules
#? [\{"name":"new-zealand",.*\}]
74 kata-set-rules goe
#? []
75 kata-get-rules
#? [\{"name":"ing",.*\}]
76 kata-set-rules chinese
#? []
77 kata-get-rules
#? [\{"name":"chinese",.*\}]

# Rules Tengen cannot play are refused and change nothing (still japanese, komi 6).
kata-set-rules japanese
komi 6
80 kata-set-rules {"ko":"SIMPLE","scoring":"TERRITORY","tax":"ALL","suicide":false}
#? [\?unsupported rules: tax ALL under territory scoring]
81 kata-set-rules {"ko":"SITUATIONAL","scoring":"AREA","hasButton":true,"whiteHandicapBonus":"N-1","komi":7}
#? [\?unsupported rules: hasButton true]
82 kata-set-rules {"endPasses":4}
#? [\?unsupported rules: endPasses 4]
83 kata-set-rules {"friendlyPassOk":true,"removeDead":false}
#? [\?unsupported rules: friendlyPassOk true with removeDead false]
84 kata-set-rules ancient-territory
#? [\?unsupported rules: ancient-territory.*]
85 kata-get-rules
#? [\{"name":"japanese","ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":true,"teirePresumed":true,"removeDead":true,"komi":6\}]
86 final_score
#? [W\+6]

# Unknown keys and values, wrong types and malformed JSON: errors, nothing changes.
90 kata-set-rules {"ko":"SIMPLE"
#? [\?syntax error.*]
91 kata-set-rules {ko:SIMPLE}
#? [\?syntax error.*]
92 kata-set-rules {"ko":"SIMPLE",}
#? [\?syntax error.*]
93 kata-set-rules {"ko":"SIMPLE"} {}
#? [\?syntax error.*]
94 kata-set-rules {"ko":"TRIPLE"}
#? [\?bad value for rules field 'ko'.*]
95 kata-set-rules {"Ko":"SIMPLE"}
#? [\?unknown rules field 'Ko']
96 kata-set-rules {"suicide":"yes"}
#? [\?bad value for rules field 'suicide'.*]
97 kata-set-rules {"komi":"7.5"}
#? [\?bad value for rules field 'komi'.*]
98 kata-set-rules {"whiteHandicapBonus":2}
#? [\?bad value for rules field 'whiteHandicapBonus'.*]
99 kata-set-rules [1,2]
#? [\?.+]
100 kata-set-rules chinese japanese
#? [\?unknown rules]
101 kata-set-rules
#? [\?syntax error]
102 kata-get-rules
#? [\{"name":"japanese","ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":true,"teirePresumed":true,"removeDead":true,"komi":6\}]
103 final_score
#? [W\+6]

# KataGo's stone scoring (area, every group taxed two points) is Tengen's stone counting:
# the primitive preset's scoring. Komi stays as it was.
kata-set-rules japanese
komi 0
110 kata-set-rules {"ko":"POSITIONAL","scoring":"AREA","tax":"ALL","suicide":true,"whiteHandicapBonus":"0","hasButton":false}
#? []
111 kata-get-rules
#? [\{"name":"primitive","ko":"POSITIONAL","scoring":"STONES",.*"komi":0\}]

# kata-set-rule KEY VALUE (KataGo's): one field of the rules in force, the others and komi
# kept; words in any case. Japanese with positional superko is no preset: custom.
kata-set-rules japanese
komi 6.5
120 kata-set-rule ko positional
#? []
121 kata-get-rules
#? [\{"name":"custom","ko":"POSITIONAL","scoring":"TERRITORY","tax":"SEKI","suicide":false,"whiteHandicapBonus":"0","hasButton":false,"endPasses":2,"passStones":false,"whitePassesLast":false,"fixedHandicap":true,"teirePresumed":true,"removeDead":true,"komi":6\.5\}]
122 kata-set-rule ko SIMPLE
#? []
123 kata-get-rules
#? [\{"name":"japanese",.*"komi":6\.5\}]

# score is scoring; a flag; friendlyPassOk under area scoring decides removeDead.
kata-set-rules chinese
124 kata-set-rule score territory
#? []
125 kata-get-rules
#? [\{"name":"custom","ko":"POSITIONAL","scoring":"TERRITORY",.*\}]
kata-set-rules tromp-taylor
126 kata-set-rule friendlyPassOk true
#? []
127 kata-get-rules
#? [\{.*"scoring":"AREA",.*"removeDead":true,.*\}]
128 kata-set-rule suicide FALSE
#? []
129 kata-get-rules
#? [\{.*"suicide":false,.*\}]

# Errors change nothing: a wrong word or type, an unknown field, the name, a missing value.
130 kata-set-rule ko super
#? [\?bad value for rules field 'ko'.*]
131 kata-set-rule suicide maybe
#? [\?bad value for rules field 'suicide'.*]
132 kata-set-rule Ko SIMPLE
#? [\?unknown rules field 'Ko']
133 kata-set-rule name japanese
#? [\?unknown rules field 'name']
134 kata-set-rule ko
#? [\?syntax error]
135 kata-set-rule hasButton true
#? [\?unsupported rules: hasButton true]
136 kata-get-rules
#? [\{.*"scoring":"AREA",.*"suicide":false,.*"removeDead":true,.*\}]

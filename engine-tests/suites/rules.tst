# Rules commands: kata-set-rules for every Tengen preset and for KataGo names that map,
# kata-get-rules (KataGo's JSON: "ko", "scoring", "suicide"; checked for the presets KataGo
# can express), kgs-rules, and unknown names (an error that changes nothing).
# Tengen's chinese is chinese-psk (positional superko), like KataGo's chinese-ogs/chinese-kgs.

10 kata-set-rules chinese
#? []
11 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
12 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
13 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
14 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]

15 kata-set-rules japanese
#? []
16 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
17 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SIMPLE".*\}\s*]
18 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"TERRITORY".*\}\s*]
19 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]

20 kata-set-rules korean
#? []
21 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
22 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SIMPLE".*\}\s*]
23 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"TERRITORY".*\}\s*]
24 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]

25 kata-set-rules aga
#? []
26 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
27 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
28 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
29 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]

30 kata-set-rules new-zealand
#? []
31 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
32 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
33 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
34 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*true.*\}\s*]

35 kata-set-rules tromp-taylor
#? []
36 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
37 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
38 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
39 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*true.*\}\s*]

40 kata-set-rules ing
#? []
41 kata-get-rules
#? [(?s)\s*\{.*\}\s*]

42 kata-set-rules primitive
#? []
43 kata-get-rules
#? [(?s)\s*\{.*\}\s*]

44 kata-set-rules yasunaga
#? []
45 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
46 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SPIGHT".*\}\s*]

47 kata-set-rules traditional
#? []
48 kata-get-rules
#? [(?s)\s*\{.*\}\s*]
49 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SIMPLE".*\}\s*]
50 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"TERRITORY".*\}\s*]
51 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]

# Upper case and '_' for '-' are accepted.
52 kata-set-rules TROMP_TAYLOR
#? []
53 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
54 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
55 kata-set-rules New_Zealand
#? []
56 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
57 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
58 kata-set-rules Japanese
#? []
59 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SIMPLE".*\}\s*]
60 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"TERRITORY".*\}\s*]

# KataGo preset names that map onto Tengen presets.
61 kata-set-rules chinese-ogs
#? []
62 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
63 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
64 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]
65 kata-set-rules chinese-kgs
#? []
66 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
67 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
68 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]
69 kata-set-rules new-zealand
#? []
70 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
71 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
72 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*true.*\}\s*]
73 kata-set-rules tromp-taylor
#? []
74 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
75 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
76 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*true.*\}\s*]
77 kata-set-rules korean
#? []
78 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SIMPLE".*\}\s*]
79 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"TERRITORY".*\}\s*]
80 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]

# kgs-rules: the four names kgsGtp sends.
81 kgs-rules japanese
#? []
82 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SIMPLE".*\}\s*]
83 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"TERRITORY".*\}\s*]
84 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]
85 kgs-rules chinese
#? []
86 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"POSITIONAL".*\}\s*]
87 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
88 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]
89 kgs-rules aga
#? []
90 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
91 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
92 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*false.*\}\s*]
93 kgs-rules new_zealand
#? []
94 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
95 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
96 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*true.*\}\s*]

# An unknown name is an error and changes nothing (still New Zealand).
97 kata-set-rules no-such-rules
#? [\?.+]

98 kgs-rules no-such-rules
#? [\?.+]

99 kata-set-rules
#? [\?.+]
100 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"SITUATIONAL".*\}\s*]
101 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"AREA".*\}\s*]
102 kata-get-rules
#? [(?is)\s*\{.*"suicide"\s*:\s*true.*\}\s*]

# Changing rules keeps komi (empty board: White wins by komi).
komi 4.5
kata-set-rules japanese
103 final_score
#? [W\+4\.5]

kata-set-rules chinese
104 final_score
#? [W\+4\.5]

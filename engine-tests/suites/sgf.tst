# loadsgf and printsgf: real-world files (FF[3]/FF[4], variations, unknown properties,
# setup stones, handicap, rules, a move number), failures, and printsgf's record.
# Full printsgf -> loadsgf round trips through files are in engine-tests/sgf_roundtrip.rs.
# moves.sgf (9x9, KM 6.5): B E5, W E6, B F6, W D5, B E7, W D6, B D7, W C7, B F5, W E4,
# B A2, W A1, B B1 (captures A1).

kata-set-rules chinese
10 loadsgf ../sgf/moves.sgf
#? [.*]

11 is_legal w e5
#? [0]

12 is_legal b e4
#? [0]

13 is_legal b b1
#? [0]

# A1 was captured: empty, and a White stone there would be suicide.
14 is_legal b a1
#? [1]

15 is_legal w a1
#? [0]

16 is_legal b j9
#? [1]

# Komi from KM (empty-ish scoring is not needed: printsgf shows it).
17 printsgf
#? [(?s)\s*\(\s*;.*KM\[6\.5\].*\)\s*]

18 printsgf
#? [(?s).*SZ\[9\].*]

# The moves, in order, as moves (not setup).
19 printsgf
#? [(?s).*;\s*B\[ee\].*;\s*W\[ed\].*;\s*B\[fd\].*;\s*W\[ai\].*;\s*B\[bi\].*]

20 printsgf
#? [(?s).*PB\[.*]

21 printsgf
#? [(?s).*PW\[.*]

# The last move can be undone; history came from the file.
22 undo
#? []

23 is_legal w b1
#? [1]

24 is_legal b a1
#? [0]

# loadsgf FILE N: the position before move N is played (GTP v2 loadsgf).
25 loadsgf ../sgf/moves.sgf 3
#? [.*]

26 is_legal b e5
#? [0]

27 is_legal b e6
#? [0]

28 is_legal b f6
#? [1]

29 is_legal b d5
#? [1]

30 loadsgf ../sgf/moves.sgf 1
#? [.*]

31 is_legal w e5
#? [1]

32 undo
#? [\?cannot undo]

# A move number past the end loads the whole game.
33 loadsgf ../sgf/moves.sgf 1000
#? [.*]

34 is_legal b a1
#? [1]

35 is_legal b b1
#? [0]

# FF[3] with W[tt] as a pass and RU[Chinese]: B E5, W pass, B C7.
36 loadsgf ../sgf/ff3.sgf
#? [.*]

37 is_legal w e5
#? [0]

38 is_legal w c7
#? [0]

39 is_legal w j1
#? [1]

40 kata-get-rules
#? [(?is).*"scoring"\s*:\s*"area".*]

# Variations: the main line (first variation) is loaded: B E5, W C7, B G3.
41 loadsgf ../sgf/variations.sgf
#? [.*]

42 is_legal b c7
#? [0]

43 is_legal b g3
#? [0]

44 is_legal b g7
#? [1]

45 is_legal b c3
#? [1]

# Unknown properties and comments with escaped brackets are ignored: B E5, W C7.
46 loadsgf ../sgf/unknown.sgf
#? [.*]

47 is_legal b e5
#? [0]

48 is_legal b c7
#? [0]

# Handicap: HA[2] AB G7 C3, PL[W], then W E5, B E7.
49 loadsgf ../sgf/handicap.sgf
#? [.*]

50 is_legal w g7
#? [0]

51 is_legal w c3
#? [0]

52 is_legal b e5
#? [0]

53 is_legal w e7
#? [0]

54 printsgf
#? [(?s).*HA\[2\].*]

55 printsgf
#? [(?s).*AB(\s*\[[a-s]{2}\])*\s*\[(gc|cg)\].*]

56 printsgf
#? [(?s).*;\s*W\[ee\].*;\s*B\[ec\].*]

# Setup stones: AB C7 G3 E5, AW G7 C3, AE A9 (empty anyway), PL[W], then W D6, B F4.
57 loadsgf ../sgf/setup.sgf
#? [.*]

58 is_legal w c7
#? [0]

59 is_legal w g3
#? [0]

60 is_legal w e5
#? [0]

61 is_legal b g7
#? [0]

62 is_legal b c3
#? [0]

63 is_legal b d6
#? [0]

64 is_legal w f4
#? [0]

65 is_legal b a9
#? [1]

66 printsgf
#? [(?s).*AB\s*\[.*]

67 printsgf
#? [(?s).*AW\s*\[.*]

68 printsgf
#? [(?s).*;\s*W\[dd\].*;\s*B\[ff\].*]

# Setup stones are not moves: two undos and no more.
69 undo
#? []

70 undo
#? []

71 undo
#? [\?cannot undo]

72 is_legal b c7
#? [0]

# RU[Japanese] sets territory scoring; RU[tromp-taylor] area with suicide.
73 loadsgf ../sgf/ru_japanese.sgf
#? [.*]

74 kata-get-rules
#? [(?is).*"scoring"\s*:\s*"territory".*]

75 printsgf
#? [(?si).*RU\[japanese\].*]

76 loadsgf ../sgf/ru_tt.sgf
#? [.*]

77 kata-get-rules
#? [(?is).*"ko"\s*:\s*"positional".*]

78 kata-get-rules
#? [(?is).*"suicide"\s*:\s*true.*]

# One Black stone on an empty 9x9 under Tromp-Taylor: Black owns all 81 points, komi 7.5.
79 final_score
#? [B\+73\.5]

# Failures leave the loaded game as it was.
80 loadsgf ../sgf/broken.sgf
#? [\?cannot load file]

81 is_legal w e5
#? [0]

82 final_score
#? [B\+73\.5]

# printsgf of a game with passes and a finished result.
boardsize 5
clear_board
komi 0.5
kata-set-rules chinese
play b c3
play w pass
play b pass
83 printsgf
#? [(?s).*SZ\[5\].*KM\[0\.5\].*]

84 printsgf
#? [(?s).*;\s*B\[cc\]\s*;\s*W\[(tt)?\]\s*;\s*B\[(tt)?\].*]

85 printsgf
#? [(?s).*RE\[B\+24\.5\].*]

# An empty 19x19 game prints a valid record too.
boardsize 19
clear_board
86 printsgf
#? [(?s)\s*\(\s*;.*SZ\[19\].*\)\s*]

# A KGS (CGoban) record: header on several lines, time properties, passes written B[]
# and W[tt] on 19x19, variations at the end (main line W Q4): B Q16, W D4, B pass,
# W pass, B D16, W Q4.
87 loadsgf ../sgf/kgs.sgf
#? [.*]

88 is_legal w q16
#? [0]

89 is_legal b d4
#? [0]

90 is_legal w d16
#? [0]

91 is_legal b q4
#? [0]

92 is_legal b r3
#? [1]

93 kata-get-rules
#? [(?is).*"scoring"\s*:\s*"territory".*]

94 final_score
#? [W\+6\.5]

# Six moves, two of them passes.
undo
undo
undo
undo
undo
95 undo
#? []

96 undo
#? [\?cannot undo]

# A collection of two games: the first is loaded.
97 loadsgf ../sgf/collection.sgf
#? [.*]

98 is_legal w e5
#? [0]

99 is_legal b j9
#? [1]

# 19x19 handicap 3 with AB, then W Q4.
100 loadsgf ../sgf/handicap19.sgf
#? [.*]

101 is_legal b d4
#? [0]

102 is_legal b q16
#? [0]

103 is_legal b d16
#? [0]

104 is_legal b q4
#? [0]

105 printsgf
#? [(?s).*HA\[3\].*]

# An illegal move in the record (W E5 on B E5) makes it a broken file: an error, and
# the game loaded before stays.
106 loadsgf ../sgf/illegal.sgf
#? [\?cannot load file]

107 is_legal b q4
#? [0]

# Player names survive loadsgf -> printsgf (issue 3: printsgf writes PB/PW and "loadsgf
# reads it back to the same game"), UTF-8 and escaped ']' included.
108 loadsgf ../sgf/moves.sgf
#? [.*]

109 printsgf
#? [(?s).*PB\[Alice\].*]

110 printsgf
#? [(?s).*PW\[Bob\].*]

111 loadsgf ../sgf/utf8.sgf
#? [.*]

112 printsgf
#? [(?s).*PB\[本因坊秀策\].*]

113 printsgf
#? [(?s).*PW\[Gen\\\]an\].*]

114 is_legal w e5
#? [0]

# The SGF FF[4] spec's RU names: NZ (New Zealand: situational superko, suicide allowed),
# AGA (situational, no suicide), GOE (Ing: area, suicide allowed).
115 loadsgf ../sgf/ru_nz.sgf
#? [.*]

116 kata-get-rules
#? [(?is).*"ko"\s*:\s*"situational".*]

117 kata-get-rules
#? [(?is).*"suicide"\s*:\s*true.*]

118 loadsgf ../sgf/ru_aga.sgf
#? [.*]

119 kata-get-rules
#? [(?is).*"ko"\s*:\s*"situational".*]

120 kata-get-rules
#? [(?is).*"suicide"\s*:\s*false.*]

121 loadsgf ../sgf/ru_goe.sgf
#? [.*]

122 kata-get-rules
#? [(?is).*"scoring"\s*:\s*"area".*]

123 kata-get-rules
#? [(?is).*"suicide"\s*:\s*true.*]

# FF[4] compressed point lists: AB[aa:cc] is the 3x3 block A7-C9, AW[gg:ii] G1-J3.
124 loadsgf ../sgf/compressed.sgf
#? [.*]

125 is_legal w b8
#? [0]

126 is_legal w a7
#? [0]

127 is_legal b h2
#? [0]

128 is_legal b j1
#? [0]

129 is_legal b d6
#? [1]

130 is_legal b d9
#? [1]

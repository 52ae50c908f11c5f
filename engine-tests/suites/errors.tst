# Every error message of issue 3 (GTP v2 texts) and the game state after each error.
# A failure reply is matched as '?' + message.

boardsize 9
clear_board
komi 6.5
kata-set-rules japanese

# Unknown command.
10 foo
#? [\?unknown command]

# boardsize: range 2..25.
11 boardsize 0
#? [\?unacceptable size]

12 boardsize 1
#? [\?unacceptable size]

13 boardsize 26
#? [\?unacceptable size]

14 boardsize 100
#? [\?unacceptable size]

15 boardsize abc
#? [\?syntax error]

16 boardsize
#? [\?syntax error]

# Not an int in the spec's sense (unsigned, < 2^31): either message is acceptable.
17 boardsize -5
#? [\?(syntax error|unacceptable size)]

18 boardsize 99999999999999999999999
#? [\?(syntax error|unacceptable size)]

# The board is still 9x9: J9 is on it, K9 is not.
19 is_legal b j9
#? [1]

20 play b e5
#? []

# play: illegal moves and syntax errors.
21 play b e5
#? [\?illegal move]

22 play w e5
#? [\?illegal move]

23 play x e5
#? [\?syntax error]

24 play b
#? [\?syntax error]

25 play
#? [\?syntax error]

26 play b i5
#? [\?syntax error]

27 play b e5x
#? [\?syntax error]

28 play b 5e
#? [\?syntax error]

29 play b z99
#? [\?(syntax error|illegal move)]

30 play b k5
#? [\?(syntax error|illegal move)]

31 play b e0
#? [\?(syntax error|illegal move)]

32 play b e-1
#? [\?(syntax error|illegal move)]

# After all this, E5 is still Black's (occupied for both), D5 is empty.
33 is_legal b e5
#? [0]

34 is_legal w e5
#? [0]

35 is_legal w d5
#? [1]

# undo: one move to undo, then none.
36 undo
#? []

37 is_legal b e5
#? [1]

38 undo
#? [\?cannot undo]

39 is_legal b e5
#? [1]

# komi.
40 komi abc
#? [\?syntax error]

41 komi
#? [\?syntax error]

# Komi still 6.5 (empty board: White wins by komi).
42 final_score
#? [W\+6\.5]

# final_status_list needs alive, dead or seki.
43 final_status_list foo
#? [\?syntax error]

44 final_status_list
#? [\?syntax error]

# Handicap on a non-empty board.
play b e5
45 fixed_handicap 2
#? [\?board not empty]

46 place_free_handicap 2
#? [\?board not empty]

47 set_free_handicap a1 b1
#? [\?board not empty]

48 is_legal b a1
#? [1]

49 is_legal b b1
#? [1]

50 undo
#? []

# Handicap counts.
51 fixed_handicap 1
#? [\?invalid number of stones]

52 fixed_handicap 10
#? [\?invalid number of stones]

53 fixed_handicap abc
#? [\?syntax error]

54 place_free_handicap 1
#? [\?invalid number of stones]

55 place_free_handicap 81
#? [\?invalid number of stones]

56 place_free_handicap 0
#? [\?invalid number of stones]

# Bad vertex lists.
57 set_free_handicap a1 a1
#? [\?bad vertex list: repeated vertex A1]

58 set_free_handicap a1 b1 a1
#? [\?bad vertex list: repeated vertex A1]

59 set_free_handicap a1 z99
#? [\?bad vertex list]

60 set_free_handicap a1 i5
#? [\?bad vertex list]

61 set_free_handicap a1
#? [\?invalid number of stones]

62 set_free_handicap a1 k5
#? [\?bad vertex list]

# Nothing was placed.
63 is_legal w a1
#? [1]

64 is_legal w b1
#? [1]

# loadsgf failures; a file that cannot be read says why, at once (a device is never read).
65 loadsgf no-such-file.sgf
#? [\?cannot load file: No such file or directory.*]

103 loadsgf /dev/zero
#? [\?cannot load file: a character device, not a regular file]

104 loadsgf .
#? [\?cannot load file: a directory, not a regular file]

105 kata-set-param learned_gammas /dev/zero
#? [\?bad value '/dev/zero' for learned_gammas]

106 name
#? [Tengen]

66 loadsgf ../sgf/broken.sgf
#? [\?cannot load file]

67 loadsgf ../sgf/notsgf.sgf
#? [\?cannot load file]

68 loadsgf ../sgf/rect.sgf
#? [\?cannot load file]

69 loadsgf
#? [\?syntax error]

# Still the empty 9x9 board, Japanese rules, komi 6.5.
70 is_legal b j9
#? [1]

71 is_legal b e5
#? [1]

72 final_score
#? [W\+6\.5]

73 kata-get-rules
#? [(?is).*"scoring"\s*:\s*"territory".*]

# Other commands with bad arguments.
74 time_settings a b c
#? [\?syntax error]

75 time_settings 10 10
#? [\?syntax error]

76 time_left b abc 0
#? [\?syntax error]

77 time_left x 10 0
#? [\?syntax error]

78 genmove x
#? [\?syntax error]

79 genmove
#? [\?syntax error]

80 reg_genmove
#? [\?syntax error]

81 is_legal x a1
#? [\?syntax error]

82 is_legal b
#? [\?syntax error]

83 known_command
#? [\?syntax error]

# Unknown rules change nothing.
84 kata-set-rules no-such-rules
#? [\?.+]

85 kgs-rules no-such-rules
#? [\?.+]

86 kata-get-rules
#? [(?is).*"scoring"\s*:\s*"territory".*]

87 kgs-time_settings sudden 10
#? [\?syntax error]

# The engine is still alive and answering.
88 protocol_version
#? [2]

# Each handicap refusal has its own message (GTP v2's words first). An empty board after a
# pass: the moves are the reason, not stones.
boardsize 9
clear_board
play b pass
89 fixed_handicap 2
#? [\?moves have been played]

90 set_free_handicap c3 g7
#? [\?moves have been played]

91 is_legal w c3
#? [1]

# A count with no fixed placement (even boards take at most 4) is refused first.
boardsize 8
clear_board
play b c3
92 fixed_handicap 5
#? [\?invalid number of stones]

93 place_free_handicap 2
#? [\?board not empty]

clear_board
94 set_free_handicap c3 d4 c3 d4
#? [\?bad vertex list: repeated vertex C3]

95 set_free_handicap
#? [\?invalid number of stones]

96 place_free_handicap 64
#? [\?invalid number of stones]

97 place_free_handicap 63
#? [[A-H][1-8]( [A-H][1-8]){62}]

# Analysis commands: a key without a value, known or not, is a syntax error (issue 55: an
# unknown one started an analysis that never ended); the game goes on as it was.
boardsize 9
clear_board
play b e5
98 lz-analyze abc
#? [\?syntax error]

99 kata-analyze 10 foo
#? [\?syntax error]

100 kata-analyze b 10 maxvisits
#? [\?syntax error]

101 play w e5
#? [\?illegal move]

102 play w d5
#? []

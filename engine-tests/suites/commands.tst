# Behaviour of the core GTP commands (boardsize, clear_board, komi, play, undo,
# showboard, is_legal, final_score, final_status_list, time_settings, time_left).
# Presence of every command in list_commands/known_command: commands_list.tst.
# tengen-args: --playouts 200 --threads 1 --seed 3

# boardsize 2..25 are all accepted.
10 boardsize 2
#? []

11 boardsize 25
#? []

12 is_legal b z25
#? [1]

13 boardsize 19
#? []

14 clear_board
#? []

15 is_legal b t19
#? [1]

# play and is_legal.
16 play b d4
#? []

17 is_legal w d4
#? [0]

18 is_legal b q16
#? [1]

19 is_legal w pass
#? [1]

20 play w q16
#? []

21 play b pass
#? []

# Any colour may move: two White moves in a row are fine in GTP.
22 play w q4
#? []

23 play w d16
#? []

# undo takes back the last move only.
24 undo
#? []

25 is_legal b d16
#? [1]

26 is_legal b q4
#? [0]

27 undo
#? []

28 undo
#? []

29 undo
#? []

30 is_legal b q16
#? [1]

31 is_legal w d4
#? [0]

32 undo
#? []

33 is_legal w d4
#? [1]

34 undo
#? [\?cannot undo]

# clear_board empties the board and the history.
play b d4
play w c3
35 clear_board
#? []

36 is_legal b d4
#? [1]

37 is_legal b c3
#? [1]

38 undo
#? [\?cannot undo]

# showboard shows the stones (X Black, O White): checked on the board cells only (the run
# of '.', '+', 'X', 'O' after a row number), so other text (captures, labels) does not matter.
boardsize 5
clear_board
39 showboard
#? [!(?s)(.*\n)?[ \t]*\d+( *[.+XO])* *[XO].*]

play b c3
40 showboard
#? [(?s)(.*\n)?[ \t]*\d+( *[.+XO])* *X.*]

41 showboard
#? [!(?s)(.*\n)?[ \t]*\d+( *[.+XO])* *O.*]

play w d4
42 showboard
#? [(?s)(.*\n)?[ \t]*\d+( *[.+XO])* *O.*]

# Captures: a Black stone at A1 surrounded by White on A2 and B1.
clear_board
play b a1
play w a2
43 play w b1
#? []

# A1 is empty again (White may play there); for Black it would be suicide.
44 is_legal w a1
#? [1]

45 showboard
#? [!(?s)(.*\n)?[ \t]*\d+( *[.+XO])* *X.*]

# undo restores the captured stone.
46 undo
#? []

47 is_legal w a1
#? [0]

48 is_legal w b1
#? [1]

# Komi survives boardsize and clear_board (Sabaki sends komi first).
kata-set-rules chinese
49 komi 3.5
#? []

50 boardsize 9
#? []

51 clear_board
#? []

52 final_score
#? [W\+3\.5]

53 boardsize 13
#? []

54 final_score
#? [W\+3\.5]

55 komi 0
#? []

56 final_score
#? [0]

57 komi -2.5
#? []

58 final_score
#? [B\+2\.5]

59 komi 7
#? []

60 final_score
#? [W\+7(\.0)?]

# Scoring a simple finished 5x5 game: Black owns columns A-B, White D-E, C is dame.
boardsize 5
clear_board
komi 0.5
play b b1
play w d1
play b b2
play w d2
play b b3
play w d3
play b b4
play w d4
play b b5
play w d5
61 final_score
#? [W\+0\.5]

62 final_status_list alive
#? [(\s*[BD][1-5]){10}\s*]

63 final_status_list dead
#? [\s*]

64 final_status_list seki
#? [\s*]

komi -0.5
65 final_score
#? [B\+0\.5]

# Territory scoring gives the same here.
kata-set-rules japanese
komi 0.5
66 final_score
#? [W\+0\.5]

# A dead White stone inside Black's area (B4 in cleanup.sgf): Black D column, White E,
# White stone B4 is dead. Area: Black 21 + 7 = 28, White 14 + 7 = 21 -> B+6.5 (komi 0.5).
kata-set-rules chinese
loadsgf ../sgf/cleanup.sgf
komi 0.5
67 final_status_list dead
#? [\s*B4\s*]

68 final_status_list alive
#? [!(?s).*B4.*]

69 final_score
#? [B\+6\.5]

# Territory: Black 21 points (B4 counted once removed) + 1 prisoner, White 14 -> B+7.5.
kata-set-rules japanese
komi 0.5
70 final_score
#? [B\+7\.5]

# Tromp-Taylor counts the board as it stands (no dead stones removed): B4 stays White's,
# the A-C area touches both colours and is nobody's: Black 7, White 21 + 1 -> W+15.5.
kata-set-rules tromp-taylor
komi 0.5
78 final_score
#? [W\+15\.5]

# Time control commands.
71 time_settings 300 30 5
#? []

72 time_settings 0 0 0
#? []

73 time_settings 0 1 0
#? []

74 time_left b 100 0
#? []

75 time_left white 30 5
#? []

# reg_genmove does not change the board: on the eyes position every empty point is a
# Black eye, so Black must pass and the board stays as it is.
loadsgf ../sgf/eyes.sgf
76 reg_genmove b
#? [pass]

77 is_legal b a1
#? [1]

# tengen-playout_owner V [C] [N [SEED]]: who owns V at the end of N seeded playouts of the
# playout policy (the tactics suites use it). On the eyes position every point is Black's
# whoever moves first; bad arguments are syntax errors.
80 known_command tengen-playout_owner
#? [true]

loadsgf ../sgf/eyes.sgf
81 tengen-playout_owner a1 w 40 3
#? [black 40 white 0 neither 0]

82 tengen-playout_owner A1 30
#? [black 30 white 0 neither 0]

83 tengen-playout_owner a1
#? [black 100 white 0 neither 0]

84 tengen-playout_owner pass
#? [\?syntax error]

85 tengen-playout_owner a1 0
#? [\?syntax error]

86 tengen-playout_owner a1 b 10 -1
#? [\?syntax error]

87 tengen-playout_owner
#? [\?syntax error]

88 tengen-playout_owner a1 10 1 b
#? [\?syntax error]

# Issue 41: get_komi, echo, stop, clear_cache, kata-list-params, kata-get-param,
# kata-set-param, gomill-cpu_time; malformed ones fail and change nothing.
100 komi 6.5
#? []

101 get_komi
#? [6.5]

102 get_komi 1
#? [\?syntax error]

103 get_komi
#? [6.5]

104 echo one two
#? [one two]

105 stop
#? []

106 stop now
#? [\?syntax error]

107 boardsize 9
#? []

108 play b e5
#? []

109 clear_cache
#? []

110 is_legal w e5
#? [0]

111 kata-list-params
#? [(?s)(.* )?numSearchThreads( .*)?]

112 kata-list-params
#? [(?s)(.* )?expand_visits( .*)?]

113 kata-set-param maxTime 0.5
#? []

114 kata-get-param maxTime
#? [0.5]

115 kata-set-param maxTime soon
#? [\?bad value 'soon' for maxTime .*]

116 kata-get-param maxTime
#? [0.5]

117 kata-get-param no_such_param
#? [\?unknown parameter 'no_such_param']

118 kata-set-param expand_visits
#? [\?syntax error]

119 kata-get-param expand_visits
#? [3]

120 kata-set-param expand_visits 4
#? []

121 kata-get-param expand_visits
#? [4]

122 gomill-cpu_time
#? [\d+\.\d+]

123 gomill-cpu_time x
#? [\?syntax error]

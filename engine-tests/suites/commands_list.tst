# Every command of issue 3: presence in list_commands and known_command, then each
# command's behaviour. Move generation is in genmove.tst, KGS commands in kgs.tst,
# handicap in handicap.tst, SGF in sgf.tst, rules in rules.tst and rules_cases.tst.
# tengen-args: --playouts 200 --threads 1 --seed 3

1 protocol_version
#? [2]

2 name
#? [[^\n]+]

# A plain version number (Lizzie parses it).
3 version
#? [\d+\.\d+\.\d+]

# Each listed command on its own line.
4 list_commands
#? [[a-z][a-z0-9_-]*(\n[a-z][a-z0-9_-]*)*]

10 known_command protocol_version
#? [true]

11 list_commands
#? [(?s)(.*\n)?protocol_version(\n.*)?]

12 known_command name
#? [true]

13 list_commands
#? [(?s)(.*\n)?name(\n.*)?]

14 known_command version
#? [true]

15 list_commands
#? [(?s)(.*\n)?version(\n.*)?]

16 known_command known_command
#? [true]

17 list_commands
#? [(?s)(.*\n)?known_command(\n.*)?]

18 known_command list_commands
#? [true]

19 list_commands
#? [(?s)(.*\n)?list_commands(\n.*)?]

20 known_command quit
#? [true]

21 list_commands
#? [(?s)(.*\n)?quit(\n.*)?]

22 known_command boardsize
#? [true]

23 list_commands
#? [(?s)(.*\n)?boardsize(\n.*)?]

24 known_command clear_board
#? [true]

25 list_commands
#? [(?s)(.*\n)?clear_board(\n.*)?]

26 known_command komi
#? [true]

27 list_commands
#? [(?s)(.*\n)?komi(\n.*)?]

28 known_command play
#? [true]

29 list_commands
#? [(?s)(.*\n)?play(\n.*)?]

30 known_command genmove
#? [true]

31 list_commands
#? [(?s)(.*\n)?genmove(\n.*)?]

32 known_command undo
#? [true]

33 list_commands
#? [(?s)(.*\n)?undo(\n.*)?]

34 known_command showboard
#? [true]

35 list_commands
#? [(?s)(.*\n)?showboard(\n.*)?]

36 known_command fixed_handicap
#? [true]

37 list_commands
#? [(?s)(.*\n)?fixed_handicap(\n.*)?]

38 known_command place_free_handicap
#? [true]

39 list_commands
#? [(?s)(.*\n)?place_free_handicap(\n.*)?]

40 known_command set_free_handicap
#? [true]

41 list_commands
#? [(?s)(.*\n)?set_free_handicap(\n.*)?]

42 known_command is_legal
#? [true]

43 list_commands
#? [(?s)(.*\n)?is_legal(\n.*)?]

44 known_command final_score
#? [true]

45 list_commands
#? [(?s)(.*\n)?final_score(\n.*)?]

46 known_command final_status_list
#? [true]

47 list_commands
#? [(?s)(.*\n)?final_status_list(\n.*)?]

48 known_command loadsgf
#? [true]

49 list_commands
#? [(?s)(.*\n)?loadsgf(\n.*)?]

50 known_command printsgf
#? [true]

51 list_commands
#? [(?s)(.*\n)?printsgf(\n.*)?]

52 known_command reg_genmove
#? [true]

53 list_commands
#? [(?s)(.*\n)?reg_genmove(\n.*)?]

54 known_command time_settings
#? [true]

55 list_commands
#? [(?s)(.*\n)?time_settings(\n.*)?]

56 known_command time_left
#? [true]

57 list_commands
#? [(?s)(.*\n)?time_left(\n.*)?]

58 known_command kgs-rules
#? [true]

59 list_commands
#? [(?s)(.*\n)?kgs\-rules(\n.*)?]

60 known_command kata-set-rules
#? [true]

61 list_commands
#? [(?s)(.*\n)?kata\-set\-rules(\n.*)?]

62 known_command kata-get-rules
#? [true]

63 list_commands
#? [(?s)(.*\n)?kata\-get\-rules(\n.*)?]

64 known_command kgs-time_settings
#? [true]

65 list_commands
#? [(?s)(.*\n)?kgs\-time_settings(\n.*)?]

66 known_command kgs-genmove_cleanup
#? [true]

67 list_commands
#? [(?s)(.*\n)?kgs\-genmove_cleanup(\n.*)?]

68 known_command kgs-game_over
#? [true]

69 list_commands
#? [(?s)(.*\n)?kgs\-game_over(\n.*)?]

# kgs-chat only with --kgs-chat (kgsGtp 3.5.20 and later break on engines that list it).
70 known_command kgs-chat
#? [false]

71 list_commands
#? [!(?s)(.*\n)?kgs\-chat(\n.*)?]

# KataGo's time commands, listed as gtp2ogs looks for them (Fischer needs both).
72 known_command kata-list_time_settings
#? [true]

73 kata-list_time_settings
#? [none absolute byoyomi canadian fischer fischer-capped]

74 known_command kata-time_settings
#? [true]

72 known_command gogui-analyze_commands
#? [true]

73 list_commands
#? [(?s)(.*\n)?gogui\-analyze_commands(\n.*)?]

74 known_command gogui-interrupt
#? [true]

75 list_commands
#? [(?s)(.*\n)?gogui\-interrupt(\n.*)?]

76 known_command lz-analyze
#? [true]

77 list_commands
#? [(?s)(.*\n)?lz\-analyze(\n.*)?]

78 known_command kata-analyze
#? [true]

79 list_commands
#? [(?s)(.*\n)?kata\-analyze(\n.*)?]

80 known_command lz-genmove_analyze
#? [true]

81 list_commands
#? [(?s)(.*\n)?lz\-genmove_analyze(\n.*)?]

82 known_command kata-genmove_analyze
#? [true]

83 list_commands
#? [(?s)(.*\n)?kata\-genmove_analyze(\n.*)?]

# Not a command.
84 known_command no_such_command
#? [false]

85 known_command Protocol_Version
#? [false]

# The small commands of issue 41 (their behaviour: commands.tst).
100 known_command get_komi
#? [true]

101 list_commands
#? [(?s)(.*\n)?get_komi(\n.*)?]

102 known_command echo
#? [true]

103 list_commands
#? [(?s)(.*\n)?echo(\n.*)?]

104 known_command stop
#? [true]

105 list_commands
#? [(?s)(.*\n)?stop(\n.*)?]

106 known_command clear_cache
#? [true]

107 list_commands
#? [(?s)(.*\n)?clear_cache(\n.*)?]

108 known_command kata-list-params
#? [true]

109 list_commands
#? [(?s)(.*\n)?kata\-list\-params(\n.*)?]

110 known_command kata-get-param
#? [true]

111 list_commands
#? [(?s)(.*\n)?kata\-get\-param(\n.*)?]

112 known_command kata-set-param
#? [true]

113 list_commands
#? [(?s)(.*\n)?kata\-set\-param(\n.*)?]

114 known_command gomill-cpu_time
#? [true]

115 list_commands
#? [(?s)(.*\n)?gomill\-cpu_time(\n.*)?]


116 known_command kata-set-rule
#? [true]

117 list_commands
#? [(?s)(.*\n)?kata\-set\-rule(\n.*)?]

# kgsGtp (3.5.x): what the KGS bridge sends over a game's life. kgsGtp sends a nonstandard
# command only if list_commands names it; it kills an engine that plays an illegal move or
# writes anything but GTP on stdout.
# Sources: kgsGtp documentation (kgsGtp.xhtml, quoted in felicien/kgsaiengine
# RequestCommand.java; weddslist.com/kgs/how/kgsGtp.html), KataGo docs/GTP_Extensions.md
# (kgs-rules, kgs-time_settings), computer-go list threads on kgs-genmove_cleanup
# (see /work/notes/qa-clients.md).
# tengen-args: --playouts 1000 --threads 1 --seed 9

1 list_commands
#? [(?s)(.*\n)?kgs-genmove_cleanup(\n.*)?]

2 list_commands
#? [(?s)(.*\n)?kgs-time_settings(\n.*)?]

3 list_commands
#? [(?s)(.*\n)?kgs-game_over(\n.*)?]

# Not listed by default: kgsGtp 3.5.20 and later fail on engines that list kgs-chat.
7 list_commands
#? [!(?s)(.*\n)?kgs-chat(\n.*)?]

4 list_commands
#? [(?s)(.*\n)?final_status_list(\n.*)?]

5 name
#? [[^?\s].*]

6 version
#? [[^?\s].*]

# Each incoming challenge is probed with boardsize; an error refuses the challenge.
10 boardsize 19
#? []

11 boardsize 13
#? []

12 boardsize 38
#? [\?unacceptable size]

13 boardsize 9
#? []

14 clear_board
#? []

15 komi 6.5
#? []

# kgs-rules: one of japanese, chinese, aga, new_zealand; the docs ask engines to treat
# "kgs-rules japanese" and "kgs-rules japanese blah blah blah" alike.
# Regression Q1 (/work/notes/qa.md): extra words after the rules name.
16 kgs-rules new_zealand
#? []

17 kgs-rules japanese blah blah blah
#? []

18 kata-get-rules
#? [(?i).*japanese.*]

# kgs-time_settings instead of time_settings (byoyomi has no GTP form).
20 kgs-time_settings byoyomi 1200 30 5
#? []

21 kgs-time_settings canadian 600 300 25
#? []

22 kgs-time_settings absolute 900
#? []

23 kgs-time_settings none
#? []

24 kgs-time_settings byoyomi 300 10 3
#? []

# time_left before each genmove; in byoyomi the last number is the periods left.
25 time_left white 300 0
#? []

26 time_left black 10 3
#? []

# Handicap: fixed or free, kgsGtp always uses set_free_handicap (never fixed_handicap).
27 set_free_handicap c3 g7
#? []

28 genmove white
#? [[A-HJ]\d|pass|resign]

29 play black e5
#? []

# An undo the opponent asked for and the bot accepted.
30 undo
#? []

31 play black d5
#? []

# kgsGtp sends kgs-chat only to engines that list it; kgsGtp 3.5.20 and later break on
# engines that do (pasky/pachi#132), so by default Tengen neither lists nor answers it
# (--kgs-chat turns it on: client_kgsgtp_chat.tst).
32 kgs-chat game alice hello, are you a bot?
#? [\?unknown command]

33 known_command kgs-chat
#? [false]

34 kgs-game_over
#? []

# The next game on the same engine: a 7x7 game that ends with a dead White stone at B4 in
# Black's area (Black on column D, White on column E).
40 boardsize 7
#? []

41 clear_board
#? []

42 komi 0.5
#? []

43 kgs-rules chinese
#? []

play black d1
play white e1
play black d2
play white e2
play black d3
play white e3
play black d4
play white e4
play black d5
play white e5
play black d6
play white e6
play black d7
play white e7
# White's failed invasion (kgsGtp sends the opponent's moves as they come).
45 play white b4
#? []

# Both pass; kgsGtp asks for the dead stones. The answer must not depend on who passed
# first.
46 play black pass
#? []

47 play white pass
#? []

48 final_status_list dead
#? [B4]

49 final_score
#? [B\+\d+(\.\d+)?]

# The same end with White passing first.
# Regression Q2: the dead stones must not depend on the side to move (fixed: each colour's
# stones are judged from a search in which the opponent moves first).
50 undo
#? []

51 undo
#? []

52 play white pass
#? []

53 play black pass
#? []

54 final_status_list dead
#? [B4]

55 final_score
#? [B\+\d+(\.\d+)?]

# Regression Q3 (/work/notes/qa.md), fixed on gtp by 049b2c1.
# The opponent disputes: KGS makes the bot undo and sends kgs-genmove_cleanup until the bot
# passes. It must not pass while its own list of dead stones (B4) is still on the board.
56 undo
#? []

57 undo
#? []

58 kgs-genmove_cleanup black
#? [[A-G][1-7]]

59 play white pass
#? []

# B4 has liberties left after one Black move: still no pass.
60 kgs-genmove_cleanup black
#? [[A-G][1-7]]

61 kgs-game_over
#? []

62 protocol_version
#? [2]

63 quit
#? []

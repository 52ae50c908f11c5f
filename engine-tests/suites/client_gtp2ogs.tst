# gtp2ogs (online-go/gtp2ogs 8.x, src/Bot.ts and src/Game.ts; the older bot.js alike): the
# bridge asks list_commands once, then for every move it (re)loads the whole game into a
# pooled engine - boardsize, clear_board, komi, the initial stones, set_free_handicap for
# free handicap, every move as "play black|white vertex" in lower case - then the clock
# (kgs-time_settings when listed, else time_settings) and time_left for both colours, then
# "genmove black|white". At the end final_score (farewellscore), then quit. CRLF line ends,
# bursts and the reply splitter are in engine-tests/clients.rs.
# See /work/notes/qa-clients.md.
# tengen-args: --playouts 150 --threads 1 --seed 13

# Bot(): this.ready = command("list_commands"); every line is a command name (a leading
# "=" is stripped); kgs-time_settings decides the clock commands, kata-list_time_settings
# whether loadState() asks which kata-time_settings kinds there are (Fischer needs
# "fischer-capped" among them; without it gtp2ogs fakes Fischer as Canadian time).
1 list_commands
#? [(?s)(.*\n)?kgs-time_settings(\n.*)?]

3 list_commands
#? [(?s)(.*\n)?kata-list_time_settings(\n.*)?]

4 kata-list_time_settings
#? [.*\bfischer-capped\b.*]

2 list_commands
#? [(?s)(.*\n)?place_free_handicap(\n.*)?]

# Game 1, 19x19, free placement, handicap 3, the bot is White: loadState() before White's
# first move.
10 boardsize 19
#? []

11 clear_board
#? []

12 komi 0.5
#? []

13 set_free_handicap d4 q16 q4
#? []

# loadClock() for byoyomi with kgs-time_settings.
14 kgs-time_settings byoyomi 1200 30 5
#? []

15 time_left black 1200 0
#? []

16 time_left white 1195 0
#? []

17 genmove white
#? [[A-HJ-T]1?\d|pass|resign]

# The opponent answers; gtp2ogs sends the move to the running bot as "play black q10"
# (sendMove), then the next clock and genmove.
18 play black k10
#? []

19 time_left black 1150 0
#? []

20 time_left white 1190 0
#? []

21 genmove white
#? [[A-HJ-T]1?\d|pass|resign]

# Bots are released after each move and the pooled process gets the next state from
# scratch: a new loadState() with the same game must replay on a used engine.
22 boardsize 19
#? []

23 clear_board
#? []

24 komi 0.5
#? []

25 set_free_handicap d4 q16 q4
#? []

26 play white c16
#? []

27 play black k10
#? []

28 kgs-time_settings byoyomi 1200 30 5
#? []

29 time_left black 1100 0
#? []

# In byoyomi: the periods left as the last number.
30 time_left white 28 4
#? []

31 genmove white
#? [[A-HJ-T]1?\d|pass|resign]

# Game 2, 9x9, the bot is Black with free handicap 2: place_free_handicap N must return N
# vertices (gtp2ogs resigns when the count is wrong or one is a pass).
40 boardsize 9
#? []

41 clear_board
#? []

42 komi 0.5
#? []

43 place_free_handicap 2
#? [[A-HJ]\d [A-HJ]\d]

# Game 3, 13x13 even game, the bot is Black, each clock system gtp2ogs maps.
50 boardsize 13
#? []

51 clear_board
#? []

52 komi 6.5
#? []

# Canadian (kgs-time_settings canadian), in overtime with 20 stones left.
53 kgs-time_settings canadian 600 300 25
#? []

54 time_left black 280 20
#? []

# Fischer faked as Canadian with one stone.
55 kgs-time_settings canadian 570 30 1
#? []

56 time_left black 570 0
#? []

# Simple: time_settings 0 PER_MOVE 1.
57 time_settings 0 10 1
#? []

58 time_left black 9 1
#? []

# Absolute: time_settings TOTAL 0 0 (bot.js with kgstime: kgs-time_settings absolute TOTAL).
59 time_settings 600 0 0
#? []

60 kgs-time_settings absolute 600
#? []

61 time_left black 598 0
#? []

# Correspondence byoyomi: days in seconds.
62 kgs-time_settings byoyomi 604800 86400 5
#? []

63 time_left black 604800 0
#? []

64 genmove black
#? [[A-HJ-N]1?\d|pass|resign]

# Fischer as gtp2ogs 8 sends it to an engine with fischer-capped: the initial time, the
# increment, the cap on the bank (max_time) and -1 (no cap per move); then each bank as
# main time (count 0).
67 kata-time_settings fischer-capped 600 10 1200 -1
#? []

68 time_left black 590 0
#? []

69 time_left white 605 0
#? []

75 genmove black
#? [[A-HJ-N]1?\d|pass|resign]

# OGS allows negative komi.
65 komi -3.5
#? []

66 kata-get-rules
#? [.*"komi":-3\.5[,}].*]

# A rectangular board: gtp2ogs sends "boardsize W H"; it must fail cleanly and leave the
# engine usable.
70 boardsize 19 13
#? [\?.+]

71 protocol_version
#? [2]

# Game over with farewellscore: final_score; then kill() sends quit.
80 final_score
#? [[BW]\+\d+(\.\d+)?|0]

81 quit
#? []

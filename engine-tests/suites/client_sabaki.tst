# Sabaki (0.52, @sabaki/gtp ControllerStateTracker): the synchronous part of what it sends.
# Streaming, the start-up burst and aborting analysis are in engine-tests/clients.rs.
# Sources: SabakiHQ/Sabaki src/modules/enginesyncer.js, src/modules/sabaki.js;
# SabakiHQ/gtp src/ControllerStateTracker.js (see /work/notes/qa-clients.md).
# tengen-args: --playouts 150 --threads 1 --seed 11

# Start-up: name, version, protocol_version and list_commands (written at once by Sabaki).
10 name
#? [[^?\s].*]

11 version
#? [[^?\s]\S*]

12 protocol_version
#? [2]

# Sabaki picks the first of analyze, kata-analyze, lz-analyze that list_commands names, and
# the first of genmove_analyze, kata-genmove_analyze, lz-genmove_analyze for engine moves
# (settings engines.analyze_commands, engines.gemove_analyze_commands): Tengen has all, so
# Sabaki sends analyze and genmove_analyze; knowsCommand('set_free_handicap') decides how AB
# handicap stones are sent and knowsCommand('undo') whether history is rewound by undo.
13 list_commands
#? [(?s)(.*\n)?kata-analyze(\n.*)?]

14 list_commands
#? [(?s)(.*\n)?kata-genmove_analyze(\n.*)?]

15 list_commands
#? [(?s)(.*\n)?set_free_handicap(\n.*)?]

16 list_commands
#? [(?s)(.*\n)?undo(\n.*)?]

17 list_commands
#? [(?s)(.*\n)?analyze(\n.*)?]

18 list_commands
#? [(?s)(.*\n)?genmove_analyze(\n.*)?]

# _sync: komi first (a JS number: "6.5", "0", "7"), then boardsize, then clear_board and
# the history. Komi must survive both.
20 komi 6.5
#? []

21 boardsize 19
#? []

22 clear_board
#? []

23 kata-get-rules
#? [.*"komi":6\.5[,}].*]

# A file with HA[4] AB[..]: set_free_handicap with Sabaki's (sorted) upper-case vertices.
24 set_free_handicap D16 D4 Q16 Q4
#? []

# White moves first after handicap stones (Sabaki's getPlayer: HA >= 1 -> White).
25 play W C3
#? []

# AW setup stones in a later node become consecutive plays of one colour.
26 play W K10
#? []

27 play W K4
#? []

28 play B R3
#? []

29 showboard
#? [(?s).*X.*O.*]

# Going back two nodes: undo, undo, then the new branch, all queued at once.
30 undo
#? []

31 undo
#? []

32 play W R4
#? []

# The undone stone (K4) is gone, the new one (R4) is there.
33 is_legal B K4
#? [1]

34 is_legal B R4
#? [0]

# Komi 0 and integer komi as JS prints them.
35 komi 0
#? []

36 komi 7
#? []

37 kata-get-rules
#? [.*"komi":7(\.0)?[,}].*]

# Engine move: kata-genmove_analyze COLOR INTERVAL (board.analysis_interval = 50); Sabaki
# reads the "play VERTEX" line and needs the reply to end on its own.
40 kata-genmove_analyze B 50
#? [(?s)\n?(info [^\n]*\n)*play ([A-HJ-T]([1-9]|1[0-9])|pass|resign)]

# The generated move was played: White is to move now, so White may play (and undo it).
41 play W pass
#? []

42 undo
#? []

# New file with another size: komi unchanged, boardsize differs -> boardsize, clear_board,
# the whole history again.
50 boardsize 9
#? []

51 clear_board
#? []

52 play B E5
#? []

53 play W C3
#? []

54 kata-genmove_analyze B 50
#? [(?s)\n?(info [^\n]*\n)*play ([A-HJ]\d|pass|resign)]

# Regression Q6 (/work/notes/qa.md): "maxmoves N" (KataGo; a Sabaki-based GUI sends it
# from its candidates setting) limits every line to N moves. Checked on
# kata-genmove_analyze, which ends by itself: no line with three info entries.
55 kata-genmove_analyze W 10 maxmoves 2
#? [!(?s)(\?|.*info [^\n]*info [^\n]*info ).*]

56 kata-genmove_analyze B 10 maxmoves 2
#? [(?s)\n?(info [^\n]*\n)+play ([A-HJ]\d|pass|resign)]

# Regression Q4: the analysis area of that GUI, "allow b LIST 999 allow w LIST 999": only
# listed moves are reported and played.
57 kata-genmove_analyze W 10 allow b D4,F6 999 allow w D6,F4 999
#? [(?s)\n?(info move (D6|F4) [^m\n]*( info move (D6|F4) [^m\n]*)?\n)*play (D6|F4|pass)]

# Sabaki's own names (its "Engine Analysis Integration" guide): genmove_analyze COLOR
# INTERVAL; a winrate with a decimal point is read as 0..1, scoreLead is optional.
58 genmove_analyze W 10
#? [(?s)\n?(info move [^\n]* winrate [01]\.\d+ scoreLead [^\n]*\n)*play ([A-HJ]\d|pass|resign)]

# A malformed value of a known key is refused; an unknown key is skipped (with a warning in
# the log), and a maxvisits analysis ends by itself with its last line.
59 analyze B 10 maxvisits lots
#? [\?syntax error]

60 analyze B 10 nonsense true maxvisits 100
#? [(?s)\n?(info move [^\n]* winrate [01]\.\d+ [^\n]*\n?)+]

# Stop/detach: quit is answered (Sabaki waits gtp.engine_quit_timeout = 3 s, then kills).
61 quit
#? []

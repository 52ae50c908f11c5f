# GoGui (1.5, net.sf.gogui): the start-up queries, GtpSynchronizer's board sync, the analyze
# command list and the commands behind the Game and Tools menus. GoGui waits for each reply
# before sending the next command. The interrupt of a running genmove and the exact parsing
# of every analyze command are in engine-tests/clients.rs.
# Sources: Remi-Coulom/gogui src/net/sf/gogui/gtp/GtpClientBase.java, GtpClient.java,
# GtpSynchronizer.java, AnalyzeDefinition.java, GtpUtil.java (see /work/notes/qa-clients.md).
# tengen-args: --playouts 150 --threads 1 --seed 5

# queryProtocolVersion(): Integer.parseInt of the reply; anything but 1 or 2 means 2.
1 protocol_version
#? [2]

2 name
#? [[^?\s].*]

3 version
#? [[^?\s].*]

# querySupportedCommands(): StringUtil.splitArguments of the reply, so one name per word.
4 list_commands
#? [(?s)(.*\n)?gogui-interrupt(\n.*)?]

5 list_commands
#? [(?s)(.*\n)?gogui-analyze_commands(\n.*)?]

# AnalyzeDefinition.readConfig: every non-comment line splits on "/" into 3 to 5 fields;
# the first is a known type (an unknown one shows as "none").
6 gogui-analyze_commands
#? [((bwboard|cboard|dboard|eplist|gfx|hstring|hpstring|none|param|plist|pspairs|pstring|string|sboard|var|varb|varc|varp|varpo|varw)/[^/\n]+/[^/\n]+(/[^/\n]*){0,2})(\n(bwboard|cboard|dboard|eplist|gfx|hstring|hpstring|none|param|plist|pspairs|pstring|string|sboard|var|varb|varc|varp|varpo|varw)/[^/\n]+/[^/\n]+(/[^/\n]*){0,2})*]

# queryInterruptSupport(): gogui-interrupt is sent once when idle and must succeed, after
# which GoGui interrupts with the comment line "# interrupt".
7 gogui-interrupt
#? []

# GtpSynchronizer.init(): boardsize, clear_board, the moves, then komi and time settings.
10 boardsize 9
#? []

11 clear_board
#? []

# Setup stones marked as handicap go through set_free_handicap (Tengen has no gogui-setup,
# so other setup stones become plays, one colour after the other).
12 set_free_handicap C3 G7
#? []

13 play W E5
#? []

14 play B C7
#? []

15 komi 0.5
#? []

# GtpUtil.getTimeSettingsCommand: "time_settings MAIN BYOYOMI STONES" (0 0 for sudden death).
16 time_settings 300 0 0
#? []

# GtpUtil.sendTimeLeft before each genmove: "time_left b|w SECONDS MOVES".
17 time_left w 295 0
#? []

# getCommandGenmove(): "genmove b" / "genmove w" in lower case.
18 genmove w
#? [[A-HJ]\d|pass|resign]

# A move entered on the board: getCommandPlay(move) = "play B E3" (Move.toString).
19 play B G3
#? []

# Going back one move in the tree: undo.
20 undo
#? []

21 play B pass
#? []

# Game > Score: final_status_list dead (GoGui marks the stones), also alive and seki.
30 final_status_list dead
#? [(?s)([A-HJ]\d( [A-HJ]\d)*(\n[A-HJ]\d( [A-HJ]\d)*)*)?]

31 final_status_list alive
#? [(?s)[A-HJ]\d( [A-HJ]\d)*(\n[A-HJ]\d( [A-HJ]\d)*)*]

32 final_status_list seki
#? [(?s)([A-HJ]\d( [A-HJ]\d)*(\n[A-HJ]\d( [A-HJ]\d)*)*)?]

33 final_score
#? [[BW]\+\d+(\.\d+)?|0]

# gogui-regress and GoGui's "Reg genmove": reg_genmove changes nothing.
40 reg_genmove b
#? [[A-HJ]\d|pass|resign]

# Four moves were played since the handicap (E5, C7, the genmove, the pass): four undos,
# then nothing is left to undo, so reg_genmove added nothing.
41 undo
#? []

42 undo
#? []

43 undo
#? []

44 undo
#? []

45 undo
#? [\?cannot undo]

# showboard for the shell.
46 showboard
#? [(?s).+]

# GtpSynchronizer.init() again after File > New with another size.
50 boardsize 13
#? []

51 clear_board
#? []

52 genmove b
#? [[A-HJ-N]1?\d|pass|resign]

60 quit
#? []

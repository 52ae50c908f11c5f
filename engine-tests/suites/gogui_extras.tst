# GoGui extras: cputime (gogui-twogtp), live graphics, the gfx analyze commands, the
# param dialog of the search settings (tengen-param). Started with --live-gfx: the live
# blocks go to stderr, which the suite runner does not read; the switch itself is checked.
# Formats: GoGui manual, "Analyze Commands" (gfx, param) and "Live Graphics".
# tengen-args: --playouts 200 --threads 1 --seed 3 --live-gfx

1 list_commands
#? [(?s)(.*\n)?cputime(\n.*)?]

2 gogui-analyze_commands
#? [(?s)(.*\n)?param/Settings/tengen-param(\n.*)?]

3 gogui-analyze_commands
#? [(?s)(.*\n)?gfx/[^/\n]+/tengen-pv(\n.*)?]

4 gogui-analyze_commands
#? [(?s)(.*\n)?gfx/[^/\n]+/tengen-status_gfx(\n.*)?]

# cputime: seconds with a decimal point; no arguments.
10 cputime
#? [\d+\.\d{3}]

11 cputime 5
#? [\?syntax error]

# --live-gfx switched them on; the command switches and tells.
20 tengen-live_gfx
#? [on]

21 tengen-live_gfx off
#? [off]

22 tengen-live_gfx sometimes
#? [\?syntax error]

23 tengen-live_gfx
#? [off]

24 tengen-live_gfx on
#? [on]

boardsize 9
clear_board
play b E5
play w C3

# genmove with live graphics on still answers one move.
25 genmove b
#? [[A-HJ]\d|pass|resign]

# gfx displays of a short search for the side to move (White).
30 tengen-pv
#? [VAR w [A-HJ]\d( [bw] ([A-HJ]\d|pass))*\nTEXT best [A-HJ]\d winrate \d+\.\d% after \d+ playouts]

31 tengen-heatmap
#? [(?s)INFLUENCE( [A-HJ]\d -[01]\.\d\d)+\nLABEL( [A-HJ]\d \d+)+\nTEXT best .*]

32 tengen-status_gfx
#? [(?s)(.*\n)?TEXT \d+ chains: \d+ dead \(x\), \d+ in seki \(triangle\), \d+ judged by playouts \(circle\)]

33 tengen-pv now
#? [\?syntax error]

# The param dialog: one "[type] name value" line per setting.
40 tengen-param
#? [(\[(string|list/[a-z/]+)\] [A-Za-z0-9_-]+ \S+)(\n\[(string|list/[a-z/]+)\] [A-Za-z0-9_-]+ \S+)*]

41 tengen-param
#? [(?s)(.*\n)?\[list/heavy/learned/light\] policy heavy(\n.*)?]

42 tengen-param policy light
#? []

43 tengen-param expand_visits 4
#? []

44 tengen-param
#? [(?s)(.*\n)?\[list/heavy/learned/light\] policy light\n(.*\n)?\[string\] expand_visits 4(\n.*)?]

# Refused: unknown name, bad value, missing value; the settings stay.
45 tengen-param no_such_setting 1
#? [\?unknown parameter 'no_such_setting']

46 tengen-param expand_visits lots
#? [\?bad value 'lots' for expand_visits]

47 tengen-param expand_visits
#? [\?syntax error]

48 tengen-param
#? [(?s)(.*\n)?\[string\] expand_visits 4(\n.*)?]

# Issue 56: the engine-wide settings are in the same dialog, under the names
# kata-list-params gives, with the values the command line takes.
50 tengen-param
#? [(?s)\[string\] numSearchThreads 1\n\[string\] maxPlayouts 200\n(.*\n)?\[list/on/off\] ponderingEnabled off\n(.*\n)?\[list/off/handicap/on\] dynamicKomi handicap(\n.*)?]

51 tengen-param maxTime 0.0005
#? [\?bad value '0.0005' for maxTime .*]

52 tengen-param maxPlayouts 300
#? []

53 kata-get-param maxPlayouts
#? [300]

54 tengen-param playouts 200
#? []

# The search runs with the new settings.
49 genmove w
#? [[A-HJ]\d|pass|resign]

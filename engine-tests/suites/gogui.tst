# GoGui: gogui-analyze_commands lists TYPE/LABEL/COMMAND lines, at least ownership as
# dboard, best moves as gfx and the current rules as string; each listed command works.

10 gogui-analyze_commands
#? [(?s)(.*\n)?dboard/[^/\n]+/[^\n]+(\n.*)?]

11 gogui-analyze_commands
#? [(?s)(.*\n)?gfx/[^/\n]+/[^\n]+(\n.*)?]

12 gogui-analyze_commands
#? [(?s)(.*\n)?string/[^/\n]+/[^\n]+(\n.*)?]

13 gogui-analyze_commands
#? [([a-z]+/[^/\n]+/[^\n]+)(\n[a-z]+/[^/\n]+/[^\n]+)*]

14 known_command gogui-interrupt
#? [true]

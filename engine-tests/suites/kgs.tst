# KGS commands (kgsGtp): kgs-time_settings, kgs-rules (see rules.tst too),
# kgs-genmove_cleanup, kgs-game_over, kgs-chat.
# kgs-chat is offered with --kgs-chat only (kgsGtp 3.5.20 and later break on engines that
# list it; client_kgsgtp.tst checks that it is not listed by default).
# tengen-args: --playouts 200 --threads 1 --seed 5 --kgs-chat

10 kgs-time_settings none
#? []

11 kgs-time_settings absolute 600
#? []

12 kgs-time_settings byoyomi 600 30 5
#? []

13 kgs-time_settings canadian 600 300 25
#? []

14 kgs-time_settings absolute
#? [\?syntax error]

15 kgs-time_settings byoyomi 600 30
#? [\?syntax error]

16 kgs-time_settings canadian 600 300
#? [\?syntax error]

17 kgs-time_settings foo 1 2 3
#? [\?syntax error]

18 kgs-time_settings
#? [\?syntax error]

19 kgs-time_settings absolute abc
#? [\?syntax error]

20 kgs-rules japanese
#? []

21 kgs-rules chinese
#? []

22 kgs-rules aga
#? []

23 kgs-rules new_zealand
#? []

# kgs-genmove_cleanup never passes while the opponent's dead stones are on the board:
# cleanup.sgf (7x7) has Black on column D, White on column E and a dead White stone on B4.
kgs-time_settings none
kgs-rules japanese
loadsgf ../sgf/cleanup.sgf
24 kgs-genmove_cleanup b
#? [!(pass|resign)]

25 kgs-genmove_cleanup b
#? [!(pass|resign)]

# The move was played (the board changed): undo works.
26 undo
#? []

27 kgs-game_over
#? []

28 protocol_version
#? [2]

# kgs-chat answers briefly: name, version, rules, current evaluation (issue 3).
29 kgs-chat private alice hello
#? [(?is).*tengen.*]

32 kgs-chat private alice hello
#? [(?s).*\d+\.\d+\.\d+.*]

33 kgs-chat private alice hello
#? [(?is).*japanese.*]

# The evaluation: a winrate, a score or a lead, in whatever words.
34 kgs-chat private alice how am I doing
#? [(?is).*(win|lead|score|eval|[BW]\+\d).*]

30 kgs-chat game bob what are the rules?
#? [(?s).+]

31 kgs-chat private alice
#? [(?s).*]

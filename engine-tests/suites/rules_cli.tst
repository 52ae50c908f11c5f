# --rules and --komi on the command line set the rules and komi from the start.
# tengen-args: --rules japanese --komi 0.5 --playouts 200 --threads 1

1 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"territory".*\}\s*]

2 kata-get-rules
#? [(?is)\s*\{.*"ko"\s*:\s*"simple".*\}\s*]

3 final_score
#? [W\+0\.5]

# They survive boardsize and clear_board.
boardsize 9
clear_board
4 final_score
#? [W\+0\.5]

5 kata-get-rules
#? [(?is)\s*\{.*"scoring"\s*:\s*"territory".*\}\s*]

# P01 finished game on 4x4 under territory scoring: B+0.5.
boardsize 4
clear_board
play b b3
play w c2
play b b2
play w c3
play b b1
play w c1
play b b4
play w c4
play b pass
play w d2
play b pass
play w pass
6 final_score
#? [B\+0\.5]

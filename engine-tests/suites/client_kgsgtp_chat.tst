# kgsGtp's kgs-chat (game|private) NAME MESSAGE: the reply is sent to the user as it is.
# Regression Q7 (/work/notes/qa.md): the evaluation must not pair the winrate over all
# playouts with the best move's own mean score (with few playouts, the luckiest one):
# "black wins 42% of my playouts, black leads by about 77.5" on an empty board.
# The chat needs --kgs-chat (kgsGtp before 3.5.20).
# tengen-args: --playouts 100 --threads 1 --seed 3 --kgs-chat

1 boardsize 19
#? []

2 komi 7.5
#? []

# Whoever the winrate favours leads, and by a plausible margin on an empty board; when the
# mean margin and the winrate disagree, the game is called even.
3 kgs-chat private alice how am I doing?
#? [.*black wins ((([5-9]\d|100)% of my playouts, black leads|([0-4]?\d|50)% of my playouts, white leads) by about [1-4]?\d(\.\d+)?\b|\d+% of my playouts, the game is about even).*]

4 kgs-chat game alice and now?
#? [.*black wins ((([5-9]\d|100)% of my playouts, black leads|([0-4]?\d|50)% of my playouts, white leads) by about [1-4]?\d(\.\d+)?\b|\d+% of my playouts, the game is about even).*]

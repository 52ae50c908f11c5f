# The 19x19 opening book: on the empty board (komi 7.5, chinese) Black's first move and
# White's answer come from the book: a corner point (3-3, 3-4, 4-4, 3-5 or 4-5). The search
# alone (engine-tests/book.rs runs it with --book off) plays elsewhere too.
# tengen-args: --playouts 20 --threads 1 --seed 3

boardsize 19
clear_board
10 genmove b
#? [([CR]|[DQ])(3|4|5|15|16|17)|[EP](3|4|16|17)]

11 genmove w
#? [([CR]|[DQ])(3|4|5|15|16|17)|[EP](3|4|16|17)]

# the book gives way to the position: a handicap game is searched (any legal answer)
clear_board
fixed_handicap 2
12 genmove w
#? [[A-HJ-T]([1-9]|1[0-9])|pass|resign]

# tengen-book: the replies of the book for the side to move, most played first; after
# Q16 the 4-4 point D4 (on the diagonal through Q16) is one reply on its own
clear_board
20 tengen-book
#? [(?s)\d+ games, book on\n(([A-HJ-T]\d+ )+\d+ games, mover won \d+%\n?)+]

play b q16
21 tengen-book
#? [(?s)\d+ games, book on\n.*(^|\n)D4 \d+ games.*]

22 tengen-book off
#? []

23 tengen-book
#? [(?s)\d+ games, book off\n.*]

24 tengen-book maybe
#? [\?syntax error]

# not in the book: another board size
boardsize 9
25 tengen-book
#? [\?the book is for 19x19 only]

# genmove_analyze shows a book move as one visit: no search was made (issue 55: the visits
# were the book's game count, thousands)
tengen-book on
boardsize 19
clear_board
30 kata-genmove_analyze b 100
#? [(?s)\n?info move ([CDEPQR]\d+) visits 1 [^\n]*\n(info [^\n]*\n)*play [CDEPQR]\d+]

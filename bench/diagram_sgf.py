#!/usr/bin/env python3
"""Turns a text diagram of a Go position into a small SGF file for the tactics suite.

The diagram (stdin) is a square board, top row first: `X` black, `O` white, `.` or `+`
empty, spaces ignored. A `)` right after a stone marks the last move: that stone becomes the
record's one move (so the playout policy sees it as the last move and the other colour is
to move); every other stone is a setup stone (AB/AW). Without a marker the record has setup
stones only: the suite then names the colour in its commands (`reg_genmove w`).

    python3 bench/diagram_sgf.py --komi 0.5 --comment "semeai: White wins" < pos.txt > pos.sgf

With `--game FILE --move N` the diagram is instead the position of a game record before its
move N, as `tengen` (`--engine`, default target/release/tengen) shows it after
`loadsgf FILE N`, with the record's move N-1 as the last move: a lost game's position for
the suite, without copying the record.
"""

import argparse
import re
import subprocess
import sys

LETTERS = "abcdefghijklmnopqrstuvwxy"


def parse(text):
    """Rows of cells ('X', 'O', '.') top first, and the (row, col) of the last move or None."""
    rows, last = [], None
    for line in text.splitlines():
        cells, r = [], len(rows)
        for ch in line:
            if ch in "XO.+":
                cells.append("." if ch == "+" else ch)
            elif ch == ")" and cells and cells[-1] in "XO":
                last = (r, len(cells) - 1)
            elif not ch.isspace():
                cells = None
                break
        if cells:
            rows.append(cells)
    size = len(rows)
    if size < 2 or size > 25 or any(len(r) != size for r in rows):
        sys.exit(f"not a square board of 2 to 25 rows: {[len(r) for r in rows]}")
    return rows, last


def sgf(rows, last, komi, comment):
    """The SGF text of the position."""
    size = len(rows)
    stones = {"X": [], "O": []}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell in stones and (r, c) != last:
                stones[cell].append(LETTERS[c] + LETTERS[r])
    head = f"(;GM[1]FF[4]SZ[{size}]KM[{komi}]RU[Chinese]"
    if comment:
        head += "C[" + comment.replace("\\", "\\\\").replace("]", "\\]") + "]"
    for key, color in (("AB", "X"), ("AW", "O")):
        if stones[color]:
            head += key + "".join(f"[{p}]" for p in stones[color])
    if last is None:
        return head + ")\n"
    r, c = last
    key = "B" if rows[r][c] == "X" else "W"
    return head + f"\n;{key}[{LETTERS[c]}{LETTERS[r]}])\n"


def from_game(engine, path, n):
    """The diagram of `path` before move `n` (engine's showboard), last move marked."""
    cmds = f"loadsgf {path} {n}\nshowboard\nquit\n"
    out = subprocess.run([engine], input=cmds, capture_output=True, text=True, check=True).stdout
    rows = [l.split()[1:] for l in out.splitlines() if re.match(r"^ *\d+ [.XO]", l)]
    moves = re.findall(r";([BW])\[([a-z]{0,2})\]", open(path).read())
    if n < 2 or len(moves) < n - 1 or not moves[n - 2][1]:
        sys.exit(f"no stone played at move {n - 1} of {path}")
    col, at = moves[n - 2][1][0], moves[n - 2][1][1]
    r, c = ord(at) - 97, ord(col) - 97
    rows[r][c] += ")"
    return "\n".join(" ".join(r) for r in rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--komi", default="7.5")
    ap.add_argument("--comment", default="")
    ap.add_argument("--game", help="a game record to take the position from")
    ap.add_argument("--move", type=int, help="with --game: the position before this move")
    ap.add_argument("--engine", default="target/release/tengen")
    a = ap.parse_args()
    text = from_game(a.engine, a.game, a.move) if a.game else sys.stdin.read()
    rows, last = parse(text)
    sys.stdout.write(sgf(rows, last, a.komi, a.comment))


if __name__ == "__main__":
    main()

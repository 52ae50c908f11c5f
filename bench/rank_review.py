#!/usr/bin/env python3
"""Guard-rail review of ranked Tengen games (issue 25): reads a match folder of
`tengen match` (games.jsonl and sgf/) and, for the engine whose name starts with PREFIX
(default `r`, as bench/ranks.sh names ranks), counts

- own-eye fills: a move on an empty point whose on-board neighbours are all its own
  stones, none of them in atari, with at most one enemy stone on its diagonals (none on
  the edge): a true eye filled;
- early passes: passes while an empty region still touches stones of both colours (an
  open point, dame or a boundary not closed), and the first pass's move number;
- resignations: the move number, and GNU Go's estimate of the score where the engine
  resigned (`estimate_score` after `loadsgf`); one is flagged when the resigning side
  was behind by less than CLOSE points (default 10) by that estimate, or resigned before
  move size*size/3.

Usage: bench/rank_review.py MATCH_DIR [PREFIX]
Environment: GNUGO (default /usr/games/gnugo), CLOSE (points, default 10).
"""
import json
import os
import subprocess
import sys

from regions import empty_regions

GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")
CLOSE = float(os.environ.get("CLOSE", "10"))


def sgf_moves(text):
    """(size, [(colour, (x, y) or None)]) of a record's main line (x, y from the top left)."""
    size = int(text.split("SZ[")[1].split("]")[0]) if "SZ[" in text else 19
    moves = []
    i = 0
    while True:
        i = text.find(";", i)
        if i < 0:
            break
        j = i + 1
        if j < len(text) and text[j] in "BW" and text[j + 1:j + 2] == "[":
            end = text.index("]", j)
            v = text[j + 2:end]
            pt = None if v in ("", "tt") else (ord(v[0]) - 97, ord(v[1]) - 97)
            moves.append((text[j], pt))
        i = j
    return size, moves


class Board:
    """Just enough Go to replay a record: placement and captures."""

    def __init__(self, size):
        self.n = size
        self.g = {}

    def nbrs(self, p):
        x, y = p
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= q[0] < self.n and 0 <= q[1] < self.n:
                yield q

    def chain(self, p):
        c = self.g[p]
        seen, stack, libs = {p}, [p], set()
        while stack:
            q = stack.pop()
            for r in self.nbrs(q):
                if r not in self.g:
                    libs.add(r)
                elif self.g[r] == c and r not in seen:
                    seen.add(r)
                    stack.append(r)
        return seen, libs

    def play(self, c, p):
        """Plays; returns the number of stones captured."""
        self.g[p] = c
        taken = 0
        for q in self.nbrs(p):
            if q in self.g and self.g[q] != c:
                stones, libs = self.chain(q)
                if not libs:
                    for s in stones:
                        del self.g[s]
                    taken += len(stones)
        stones, libs = self.chain(p)
        if not libs:  # suicide, where the rules allow it
            for s in stones:
                del self.g[s]
        return taken

    def fills_own_eye(self, c, p):
        """Whether `c` playing at empty `p` fills a true eye of its own (before the move)."""
        ns = list(self.nbrs(p))
        if any(self.g.get(q) != c for q in ns):
            return False
        if any(len(self.chain(q)[1]) == 1 for q in ns):
            return False  # a chain in atari: connecting may save it
        x, y = p
        diag = [(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)]
        on = [d for d in diag if 0 <= d[0] < self.n and 0 <= d[1] < self.n]
        enemy = sum(1 for d in on if self.g.get(d) not in (None, c))
        return enemy == 0 if len(on) < 4 else enemy <= 1

    def open_points(self):
        """Empty points in regions that touch stones of both colours."""
        empty = {(x, y) for x in range(self.n) for y in range(self.n)} - self.g.keys()
        return sum(len(r) for r, border in empty_regions(empty, self.g) if len(border) == 2)


def estimate(sgf_path, moves_played):
    """GNU Go's `estimate_score` after the first `moves_played` moves, or None."""
    try:
        p = subprocess.run([GNUGO, "--mode", "gtp"], input=f"loadsgf {sgf_path} {moves_played + 1}\n"
                           "estimate_score\nquit\n", capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in p.stdout.splitlines():
        if line.startswith("= ") and ("+" in line):
            word = line[2:].split()[0]
            side, _, pts = word.partition("+")
            try:
                v = float(pts)
            except ValueError:
                return None
            return v if side == "B" else -v
    return None


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    folder = sys.argv[1]
    prefix = sys.argv[2] if len(sys.argv) > 2 else "r"
    games = [json.loads(ln) for ln in open(os.path.join(folder, "games.jsonl"))]
    fills = passes = early = resigns = flagged = 0
    first_passes = []
    for g in games:
        me = g["black"] if g["black"].startswith(prefix) else g["white"]
        if not me.startswith(prefix):
            continue
        colour = "B" if g["black"] == me else "W"
        path = os.path.join(folder, g["sgf"])
        size, moves = sgf_moves(open(path).read())
        b = Board(size)
        first = None
        for i, (c, p) in enumerate(moves):
            if p is None:
                if c == colour:
                    passes += 1
                    first = first if first is not None else i + 1
                    if b.open_points() > 0:
                        early += 1
                        print(f"{g['sgf']}: pass at move {i + 1} with {b.open_points()} open points")
                continue
            if c == colour and b.fills_own_eye(c, p):
                fills += 1
                print(f"{g['sgf']}: own eye filled at move {i + 1}")
            b.play(c, p)
        if first is not None:
            first_passes.append(first)
        if g.get("ending") == "resignation" and g.get("reason", "").startswith(me):
            resigns += 1
            n = len(moves)
            est = estimate(path, n)
            behind = None if est is None else (est if colour == "W" else -est)
            close = behind is None or behind < CLOSE
            early_resign = n < size * size // 3
            if close or early_resign:
                flagged += 1
            print(f"{g['sgf']}: {me} resigned after move {n}; GNU Go's estimate: "
                  f"{'?' if behind is None else f'{behind:.1f} points behind'}"
                  f"{' (flagged)' if close or early_resign else ''}")
    n = sum(1 for g in games if g["black"].startswith(prefix) or g["white"].startswith(prefix))
    fp = sorted(first_passes)
    median = fp[len(fp) // 2] if fp else None
    print(f"games {n}: own eyes filled {fills}; passes {passes}, with open points {early}; "
          f"first pass: earliest {fp[0] if fp else '-'}, median {median if median else '-'}; "
          f"resignations {resigns}, flagged {flagged} (behind by less than {CLOSE:g} or "
          f"before move size*size/3)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How often Tengen plays the move a 9-dan played: positions of held-back Tom 9d games
(the newest month of ../shared/data/tom-9d, which no training run reads), each given to
Tengen over GTP (`play` the game up to the position, `genmove`, `undo`, then the game's
move), counting the positions where Tengen's move is the game's move.

Usage: bench/likeness.py [GAMES] [EVERY] [FIRST] -- ENGINE ARGS...
  GAMES games (default 20) from the end of the newest month; every EVERY-th move
  (default 10) from move FIRST (default 20) up to move 200. Example:
    bench/likeness.py 20 10 20 -- target/release/tengen --threads 1 --rank 1d --rank-pace off
    bench/likeness.py 20 10 20 -- target/release/tengen --threads 1 --playouts 5000
Prints one line per game and the total with a Wilson 95% interval.
DATA (default ../shared/data/tom-9d beside the repository) changes the records' folder;
SETUP (e.g. "time_settings 0 2 1") is sent after every clear_board, commands split at ';'.
RESUME=FILE takes the per-game lines of an earlier, interrupted run from FILE (its output),
counts them and plays only the games it lacks (a long run can span several sittings).
"""
import math
import os
import sys

from gtpio import Gtp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.environ.get("DATA", os.path.join(ROOT, "..", "shared", "data", "tom-9d"))
COLS = "ABCDEFGHJKLMNOPQRST"


def gtp_vertex(sgf):
    """An SGF point (`pd`) as a GTP vertex (`Q16`) on 19x19; '' or 'tt' is a pass."""
    if sgf in ("", "tt"):
        return "pass"
    x = ord(sgf[0]) - ord("a")
    y = ord(sgf[1]) - ord("a")
    if not (0 <= x < 19 and 0 <= y < 19):
        raise ValueError(sgf)
    return f"{COLS[x]}{19 - y}"


def parse(line):
    """(id, [(colour, vertex)]) of one kifu line, or None when it is damaged."""
    try:
        gid, body = line.rstrip("\n").split("\t", 1)
        moves = []
        for node in body.split(";"):
            if not node:
                continue
            colour, rest = node[0], node[1:]
            if colour not in "BW" or not rest.startswith("[") or not rest.endswith("]"):
                return None
            moves.append((colour, gtp_vertex(rest[1:-1])))
        return gid, moves
    except (ValueError, IndexError):
        return None


def wilson(k, n):
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def main():
    if "--" not in sys.argv:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    cut = sys.argv.index("--")
    nums = [int(a) for a in sys.argv[1:cut]]
    games, every, first = (nums + [20, 10, 20][len(nums):])[:3]
    engine = sys.argv[cut + 1:]
    kifu = os.path.join(DATA, "kifu")
    newest = sorted(os.listdir(kifu))[-1]
    with open(os.path.join(kifu, newest), encoding="utf-8") as f:
        lines = f.readlines()
    records = [r for r in (parse(ln) for ln in lines) if r is not None][-games:]
    done = {}
    if os.environ.get("RESUME"):
        with open(os.environ["RESUME"], encoding="utf-8") as f:
            for ln in f:
                name, sep, score = ln.strip().rpartition(": ")
                if sep and name.startswith(newest + "/") and "/" in score:
                    done[name[len(newest) + 1:]] = tuple(int(x) for x in score.split("/"))
    g = Gtp(engine)
    g.cmd("boardsize 19")
    total = hits = 0
    for gid, moves in records:
        if gid in done:
            k, n = done[gid]
            total += n
            hits += k
            print(f"{newest}/{gid}: {k}/{n}", flush=True)
            continue
        g.cmd("clear_board")
        g.cmd("komi 6.5")
        for c in os.environ.get("SETUP", "").split(";"):
            if c.strip():
                g.cmd(c.strip())
        n = k = 0
        for i, (colour, vertex) in enumerate(moves[:200]):
            if i >= first and (i - first) % every == 0 and vertex != "pass":
                reply = g.cmd(f"genmove {colour}")
                n += 1
                k += reply.upper() == vertex
                if reply.lower() != "resign":
                    g.cmd("undo")
            try:
                g.cmd(f"play {colour} {vertex}")
            except RuntimeError:
                break  # a damaged record: keep what was asked before it
        total += n
        hits += k
        print(f"{newest}/{gid}: {k}/{n}", flush=True)
    g.close()
    lo, hi = wilson(hits, total)
    rate = 100 * hits / total if total else 0.0
    print(f"matched {hits}/{total} = {rate:.1f}% [{lo:.1f}, {hi:.1f}] (Wilson 95%)")


if __name__ == "__main__":
    main()

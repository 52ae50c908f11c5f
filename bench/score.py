#!/usr/bin/env python3
"""`tengen score` against GNU Go's play-out: makes finished game records by GNU Go self-play
(9x9, 13x13, 19x19; a few random opening moves from a seeded generator so the games differ;
GNU Go passes with dead stones still on the board), then lets GNU Go with
`--capture-all-dead` play each record out until both pass again with every dead stone
captured. The area count of the played-out board (stones plus empty regions bordered by one
colour, the record's komi) is the truth for the record before it: under area rules playing
out changes nothing but the dead stones. `tengen score --rules chinese --json` then scores
the records as they were, and the script reports how often it agrees with the truth
(the exact result, and the winner), with the median and worst time per record.

Usage: bench/score.py [N9 N13 N19] [OUT_DIR]
  defaults: 60 30 12 bench/out/score (records are kept there and reused on a second run;
  the folder is ignored by git). GNUGO (default /usr/games/gnugo), TENGEN (default
  target/release/tengen), JOBS (default 2) change the set-up. ALONE=1 scores each record in
  its own `tengen score FILE` process, one after another, and takes the wall time of that
  process (run the script under `taskset -c 0` for the one-core figure).
"""
import json
import os
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from gtpio import Gtp
from regions import empty_regions

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")
TENGEN = os.environ.get("TENGEN", os.path.join(ROOT, "target", "release", "tengen"))
JOBS = int(os.environ.get("JOBS", "2"))
COLS = "ABCDEFGHJKLMNOPQRST"
KOMI = 6.5


def sgf_point(v, size):
    if v.lower() == "pass":
        return ""
    x = COLS.index(v[0].upper())
    y = int(v[1:])
    return "abcdefghijklmnopqrs"[x] + "abcdefghijklmnopqrs"[size - y]


def self_play(size, seed, path):
    """One GNU Go self-play game to two passes, with 2-6 random opening moves."""
    rng = random.Random(seed)
    level = 1 if size == 19 else 3
    g = Gtp([GNUGO, "--mode", "gtp", "--level", str(level), "--seed", str(seed)])
    g.cmd(f"boardsize {size}")
    g.cmd("clear_board")
    g.cmd(f"komi {KOMI}")
    moves = []
    color = "B"
    for _ in range(rng.randint(2, 6)):
        for _try in range(20):
            v = f"{COLS[rng.randrange(size)]}{rng.randrange(size) + 1}"
            try:
                g.cmd(f"play {color} {v}")
                moves.append((color, v))
                color = "W" if color == "B" else "B"
                break
            except RuntimeError:
                continue
    passes = 0
    while passes < 2 and len(moves) < 4 * size * size:
        v = g.cmd(f"genmove {color}")
        if v.lower() == "resign":
            g.close()
            return False
        moves.append((color, v))
        passes = passes + 1 if v.lower() == "pass" else 0
        color = "W" if color == "B" else "B"
    g.close()
    if passes < 2:
        return False
    body = "".join(f";{c}[{sgf_point(v, size)}]" for c, v in moves)
    with open(path, "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[{size}]KM[{KOMI}]RU[Chinese]PB[GNU Go]PW[GNU Go]{body})\n")
    return True


def area_count(board, size):
    """Black's area minus White's (stones and empty regions of one colour)."""
    stones = {p: c for p, c in board.items() if c != "."}
    empty = {p for p, c in board.items() if c == "."}
    score = sum(1 if c == "B" else -1 for c in stones.values())
    for region, border in empty_regions(empty, stones):
        if border == {"B"}:
            score += len(region)
        elif border == {"W"}:
            score -= len(region)
    return score


def play_out(path):
    """GNU Go --capture-all-dead plays the record out; the area result after it."""
    size = int(open(path).read().split("SZ[")[1].split("]")[0])
    g = Gtp([GNUGO, "--mode", "gtp", "--level", "1", "--capture-all-dead", "--chinese-rules"])
    color = g.cmd(f"loadsgf {path}")
    color = "B" if color.lower().startswith("b") else "W"
    passes = 0
    n = 0
    while passes < 2 and n < 2 * size * size:
        v = g.cmd(f"genmove {color}")
        if v.lower() == "resign":
            break
        passes = passes + 1 if v.lower() == "pass" else 0
        color = "W" if color == "B" else "B"
        n += 1
    board = {}
    rows = g.cmd("showboard").splitlines()
    g.close()
    for line in rows:
        parts = line.split()
        if not parts or not parts[0].isdigit() or len(parts) < size + 1:
            continue
        y = int(parts[0])
        for x in range(size):
            ch = parts[1 + x]
            board[(x, y)] = "B" if ch == "X" else "W" if ch == "O" else "."
    if len(board) != size * size:
        raise RuntimeError(f"{path}: cannot read the board")
    margin = area_count(board, size) - KOMI
    return "B+%g" % margin if margin > 0 else "W+%g" % -margin if margin < 0 else "0"


def main():
    args = sys.argv[1:]
    counts = [int(a) for a in args[:3]] if len(args) >= 3 else [60, 30, 12]
    out = args[3] if len(args) >= 4 else os.path.join(ROOT, "bench", "out", "score")
    os.makedirs(out, exist_ok=True)
    jobs = []
    for size, n in zip((9, 13, 19), counts):
        for k in range(n):
            jobs.append((size, 1000 * size + k, os.path.join(out, f"g{size:02d}-{k:03d}.sgf")))

    def make(job):
        size, seed, path = job
        tries = 0
        while not os.path.exists(path) and tries < 5:
            self_play(size, seed + 100000 * tries, path)
            tries += 1
        if not os.path.exists(path):
            return None
        truth_path = path + ".truth"
        if not os.path.exists(truth_path):
            with open(truth_path, "w") as f:
                f.write(play_out(path))
        return path

    with ThreadPoolExecutor(JOBS) as ex:
        paths = [p for p in ex.map(make, jobs) if p]
    truth = {p: open(p + ".truth").read().strip() for p in paths}
    if not os.path.exists(TENGEN):
        print(f"{len(paths)} records ready in {out}; no {TENGEN} to score them")
        return
    got = {}

    def read(stdout, wall=None):
        for line in stdout.splitlines():
            try:
                o = json.loads(line)
            except json.JSONDecodeError:
                continue
            if wall is not None:
                o["ms"] = wall
            got[o["file"]] = o

    if os.environ.get("ALONE") == "1":
        for p in paths:
            t0 = time.perf_counter()
            res = subprocess.run([TENGEN, "score", "--rules", "chinese", "--json", p],
                                 capture_output=True, text=True)
            read(res.stdout, 1000.0 * (time.perf_counter() - t0))
    else:
        res = subprocess.run([TENGEN, "score", "--rules", "chinese", "--json", *paths],
                             capture_output=True, text=True)
        read(res.stdout)
    rows = []
    for p in paths:
        o = got.get(p, {})
        t = truth[p]
        r = o.get("result", "error")
        rows.append((p, t, r, o.get("ms", float("nan")), o.get("estimated", 0)))
    print(f"{'record':<24} {'truth':>8} {'tengen':>8} {'ms':>8}")
    for p, t, r, ms, est in rows:
        mark = "" if t == r else "  <- differs"
        print(f"{os.path.basename(p):<24} {t:>8} {r:>8} {ms:>8.1f}{mark}")
    for size in (9, 13, 19):
        sel = [r for r in rows if os.path.basename(r[0]).startswith(f"g{size:02d}")]
        if not sel:
            continue
        same = sum(1 for r in sel if r[1] == r[2])
        winner = sum(1 for r in sel if r[1][:1] == r[2][:1])
        times = [r[3] for r in sel]
        print(f"{size}x{size}: {len(sel)} records, exact result {same}/{len(sel)}, "
              f"winner {winner}/{len(sel)}, ms median {statistics.median(times):.0f} "
              f"max {max(times):.0f}, chains from the estimate {sum(r[4] for r in sel)}")
    same = sum(1 for r in rows if r[1] == r[2])
    winner = sum(1 for r in rows if r[1][:1] == r[2][:1])
    times = [r[3] for r in rows]
    print(f"all: {len(rows)} records, exact result {same}/{len(rows)} "
          f"({100.0 * same / max(1, len(rows)):.0f}%), winner {winner}/{len(rows)}, "
          f"ms median {statistics.median(times):.0f} max {max(times):.0f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How much one search's numbers move between seeds (docs/review.md, "Several searches").

usage: bench/review_spread.py SGF MOVES [--tengen BIN] [--seeds N] [--playouts P]

For each move number of MOVES (comma-separated), the position before that move of SGF is
searched N times (seeds 1..N, one thread, P playouts, `kata-analyze ... maxvisits P
rootInfo true`), and the standard deviation and range over the seeds are printed for the
root's score lead and for the lead of the search's first move. Each search runs in a fresh
engine; pin the script to one core (taskset) to leave the other free.
"""
import argparse
import re
import statistics
import subprocess

ROOT = re.compile(r"rootInfo visits \d+ .*?scoreLead (\S+)")
FIRST = re.compile(r"info move (\S+) visits \d+ .*?scoreLead (\S+)")


def search(tengen, sgf, move, seed, playouts):
    """The root's lead, the first move and its lead of one seeded search."""
    p = subprocess.Popen([tengen, "--threads", "1", "--seed", str(seed)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    p.stdin.write(f"loadsgf {sgf} {move}\n"
                  f"kata-analyze interval 360000 maxvisits {playouts} rootInfo true\n")
    p.stdin.flush()
    line = ""
    while True:
        line = p.stdout.readline()
        if not line or line.startswith("info"):
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.communicate(timeout=60)
    root, first = ROOT.search(line), FIRST.search(line)
    if not root or not first:
        raise SystemExit(f"no analysis for move {move}, seed {seed}: {line[:200]!r}")
    return float(root.group(1)), first.group(1), float(first.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sgf")
    ap.add_argument("moves", help="move numbers, comma-separated: the positions before them")
    ap.add_argument("--tengen", default="target/release/tengen")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--playouts", type=int, default=3000)
    a = ap.parse_args()
    for move in [int(m) for m in a.moves.split(",")]:
        rows = [search(a.tengen, a.sgf, move, s, a.playouts) for s in range(1, a.seeds + 1)]
        for s, (root, mv, lead) in enumerate(rows, 1):
            print(f"move {move} seed {s}: root lead {root:.2f}, first move {mv} lead {lead:.2f}")
        for name, values in (("root lead", [r[0] for r in rows]),
                             ("first move's lead", [r[2] for r in rows])):
            print(f"move {move} {a.playouts} playouts, {name}: sd {statistics.stdev(values):.2f},"
                  f" range {max(values) - min(values):.2f}")


if __name__ == "__main__":
    main()

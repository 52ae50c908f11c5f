#!/usr/bin/env python3
"""How well two reviews of one game agree on its listed losses (issue 55's repeatability).

usage: bench/review_repeat.py A-review.sgf B-review.sgf [--within 2]

Reads the two records `tengen review` wrote (with other seeds, say) and, for every move
either summary lists among a side's biggest losses, prints the points it lost in each
review (from the move's `Loss:` comment line; 0 when it lost nothing) and whether they
agree within `--within` points. Ends with the count that do.
"""
import argparse
import re


def losses(path):
    """The points each move lost ({move number: (move, points)}) and the moves listed."""
    text = open(path, encoding="utf-8").read()
    lost = {}
    for m in re.finditer(r"Move (\d+): [BW] (\S+)(.*?)(?=Move \d+: [BW] |\Z)", text, re.S):
        loss = re.search(r"Loss: \w+ [\d.]+%, ([\d.]+) points", m.group(3))
        lost[int(m.group(1))] = (m.group(2), float(loss.group(1)) if loss else 0.0)
    # the summary sits in the root's comment, before the first move
    root = text.split(";B[", 1)[0]
    listed = {int(n) for n in re.findall(r"(\d+) [A-T]\d+ -[\d.]+ points", root)}
    return lost, listed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--within", type=float, default=2.0)
    args = ap.parse_args()
    (a, la), (b, lb) = losses(args.a), losses(args.b)
    agree = 0
    for n in sorted(la | lb):
        mv, pa = a.get(n, ("?", 0.0))
        pb = b.get(n, (mv, 0.0))[1]
        ok = abs(pa - pb) <= args.within
        agree += ok
        print(f"{n:4} {mv:4} {pa:5.1f} {pb:5.1f} {'ok' if ok else 'OFF'}")
    print(f"{agree} of {len(la | lb)} listed moves within {args.within} points")


if __name__ == "__main__":
    main()

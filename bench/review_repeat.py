#!/usr/bin/env python3
"""How well two reviews of one game agree on its listed losses (issue 55's repeatability).

usage: bench/review_repeat.py A-review.sgf B-review.sgf [--within 2]

Reads the two records `tengen review` wrote (with other seeds, say) and, for every move
either summary lists among a side's biggest losses, prints the points it lost in each
review (from the move's `Loss:` comment line; 0 when it lost nothing), `~` after a
reading that rests on the first pass alone (the position before or after the move never
searched again: its `LZ` playouts are the record's fewest), and whether they agree within
`--within` points. Ends with the count that do, and the count of first-pass readings.
"""
import argparse
import re


def losses(path):
    """The points each move lost ({move number: (move, points)}), the moves listed, and the
    moves whose loss rests on the first pass alone."""
    text = open(path, encoding="utf-8").read()
    lost = {}
    # the playouts behind each position (the one after move n), from the move's LZ
    playouts = {}
    for m in re.finditer(r"Move (\d+): [BW] (\S+)(.*?)(?=Move \d+: [BW] |\Z)", text, re.S):
        n = int(m.group(1))
        loss = re.search(r"Loss: \w+ [\d.]+%, ([\d.]+) points", m.group(3))
        lost[n] = (m.group(2), float(loss.group(1)) if loss else 0.0)
        lz = re.search(r"LZ\[\S+ \S+ (\d+)", m.group(3))
        if lz:
            playouts[n] = int(lz.group(1))
    fewest = min(playouts.values(), default=0)
    first = {
        n
        for n in lost
        if playouts.get(n - 1, fewest) <= fewest or playouts.get(n, fewest) <= fewest
    }
    # the summary sits in the root's comment, before the first move
    root = text.split(";B[", 1)[0]
    listed = {int(n) for n in re.findall(r"(\d+) [A-T]\d+ -[\d.]+ points", root)}
    return lost, listed, first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--within", type=float, default=2.0)
    args = ap.parse_args()
    (a, la, fa), (b, lb, fb) = losses(args.a), losses(args.b)
    agree = shallow = 0
    for n in sorted(la | lb):
        mv, pa = a.get(n, ("?", 0.0))
        pb = b.get(n, (mv, 0.0))[1]
        ok = abs(pa - pb) <= args.within
        agree += ok
        ma, mb = ("~" if n in f else " " for f in (fa, fb))
        shallow += (n in fa) + (n in fb)
        print(f"{n:4} {mv:4} {pa:5.1f}{ma} {pb:5.1f}{mb} {'ok' if ok else 'OFF'}")
    print(f"{agree} of {len(la | lb)} listed moves within {args.within} points")
    print(f"{shallow} of their readings from the first pass alone (~)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the first GAMES games of ../shared/data/tom-9d with at least MOVES moves as SGF
files into OUT (tom-ID.sgf), for the benchmarks that search middle-game positions.

usage: bench/tom_sgf.py GAMES MOVES OUT"""
import glob
import sys

want, moves, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
n = 0
for f in sorted(glob.glob("../shared/data/tom-9d/kifu/*")):
    for line in open(f, encoding="utf-8", errors="replace"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 2 or parts[1].count(";") < moves:
            continue
        with open(f"{out}/tom-{parts[0]}.sgf", "w") as sgf:
            sgf.write(f"(;GM[1]FF[4]SZ[19]KM[7.5]{parts[1]})\n")
        n += 1
        if n == want:
            sys.exit(0)
sys.exit(0 if n else f"no game of {moves} moves found in ../shared/data/tom-9d/kifu")

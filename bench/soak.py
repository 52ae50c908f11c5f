#!/usr/bin/env python3
"""Summary of a soak match (`tengen match` output dir) for one engine under a clock.

usage: bench/soak.py DIR ENGINE MAIN PERIOD [RSS_LOG]

From DIR/games.jsonl: games, wins, how the games ended (time losses, illegal moves and every
other forfeit counted apart), and for ENGINE the clock: seconds per move while main time
lasted (MAIN seconds) and in overtime (PERIOD seconds a move), the main time used per game,
the longest move in overtime, and the periods left at the end. RSS_LOG (optional): lines
"PID START_EPOCH VMHWM_KB" sampled each second by a monitor (see bench/README.md); the peak
of each process in start order, one process per game: first, last, max.
"""
import json
import statistics
import sys
from collections import Counter


def main():
    d, name, main_t, period = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    rs = [json.loads(l) for l in open(f"{d}/games.jsonl")]
    rs.sort(key=lambda r: r["game"])
    print(f"{len(rs)} games; {name} won {sum(r['winner'] == name for r in rs)}")
    print("endings:", dict(Counter(r["ending"] for r in rs)))
    bad = [r for r in rs if r["ending"] not in ("score", "resignation")]
    for r in bad:
        print(f"  game {r['game']}: {r['ending']}: {r['reason']}")
    print(f"games not ended by score or resignation: {len(bad)}")
    in_main, in_over, used, periods = [], [], [], []
    for r in rs:
        t = r["seconds_per_move"].get(name, [])
        spent = 0.0
        for s in t:
            if spent < main_t:
                in_main.append(s)
            else:
                in_over.append(s)
            spent += s
        used.append(min(spent, main_t))
        left = (r.get("time_left") or {}).get(name) or {}
        if "periods" in left:
            periods.append(left["periods"])
    print(f"moves in main time: {len(in_main)}, mean {statistics.mean(in_main):.2f} s, "
          f"median {statistics.median(in_main):.2f} s")
    if in_over:
        print(f"moves in overtime: {len(in_over)}, mean {statistics.mean(in_over):.2f} s, "
              f"max {max(in_over):.2f} s (period {period} s)")
    print(f"main time used per game: median {statistics.median(used):.1f} s of {main_t}, "
          f"mean {statistics.mean(used):.1f}; games into overtime: "
          f"{sum(u >= main_t for u in used)}")
    if periods:
        print(f"periods left at the end: {dict(Counter(periods))}")
    if len(sys.argv) > 5:
        peak, start = {}, {}
        for line in open(sys.argv[5]):
            pid, st, kb = line.split()
            peak[pid] = max(peak.get(pid, 0), int(kb))
            start[pid] = int(st)
        order = sorted(peak, key=lambda p: (start[p], int(p)))
        mb = [peak[p] / 1024 for p in order]
        k = max(1, len(mb) // 10)
        print(f"peak RSS of {len(mb)} processes (MiB): first {mb[0]:.1f}, last {mb[-1]:.1f}, "
              f"max {max(mb):.1f}; median of the first {k} {statistics.median(mb[:k]):.1f}, "
              f"of the last {k} {statistics.median(mb[-k:]):.1f}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Peak memory of the whole Tengen process under --max-tree-mb.

usage: [THREADS="1 2 4"] [TENGEN=BINARY] bench/memory.py [SECONDS] [RUNS] [MB ...]

For every thread count (THREADS, default 2), every cap MB (default 32 64 128, and 4096 as
the uncapped reference) and every run: a fresh `tengen --threads T --max-tree-mb MB --book
off` (the book would answer the empty board without a search) thinks on the empty 19x19
board for SECONDS (default 20: `time_settings 0 SECONDS 1`, one move per period, so soft and
hard limits are the period less the lag margin), then its peak resident memory (VmHWM from
/proc) and the nodes of its tree (from its log) are read. Prints per thread count and cap
the median peak, the peak minus the cap (the fixed overhead of the process: the cap counts
the tree and every search thread's buffers), the tree's nodes and the think time.
"""
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(os.environ.get("TENGEN", ROOT / "target" / "release" / "tengen"))


def peak_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def one(threads, mb, seconds):
    p = subprocess.Popen(
        [str(BIN), "--threads", str(threads), "--max-tree-mb", str(mb), "--book", "off", "-v"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    t = time.time()
    out, err = "", ""
    p.stdin.write(f"boardsize 19\nclear_board\ntime_settings 0 {seconds} 1\ngenmove b\n")
    p.stdin.flush()
    replies = 0
    while replies < 4:
        line = p.stdout.readline()
        if not line:
            break
        if line.startswith("="):
            replies += 1
    took = time.time() - t
    kb = peak_kb(p.pid)
    p.stdin.write("quit\n")
    p.stdin.flush()
    _, err = p.communicate(timeout=30)
    m = re.findall(r"tree search for black: (\d+) playouts in ([\d.]+) s .*?, (\d+) nodes", err)
    playouts, secs, nodes = (int(m[-1][0]), float(m[-1][1]), int(m[-1][2])) if m else (0, 0, 0)
    return kb / 1024, nodes, playouts, took


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    caps = [int(x) for x in sys.argv[3:]] or [32, 64, 128, 4096]
    if not BIN.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    threads = [int(t) for t in os.environ.get("THREADS", "2").split()]
    print(f"19x19 empty board, genmove b, {seconds} s, {runs} runs per cap")
    print("| --threads | --max-tree-mb | peak RSS MiB (median) | peak - cap | tree nodes | playouts | think s |")
    print("|---|---|---|---|---|---|---|")
    for t in threads:
        for mb in caps:
            rs = [one(t, mb, seconds) for _ in range(runs)]
            peak = statistics.median(r[0] for r in rs)
            nodes = int(statistics.median(r[1] for r in rs))
            playouts = int(statistics.median(r[2] for r in rs))
            took = statistics.median(r[3] for r in rs)
            print(f"| {t} | {mb} | {peak:.1f} (max {max(r[0] for r in rs):.1f}) | {peak - mb:+.1f} | {nodes} | {playouts} | {took:.1f} |",
                  flush=True)


if __name__ == "__main__":
    main()

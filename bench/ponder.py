#!/usr/bin/env python3
"""Pondering: CPU when idle, answers while pondering, and what the next move reuses.

usage: bench/ponder.py [GAMES] [MOVES]

1. Idle: `tengen --threads 2` after one genmove on 9x9, CPU seconds used in the next 3 s
   (from /proc/PID/stat), without and with --ponder.
2. Latency: with --ponder, 50 `name` commands while it ponders: median and max reply time.
3. Reuse: GAMES short 9x9 games (default 3) of MOVES Tengen moves each (default 12) against
   GNU Go level 1, the opponent taking 1 s per move (it replies at once, the script waits),
   Tengen `--threads 1 --time 1`, with and without --ponder: the visits the tree keeps for
   each genmove after the opponent's reply (the log's "(N visits reused)"), median.
"""
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "tengen"
GNUGO = "/usr/games/gnugo"
TICK = 100.0


class Gtp:
    def __init__(self, args, log=None):
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=log or subprocess.DEVNULL, text=True)

    def cmd(self, c):
        t = time.time()
        self.p.stdin.write(c + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise RuntimeError(f"engine closed on {c}")
            if l.strip() == "" and lines:
                break
            if l.strip():
                lines.append(l.strip())
        text = " ".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{c}: {text}")
        return text[1:].strip(), time.time() - t

    def cpu(self):
        stat = Path(f"/proc/{self.p.pid}/stat").read_text()
        f = stat[stat.rfind(")") + 2:].split()
        return (int(f[11]) + int(f[12])) / TICK

    def close(self):
        try:
            self.cmd("quit")
        except Exception:
            pass
        self.p.wait(timeout=30)


def idle_cpu(ponder):
    e = Gtp([str(BIN), "--threads", "2", "--time", "1"] + (["--ponder"] if ponder else []))
    e.cmd("boardsize 9")
    e.cmd("clear_board")
    e.cmd("genmove b")
    c0 = e.cpu()
    time.sleep(3)
    used = e.cpu() - c0
    lat = []
    if ponder:
        for _ in range(50):
            _, t = e.cmd("name")
            lat.append(t * 1000)
            time.sleep(0.02)
    e.close()
    return used, lat


def reuse(ponder, games, moves, log_path):
    kept = []
    for g in range(games):
        with open(log_path, "w") as log:
            t = Gtp([str(BIN), "--threads", "1", "--time", "1", "--seed", str(g + 1), "-vv"]
                    + (["--ponder"] if ponder else []), log)
            o = Gtp([GNUGO, "--mode", "gtp", "--level", "1", "--seed", str(g + 1)])
            for e in (t, o):
                e.cmd("boardsize 9")
                e.cmd("clear_board")
                e.cmd("komi 7.5")
            for _ in range(moves):
                m, _ = t.cmd("genmove b")
                if m.lower() in ("pass", "resign"):
                    break
                o.cmd(f"play b {m}")
                r, _ = o.cmd("genmove w")
                time.sleep(1.0)  # the opponent's thinking time
                if r.lower() == "resign":
                    break
                t.cmd(f"play w {r}")
            t.close()
            o.close()
        text = Path(log_path).read_text()
        # the first genmove has no tree yet; every later one reports what it kept
        kept += [int(x) for x in re.findall(r"tree search for black: .*\((\d+) visits reused\)", text)][1:]
    return kept


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    if not BIN.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    off, _ = idle_cpu(False)
    on, lat = idle_cpu(True)
    print(f"CPU seconds in 3 s after genmove: without --ponder {off:.2f}, with --ponder {on:.2f}")
    print(f"`name` while pondering (50): median {statistics.median(lat):.2f} ms, max {max(lat):.2f} ms")
    log = ROOT / "target" / "ponder-bench.log"
    for ponder in (False, True):
        k = reuse(ponder, games, moves, log)
        label = "with --ponder" if ponder else "without --ponder"
        print(f"visits kept at genmove {label}: median {statistics.median(k):.0f} over {len(k)} moves")


if __name__ == "__main__":
    main()

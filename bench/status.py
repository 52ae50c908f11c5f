#!/usr/bin/env python3
"""Status confirmation on finished 19x19 games: replays the last positions of counted games
(result by points, not resignation) from ../shared/data/tom-9d, asks Tengen for
`tengen-status` and `final_score`, and reports how long confirmation took (from the engine's
log line, the playout fallback included), how many chains came from the playout estimate,
and how often Tengen's winner under chinese rules (the record's komi) matches the record.
As a reference measured in the same run, GNU Go's `final_status_list dead` on the same
positions (`GNUGO`, default /usr/games/gnugo; skipped when missing): its time is the wall time
of a run that asks it, minus the median of three runs that only replay the moves.

Usage: bench/status.py [GAMES] [RULES]   (defaults: 20 japanese; the winner check always
uses chinese, as the server counted)
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "tom-9d")
COLS = "ABCDEFGHJKLMNOPQRST"


def games(n):
    """(moves, komi, result) of the first n counted games with at least 200 moves."""
    want = {}
    with open(os.path.join(DATA, "index.tsv"), encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 7:
                continue
            gid, _, _, _, komi, result, moves = parts[:7]
            if re.fullmatch(r"[BW]\+\d+(\.\d+)?", result) and int(moves) >= 200:
                want[gid] = (float(komi), result)
    out = []
    kifu = os.path.join(DATA, "kifu")
    for name in sorted(os.listdir(kifu)):
        with open(os.path.join(kifu, name), encoding="utf-8", errors="replace") as f:
            for line in f:
                gid, _, rec = line.rstrip("\n").partition("\t")
                if gid not in want:
                    continue
                moves = re.findall(r";([BW])\[([a-s]{2}|tt|)\]", rec)
                out.append((moves, *want[gid]))
                if len(out) >= n:
                    return out
    return out


def gtp_moves(moves):
    cmds = []
    for color, xy in moves:
        if xy in ("", "tt"):
            cmds.append(f"play {color} pass")
        else:
            x, y = ord(xy[0]) - 97, ord(xy[1]) - 97
            cmds.append(f"play {color} {COLS[x]}{19 - y}")
    return cmds


def gnugo_ms(gnugo, moves, komi):
    """Milliseconds GNU Go spends on `final_status_list dead` after replaying `moves`."""
    base = ["boardsize 19", "clear_board", f"komi {komi}"] + gtp_moves(moves)

    def run(extra):
        t = time.perf_counter()
        subprocess.run([gnugo, "--mode", "gtp"], input="\n".join(base + extra + ["quit"]) + "\n",
                       capture_output=True, text=True)
        return (time.perf_counter() - t) * 1000

    replay = statistics.median(run([]) for _ in range(3))
    return max(0.0, run(["final_status_list dead"]) - replay)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rules = sys.argv[2] if len(sys.argv) > 2 else "japanese"
    binary = os.path.join(ROOT, "target", "release", "tengen")
    times, estimated, limits, agree, counted = [], [], [], 0, 0
    gnugo = shutil.which(os.environ.get("GNUGO", "/usr/games/gnugo"))
    ref = []
    for moves, komi, result in games(n):
        script = ["boardsize 19", "clear_board", f"kata-set-rules {rules}", f"komi {komi}"]
        script += gtp_moves(moves)
        script += ["tengen-status", "kata-set-rules chinese", f"komi {komi}", "final_score", "quit"]
        p = subprocess.run(
            [binary, "--threads", "1"],
            input="\n".join(script) + "\n",
            capture_output=True,
            text=True,
            env={**os.environ, "RUST_LOG": "info"},
        )
        logs = re.findall(
            r"status confirmation: (\d+) chains, (\d+) nodes, (\d+) from the estimate "
            r"\((\d+) at a limit\), (\d+) ms",
            p.stderr,
        )
        if not logs:
            print("no confirmation log", file=sys.stderr)
            continue
        chains, nodes, est, lim, ms = map(int, logs[0])
        times.append(ms)
        estimated.append(est)
        limits.append(lim)
        replies = [r for r in p.stdout.split("\n\n") if r.startswith("=")]
        score = replies[-2].strip("= \n") if len(replies) >= 2 else "?"
        counted += 1
        if gnugo:
            ref.append(gnugo_ms(gnugo, moves, komi))
        agree += score[:1] == result[:1]
        print(f"{len(moves)} moves, {chains} chains, {nodes} nodes, {est} estimated "
              f"({lim} at a limit), {ms} ms; "
              f"chinese {score} vs record {result}")
    if times:
        print(f"games {len(times)}: confirmation median {statistics.median(times)} ms, "
              f"max {max(times)} ms; chains from the estimate: median "
              f"{statistics.median(estimated)}, max {max(estimated)} (at a limit: median "
              f"{statistics.median(limits)}, max {max(limits)}); "
              f"winner as recorded in {agree}/{counted}")
    if ref:
        print(f"reference, GNU Go final_status_list dead on the same positions: median "
              f"{statistics.median(ref):.0f} ms, max {max(ref):.0f} ms; Tengen / GNU Go "
              f"medians {statistics.median(times) / max(statistics.median(ref), 1e-9):.2f}")


if __name__ == "__main__":
    main()

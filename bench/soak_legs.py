#!/usr/bin/env python3
"""Summary of a clock soak (bench/soak.sh): one table row per leg, and memory across the run.

usage: bench/soak_legs.py DIR [ENGINE]     (ENGINE default: tengen)

Every DIR/LEG/games.jsonl (a `tengen match --out DIR/LEG`, legs in name order) gives a row:
board size, clock, pondering and threads (from ENGINE's command in LEG/match.json), games,
ENGINE's wins, the endings by kind (time losses and forfeits named by loser), ENGINE's time
losses, illegal moves and other forfeits (crash, timeout, garbage), the most and least time
ENGINE had left at a game's end (overtime counted in), its longest move and longest move in
overtime, and its peak RSS per game (the runner's `peak_rss_mb`, one process a game):
first, median, last, max.
Then every game that did not end by score, resignation or the move cap, with its reason and
log, and memory across the run: per leg the median peak of its first and last k games (k =
20, or half a shorter leg); per board size all games in the order they ended (their SGF's
mtime) likewise; and from DIR/runner-rss.log (lines "EPOCH LEG KB", bench/soak.sh) each
leg's runner RSS first/last/max.
"""
import json
import os
import statistics
import sys
from collections import Counter, defaultdict


def left(t, settings):
    """Seconds left on a clock record, and the record as text: byo-yomi, main time plus the
    periods left; Canadian, main time plus a whole period, or in overtime the period's rest."""
    main, (_, period, stones) = t.get("main", 0.0), settings["time_settings"]
    if t.get("periods") is not None:
        return main + t["periods"] * period, f"{main:.1f} s + {t['periods']} x {period:g} s"
    if t.get("stones") is not None:
        return t.get("period") or 0.0, f"{t.get('period') or 0.0:.1f} s / {t['stones']} st"
    if settings.get("overtime") == "canadian":
        return main + period, f"{main:.1f} s + {period:g} s / {stones} st"
    return main, f"{main:.1f} s"


def option(cmd, name, default):
    words = cmd.split()
    if name not in words:
        return default
    i = words.index(name)
    return words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else "on"


def main():
    d = sys.argv[1]
    me = sys.argv[2] if len(sys.argv) > 2 else "tengen"
    legs = sorted(n for n in os.listdir(d) if os.path.exists(f"{d}/{n}/games.jsonl"))
    print("| leg | size | clock | ponder | threads | games | won | endings | time losses | "
          "illegal | crashes/forfeits | most / least left | longest move / in overtime (s) | "
          "RSS MiB first / median / last / max |")
    print("|---" * 14 + "|")
    tot = Counter()
    problems, by_size, firstlast = [], defaultdict(list), []
    for leg in legs:
        m = json.load(open(f"{d}/{leg}/match.json"))
        if me not in m["settings"]["commands"]:
            continue
        cmd = m["settings"]["commands"][me]
        size = m["settings"]["size"]
        rs = [json.loads(l) for l in open(f"{d}/{leg}/games.jsonl")]
        rs.sort(key=lambda r: r["game"])
        ends = Counter()
        time_losses = illegal = forfeits = 0
        lefts, longest, longest_ot, rss = [], [], [], []
        for r in rs:
            kind = r["ending"]
            loser = None
            if kind in ("time", "forfeit") and r["winner"]:
                loser = r["white"] if r["winner"] == r["black"] else r["black"]
                kind = f"{kind} ({loser})"
            ends[kind] += 1
            if r["ending"] not in ("score", "resignation", "move cap"):
                problems.append((leg, r))
            if loser == me or (r["ending"] in ("forfeit", "void") and not r["winner"]):
                if r["ending"] == "time":
                    time_losses += 1
                elif "illegal move" in r["reason"]:
                    illegal += 1
                else:
                    forfeits += 1
            t = (r.get("time_left") or {}).get(me)
            if t:
                lefts.append(left(t, m["settings"]))
            s = r["seconds_per_move"].get(me, [])
            if s:
                longest.append(max(s))
            ot = s[(r.get("moves_in_main_time") or {}).get(me, len(s)):]
            if ot:
                longest_ot.append(max(ot))
            mb = (r.get("peak_rss_mb") or {}).get(me)
            if mb is not None:
                rss.append(mb)
                end = os.path.getmtime(f"{d}/{leg}/{r['sgf']}") if r.get("sgf") and \
                    os.path.exists(f"{d}/{leg}/{r['sgf']}") else 0
                by_size[size].append((end, mb))
        wins = sum(r["winner"] == me for r in rs)
        tot.update(games=len(rs), won=wins, time=time_losses, illegal=illegal, forfeit=forfeits)
        lefts.sort()
        span = f"{lefts[-1][1]} / {lefts[0][1]}" if lefts else "-"
        lm = f"{max(longest):.2f}" if longest else "-"
        lo = f"{max(longest_ot):.2f}" if longest_ot else "-"
        mem = (f"{rss[0]:.0f} / {statistics.median(rss):.0f} / {rss[-1]:.0f} / {max(rss):.0f}"
               if rss else "-")
        ending_text = ", ".join(f"{k} {v}" for k, v in ends.most_common())
        print(f"| {leg} | {size}x{size} | {m['identity']['time']} | "
              f"{'on' if option(cmd, '--ponder', None) else 'off'} | "
              f"{option(cmd, '--threads', 'default')} | {len(rs)} | {wins} | {ending_text} | "
              f"{time_losses} | {illegal} | {forfeits} | {span} | {lm} / {lo} | {mem} |")
        k = min(20, len(rss) // 2)
        if k:
            firstlast.append((leg, k, statistics.median(rss[:k]), statistics.median(rss[-k:])))
    print(f"\ntotal: {tot['games']} games, {me} won {tot['won']}; {me}'s time losses "
          f"{tot['time']}, illegal moves {tot['illegal']}, crashes/other forfeits {tot['forfeit']}")
    print(f"\ngames not ended by score, resignation or the move cap: {len(problems)}")
    for leg, r in problems:
        print(f"  {leg} game {r['game']} ({r['moves']} moves): {r['ending']}: {r['reason']}; "
              f"time left {r.get('time_left')}; logs {d}/{leg}/logs/game-{r['game']:04}-*")
    print(f"\n{me}'s peak RSS per game (MiB), median of the first k and the last k games:")
    for leg, k, a, b in firstlast:
        print(f"  leg {leg} (k={k}): {a:.1f} -> {b:.1f}")
    for size, xs in sorted(by_size.items()):
        xs.sort()
        mb = [x for _, x in xs]
        if len(mb) >= 40:
            print(f"  all {size}x{size} games in the order they ended ({len(mb)}; the legs' "
                  "threads, pondering and load differ): "
                  f"{statistics.median(mb[:20]):.1f} -> {statistics.median(mb[-20:]):.1f}")
    path = f"{d}/runner-rss.log"
    if os.path.exists(path):
        runner = defaultdict(list)
        for line in open(path):
            _, leg, kb = line.split()
            runner[leg].append(int(kb) / 1024)
        print("runner (`tengen match`) RSS sampled every 30 s (MiB), first / last / max:")
        for leg, xs in sorted(runner.items()):
            print(f"  leg {leg}: {xs[0]:.1f} / {xs[-1]:.1f} / {max(xs):.1f} ({len(xs)} samples)")


if __name__ == "__main__":
    main()

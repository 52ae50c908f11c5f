#!/usr/bin/env python3
"""Real endings: every game of ../shared/data/tom-9d that ended by counting, scored by
`tengen score` from its final position and compared with the server's recorded result.

usage: bench/endings.py [--tengen BIN] [--out DIR] [--rules chinese] [--games N]
                        [--part all|heldout|train] [--komi K] [--chunk 200] [--misses]
                        [--gnugo BIN] [--compare] [--ids FILE]

The records stay in ../shared/data: the script writes one SGF a game (komi and result
from index.tsv, RU the rules asked for) into OUT/sgf/, scores them in chunks with
`tengen score --json --rules R` (folders are scored one record per core), and keeps every
verdict in OUT/RULES.jsonl, so an interrupted run goes on where it stopped (delete the file
to score again with a new build). Games are in the collection's order (kifu/ by month, then
line); the newest 2,000 counted games are the held-out part (`--part heldout`), never looked
at when tuning. With `--misses`, every game whose count differs from the record is written
to OUT/misses-RULES/ as SGF, Tengen's count marked on the final position: TB/TW on each
side's territory (dead stones included), SQ on stones in seki, MA on the chains whose status
came from the playout estimate, and a comment with both results and Tengen's verdict.

With `--gnugo /usr/games/gnugo`, every miss is also counted by GNU Go (`final_score` and
`final_status_list dead` under --chinese-rules or --japanese-rules, the record's komi; kept in
OUT/gnugo-RULES.jsonl) and classed: `kept-in-eye` (off by 3: a lone stone in atari inside its
opponent's one-point eye, dead for Tengen, of the colour the record favours: the server
counted it standing, its point its owner's and the eye nobody's), `gnugo=tengen` (both
engines count alike against the record: statuses the players agreed that the moves do not
prove, or the server's count), `gnugo=record` (GNU Go agrees with the record where Tengen
does not: Tengen's error, unless read otherwise), `same-dead` (GNU Go takes the same stones
off and its count differs from both: a dame, seki or rule question), `neither`.

Prints one JSON object: counted games, exact, right winner, the distribution of
(Tengen's margin - recorded margin), and the time per game (median, 99th percentile, max).

With `--compare`, the games are scored under both `chinese` and `japanese` (the stores
OUT/chinese.jsonl and OUT/japanese.jsonl, shared with the runs above) and the two counts of
each game are checked against each other: area minus territory must be what the rules
explain, (Black's stones played - White's) for the prisoners and the dame filled, plus the
empty points one count gives a side and the other does not (eyes in seki), with the same
stones taken off. Prints how many games agree so, the differences by cause,
and each game that does not."""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "tom-9d")
HELDOUT = 2000
COUNTED = re.compile(r"^([BW])\+(\d+(?:\.\d+)?)$")
LETTERS = "ABCDEFGHJKLMNOPQRST"


def read_store(path):
    """The JSON objects of a JSONL store, by their `id` (empty when there is none yet)."""
    known = {}
    if os.path.exists(path):
        for line in open(path):
            j = json.loads(line)
            known[j["id"]] = j
    return known


def margin(result):
    """Black's margin of a result such as B+2.5, W+0.5 or 0."""
    if result in ("0", "Draw", "Jigo"):
        return 0.0
    m = COUNTED.match(result)
    if not m:
        return None
    v = float(m.group(2))
    return v if m.group(1) == "B" else -v


def counted_games(data):
    """(id, komi, result, moves) of every counted game, in the collection's order."""
    index = {}
    for line in open(os.path.join(data, "index.tsv"), encoding="utf-8", errors="replace"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 6 and COUNTED.match(f[5]):
            index[f[0]] = (f[4], f[5])
    out = []
    for path in sorted(glob.glob(os.path.join(data, "kifu", "*"))):
        for line in open(path, encoding="utf-8", errors="replace"):
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 2 and parts[0] in index:
                komi, result = index[parts[0]]
                out.append((parts[0], komi, result, parts[1]))
    return out


def game_rules(asked, komi):
    """The rules a game is counted by: those asked, or with `auto` the server's own by its
    komi: 7.5 area counting (chinese), 6.5 territory counting with prisoners (japanese)."""
    if asked != "auto":
        return asked
    return "japanese" if komi == "6.5" else "chinese"


def sgf_text(komi, result, rules, moves):
    return f"(;GM[1]FF[4]SZ[19]KM[{komi}]RU[{rules}]RE[{result}]{moves})\n"


def sgf_point(vertex):
    """SGF letters of a GTP vertex on 19x19."""
    x = LETTERS.index(vertex[0].upper())
    y = 19 - int(vertex[1:])
    return "abcdefghijklmnopqrs"[x] + "abcdefghijklmnopqrs"[y]


def score_chunk(tengen, rules, files):
    """Runs `tengen score --json` on files; returns the JSON object of each, by file."""
    cmd = [tengen, "score", "--json", "--rules", rules] + files
    proc = subprocess.run(cmd, capture_output=True, text=True)
    got = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            j = json.loads(line)
            got[j["file"]] = j
    return got


def miss_sgf(game, rules, verdict):
    """The game as SGF with Tengen's count marked on its last node."""
    gid, komi, result, moves = game
    marks = {"TB": [], "TW": [], "SQ": [], "MA": []}
    for r, row in enumerate(verdict.get("owner", [])):
        for x, c in enumerate(row):
            pt = "abcdefghijklmnopqrs"[x] + "abcdefghijklmnopqrs"[r]
            if c == "x":
                marks["TB"].append(pt)
            elif c == "o":
                marks["TW"].append(pt)
    marks["SQ"] = [sgf_point(v) for v in verdict.get("seki", [])]
    marks["MA"] = [sgf_point(v) for v in verdict.get("unsure", [])]
    props = "".join(k + "".join(f"[{p}]" for p in ps) for k, ps in marks.items() if ps)
    comment = (
        f"Recorded {result}; Tengen {verdict['result']} ({rules}, komi {komi}).\n"
        f"Dead: {' '.join(verdict.get('dead', [])) or 'none'}\n"
        f"Seki: {' '.join(verdict.get('seki', [])) or 'none'}\n"
        f"From the playout estimate (MA): {' '.join(verdict.get('unsure', [])) or 'none'}"
    )
    comment = comment.replace("\\", "\\\\").replace("]", "\\]")
    body = sgf_text(komi, result, rules.capitalize(), moves).rstrip()[:-1]
    return f"{body};{props}C[{comment}])\n".replace(";;", ";")


def gnugo_verdict(gnugo, rules, path, komi):
    """GNU Go's result and dead stones for one record."""
    flag = "--japanese-rules" if rules == "japanese" else "--chinese-rules"
    script = f"loadsgf {path}\nkomi {komi}\nfinal_score\nfinal_status_list dead\nquit\n"
    proc = subprocess.run(
        [gnugo, "--mode", "gtp", flag], input=script, capture_output=True, text=True
    )
    replies = [r.strip() for r in proc.stdout.split("\n\n") if r.strip()]
    if len(replies) < 4 or not replies[2].startswith("="):
        return {"error": proc.stdout[-200:]}
    dead = sorted(replies[3].lstrip("= ").split())
    return {"result": replies[2].lstrip("= ").strip(), "dead": dead}


def around(p):
    """The points next to p on 19x19."""
    x, y = p
    return [q for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if 0 <= q[0] < 19 and 0 <= q[1] < 19]


def final_board(moves):
    """The final position of a game's moves ({(x, y): "B" or "W"}, y from the top),
    captures made; ko bans are not checked (a repaired record's retake lands the same)."""
    board = {}

    def take_if_dead(p):
        color, seen, todo = board[p], {p}, [p]
        while todo:
            for q in around(todo.pop()):
                if q not in board:
                    return
                if board[q] == color and q not in seen:
                    seen.add(q)
                    todo.append(q)
        for s in seen:
            del board[s]

    for color, m in re.findall(r";([BW])\[([a-s]{2})?\]", moves):
        if not m:
            continue
        p = ("abcdefghijklmnopqrs".index(m[0]), "abcdefghijklmnopqrs".index(m[1]))
        board[p] = color
        for q in around(p):
            if board.get(q, color) != color:
                take_if_dead(q)
        take_if_dead(p)
    return board


def kept_in_eye(row):
    """Whether a 3-point miss is a stone in atari inside its opponent's one-point eye (the
    liberty's other neighbours all the opponent's) that Tengen takes off as dead, of the
    colour the record favours: the count the server made with that stone left standing, its
    point its owner's and the eye nobody's."""
    d = row["diff"]
    if abs(d) != 3:
        return False
    favoured = "W" if d > 0 else "B"
    board = final_board(row["game"][3])
    dead = set(row["verdict"].get("dead", []))
    for (x, y), color in board.items():
        if color != favoured or f"{LETTERS[x]}{19 - y}" not in dead:
            continue
        near = around((x, y))
        libs = [q for q in near if q not in board]
        if len(libs) != 1 or any(board.get(q) == color for q in near):
            continue
        others = [board.get(q) for q in around(libs[0]) if q != (x, y)]
        if others and all(c is not None and c != color for c in others):
            return True
    return False


def classify(row, g):
    """The class of a miss: `kept-in-eye` (see `kept_in_eye`), else by GNU Go's count."""
    if kept_in_eye(row):
        return "kept-in-eye"
    if g is None or "error" in g:
        return "no-gnugo"
    rec, gm, tm = margin(row["game"][2]), margin(g["result"]), margin(row["verdict"]["result"])
    if gm == tm:
        return "gnugo=tengen"
    if gm == rec:
        return "gnugo=record"
    if sorted(row["verdict"]["dead"]) == g["dead"]:
        return "same-dead"
    return "neither"


def stones_played(moves):
    """(Black's, White's) stones played in a record's moves (passes not counted)."""
    played = re.findall(r";([BW])\[[a-s]{2}\]", moves)
    return played.count("B"), played.count("W")


def owned(verdict, letter):
    """Points of a verdict's owner map marked `letter`."""
    return sum(row.count(letter) for row in verdict.get("owner", []))


def compare_rules(game, area, territory):
    """How a game's area count (`area`, a chinese verdict) and territory count (`territory`,
    a japanese verdict) differ, and whether the rules explain it: margin(area) -
    margin(territory) = (B played - W played) + (B's empty points only the area count
    gives - W's), with the same dead stones. Returns a dict with the parts."""
    b, w = stones_played(game[3])
    diff = margin(area["result"]) - margin(territory["result"])
    only_area = (owned(area, "x") - owned(territory, "x")) - (
        owned(area, "o") - owned(territory, "o")
    )
    same_dead = sorted(area.get("dead", [])) == sorted(territory.get("dead", []))
    return {
        "id": game[0],
        "diff": diff,
        "played": b - w,
        "only_area": only_area,
        "seki": bool(area.get("seki") or territory.get("seki")),
        "same_dead": same_dead,
        "explained": same_dead and diff == (b - w) + only_area,
    }


def compare_report(pairs):
    """The summary of `compare_rules` over games."""
    causes = {"played stones only": 0, "and eyes in seki": 0, "and other empty points": 0}
    unexplained = []
    other_dead = []
    for c in pairs:
        if not c["same_dead"]:
            other_dead.append(c["id"])
        elif not c["explained"]:
            unexplained.append(c)
        elif c["only_area"] == 0:
            causes["played stones only"] += 1
        elif c["seki"]:
            causes["and eyes in seki"] += 1
        else:
            causes["and other empty points"] += 1
    return {
        "games": len(pairs),
        "explained": sum(causes.values()),
        "causes": causes,
        "dead_stones_differ": len(other_dead),
        "dead_stones_differ_ids": other_dead[:50],
        "unexplained": len(unexplained),
        "unexplained_games": unexplained[:50],
    }


def summary(rows):
    diffs = [r["diff"] for r in rows]
    exact = sum(1 for d in diffs if d == 0)
    winner = sum(1 for r in rows if r["winner"])
    ms = sorted(r["ms"] for r in rows)
    buckets = {"0": 0, "1": 0, "2-3": 0, "4-9": 0, "10+": 0}
    for d in diffs:
        a = abs(d)
        key = "0" if a == 0 else "1" if a <= 1 else "2-3" if a <= 3 else "4-9" if a <= 9 else "10+"
        buckets[key] += 1
    n = max(len(rows), 1)
    return {
        "games": len(rows),
        "exact": exact,
        "exact_pct": round(100 * exact / n, 2),
        "winner": winner,
        "winner_pct": round(100 * winner / n, 2),
        "abs_diff": buckets,
        "ms_median": round(statistics.median(ms), 1) if ms else None,
        "ms_p99": ms[int(0.99 * (len(ms) - 1))] if ms else None,
        "ms_max": ms[-1] if ms else None,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tengen", default="target/release/tengen")
    ap.add_argument("--out", default="/tmp/tengen-endings")
    ap.add_argument("--data", default=DATA)
    ap.add_argument("--rules", default="auto", help="a preset name, or auto: by the komi")
    ap.add_argument("--games", type=int, default=0, help="only the newest N counted games")
    ap.add_argument("--part", choices=["all", "heldout", "train"], default="all")
    ap.add_argument("--komi", help="only the games of this komi (6.5 or 7.5)")
    ap.add_argument("--chunk", type=int, default=200)
    ap.add_argument("--misses", action="store_true")
    ap.add_argument("--gnugo", help="GNU Go's binary: count every miss with it too")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--ids", help="only the games whose ids this file lists, one a line")
    ap.add_argument("--scored-only", action="store_true", help="report on the games scored so far")
    ap.add_argument("--compare", action="store_true", help="area against territory counting")
    args = ap.parse_args()
    if args.compare:
        args.rules = "chinese+japanese"

    games = counted_games(args.data)
    if not games:
        sys.exit(f"no counted game found in {args.data}")
    heldout_ids = {g[0] for g in games[-HELDOUT:]}
    if args.part == "heldout":
        games = games[-HELDOUT:]
    elif args.part == "train":
        games = games[:-HELDOUT]
    if args.komi:
        games = [g for g in games if g[1] == args.komi]
    if args.games:
        games = games[-args.games:]
    if args.ids:
        wanted = {line.strip() for line in open(args.ids) if line.strip()}
        games = [g for g in games if g[0] in wanted]

    sgf_dir = os.path.join(args.out, "sgf")
    os.makedirs(sgf_dir, exist_ok=True)
    rules_of = {g[0]: game_rules(args.rules, g[1]) for g in games}
    done = {}
    by_rules = {}
    for rules in sorted(set(r for v in rules_of.values() for r in v.split("+"))):
        store = os.path.join(args.out, f"{rules}.jsonl")
        known = read_store(store)
        by_rules[rules] = known
        mine = [g for g in games if rules in rules_of[g[0]].split("+")]
        if args.scored_only:
            mine = [g for g in mine if g[0] in known]
        done.update({g[0]: known[g[0]] for g in mine if g[0] in known})
        todo = [g for g in mine if g[0] not in known]
        with open(store, "a") as out:
            for i in range(0, len(todo), args.chunk):
                chunk = todo[i : i + args.chunk]
                files = []
                for gid, komi, result, moves in chunk:
                    path = os.path.join(sgf_dir, f"{gid}.sgf")
                    with open(path, "w") as f:
                        f.write(sgf_text(komi, result, "Chinese", moves))
                    files.append(path)
                got = score_chunk(args.tengen, rules, files)
                for (gid, komi, result, _), path in zip(chunk, files):
                    j = got.get(path)
                    if j is None:
                        j = {"error": "no verdict"}
                    j["id"] = gid
                    out.write(json.dumps(j) + "\n")
                    done[gid] = j
                    known[gid] = j
                out.flush()
                print(f"{rules}: {min(i + args.chunk, len(todo))}/{len(todo)} scored", file=sys.stderr)
    if args.compare:
        area, territory = by_rules["chinese"], by_rules["japanese"]
        pairs = [
            compare_rules(g, area[g[0]], territory[g[0]])
            for g in games
            if g[0] in area and g[0] in territory
            and "error" not in area[g[0]] and "error" not in territory[g[0]]
        ]
        report = {"all": compare_report(pairs)}
        held = [c for c in pairs if c["id"] in heldout_ids]
        report["heldout"] = compare_report(held)
        print(json.dumps(report, indent=1))
        return
    games = [g for g in games if g[0] in done]

    rows, errors = [], []
    for g in games:
        gid, komi, result, moves = g
        j = done[gid]
        if "error" in j:
            errors.append({"id": gid, "error": j["error"]})
            continue
        rec, got = margin(result), margin(j["result"])
        rows.append(
            {
                "id": gid,
                "diff": got - rec,
                "winner": (got > 0) == (rec > 0) and got != 0,
                "ms": j["ms"],
                "heldout": gid in heldout_ids,
                "game": g,
                "verdict": j,
            }
        )
    if args.misses:
        miss_dir = os.path.join(args.out, f"misses-{args.rules}")
        os.makedirs(miss_dir, exist_ok=True)
        for r in rows:
            if r["diff"] != 0:
                with open(os.path.join(miss_dir, f"{r['id']}.sgf"), "w") as f:
                    f.write(miss_sgf(r["game"], rules_of[r["id"]], r["verdict"]))
    report = {
        "rules": args.rules,
        "errors": errors,
        "all": summary(rows),
        "heldout": summary([r for r in rows if r["heldout"]]),
    }
    if args.gnugo:
        from concurrent.futures import ThreadPoolExecutor

        store = os.path.join(args.out, f"gnugo-{args.rules}.jsonl")
        known = read_store(store)
        misses = [r for r in rows if r["diff"] != 0]
        todo = [r for r in misses if r["id"] not in known]

        def one(r):
            path = os.path.join(sgf_dir, f"{r['id']}.sgf")
            rules = rules_of[r["id"]]
            return r["id"], gnugo_verdict(args.gnugo, rules, path, r["game"][1])

        with open(store, "a") as out, ThreadPoolExecutor(args.jobs) as pool:
            for n, (gid, g) in enumerate(pool.map(one, todo), 1):
                g["id"] = gid
                known[gid] = g
                out.write(json.dumps(g) + "\n")
                out.flush()
                if n % 50 == 0:
                    print(f"{n}/{len(todo)} misses counted by GNU Go", file=sys.stderr)
        classes = {}
        for part in ("all", "heldout"):
            counts = {}
            for r in misses:
                if part == "heldout" and not r["heldout"]:
                    continue
                c = classify(r, known.get(r["id"]))
                r["class"] = c
                counts[c] = counts.get(c, 0) + 1
            classes[part] = counts
        report["miss_classes"] = classes
        with open(os.path.join(args.out, f"misses-{args.rules}.tsv"), "w") as f:
            f.write("id\trecorded\ttengen\tgnugo\tclass\theldout\n")
            for r in misses:
                g = known.get(r["id"], {})
                f.write(
                    f"{r['id']}\t{r['game'][2]}\t{r['verdict']['result']}\t"
                    f"{g.get('result', '?')}\t{r.get('class')}\t{int(r['heldout'])}\n"
                )
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

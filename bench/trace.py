"""Tracing across leaks (issue 15): is a friend who leaks several posts named once the invisible
layer is gone, and is an innocent friend never named?

    .venv/bin/python bench/trace.py                       # the figures for docs/evaluation.md
    .venv/bin/python bench/trace.py --calibrate           # the margin, on the calibration half
    .venv/bin/python bench/trace.py --diagnose            # what limits it, over both halves

Messages: posts of the realistic development set (../shared/data/realistic/dev.jsonl, with their
profiles and times), each through the real `anonymize()` to the same 150 friends in five groups of
30 (fingerprinting every post, the invisible layer on). Every leak is one of the five light
attacks on the text the leaker sees, then normalised (NFKC, format characters removed, whitespace
collapsed): only the wording is left to read. Trials, in turns of the six kinds below; alternate
turns calibrate (`--calibrate`) and are reported:

- `one leaker, k posts`: a random friend leaks k different random posts (k = 1, 2, 3, 5);
- `k leakers`: k different friends leak one post each, with an unrelated text mixed in (nobody
  should be named but, at most, a friend who did leak);
- `non-leaks`: texts on other topics and other posts' words (nobody should be named).

A wrong name is a named friend who leaked none of the trial's texts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import leak_attacks as la
from osnguard.privacy.attribution import prepare
from osnguard.privacy.attribution.tracing import TRACE_MARGIN, trace
from osnguard.privacy.proposal import anonymize
from osnguard.privacy.resources import data_dir


def anonymized_posts(
    count: int, seed: int, source: str = "realistic", code_seed: str = "trace"
) -> list[tuple[str, list]]:
    """(text, versions from the real `anonymize()`) of `count` posts with 150 recipients each:
    realistic posts (with their profiles and times) or private ppdp tweets of the TEST split
    (bench/leak_attacks.py)."""
    if source == "realistic":
        path = data_dir() / "realistic" / "dev.jsonl"
        posts = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    else:
        posts = [
            {"text": m.text, "now": "2026-01-15T12:00:00"}
            for m in la.load_messages()
            if m.source == "ppdp" and la.split_of(m.text) == "test"
        ]
    random.Random(seed).shuffle(posts)
    groups = la.make_groups(150)
    return [
        (
            post["text"],
            anonymize(
                post["text"],
                profile=post.get("profile") or {},
                now=post["now"],
                groups=groups,
                fingerprint_all=True,
                seed=code_seed,
            ).versions,
        )
        for post in posts[:count]
    ]


def build_pool(count: int, seed: int, source: str = "realistic") -> list[tuple[str, object]]:
    """(text, prepared versions) of `anonymized_posts`."""
    return [(text, prepare(versions)) for text, versions in anonymized_posts(count, seed, source)]


def leak_of(prepared, friend: str, rng: random.Random) -> str:
    version = next(v for v in prepared.versions if v.friend == friend)
    attack = la.ATTACKS[rng.choice(la.LIGHT_ATTACKS)]
    return la.normalised(la.on_visible_text(attack)(version.text, rng))


def run_trials(pool, trials: int, seed: int, detector_off: bool):
    rng = random.Random(seed)
    messages = {i: prepared for i, (_, prepared) in enumerate(pool)}
    friends = [v.friend for v in pool[0][1].versions]
    rows = []
    kinds = [("one leaker", k) for k in (1, 2, 3, 5)] + [("k leakers", 3), ("non-leaks", 2)]
    for n in range(trials):
        kind, k = kinds[n % len(kinds)]
        chosen = rng.sample(range(len(pool)), k)
        if kind == "one leaker":
            leaker = rng.choice(friends)
            leakers = {leaker}
            leaks = [leak_of(pool[i][1], leaker, rng) for i in chosen]
        elif kind == "k leakers":
            leakers = set(rng.sample(friends, k))
            leaks = [leak_of(pool[i][1], f, rng) for i, f in zip(chosen, sorted(leakers))]
            leaks.append(rng.choice(la.COMMENTARY_BEFORE) + "the weather has been lovely")
        else:
            leakers = set()
            leaks = [
                f"{pool[i][0].split()[0]} news today: markets up, rain later in the week"
                for i in chosen
            ]
        found = trace(messages, leaks, lexical_only=detector_off)
        rows.append((n, f"{kind}, {k} post(s)" if kind != "non-leaks" else kind, leakers, found))
    return rows


def report(rows, title: str) -> None:
    print(title)
    print("| trials | n | leaker named | someone who leaked named | wrong name | nobody named |")
    print("|---|---|---|---|---|---|")
    by_kind: dict[str, Counter] = {}
    for _, kind, leakers, found in rows:
        counts = by_kind.setdefault(kind, Counter())
        counts["n"] += 1
        if found.named is None:
            counts["none"] += 1
        elif found.named in leakers:
            counts["leaked" if len(leakers) > 1 else "right"] += 1
        else:
            counts["wrong"] += 1
    for kind, c in by_kind.items():
        n = c["n"]
        one = kind.startswith("one leaker")
        print(
            f"| {kind} | {n} | {100 * c['right'] / n:.1f}% | "
            f"{100 * (c['right'] + c['leaked']) / n:.1f}% | {c['wrong']} | {100 * c['none'] / n:.1f}% |"
            if one
            else f"| {kind} | {n} | - | {100 * c['leaked'] / n:.1f}% | {c['wrong']} | {100 * c['none'] / n:.1f}% |"
        )
    wrong = sum(c["wrong"] for c in by_kind.values())
    print(f"\nwrong names: {wrong} of {len(rows)} trials (margin {TRACE_MARGIN} nats)")


def calibrate(rows) -> None:
    """The margins innocent friends reached (the runner-up when the leader did leak), and the
    coincidence chances of innocent leaders past the margin (TRACE_CHANCE must stay below)."""
    from osnguard.privacy.attribution.tracing import TRACE_MARGIN as margin_needed

    chances = sorted(
        found.chance
        for _, _, leakers, found in rows
        if found.suspects
        and found.suspects[0].friend not in leakers
        and found.suspects[0].score - (found.suspects[1].score if len(found.suspects) > 1 else 0.0)
        >= margin_needed
        and len(found.suspects[0].leaks) >= 2
    )
    print(
        f"innocent leaders past the margin from 2+ leaks: {len(chances)}; smallest coincidence "
        f"chance {chances[0] if chances else 1.0:.2g}"
    )
    for threshold in (0.1, 0.03, 0.01, 0.003, 0.001):
        named = Counter()
        total = Counter()
        for _, kind, leakers, found in rows:
            if not kind.startswith("one leaker") or not found.suspects:
                continue
            total[kind] += 1
            top = found.suspects[0]
            lead = top.score - (found.suspects[1].score if len(found.suspects) > 1 else 0.0)
            alone = found.named == top.friend and len(top.leaks) < 2
            if top.friend in leakers and (
                alone
                or (lead >= margin_needed and len(top.leaks) >= 2 and found.chance <= threshold)
            ):
                named[kind] += 1
        print(
            f"  chance <= {threshold}: leaker named "
            + ", ".join(
                f"{k.split(', ')[1]} {100 * named[k] / total[k]:.0f}%" for k in sorted(total)
            )
        )
    innocent = []
    for _, _, leakers, found in rows:
        for s in found.suspects:
            if s.friend not in leakers:
                best_other = max(
                    (t.score for t in found.suspects if t.friend != s.friend), default=0.0
                )
                innocent.append(s.score - best_other)
                break
    innocent.sort()
    print(
        f"innocent leaders' margins: max {innocent[-1]:.2f}, 99th pct {innocent[int(0.99 * (len(innocent) - 1))]:.2f}"
    )
    print(
        f"a margin above {innocent[-1]:.2f} named no innocent friend in {len(rows)} calibration trials"
    )


def diagnose(pool, rows) -> None:
    """What limits tracing (`--diagnose`): how many versions a group's friends share, every
    innocent leader past the margin in all trials (both halves) with its coincidence chance, and
    why three-post trials did not name their leaker."""
    from osnguard.privacy.attribution.tracing import TRACE_CHANCE

    shares = []
    for _, prepared in pool:
        by_group: dict[str, list[str]] = {}
        for version in prepared.versions:
            by_group.setdefault(version.group, []).append(la.normalised(version.text))
        shares.extend(len(set(texts)) / len(texts) for texts in by_group.values())
    print(f"share of distinct versions inside a group: {sum(shares) / len(shares):.3f}")
    innocents = []
    reasons: Counter[str] = Counter()
    for _, kind, leakers, found in rows:
        top = found.suspects[0] if found.suspects else None
        innocent = top is not None and top.friend not in leakers and len(top.leaks) >= 2
        if innocent and found.margin >= TRACE_MARGIN:
            innocents.append(f"{found.chance:.4f} ({kind}{', named' if found.named else ''})")
        if kind != "one leaker, 3 post(s)" or found.named in leakers:
            continue
        if top is None:
            reasons["nobody supported"] += 1
        elif top.friend not in leakers:
            reasons["an innocent friend leads"] += 1
        elif found.margin < TRACE_MARGIN:
            reasons[f"margin under {TRACE_MARGIN}"] += 1
        elif found.chance > TRACE_CHANCE:
            reasons[f"coincidence chance over {TRACE_CHANCE}"] += 1
        else:
            reasons["outdone in a leak"] += 1
    print(
        f"innocent leaders past the margin from 2+ leaks, all {len(rows)} trials: "
        + (", ".join(sorted(innocents)) or "none")
    )
    named = sum(
        1
        for _, kind, leakers, found in rows
        if kind == "one leaker, 3 post(s)" and found.named in leakers
    )
    print(
        f"three-post trials, both halves: leaker named in {named}; not named: "
        + (", ".join(f"{reason} {n}" for reason, n in reasons.most_common()) or "none")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=40, help="posts in the pool (default 40)")
    parser.add_argument(
        "--pool",
        choices=("realistic", "tweets"),
        default="realistic",
        help="realistic development posts, or private ppdp tweets (TEST split)",
    )
    parser.add_argument("--trials", type=int, default=2400, help="trials in all, half reported")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lexical-only", action="store_true", help="no paraphrase detector")
    parser.add_argument("--calibrate", action="store_true", help="print the calibration half")
    parser.add_argument(
        "--diagnose", action="store_true", help="print what limits tracing (both halves)"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    pool = build_pool(args.messages, args.seed, args.pool)
    print(
        f"{len(pool)} {args.pool} posts, 150 friends each ({time.perf_counter() - started:.0f}s)",
        file=sys.stderr,
    )
    rows = run_trials(pool, args.trials, args.seed, args.lexical_only)
    cycle = 6  # the kinds of trial in turn (run_trials): whole cycles go to either half
    calibration = [r for r in rows if (r[0] // cycle) % 2 == 0]
    reported = [r for r in rows if (r[0] // cycle) % 2 == 1]
    if args.diagnose:
        diagnose(pool, rows)
    if args.calibrate:
        calibrate(calibration)
        report(calibration, f"calibration half ({len(calibration)} trials)")
    report(
        reported,
        f"{len(reported)} reported trials, {len(pool)} {args.pool} posts x 150 friends, leaks normalised "
        "(invisible layer gone), "
        + ("lexical overlap only" if args.lexical_only else "the paraphrase detector"),
    )
    print(f"({time.perf_counter() - started:.0f}s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

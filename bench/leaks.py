"""Leak simulation: how well attribution names the leaker, and that it never accuses the innocent.

    .venv/bin/python bench/leaks.py                     # TEST messages, the table for the docs
    .venv/bin/python bench/leaks.py --split train --calibrate   # choose the margins on TRAIN
    .venv/bin/python bench/leaks.py --source anonymize --recipients 30   # real versions, smaller audience
    .venv/bin/python bench/leaks.py --demo              # Adam's demo message, every friend leaks

For each real message (bench/leak_attacks.py) we build versions for 150 recipients (`--recipients`)
over 5 groups,
let a random recipient leak their version through each attack, and attribute the result with
osnguard's `attribute()`. Non-leaks per message: an unrelated message, a text on the same topic
(the MSRP sentence paired with it as *not* a paraphrase) and the message posted publicly (the
same text for every recipient) reposted with a comment.

Columns: `top-1` = the verdict names the leaker; `rank-1` = the leaker ranks first alone
(whatever the verdict); `group` = the verdict's group (friend or group verdict) is the leaker's;
`undet.` = verdict "undetermined"; `missed` = no disclosure found; `wrong` = a friend verdict
naming someone else (a false accusation). An extra row, "retyped", leaks the version lower-cased
with its punctuation stripped (a leaker who retypes or normalises it); it is not one of the five
light attacks, nor is "copied, then normalised" (NFKC, format characters removed, whitespace
collapsed, as some platforms do). The copy-and-edit attacks work on the text the leaker sees:
words they keep keep the invisible marks after them (fingerprinting/invisible.py), edited ones
lose them; `--strip-layers` normalises every leak, leaving only the wording to read.
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import leak_attacks as la
from osnguard.privacy import attribution
from osnguard.privacy.attribution import Verdict, attribute, prepare
from osnguard.privacy.attribution.ranking import TOLERANCE, group_margin


@dataclass
class Outcome:
    case: str
    leak: bool
    leaker: str | None
    leaker_group: str | None
    result: attribution.Attribution
    lost: int = 0  # the leaker's fingerprint choices no longer in the text (edited or cut)


def retyped(text: str, rng: random.Random) -> str:
    """The leak retyped: lower case, punctuation gone (apostrophes inside words kept), and no
    invisible marks (they cannot be typed)."""
    kept = re.sub(r"[^\w\s'’]|(?<!\w)['’]|['’](?!\w)", " ", la.normalised(text).lower())
    return " ".join(kept.split())


EXTRA_ATTACKS = {
    "retyped": retyped,
    "copied, then normalised": lambda text, rng: la.normalised(text),
}

DEMO_TEXT = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)
DEMO_GROUPS = ("Family", "Best friends", "Friends", "Acquaintances", "Public")


def demo_message() -> tuple[la.Message, list, list[dict]]:
    """Adam's demo message (fixtures/demo.json) through the real engine to his 150 friends."""
    import json

    from osnguard.privacy.proposal import anonymize

    data = json.loads(
        (Path(__file__).resolve().parents[1] / "fixtures" / "demo.json").read_text(encoding="utf-8")
    )
    groups = [
        {
            "name": name,
            "level": level,
            "friends": [f["username"] for f in data["friends"] if f["group"] == name],
        }
        for level, name in enumerate(DEMO_GROUPS)
    ]
    result = anonymize(
        DEMO_TEXT, profile=data["owner"]["profile"], now="2026-11-22T10:00:00Z", groups=groups
    )
    return la.Message("demo", DEMO_TEXT, "demo"), list(result.versions), groups


def build_messages(
    split: str, count: int, seed: int, source: str, max_tries: int = 100_000, recipients: int = 150
) -> list[tuple[la.Message, list, str]]:
    """The first `count` messages of `split` (shuffled by `seed`) that can be fingerprinted for
    `recipients` recipients, with their versions and where those came from."""
    rng = random.Random(seed)
    pool = [m for m in la.load_messages() if la.split_of(m.text) == split]
    rng.shuffle(pool)
    groups = la.make_groups(recipients)
    chosen, tried = [], 0
    for message in pool:
        if len(chosen) >= count or tried >= max_tries:
            break
        tried += 1
        versions, how = la.versions_for(message.text, groups, rng, source=source)
        if versions is not None:
            chosen.append((message, versions, how))
    print(
        f"{len(chosen)} {split} messages fingerprinted for {recipients} recipients out of {tried} tried",
        file=sys.stderr,
    )
    return chosen


def simulate(
    messages,
    seed: int,
    detector,
    recipients: int = 150,
    every_leaker: bool = False,
    groups: list[dict] | None = None,
    strip_layers: bool = False,
) -> list[Outcome]:
    lexical = detector is None
    rng = random.Random(seed + 1)
    groups = groups or la.make_groups(recipients)
    texts = [m.text for m, _, _ in messages]
    outcomes: list[Outcome] = []
    for n, (message, versions, _) in enumerate(messages):
        prepared = prepare(versions)
        for name, attack in {**la.ATTACKS, **EXTRA_ATTACKS}.items():
            for leaker in versions if every_leaker else [rng.choice(versions)]:
                # copy-and-edit attacks keep the marks of the words they keep; retyping and
                # normalising (EXTRA_ATTACKS) lose them all
                copied = la.on_visible_text(attack) if name in la.ATTACKS else attack
                candidate = copied(leaker.text, rng)
                if strip_layers:  # the invisible layer gone: only the wording is left to read
                    candidate = la.normalised(candidate)
                lost = sum(
                    1 for c in leaker.choices if c.text and c.text.lower() not in candidate.lower()
                )
                outcomes.append(
                    Outcome(
                        name,
                        True,
                        leaker.friend,
                        leaker.group,
                        attribute(prepared, candidate, detector=detector, lexical_only=lexical),
                        lost,
                    )
                )
        other = (
            texts[(n + 1 + rng.randrange(len(texts) - 1)) % len(texts)] if len(texts) > 1 else None
        )
        if other is not None and other != message.text:
            outcomes.append(
                Outcome(
                    "unrelated text",
                    False,
                    None,
                    None,
                    attribute(prepared, other, detector=detector, lexical_only=lexical),
                )
            )
        if message.same_topic:
            outcomes.append(
                Outcome(
                    "same topic",
                    False,
                    None,
                    None,
                    attribute(
                        prepared, message.same_topic, detector=detector, lexical_only=lexical
                    ),
                )
            )
        public = prepare(la.public_versions(message.text, groups))
        outcomes.append(
            Outcome(
                "public post reposted",
                False,
                None,
                None,
                attribute(
                    public,
                    la.commentary(message.text, rng),
                    detector=detector,
                    lexical_only=lexical,
                ),
            )
        )
    return outcomes


def table(outcomes: list[Outcome]) -> str:
    rows = defaultdict(list)
    for o in outcomes:
        rows[o.case].append(o)
    lines = [
        "| case | n | top-1 | rank-1 | group | undet. | missed | wrong friend | group verdicts |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    pct = lambda k, n: f"{100 * k / n:.1f}%" if n else "-"  # noqa: E731
    for case in [
        *la.ATTACKS,
        *EXTRA_ATTACKS,
        "unrelated text",
        "same topic",
        "public post reposted",
    ]:
        group = rows.get(case, [])
        if not group:
            continue
        n = len(group)
        leak = group[0].leak
        friend = [o for o in group if o.result.verdict == Verdict.FRIEND]
        right = [o for o in friend if o.result.friend == o.leaker]
        ranked = [
            o
            for o in group
            if o.result.ranking and o.result.margin > 0 and o.result.ranking[0].friend == o.leaker
        ]
        group_ok = [
            o
            for o in group
            if o.result.verdict in (Verdict.FRIEND, Verdict.GROUP)
            and o.result.group == o.leaker_group
        ]
        undet = [o for o in group if o.result.verdict == Verdict.UNDETERMINED]
        missed = [o for o in group if not o.result.disclosure]
        wrong = [o for o in friend if o.result.friend != o.leaker]
        group_verdicts = [o for o in group if o.result.verdict == Verdict.GROUP]
        if leak:
            lines.append(
                f"| {case} | {n} | {pct(len(right), n)} | {pct(len(ranked), n)} | {pct(len(group_ok), n)} | "
                f"{pct(len(undet), n)} | {pct(len(missed), n)} | {pct(len(wrong), n)} | {pct(len(group_verdicts), n)} |"
            )
        else:
            lines.append(
                f"| {case} (non-leak) | {n} | - | - | - | {pct(len(undet), n)} | "
                f"{pct(len(missed), n)} (correct) | {pct(len(wrong), n)} | {pct(len(group_verdicts), n)} |"
            )
    leaks = [o for o in outcomes if o.leak and o.case in la.ATTACKS]
    lines += [
        "",
        "| leaker's choices lost (all attacks) | n | top-1 | rank-1 | undet. | wrong friend |",
        "|---|---|---|---|---|---|",
    ]
    for lost in (0, 1, 2, 3):
        some = [o for o in leaks if (o.lost == lost if lost < 3 else o.lost >= 3)]
        if some:
            n = len(some)
            lines.append(
                f"| {lost if lost < 3 else '3+'} | {n} | "
                f"{pct(sum(o.result.verdict == Verdict.FRIEND and o.result.friend == o.leaker for o in some), n)} | "
                f"{pct(sum(bool(o.result.ranking) and o.result.margin > 0 and o.result.ranking[0].friend == o.leaker for o in some), n)} | "
                f"{pct(sum(o.result.verdict == Verdict.UNDETERMINED for o in some), n)} | "
                f"{pct(sum(o.result.verdict == Verdict.FRIEND and o.result.friend != o.leaker for o in some), n)} |"
            )
    light = [o for o in leaks if o.case in la.LIGHT_ATTACKS]
    non = [o for o in outcomes if not o.leak]

    def accuse(os):
        return sum(o.result.verdict == Verdict.FRIEND and o.result.friend != o.leaker for o in os)

    lines += [
        "",
        f"top-1 on the five light attacks: {pct(sum(o.result.verdict == Verdict.FRIEND and o.result.friend == o.leaker for o in light), len(light))} of {len(light)}",
        f"false accusations: {accuse(non)} of {len(non)} non-leaks, {accuse(leaks)} of {len(leaks)} leaks (wrong friend); "
        f"group verdicts on non-leaks: {sum(o.result.verdict == Verdict.GROUP for o in non)}",
        f"undetermined: {pct(sum(o.result.verdict == Verdict.UNDETERMINED for o in leaks), len(leaks))} of leaks",
    ]
    return "\n".join(lines)


def calibrate(outcomes: list[Outcome]) -> str:
    """The smallest margins, in whole slots, above every margin that would have named the wrong
    friend or group: wrong leaders among disclosed leaks, and any leader of a disclosed non-leak."""
    weight = attribution.SLOT_WEIGHT
    wrong_friend, wrong_group = [], []
    for o in outcomes:
        if not (o.result.disclosure and o.result.ranking):
            continue
        if not o.leak or o.result.ranking[0].friend != o.leaker:
            wrong_friend.append(o.result.margin)
        top, margin = group_margin(o.result.ranking)
        if top is not None and (not o.leak or top != o.leaker_group):
            wrong_group.append(margin)

    def slots_above(margins: list[float]) -> int:
        return next(k for k in range(1, 50) if all(m < k * weight - TOLERANCE for m in margins))

    return (
        f"FRIEND_MARGIN = {slots_above(wrong_friend)} * SLOT_WEIGHT  (largest wrong margin seen: "
        f"{max(wrong_friend, default=0):.2f} over {len(wrong_friend)} cases)\n"
        f"GROUP_MARGIN = {slots_above(wrong_group)} * SLOT_WEIGHT  (largest wrong group margin seen: "
        f"{max(wrong_group, default=0):.2f} over {len(wrong_group)} cases)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("train", "test"), default="test")
    parser.add_argument(
        "--messages", type=int, default=150, help="messages to simulate (default 150)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--source",
        choices=("auto", "anonymize", "fingerprint", "synonyms"),
        default="auto",
        help="where versions come from (auto: osnguard's anonymize, else its fingerprinting)",
    )
    parser.add_argument("--max-tries", type=int, default=100_000, help="messages to try at most")
    parser.add_argument(
        "--recipients",
        type=int,
        default=150,
        help="recipients per message, over 5 groups (default 150)",
    )
    parser.add_argument(
        "--demo",
        action="store_true",
        help="Adam's demo message (fixtures/demo.json) to his 150 friends; every friend leaks through every attack",
    )
    parser.add_argument(
        "--lexical-only", action="store_true", help="decide disclosure without the detector"
    )
    parser.add_argument("--calibrate", action="store_true", help="print the calibrated margins")
    parser.add_argument(
        "--strip-layers",
        action="store_true",
        help="normalise every leak (NFKC, format characters removed): the invisible layer gone",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    started = time.perf_counter()
    detector = None
    if not args.lexical_only:
        detector = attribution.default_detector()
    if args.recipients < 5:
        parser.error("--recipients must be at least 5 (one per group)")
    how = "lexical overlap only" if detector is None else "the paraphrase detector"
    if args.demo:
        message, versions, groups = demo_message()
        outcomes = simulate(
            [(message, versions, "anonymize")],
            args.seed,
            detector,
            every_leaker=True,
            groups=groups,
            strip_layers=args.strip_layers,
        )
        print(
            f"the demo message, {len(versions)} recipients in 5 groups ({len({v.text for v in versions})} distinct "
            f"versions), every recipient leaking through every attack, disclosure by {how}"
            + (", invisible layer stripped" if args.strip_layers else "")
        )
        print(table(outcomes))
        print(f"({time.perf_counter() - started:.0f}s)", file=sys.stderr)
        return 0
    messages = build_messages(
        args.split, args.messages, args.seed, args.source, args.max_tries, args.recipients
    )
    if not messages:
        print("no message could be fingerprinted", file=sys.stderr)
        return 1
    sources = sorted({how for _, _, how in messages})
    outcomes = simulate(
        messages, args.seed, detector, args.recipients, strip_layers=args.strip_layers
    )
    print(
        f"{len(messages)} {args.split} messages, {args.recipients} recipients in 5 groups, versions from {', '.join(sources)}, "
        f"disclosure by {how}" + (", invisible layer stripped" if args.strip_layers else "")
    )
    print(table(outcomes))
    if args.calibrate:
        print(calibrate([o for o in outcomes if o.case not in EXTRA_ATTACKS]))
    print(f"({time.perf_counter() - started:.0f}s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The verdict: the invisible layer read and stripped (fingerprinting/invisible.py: a CRC-checked
code of this message names its recipient), a disclosure (`disclosure`), the evidence (`evidence`), the ranking (`ranking`),
then "friend" only when the margin reaches FRIEND_MARGIN; otherwise "group" when the group-level
likelihood (the sum over its members) is decisive, e.g. when the leaker reverted the synonyms but
the group's generalization is still visible; otherwise "undetermined".

A candidate without any punctuation (retyped or normalised) is read against the versions with
their punctuation removed, so that choices of punctuation it could not have kept neither count
for nor against anyone.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, TypeVar

from osnguard.privacy.attribution.disclosure import (
    DisclosureStage,
    check_candidate,
    default_detector,
    detector_stage,
    lexical_stage,
)
from osnguard.privacy.attribution.evidence import evidence_at, find_evidence
from osnguard.privacy.attribution.prepared import PreparedMessage, has_word, prepare, tokens
from osnguard.privacy.attribution.ranking import (
    FRIEND_MARGIN,
    GROUP_MARGIN,
    SLOT_WEIGHT,
    TOLERANCE,
    group_margin,
    rank,
)
from osnguard.privacy.attribution.results import Attribution, Layer, ParaphraseScorer, Verdict
from osnguard.privacy.fingerprinting import invisible, typographic
from osnguard.privacy.retrieval import words
from osnguard.privacy.types import Version

Versions = Iterable[Version | Mapping[str, Any]] | PreparedMessage
# The margin reported for a name read from the invisible layer: log(65,536), the odds against a
# chance match of its CRC-checked 16-bit code.
INVISIBLE_MARGIN = 11.09
# A friend named from the wording of a copy that lost its invisible marks needs four slots of
# evidence, not two: with "copied, then normalised" and heavily edited leaks drawn,
# `bench/leaks.py --split train --calibrate` found a wrong friend leading by three slots (8.83).
STRIPPED_FRIEND_MARGIN = 4 * SLOT_WEIGHT
Key = TypeVar("Key", bound=Hashable)
Tokens = list[tuple[str, int, int]]


def attribute(
    versions: Versions,
    candidate: str | bytes,
    *,
    detector: ParaphraseScorer | None = None,
    lexical_only: bool = False,
) -> Attribution:
    """Decide whether `candidate` discloses the message and, if so, whose version it came from.

    `detector` defaults to the project's paraphrase detector; `lexical_only` decides disclosure
    on word overlap alone (no detector; weaker on paraphrased leaks). Raises ValueError on bad input
    (no versions, duplicate friends, non-UTF-8 or oversized candidate).
    """
    return attribute_many({0: versions}, candidate, detector=detector, lexical_only=lexical_only)[0]


def attribute_many(
    messages: Mapping[Key, Versions],
    candidate: str | bytes,
    *,
    detector: ParaphraseScorer | None = None,
    lexical_only: bool = False,
) -> dict[Key, Attribution]:
    """`attribute()` of one candidate against several messages (e.g. a screening shortlist), with
    one batched call to the detector's `probabilities(pairs)`."""
    prepared = {key: prepare(versions) for key, versions in messages.items()}
    marked = check_candidate(candidate)
    reading = invisible.read(marked)
    text = invisible.strip(marked)
    cand_words = words(text)
    stages = {
        key: lexical_stage(message, text, cand_words, lexical_only)
        for key, message in prepared.items()
    }
    pending = [(key, stage.pair) for key, stage in stages.items() if stage.pair is not None]
    if pending:
        scorer = detector if detector is not None else default_detector()
        probabilities = scorer.probabilities([pair for _, pair in pending])
        for (key, _), probability in zip(pending, probabilities):
            stages[key] = detector_stage(float(probability), scorer)
    for key, message in prepared.items():
        if not stages[key].disclosed and reading.code in message.codes:
            stages[key] = DisclosureStage(
                True, stages[key].score, "it carries this message's invisible fingerprint", None
            )
    cand = tokens(text) if any(stage.disclosed for stage in stages.values()) else []
    return {
        key: with_invisible_layer(
            prepared[key], attribute_one(prepared[key], text, cand, stages[key]), reading
        )
        for key in prepared
    }


def with_invisible_layer(
    message: PreparedMessage, result: Attribution, reading: invisible.Reading
) -> Attribution:
    """The verdict with the invisible layer read: a code of this message names its recipient
    (a chance match is 1 in 65,536: fingerprinting/invisible.py), unless the wording names
    someone else by a friend-level margin (a copy mixing two versions), which leaves it open."""
    if result.disclosure and not result.layers:
        result.layers = [Layer.LINGUISTIC]
    if reading.chunks:
        result.layers.insert(0, Layer.INVISIBLE)
    if not result.disclosure:
        return result
    if reading.code not in message.codes:
        return _wording_alone(result) if message.codes else result
    version = message.versions[message.codes[reading.code]]
    how = (
        f"It carries {version.friend}'s invisible fingerprint, read from {reading.chunks} "
        "marks that survive copy and paste."
    )
    if result.verdict == Verdict.FRIEND and result.friend != version.friend:
        result.verdict, result.friend, result.group = Verdict.UNDETERMINED, None, None
        result.explanation = (
            f"{how} But its wording points to another recipient, so it may mix two copies: "
            "not naming anyone."
        )
        return result
    wording = f" {result.explanation}" if result.verdict == Verdict.FRIEND else ""
    result.verdict, result.friend, result.group = Verdict.FRIEND, version.friend, version.group
    result.margin = max(result.margin, INVISIBLE_MARGIN)
    result.explanation = f"{how}{wording}"
    return result


def _wording_alone(result: Attribution) -> Attribution:
    """A copy of a message whose versions carry the invisible layer, without it: retyped or
    normalised, so edited by hand, and the leaker's own synonym swaps can land on another
    friend's choices. A name from the wording then needs STRIPPED_FRIEND_MARGIN (calibrated on
    TRAIN with such leaks: `bench/leaks.py --split train --calibrate`)."""
    if result.verdict != Verdict.FRIEND or result.margin >= STRIPPED_FRIEND_MARGIN - TOLERANCE:
        return result
    group, by_group = group_margin(result.ranking)
    result.friend = None
    if group is not None and by_group >= GROUP_MARGIN - TOLERANCE:
        result.verdict, result.group = Verdict.GROUP, group
    else:
        result.verdict, result.group = Verdict.UNDETERMINED, None
    result.explanation += (
        " But the copy lost the invisible marks every version carried (it was retyped or "
        f"normalised), and wording alone names a friend only from a margin of "
        f"{STRIPPED_FRIEND_MARGIN:.1f}: "
        + (f"the wording points to group {group}." if result.group else "not naming anyone.")
    )
    return result


def attribute_one(
    message: PreparedMessage, candidate: str, cand: Tokens, stage: DisclosureStage
) -> Attribution:
    """The attribution of one message, once its disclosure stage has decided."""
    disclosed, score, how = bool(stage.disclosed), stage.score, stage.how
    if not disclosed:
        return Attribution(
            False,
            score,
            None,
            None,
            0.0,
            verdict=Verdict.NONE,
            explanation=f"No disclosure: {how}.",
        )
    # Every version has punctuation but the candidate has none: it was retyped or normalised, so
    # its punctuation choices were lost, not made.
    retyped = (
        bool(cand)
        and all(has_word((t,)) for t, _, _ in cand)
        and all(any(not has_word((t,)) for t, _, _ in tokens(v.text)) for v in message.versions)
        and any(
            not has_word((t,))
            for slot in message.discriminating
            for key in slot.version_keys
            for t in key
        )
    )
    if retyped:
        message = message.without_punctuation()
    typography, typographic_sites = typographic.log_likelihoods(
        message.typography, typographic.signature(candidate)
    )
    typography_read = typographic.layer_read(typography)
    found = find_evidence(message, cand)
    suspects = rank(message, found, [w for w, _, _ in cand], typography if typography_read else ())
    evidence = [
        evidence_at(message.slots[index], candidate, cand, start, end)
        for index, present in sorted(found.items())
        if len(set(message.slots[index].version_keys)) > 1
        for occurrences in present.values()
        for start, end in occurrences
    ]
    evidence.sort(key=lambda e: (e.start, e.slot))
    margin = suspects[0].log_likelihood - suspects[1].log_likelihood if len(suspects) > 1 else 0.0
    result = Attribution(True, score, None, None, margin, evidence, suspects, Verdict.UNDETERMINED)
    result.layers = [Layer.TYPOGRAPHIC, Layer.LINGUISTIC] if typography_read else [Layer.LINGUISTIC]
    prefix = f"Disclosure: {how}."
    if len(suspects) == 1:
        result.explanation = (
            f"{prefix} Only {suspects[0].friend} received this message, so there is "
            "no fingerprint to compare; not attributing."
        )
        return result
    if not message.discriminating and not typography_read:
        if retyped:
            result.explanation = (
                f"{prefix} It has no punctuation, and the versions differ only in "
                "punctuation, so the text cannot say who shared it."
            )
        else:
            result.explanation = (
                f"{prefix} All recipients received the same text (e.g. a public post), "
                "so the text cannot say who shared it."
            )
        return result
    top = suspects[0]
    if margin >= FRIEND_MARGIN - TOLERANCE:
        result.verdict, result.friend, result.group = Verdict.FRIEND, top.friend, top.group
        typeset = (
            f" and its typography ({typographic_sites} apostrophe or emoji styles) matches theirs"
            if typography_read
            and typography[[v.friend for v in message.versions].index(top.friend)] > 0
            else ""
        )
        result.explanation = (
            f"{prefix} It carries {top.matched} of {top.friend}'s fingerprint choices "
            f"and contradicts {top.contradicted}{typeset}; the runner-up "
            f"{suspects[1].friend} is {margin:.1f} nats less likely."
        )
        return result
    group, by_group = group_margin(suspects)
    if group is not None and by_group >= GROUP_MARGIN - TOLERANCE:
        result.verdict, result.group = Verdict.GROUP, group
        result.explanation = (
            f"{prefix} Too little friend-level evidence (margin {margin:.1f} < "
            f"{FRIEND_MARGIN:.1f}), but the wording points to group {group} "
            f"(margin {by_group:.1f})."
        )
        return result
    result.explanation = (
        f"{prefix} The fingerprint evidence is too weak to name anyone "
        f"(margin {margin:.1f} < {FRIEND_MARGIN:.1f}, {len(evidence)} fingerprint choice(s) found)."
    )
    return result

"""The end-to-end proposal for one message: identification -> anonymization per friend group ->
fingerprinting, one version per friend.

`anonymize(text, profile=, now=, groups=[{"name", "level", "friends"}])` finds the private phrases
(osnguard.privacy.identification), generalizes them to each group's privacy level
(osnguard.privacy.anonymization), and gives every friend a distinct, natural version of their
group's text (osnguard.privacy.fingerprinting). A message with no private phrase goes to everyone
unchanged unless `fingerprint_all` is set. `osnguard anonymize` and the posting flow call this;
nothing here touches a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from osnguard.privacy.anonymization import GroupGeneralization, GroupSpec, anonymize_groups
from osnguard.privacy.fingerprinting import (
    GENERALIZED_KINDS,
    TARGET_DISTANCE,
    Avoid,
    NaturalnessCheck,
    PositionTexts,
    Slot,
    find_slots,
    fingerprint_group,
    invisible,
    transfer_slots,
    versions_min_distance,
    wording_slots,
)
from osnguard.privacy.fingerprinting import capacity as slots_capacity
from osnguard.privacy.fingerprinting import typographic as typographic_layer
from osnguard.privacy.identification import identify
from osnguard.privacy.proposal.requests import GroupRequest, parse_groups
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import (
    Choice,
    Notice,
    NoticeCode,
    Phrase,
    Profile,
    UncheckedMessage,
    Version,
    parse_now,
)

IntArray = npt.NDArray[np.int64]


@dataclass
class GroupResult:
    """One group's generalized text, what it costs in information, and its fingerprint figures."""

    name: str
    level: int
    text: str
    info_loss: float
    k: int | None
    choices: list[Choice]
    friends: int
    capacity: int
    min_distance: int | None


@dataclass
class AnonymizeResult:
    """Everything the compose review and the posting flow need for one message."""

    private: bool
    phrases: list[Phrase]
    groups: list[GroupResult]
    versions: list[Version]
    capacity: int
    min_distance: int | None
    warnings: list[Notice] = field(default_factory=list)


def result_data(result: AnonymizeResult) -> dict[str, Any]:
    """The JSON shape of a result (`osnguard anonymize`, the compose API): `to_data`, with each
    group's InfoLoss rounded to 4 places for people."""
    data: dict[str, Any] = to_data(result)
    for group in data["groups"]:
        group["info_loss"] = round(float(group["info_loss"]), 4)
    return data


class Generalizer(Protocol):
    """The anonymization stage's signature (`anonymize_groups`): one generalization per group."""

    def __call__(
        self,
        text: str,
        phrases: Sequence[Phrase],
        *,
        groups: Sequence[GroupSpec],
        profile: Profile,
        now: datetime | None,
    ) -> Sequence[GroupGeneralization]: ...


def identify_phrases(
    text: str, profile: Profile, now: datetime
) -> tuple[bool, list[Phrase], list[Notice]]:
    """Identification: whether the message is private, its phrases, its warnings.

    Raises UncheckedMessage when identification could not check the message: an unchecked
    message is never generalized or fingerprinted as if it had nothing private."""
    result = identify(text, profile=profile, now=now)
    if result.failures or result.private is None:
        raise UncheckedMessage(list(result.failures))
    return bool(result.private), list(result.phrases), list(result.warnings)


def generalize(
    generalizer: Generalizer,
    text: str,
    phrases: list[Phrase],
    groups: list[GroupRequest],
    profile: Profile,
    now: datetime,
) -> list[GroupGeneralization]:
    """Each group's generalization, in the order of `groups`."""
    specs = [GroupSpec(name=g.name, level=g.level) for g in groups]
    produced = {
        g.name: g for g in generalizer(text, phrases, groups=specs, profile=profile, now=now)
    }
    out: list[GroupGeneralization] = []
    for group in groups:
        found = produced.get(group.name)
        if found is None:
            raise RuntimeError(f"the generalizer returned nothing for group {group.name!r}")
        out.append(found)
    return out


def avoid_versions(
    slots: Sequence[Slot],
    fixed: Sequence[Choice],
    given: Sequence[Version],
    positions: PositionTexts,
) -> Avoid | None:
    """How far each version already `given` (earlier groups) is from a new version of this group:
    per slot, a cost for each alternative, plus an offset for the positions this group does not
    vary (its fixed generalized phrases, and fingerprint slots it lacks)."""
    if not given:
        return None
    maybe_columns = [slot.choice.slot if slot.choice is not None else slot.number for slot in slots]
    columns = [n for n in maybe_columns if n is not None]
    if len(columns) != len(maybe_columns):
        return None
    numbers = sorted(
        {c.slot for v in given for c in v.choices}
        | {c.slot for c in fixed}
        | set(positions.originals)
        | set(columns)
    )
    others = [n for n in numbers if n not in set(columns)]
    prior = np.array([positions.row(v.choices, numbers) for v in given], dtype=np.int64).reshape(
        len(given), len(numbers)
    )
    mine = positions.row(fixed, others)
    index = {n: i for i, n in enumerate(numbers)}
    offsets = np.zeros(len(given), dtype=np.int64)
    for n, own in zip(others, mine):
        offsets += positions.table(n)[prior[:, index[n]], own]
    costs = []
    for n, slot in zip(columns, slots):
        ids = [positions.id(n, a.text) for a in slot.alternatives]
        costs.append(positions.table(n)[prior[:, index[n]]][:, ids])
    return Avoid.from_costs(costs, offsets)


def anonymize(
    text: str,
    *,
    profile: Profile | dict[str, Any] | None = None,
    now: datetime | str | None = None,
    groups: Sequence[object] | None,
    fingerprint_all: bool = False,
    seed: str = "",
    check: NaturalnessCheck | None = None,
    generalizer: Generalizer | None = None,
    phrases: list[Phrase] | None = None,
    wordings: bool = True,
    invisible: bool = True,
    typographic: bool = True,
) -> AnonymizeResult:
    """Identify, generalize per group, and fingerprint one version per friend.

    `phrases` skips identification (the compose page passes the phrases the user confirmed);
    `generalizer` replaces the anonymization stage (same signature as `anonymize_groups`; the
    review passes its `ReviewedGeneralizer`); `wordings=False` gives every friend of a group the
    same wording of its generalized phrases; `invisible=False` leaves out the invisible layer
    (fingerprinting/invisible.py: each friend's code in format characters that do not show);
    `typographic=False` leaves out the typographic layer (fingerprinting/typographic.py: friends
    who share a wording get their own apostrophe and emoji styles).
    Raises ValueError for bad input, and
    UncheckedMessage when identification could not check the message (no versions are made then).
    """
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if not text.strip():
        raise ValueError("text is empty: there is nothing to post")
    requests = parse_groups(groups)
    profile = Profile.coerce(profile)
    moment = parse_now(now)
    requests_by_level = sorted(range(len(requests)), key=lambda i: (requests[i].level, i))
    warnings: list[Notice] = []
    if phrases is None:
        private, phrases, found_warnings = identify_phrases(text, profile, moment)
        warnings.extend(found_warnings)
    else:
        private = bool(phrases)
    private = private and bool(phrases)

    if private and requests:
        gens = generalize(generalizer or anonymize_groups, text, phrases, requests, profile, moment)
    else:
        gens = [GroupGeneralization(g.name, g.level, text, 0.0, None, []) for g in requests]

    fingerprint = private or fingerprint_all
    if not private:
        warnings.append(
            Notice(
                NoticeCode.NOTHING_PRIVATE_FINGERPRINTED
                if fingerprint_all
                else NoticeCode.NOTHING_PRIVATE
            )
        )
    if not any(g.friends for g in requests):
        warnings.append(Notice(NoticeCode.NO_RECIPIENTS))

    slot_base = max([len(phrases)] + [c.slot + 1 for g in gens for c in g.choices])
    phrase_spans = [(p.start, p.end) for p in phrases]
    results: list[GroupResult | None] = [None] * len(requests)
    versions: list[Version] = []
    texts_capacity: dict[str, int] = {}
    base_slots = find_slots(text, phrase_spans, check=check) if fingerprint and requests else []
    for number, slot in enumerate(base_slots, start=slot_base):
        slot.number = number  # the same position number in every group's text
    next_number = slot_base + len(base_slots)
    positions = PositionTexts(
        {slot.number: slot.original for slot in base_slots if slot.number is not None},
        {c.slot for g in gens for c in g.choices if c.kind in GENERALIZED_KINDS},
    )
    group_warned = False  # a group said its versions are too few or too close
    for rank, index in enumerate(requests_by_level):
        request, gen = requests[index], gens[index]
        protected = [(c.start, c.end) for c in gen.choices]
        if gen.text == text:
            protected += phrase_spans
        distance: int | None
        if fingerprint:
            slots = transfer_slots(text, gen.text, base_slots, protected, check=check)
            for slot in slots:
                if slot.number is None:  # found afresh in this group's text (a very long message)
                    slot.number, next_number = next_number, next_number + 1
                    positions.originals[slot.number] = slot.original
            if wordings:
                slots = sorted(
                    [
                        *slots,
                        *wording_slots(gen.text, gen.choices, check=check, wider=gen.wider),
                    ],
                    key=lambda s: (s.start, s.end),
                )
            reworded = {s.choice.slot for s in slots if s.choice is not None}
            done = fingerprint_group(
                gen.text,
                request.friends,
                group=request.name,
                protected=protected,
                base_choices=list(gen.choices),
                slot_base=slot_base,
                group_index=rank,
                n_groups=len(requests),
                seed=seed,
                check=check,
                slots=slots,
                avoid=avoid_versions(
                    slots, [c for c in gen.choices if c.slot not in reworded], versions, positions
                ),
            )
            group_versions, group_capacity, distance = (
                done.versions,
                done.capacity,
                done.min_distance,
            )
            # fingerprint_group warns only when its versions are too few or too close
            group_warned = group_warned or bool(done.notices)
            warnings.extend(done.notices)
        else:
            group_versions = [Version(f, request.name, gen.text, []) for f in request.friends]
            group_capacity, distance = 1, (0 if len(request.friends) > 1 else None)
        texts_capacity[gen.text] = group_capacity
        versions.extend(group_versions)
        results[index] = GroupResult(
            request.name,
            request.level,
            gen.text,
            gen.info_loss,
            gen.k,
            gen.choices,
            len(request.friends),
            group_capacity,
            distance,
        )
    # the distance of the wording alone (Eq. 4.9 is about the linguistic layer)
    overall = versions_min_distance(versions) if fingerprint else (0 if len(versions) > 1 else None)
    # the layers' assignments follow the message as well as the seed, so that one seed given
    # for every post (the CLI's "seed") still draws new ones per post (tracing across leaks)
    message_seed = f"{seed}\x00{text}" if seed else text
    if fingerprint and typographic and versions:
        versions = typographic_layer.style_versions(versions, message_seed)
    if fingerprint and invisible and versions:
        versions = mark_versions(versions, message_seed)
    # Eq. 4.9: the sum over the distinct generalizations of the product of slot sizes
    total_capacity = sum(texts_capacity.values()) if fingerprint else 1
    if fingerprint and overall is not None and overall < TARGET_DISTANCE and not group_warned:
        warnings.append(Notice(NoticeCode.VERSIONS_CLOSE, {"distance": overall}))
    return AnonymizeResult(
        private=private,
        phrases=phrases,
        groups=[r for r in results if r is not None],
        versions=versions,
        capacity=total_capacity,
        min_distance=overall,
        warnings=warnings,
    )


def mark_versions(versions: list[Version], seed: str) -> list[Version]:
    """Every version with its recipient's invisible code written in (fingerprinting/invisible.py),
    the offsets of its choices moved to match."""
    marked = []
    for version, code in zip(versions, invisible.message_codes(seed, len(versions))):
        text, inserted = invisible.embed(
            version.text, code, keep_whole=[(c.start, c.end) for c in version.choices]
        )
        choices = [
            replace(
                c,
                start=invisible.shift(c.start, inserted),
                end=invisible.shift(c.end, inserted, end=True),
            )
            for c in version.choices
        ]
        marked.append(replace(version, text=text, choices=choices))
    return marked


def message_capacity(
    text: str,
    protected: Sequence[tuple[int, int]] = (),
    *,
    check: NaturalnessCheck | None = None,
    synonyms: bool = True,
    realisations: bool = True,
    max_synonyms: int = 3,
) -> int:
    """Π_j |S_j| of one text whose `protected` spans are left alone (Eq. 4.9 for one
    generalization)."""
    return slots_capacity(
        find_slots(
            text,
            protected,
            check=check,
            synonyms=synonyms,
            realisations=realisations,
            max_synonyms=max_synonyms,
        )
    )

"""The engine's end-to-end entry point: identification -> group generalization -> fingerprints.

`anonymize(text, profile=, now=, groups=[{"name", "level", "friends"}])` finds the private phrases,
generalizes them to each group's privacy level (osnguard.privacy.anonymization), and gives every
friend a distinct, natural version of their group's text (osnguard.privacy.fingerprinting). A
message with no private phrase goes to everyone unchanged unless `fingerprint_all` is set.
`osnguard anonymize` and the posting flow call this; nothing here touches a database.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from osnguard.privacy.fingerprinting import TARGET_DISTANCE, NaturalnessCheck, fingerprint_group
from osnguard.privacy.fingerprinting.codes import Avoid
from osnguard.privacy.fingerprinting.slots import find_slots, transfer_slots, wording_slots
from osnguard.privacy.fingerprinting.versions import capacity as slots_capacity
from osnguard.privacy.fingerprinting.versions import word_distance
from osnguard.privacy.resources import ResourceMissing
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import Choice, Phrase, Profile, UncheckedMessage, Version, parse_now

MAX_RECIPIENTS = 100_000
MAX_GROUPS = 100


@dataclass
class GroupRequest:
    """A friend group of the author: its name, privacy level (higher = more general) and friends."""

    name: str
    level: int
    friends: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Any) -> GroupRequest:
        if isinstance(data, GroupRequest):
            return data
        if not isinstance(data, dict):
            raise ValueError(
                'each group must be an object like {"name": "Family", "level": 1, "friends": ["ann"]}'
            )
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ValueError('every group needs a non-empty "name"')
        level = data.get("level")
        if isinstance(level, bool) or not isinstance(level, (int, float)) or int(level) != level:
            raise ValueError(
                f'group {name!r}: "level" must be a whole number (1 = closest friends)'
            )
        friends = data.get("friends", [])
        if not isinstance(friends, list) or not all(
            isinstance(f, (str, int)) and not isinstance(f, bool) for f in friends
        ):
            raise ValueError(
                f'group {name!r}: "friends" must be a list of friend ids (strings or numbers)'
            )
        ids = [str(f).strip() for f in friends]
        if any(not f for f in ids):
            raise ValueError(f"group {name!r}: a friend id is empty")
        return cls(name.strip(), int(level), ids)


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "level": self.level,
            "text": self.text,
            "info_loss": round(float(self.info_loss), 4),
            "k": self.k,
            "choices": to_data(self.choices),
            "friends": self.friends,
            "capacity": self.capacity,
            "min_distance": self.min_distance,
        }


@dataclass
class AnonymizeResult:
    """Everything the compose review and the posting flow need for one message."""

    private: bool
    phrases: list[Phrase]
    groups: list[GroupResult]
    versions: list[Version]
    capacity: int
    min_distance: int | None
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "private": self.private,
            "phrases": to_data(self.phrases),
            "groups": [g.to_dict() for g in self.groups],
            "versions": to_data(self.versions),
            "capacity": self.capacity,
            "min_distance": self.min_distance,
            "warnings": list(self.warnings),
        }


@dataclass
class Generalization:
    """What the generalizer returns per group (the fields of anonymization's GroupGeneralization)."""

    name: str
    level: int
    text: str
    info_loss: float = 0.0
    k: int | None = None
    choices: list[Choice] = field(default_factory=list)


Generalizer = Callable[..., Sequence[Any]]


def parse_groups(groups: Any) -> list[GroupRequest]:
    if groups is None:
        return []
    if not isinstance(groups, (list, tuple)):
        raise ValueError('"groups" must be a list of {"name", "level", "friends"} objects')
    if len(groups) > MAX_GROUPS:
        raise ValueError(f"too many groups ({len(groups)}); the limit is {MAX_GROUPS}")
    parsed = [GroupRequest.from_dict(g) for g in groups]
    seen_names: set[str] = set()
    owner: dict[str, str] = {}
    for group in parsed:
        if group.name in seen_names:
            raise ValueError(f"group name {group.name!r} is used twice")
        seen_names.add(group.name)
        for friend in group.friends:
            if friend in owner:
                where = (
                    "twice in that group"
                    if owner[friend] == group.name
                    else f"in groups {owner[friend]!r} and {group.name!r}"
                )
                raise ValueError(
                    f"friend {friend!r} is listed {where}; each friend receives one version"
                )
            owner[friend] = group.name
    if len(owner) > MAX_RECIPIENTS:
        raise ValueError(f"too many recipients ({len(owner):,}); the limit is {MAX_RECIPIENTS:,}")
    return parsed


def identify_phrases(
    text: str, profile: Profile | dict | None, now: Any
) -> tuple[bool, list[Phrase], list[str]]:
    """Identification (another stage): whether the message is private, its phrases, its warnings.

    Raises UncheckedMessage when identification could not check the message: an unchecked
    message is never generalized or fingerprinted as if it had nothing private."""
    try:
        module = importlib.import_module("osnguard.privacy.identification")
        identify = (
            getattr(module, "identify", None)
            or importlib.import_module("osnguard.privacy.identification.pipeline").identify
        )
    except (ImportError, AttributeError) as exc:
        raise ResourceMissing("the identification stage is not installed in this build") from exc
    result = identify(text, profile=profile, now=now)
    failures = list(getattr(result, "failures", []))
    if failures or result.private is None:
        raise UncheckedMessage(failures)
    warnings = [str(w) for w in getattr(result, "warnings", [])]
    return bool(result.private), list(result.phrases), warnings


def default_generalizer() -> Generalizer:
    """The anonymization stage's `anonymize_groups`."""
    for name in ("osnguard.privacy.anonymization", "osnguard.privacy.anonymization.groups"):
        try:
            return importlib.import_module(name).anonymize_groups
        except (ImportError, AttributeError):
            continue
    raise ResourceMissing(
        "the group generalization stage (anonymization) is not installed in this build"
    )


def generalize(
    generalizer: Generalizer,
    text: str,
    phrases: list[Phrase],
    groups: list[GroupRequest],
    profile: Any,
    now: Any,
) -> list[Generalization]:
    """Each group's generalization, in the order of `groups`."""
    spec = None
    for name in ("osnguard.privacy.anonymization", "osnguard.privacy.anonymization.groups"):
        try:
            spec = importlib.import_module(name).GroupSpec
            break
        except (ImportError, AttributeError):
            continue
    if spec is not None:
        specs = [spec(name=g.name, level=g.level) for g in groups]
    else:
        specs = [{"name": g.name, "level": g.level} for g in groups]
    produced = {
        g.name: g
        for g in generalizer(text, phrases, groups=specs, profile=profile, now=now)
    }
    out: list[Generalization] = []
    for group in groups:
        found = produced.get(group.name)
        if found is None:
            raise RuntimeError(f"the generalizer returned nothing for group {group.name!r}")
        out.append(
            Generalization(
                name=group.name,
                level=group.level,
                text=found.text,
                info_loss=float(getattr(found, "info_loss", 0.0) or 0.0),
                k=getattr(found, "k", None),
                choices=list(getattr(found, "choices", []) or []),
            )
        )
    return out


class PositionTexts:
    """The texts of versions at each numbered position of a message (fingerprint slots and
    generalized phrases), as small integer ids, with the distance between any two texts of a
    position: word edits for generalized phrases (`word_distance`), else 0 or 1."""

    def __init__(self, originals: dict[int, str], generalized: set[int]) -> None:
        self.originals = dict(originals)  # a version without a choice at a position shows this
        self.generalized = set(generalized)
        self.vocab: dict[int, dict[str, int]] = {}
        self._tables: dict[int, np.ndarray] = {}

    def id(self, number: int, text: str) -> int:
        vocab = self.vocab.setdefault(number, {})
        if text not in vocab:
            vocab[text] = len(vocab)
            self._tables.pop(number, None)
        return vocab[text]

    def table(self, number: int) -> np.ndarray:
        if number not in self._tables:
            texts = sorted(self.vocab.get(number, {}), key=self.vocab.get(number, {}).get)
            if number in self.generalized:
                table = [[word_distance(a, b) for b in texts] for a in texts]
            else:
                table = [[int(a != b) for b in texts] for a in texts]
            self._tables[number] = np.array(table, dtype=np.int64).reshape(len(texts), len(texts))
        return self._tables[number]

    def row(self, choices: Sequence[Choice], numbers: Sequence[int]) -> list[int]:
        """A version's text ids at `numbers` (its choices, else the position's original)."""
        texts = {c.slot: c.text for c in choices}
        return [self.id(n, texts.get(n, self.originals.get(n, ""))) for n in numbers]


def avoid_versions(
    slots: Sequence[Any],
    fixed: Sequence[Choice],
    given: Sequence[Version],
    positions: PositionTexts,
) -> Avoid | None:
    """How far each version already `given` (earlier groups) is from a new version of this group:
    per slot, a cost for each alternative, plus an offset for the positions this group does not
    vary (its fixed generalized phrases, and fingerprint slots it lacks)."""
    if not given:
        return None
    columns = [slot.choice.slot if slot.choice is not None else slot.number for slot in slots]
    if any(n is None for n in columns):
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


GENERALIZED_KINDS = frozenset({"generalization", "temporal", "suppression"})


def version_distance(versions: Sequence[Version]) -> int | None:
    """Smallest distance between two versions: the number of fingerprint slots in which they
    differ, plus the word edits between their generalized phrases. None with < 2 versions."""
    if len(versions) < 2:
        return None
    numbers = sorted({c.slot for v in versions for c in v.choices})
    positions = PositionTexts(
        {
            c.slot: c.original for v in versions for c in v.choices
        },  # a version without a choice shows this
        {c.slot for v in versions for c in v.choices if c.kind in GENERALIZED_KINDS},
    )
    matrix = np.array([positions.row(v.choices, numbers) for v in versions], dtype=np.int64)
    matrix = matrix.reshape(len(versions), len(numbers))
    tables = [
        positions.table(n) for n in numbers
    ]  # per position, the distance between any two texts
    best = None
    for start in range(0, len(versions), 128):
        block = matrix[start : start + 128]
        dist = np.zeros((len(block), len(versions)), dtype=np.int64)
        for col, table in enumerate(tables):
            dist += table[block[:, col][:, None], matrix[:, col][None, :]]
        dist[np.arange(len(block)), start + np.arange(len(block))] = np.iinfo(np.int64).max
        low = int(dist.min())
        best = low if best is None else min(best, low)
    texts = [v.text for v in versions]
    if len(set(texts)) < len(texts):
        return 0
    return best


def anonymize(
    text: str,
    *,
    profile: Profile | dict | None = None,
    now: Any = None,
    groups: Any,
    fingerprint_all: bool = False,
    seed: str = "",
    check: NaturalnessCheck | None = None,
    generalizer: Generalizer | None = None,
    phrases: list[Phrase] | None = None,
    wordings: bool = True,
) -> AnonymizeResult:
    """Identify, generalize per group, and fingerprint one version per friend.

    `phrases` skips identification (the compose page passes the phrases the user confirmed);
    `generalizer` replaces the anonymization stage (same signature as `anonymize_groups`);
    `wordings=False` gives every friend of a group the same wording of its generalized phrases.
    Raises ValueError for bad input, and UncheckedMessage when identification could not check
    the message (no versions are made then).
    """
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if not text.strip():
        raise ValueError("text is empty: there is nothing to post")
    requests = parse_groups(groups)
    profile = profile if isinstance(profile, Profile) else Profile.from_dict(profile)
    now = parse_now(now)
    requests_by_level = sorted(range(len(requests)), key=lambda i: (requests[i].level, i))
    warnings: list[str] = []
    if phrases is None:
        private, phrases, found_warnings = identify_phrases(text, profile, now)
        warnings.extend(found_warnings)
    else:
        private = bool(phrases)
    private = private and bool(phrases)

    if private and requests:
        gens = generalize(
            generalizer or default_generalizer(), text, phrases, requests, profile, now
        )
    else:
        gens = [Generalization(g.name, g.level, text, 0.0, None, []) for g in requests]

    fingerprint = private or fingerprint_all
    if not private:
        note = "No private phrase was found: every friend gets the message as written"
        warnings.append(note + (", fingerprinted." if fingerprint_all else " (unchanged)."))
    if not any(g.friends for g in requests):
        warnings.append("No recipients: no versions were made.")

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
        {slot.number: slot.original for slot in base_slots},
        {c.slot for g in gens for c in g.choices if c.kind in GENERALIZED_KINDS},
    )
    for rank, index in enumerate(requests_by_level):
        request, gen = requests[index], gens[index]
        protected = [(c.start, c.end) for c in gen.choices]
        if gen.text == text:
            protected += phrase_spans
        if fingerprint:
            slots = transfer_slots(text, gen.text, base_slots, protected, check=check)
            for slot in slots:
                if slot.number is None:  # found afresh in this group's text (a very long message)
                    slot.number, next_number = next_number, next_number + 1
                    positions.originals[slot.number] = slot.original
            if wordings:
                slots = sorted(
                    [*slots, *wording_slots(gen.text, gen.choices, check=check)],
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
            warnings.extend(done.warnings)
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
    # Eq. 4.9: the sum over the distinct generalizations of the product of slot sizes
    total_capacity = sum(texts_capacity.values()) if fingerprint else 1
    distance = version_distance(versions) if fingerprint else (0 if len(versions) > 1 else None)
    if (
        fingerprint
        and distance is not None
        and distance < TARGET_DISTANCE
        and not any("too short" in w or "share a version" in w for w in warnings)
    ):
        warnings.append(
            f"Some versions differ in only {distance} place(s): a leaker who edits that many words may not be identified."
        )
    return AnonymizeResult(
        private=private,
        phrases=phrases,
        groups=[r for r in results if r is not None],
        versions=versions,
        capacity=total_capacity,
        min_distance=distance,
        warnings=warnings,
    )


def message_capacity(
    text: str,
    protected: Sequence[tuple[int, int]] = (),
    *,
    check: NaturalnessCheck | None = None,
    **kwargs: Any,
) -> int:
    """Π_j |S_j| of one text whose `protected` spans are left alone (Eq. 4.9 for one generalization)."""
    return slots_capacity(find_slots(text, protected, check=check, **kwargs))

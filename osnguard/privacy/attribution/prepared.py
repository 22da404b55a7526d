"""A message's versions analysed once for attribution: its slots and their realisations.

`prepare(versions)` checks the versions (Version objects or their dicts) and reads, for each
fingerprint slot, every version's realisation as lower-case tokens (`tokens`), the tokens next to
it, and how often a realisation occurs elsewhere in every version (so that its occurrence in a
candidate is evidence only beyond that). Versions given without choices are compared with the
first one: the word ranges where they differ are the slots.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import Any

from osnguard.privacy.fingerprinting import invisible, typographic
from osnguard.privacy.retrieval import terms
from osnguard.privacy.serialization import from_data
from osnguard.privacy.types import Choice, Version

MAX_VERSIONS = 100_000
DIFFERENCE = "difference"  # the kind of a slot found by comparing versions without choices


Key = tuple[str, ...]


@dataclass
class SlotRealisations:
    """One fingerprint slot of a message as attribution reads it: every version's realisation."""

    slot: int
    kind: str
    version_keys: list[Key]  # each version's realisation, as lower-case words (may be empty)
    background: dict[Key, int]  # occurrences of a realisation every version has elsewhere
    left: frozenset[str] = frozenset()  # tokens just before the slot in some version
    right: frozenset[str] = frozenset()  # tokens just after it


@dataclass
class PreparedMessage:
    """A message's versions analysed once, for attributing many candidates."""

    versions: list[Version]
    version_terms: list[frozenset[str]]
    slots: list[SlotRealisations]
    groups: list[str]
    plain: bool = False  # read without punctuation
    _plain_view: PreparedMessage | None = field(default=None, repr=False, compare=False)
    codes: dict[int, int] = field(default_factory=dict)  # invisible code -> index in `versions`
    typography: list[typographic.Signature] = field(default_factory=list)  # per version

    @property
    def discriminating(self) -> list[SlotRealisations]:
        return [s for s in self.slots if len(set(s.version_keys)) > 1]

    def without_punctuation(self) -> PreparedMessage:
        """The same message read with punctuation left out of every realisation and neighbour."""
        if self.plain:
            return self
        if self._plain_view is None:
            self._plain_view = analyse(self.versions, plain=True)
            self._plain_view.codes = self.codes
            self._plain_view.typography = self.typography
        return self._plain_view


# English clitics are tokens of their own ("food's" -> food 's, "don't" -> do n't), so that a
# realisation choice such as "is" -> "'s" is found inside the word it is attached to.
_TOKEN = re.compile(
    r"['’](?:s|re|ve|ll|d|m)\b|n['’]t\b|\w+(?=n['’]t\b)|\w+(?:['’]\w+)*?(?=['’](?:s|re|ve|ll|d|m)\b)|\w+(?:['’]\w+)*|[^\w\s\ufe0e\ufe0f]",
    re.UNICODE | re.IGNORECASE,
)


def tokens(text: str) -> list[tuple[str, int, int]]:
    """Lower-case words and punctuation marks with their spans: fingerprint slots may be either."""
    return [
        (m.group().casefold().replace("’", "'"), m.start(), m.end()) for m in _TOKEN.finditer(text)
    ]


def key_of(text: str) -> Key:
    """The tokens of a text, without their spans."""
    return tuple(t for t, _, _ in tokens(text))


def count_occurrences(key: Key, seq: Sequence[str]) -> int:
    """Non-overlapping occurrences of `key` in `seq`."""
    if not key:
        return 0
    count, i, n = 0, 0, len(key)
    while i + n <= len(seq):
        if tuple(seq[i : i + n]) == key:
            count += 1
            i += n
        else:
            i += 1
    return count


def coerce_versions(versions: object) -> list[Version]:
    """The versions as `Version`s (dicts are read with `serialization.from_data`), checked: at least
    one, at most MAX_VERSIONS, each with a distinct non-empty friend."""
    if isinstance(versions, (str, bytes)) or not isinstance(versions, Iterable):
        raise ValueError("versions must be a list of versions")
    result: list[Version] = []
    for item in versions:
        if isinstance(item, dict):
            try:
                item = from_data(Version, item)
            except ValueError as exc:
                raise ValueError(f"a version needs friend, group, text and choices: {exc}") from exc
        if not isinstance(item, Version):
            raise ValueError("each version must be a Version or an object with friend, group, text")
        if not item.friend.strip():
            raise ValueError("every version needs a non-empty friend")
        result.append(item)
    if not result:
        raise ValueError(
            "no versions given: attribution needs the versions the recipients received"
        )
    if len(result) > MAX_VERSIONS:
        raise ValueError(f"too many versions ({len(result)}); at most {MAX_VERSIONS}")
    seen: set[str] = set()
    for version in result:
        if version.friend in seen:
            raise ValueError(f"friend {version.friend!r} has more than one version")
        seen.add(version.friend)
    return result


RawSlot = tuple[int, str, list[Key], set[str], set[str]]  # slot, kind, keys, left, right


START, END = "<start>", "<end>"  # neighbours of a slot at either end of the text


def neighbours(toks: list[tuple[str, int, int]], start: int, end: int) -> tuple[str, str]:
    """The tokens just before character `start` and just after `end`."""
    before = [t for t, _, e in toks if e <= start]
    after = [t for t, s, _ in toks if s >= end]
    return (before[-1] if before else START), (after[0] if after else END)


def words_only(key: Key) -> Key:
    """The key without its punctuation tokens."""
    return tuple(t for t in key if has_word((t,)))


def plain_key_of(text: str) -> Key:
    """The tokens of a text read without punctuation."""
    return words_only(key_of(text))


def slots_from_choices(versions: list[Version], plain: bool = False) -> list[RawSlot]:
    by_slot: dict[int, dict[int, Choice]] = {}
    for i, version in enumerate(versions):
        for choice in version.choices:
            by_slot.setdefault(choice.slot, {})[i] = choice
    version_tokens = [tokens(v.text) for v in versions]
    if plain:
        version_tokens = [[t for t in toks if has_word((t[0],))] for toks in version_tokens]
    key = plain_key_of if plain else key_of
    slots: list[RawSlot] = []
    for slot, chosen in sorted(by_slot.items()):
        any_choice = next(iter(chosen.values()))
        original = key(any_choice.original)
        keys = [key(chosen[i].text) if i in chosen else original for i in range(len(versions))]
        left: set[str] = set()
        right: set[str] = set()
        for i, choice in chosen.items():
            if 0 <= choice.start <= choice.end <= len(versions[i].text):
                before, after = neighbours(version_tokens[i], choice.start, choice.end)
                left.add(before)
                right.add(after)
        slots.append((slot, any_choice.kind, keys, left, right))
    return slots


def slots_from_differences(versions: list[Version], plain: bool = False) -> list[RawSlot]:
    """No choices given: the word ranges where versions differ from the first one are slots."""
    key = plain_key_of if plain else key_of
    reference = list(key(versions[0].text))
    regions: dict[tuple[int, int], dict[int, Key]] = {}
    anchors: dict[tuple[int, int], tuple[set[str], set[str]]] = {}
    for i, version in enumerate(versions[1:], start=1):
        other = list(key(version.text))
        matcher = SequenceMatcher(None, reference, other, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op != "equal":
                regions.setdefault((i1, i2), {})[i] = tuple(other[j1:j2])
                left, right = anchors.setdefault((i1, i2), (set(), set()))
                left.update(
                    seq[k - 1] if k > 0 else START for seq, k in ((reference, i1), (other, j1))
                )
                right.update(
                    seq[k] if k < len(seq) else END for seq, k in ((reference, i2), (other, j2))
                )
    slots: list[RawSlot] = []
    for n, ((i1, i2), found) in enumerate(sorted(regions.items())):
        default = tuple(reference[i1:i2])
        keys = [found.get(i, default) for i in range(len(versions))]
        slots.append((n, DIFFERENCE, keys, *anchors[(i1, i2)]))
    return slots


def prepare(
    versions: Iterable[Version | Mapping[str, Any]] | PreparedMessage,
) -> PreparedMessage:
    """Validate and analyse a message's versions (raises ValueError with a clear message)."""
    if isinstance(versions, PreparedMessage):
        return versions
    plain, codes = unmarked(coerce_versions(versions))
    message = analyse(plain)
    message.codes = codes
    message.typography = typographic.signatures(v.text for v in plain)
    return message


def unmarked(versions: list[Version]) -> tuple[list[Version], dict[int, int]]:
    """The versions without their invisible layer (choice offsets moved to match), and the code
    each carried (fingerprinting/invisible.py): code -> index of the version."""
    plain: list[Version] = []
    codes: dict[int, int] = {}
    for index, version in enumerate(versions):
        text = invisible.strip(version.text)
        if text == version.text:
            plain.append(version)
            continue
        code = invisible.read(version.text).code
        if code is not None:
            codes.setdefault(code, index)
        choices = [
            replace(
                c,
                start=invisible.unshift(c.start, version.text),
                end=invisible.unshift(c.end, version.text),
            )
            for c in version.choices
        ]
        plain.append(replace(version, text=text, choices=choices))
    return plain, codes


def analyse(checked: list[Version], plain: bool = False) -> PreparedMessage:
    """The slots of checked versions (`plain`: read without punctuation)."""
    if any(v.choices for v in checked):
        raw_slots = slots_from_choices(checked, plain)
    else:
        raw_slots = slots_from_differences(checked, plain)
    texts = [plain_key_of(v.text) if plain else key_of(v.text) for v in checked]
    slots: list[SlotRealisations] = []
    for slot, kind, keys, left, right in raw_slots:
        background: dict[Key, int] = {}
        for key in set(keys):
            if key:
                background[key] = max(
                    0,
                    min(
                        count_occurrences(key, tok) - count_occurrences(key, own)
                        for tok, own in zip(texts, keys)
                    ),
                )
        slots.append(
            SlotRealisations(slot, kind, keys, background, frozenset(left), frozenset(right))
        )
    groups = sorted({v.group for v in checked})
    return PreparedMessage(checked, [terms(v.text) for v in checked], slots, groups, plain)


def has_word(key: Key) -> bool:
    """Whether any token of the key has a letter or digit (is not punctuation only)."""
    return any(ch.isalnum() for token in key for ch in token)

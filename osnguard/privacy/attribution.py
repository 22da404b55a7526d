"""Leak attribution (SPEC §3.3): does a text disclose a message, and whose version leaked?

Given the versions of one message (one per recipient, each with its fingerprint choices) and a
candidate text found somewhere:

1. *Disclosure.* A cheap lexical pre-check (`retrieval.lexical_overlap`) against every version;
   if one passes, the closest version is compared with the part of the candidate that overlaps it,
   by the paraphrase detector. A near-verbatim quote (most terms shared) counts as a disclosure
   without asking the detector, since a partial quote is not a paraphrase of the whole message.
2. *Ranking.* Text shared by all versions says nothing about who leaked; only the fingerprint
   slots do. For each slot we look for every recipient's realisation in the candidate and score
   each recipient by a likelihood: a realisation of theirs that is present counts log(1-ε), a
   slot showing someone else's realisation instead counts log(ε) (the leaker's edit produced it
   by chance). The margin is the log-likelihood ratio of the best recipient over the runner-up.
   A candidate without any punctuation (retyped or normalised) is read against the versions with
   their punctuation removed, so that choices of punctuation it could not have kept neither
   count for nor against anyone.
3. *Verdict.* "friend" only when the margin reaches FRIEND_MARGIN (calibrated on simulated leaks
   of a training set of messages, `python bench/leaks.py --calibrate`); otherwise "group" when the
   group-level likelihood (the sum over its members) is decisive, e.g. when the leaker reverted
   the synonyms but the group's generalization is still visible; otherwise "undetermined".
   "none" means no disclosure.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, Protocol

from osnguard.privacy.retrieval import lexical_overlap, terms, words
from osnguard.privacy.serialization import from_data
from osnguard.privacy.types import Choice, Version

log = logging.getLogger(__name__)

EPSILON = 0.05  # chance that an edit turns a slot into another recipient's realisation
LOG_MATCH = math.log(1 - EPSILON)
LOG_MISMATCH = math.log(EPSILON)
SLOT_WEIGHT = LOG_MATCH - LOG_MISMATCH  # ≈ 2.94 nats: what one distinguishing slot is worth

# Calibrated on simulated leaks and non-leaks of 100 TRAIN messages
# (`bench/leaks.py --split train --calibrate`): the smallest whole numbers of slots above every
# margin that would have named a wrong friend (2.94, one slot) or a wrong group (same-topic
# non-leaks reached one slot: group answers need two slots of group evidence).
FRIEND_MARGIN = 2 * SLOT_WEIGHT
GROUP_MARGIN = 2 * SLOT_WEIGHT

MAX_SLOT_EDITS = 3  # the fingerprint code counts a generalized phrase's word edits up to 3
TOLERANCE = 1e-6  # margins are sums of slot weights: compare them with a little slack
QUOTE_CONTAINMENT = 0.8  # share of terms in common that makes a text a (partial) quote
QUOTE_MIN_SHARED = 4
LEXICAL_ONLY_CONTAINMENT = 0.6  # disclosure rule when no paraphrase detector is installed
MAX_CANDIDATE_CHARS = 2_000_000
MAX_VERSIONS = 100_000


class Detector(Protocol):
    def probability(self, a: str, b: str) -> float: ...

    def is_paraphrase(self, a: str, b: str) -> bool: ...


@dataclass
class Evidence:
    """A fingerprint realisation found in the candidate, at [start, end) of the candidate."""

    slot: int
    kind: str
    text: str
    start: int
    end: int


@dataclass
class Suspect:
    """One recipient's standing: log-likelihood, posterior and slots matched/contradicted."""

    friend: str
    group: str
    log_likelihood: float
    probability: float
    matched: int
    contradicted: int


@dataclass
class Attribution:
    disclosure: bool
    score: float
    friend: str | None
    group: str | None
    margin: float
    evidence: list[Evidence] = field(default_factory=list)
    ranking: list[Suspect] = field(default_factory=list)
    verdict: str = "none"  # "friend" | "group" | "undetermined" | "none"
    explanation: str = ""

    def to_dict(self, ranking: int = 0) -> dict[str, Any]:
        data = {
            "disclosure": self.disclosure,
            "score": round(self.score, 4),
            "friend": self.friend,
            "group": self.group,
            "margin": round(self.margin, 4) if math.isfinite(self.margin) else None,
            "evidence": [asdict(e) for e in self.evidence],
            "verdict": self.verdict,
            "explanation": self.explanation,
        }
        if ranking:
            data["ranking"] = [asdict(s) for s in self.ranking[:ranking]]
        return data


# Preparing a message's versions -----------------------------------------------------------

Key = tuple[str, ...]


@dataclass
class _Slot:
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
    slots: list[_Slot]
    groups: list[str]
    plain: bool = False  # read without punctuation
    _plain_view: PreparedMessage | None = field(default=None, repr=False, compare=False)

    @property
    def discriminating(self) -> list[_Slot]:
        return [s for s in self.slots if len(set(s.version_keys)) > 1]

    def without_punctuation(self) -> PreparedMessage:
        """The same message read with punctuation left out of every realisation and neighbour."""
        if self.plain:
            return self
        if self._plain_view is None:
            self._plain_view = _analyse(self.versions, plain=True)
        return self._plain_view


# English clitics are tokens of their own ("food's" -> food 's, "don't" -> do n't), so that a
# realisation choice such as "is" -> "'s" is found inside the word it is attached to.
_TOKEN = re.compile(
    r"['’](?:s|re|ve|ll|d|m)\b|n['’]t\b|\w+(?=n['’]t\b)|\w+(?:['’]\w+)*?(?=['’](?:s|re|ve|ll|d|m)\b)|\w+(?:['’]\w+)*|[^\w\s]",
    re.UNICODE | re.IGNORECASE,
)


def tokens(text: str) -> list[tuple[str, int, int]]:
    """Lower-case words and punctuation marks with their spans: fingerprint slots may be either."""
    return [
        (m.group().casefold().replace("’", "'"), m.start(), m.end()) for m in _TOKEN.finditer(text)
    ]


def _key(text: str) -> Key:
    return tuple(t for t, _, _ in tokens(text))


def _count(key: Key, seq: Sequence[str]) -> int:
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


def _coerce_versions(versions: Iterable[Any]) -> list[Version]:
    if isinstance(versions, (str, bytes)) or not isinstance(versions, Iterable):
        raise ValueError("versions must be a list of versions")
    result = []
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


def _neighbours(toks: list[tuple[str, int, int]], start: int, end: int) -> tuple[str, str]:
    """The tokens just before character `start` and just after `end`."""
    before = [t for t, _, e in toks if e <= start]
    after = [t for t, s, _ in toks if s >= end]
    return (before[-1] if before else START), (after[0] if after else END)


def _words_only(key: Key) -> Key:
    return tuple(t for t in key if _has_word((t,)))


def _slots_from_choices(versions: list[Version], plain: bool = False) -> list[RawSlot]:
    by_slot: dict[int, dict[int, Choice]] = {}
    for i, version in enumerate(versions):
        for choice in version.choices:
            by_slot.setdefault(choice.slot, {})[i] = choice
    version_tokens = [tokens(v.text) for v in versions]
    if plain:
        version_tokens = [[t for t in toks if _has_word((t[0],))] for toks in version_tokens]
    key = (lambda text: _words_only(_key(text))) if plain else _key
    slots = []
    for slot, chosen in sorted(by_slot.items()):
        any_choice = next(iter(chosen.values()))
        original = key(any_choice.original)
        keys = [key(chosen[i].text) if i in chosen else original for i in range(len(versions))]
        left, right = set(), set()
        for i, choice in chosen.items():
            if 0 <= choice.start <= choice.end <= len(versions[i].text):
                before, after = _neighbours(version_tokens[i], choice.start, choice.end)
                left.add(before)
                right.add(after)
        slots.append((slot, any_choice.kind, keys, left, right))
    return slots


def _slots_from_differences(versions: list[Version], plain: bool = False) -> list[RawSlot]:
    """No choices given: the word ranges where versions differ from the first one are slots."""
    key = (lambda text: _words_only(_key(text))) if plain else _key
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
    slots = []
    for n, ((i1, i2), found) in enumerate(sorted(regions.items())):
        default = tuple(reference[i1:i2])
        keys = [found.get(i, default) for i in range(len(versions))]
        slots.append((n, "difference", keys, *anchors[(i1, i2)]))
    return slots


def prepare(versions: Iterable[Version | dict] | PreparedMessage) -> PreparedMessage:
    """Validate and analyse a message's versions (raises ValueError with a clear message)."""
    if isinstance(versions, PreparedMessage):
        return versions
    return _analyse(_coerce_versions(versions))


def _analyse(checked: list[Version], plain: bool = False) -> PreparedMessage:
    if any(v.choices for v in checked):
        raw_slots = _slots_from_choices(checked, plain)
    else:
        raw_slots = _slots_from_differences(checked, plain)
    tokens = [_words_only(_key(v.text)) if plain else _key(v.text) for v in checked]
    slots = []
    for slot, kind, keys, left, right in raw_slots:
        background = {}
        for key in set(keys):
            if key:
                background[key] = max(
                    0, min(_count(key, tok) - _count(key, own) for tok, own in zip(tokens, keys))
                )
        slots.append(_Slot(slot, kind, keys, background, frozenset(left), frozenset(right)))
    groups = sorted({v.group for v in checked})
    return PreparedMessage(checked, [terms(v.text) for v in checked], slots, groups, plain)


# Attribution ---------------------------------------------------------------------------------


def _check_candidate(candidate: Any) -> str:
    if isinstance(candidate, (bytes, bytearray)):
        try:
            candidate = bytes(candidate).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"candidate is not valid UTF-8 text (byte {exc.start})") from exc
    if not isinstance(candidate, str):
        raise ValueError("candidate must be text")
    if len(candidate) > MAX_CANDIDATE_CHARS:
        raise ValueError(
            f"candidate is {len(candidate):,} characters; at most {MAX_CANDIDATE_CHARS:,} are checked"
        )
    try:
        candidate.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError("candidate contains undecodable bytes (lone surrogates)") from exc
    return candidate


@lru_cache(maxsize=65536)
def _edit_distance(a: Key, b: Key) -> int:
    """Word-level Levenshtein distance between two realisations."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def _has_word(key: Key) -> bool:
    return any(ch.isalnum() for token in key for ch in token)


def _find_evidence(
    message: PreparedMessage, cand: list[tuple[str, int, int]]
) -> dict[int, dict[Key, list[tuple[int, int]]]]:
    """Per slot, the realisations present in the candidate with their token ranges.

    An occurrence next to one of the slot's neighbouring tokens is *anchored*. When a slot has
    anchored occurrences only those count (so a word that is a realisation of two slots is read
    at the right place); otherwise any occurrence of words beyond the shared text's own counts,
    but punctuation only where it is anchored.
    """
    seq = [w for w, _, _ in cand]
    positions: dict[str, list[int]] = {}
    for i, w in enumerate(seq):
        positions.setdefault(w, []).append(i)
    found: dict[int, dict[Key, list[tuple[int, int]]]] = {}

    def before(a: int) -> str:
        return seq[a - 1] if a > 0 else START

    def after(b: int) -> str:
        return seq[b] if b < len(seq) else END

    for index, slot in enumerate(message.slots):
        covered: set[int] = set()
        occurrences: dict[Key, list[tuple[int, int]]] = {}
        for key in sorted(set(slot.version_keys), key=len, reverse=True):
            if not key:
                continue
            for start in positions.get(key[0], ()):
                end = start + len(key)
                if tuple(seq[start:end]) == key and not covered.intersection(range(start, end)):
                    occurrences.setdefault(key, []).append((start, end))
                    covered.update(range(start, end))
        anchored = {
            key: kept
            for key, occ in occurrences.items()
            if (
                kept := [
                    (a, b)
                    for a, b in occ
                    if before(a) in slot.left or (after(b) in slot.right and _has_word(key))
                ]
            )
        }
        if anchored:
            found[index] = anchored
            continue
        # Punctuation found away from its neighbours says nothing (a comment's own full stop).
        present = {
            key: occ
            for key, occ in occurrences.items()
            if len(occ) > slot.background.get(key, 0) and _has_word(key)
        }
        if present:
            found[index] = present
        elif () in slot.version_keys:
            # An empty realisation (a word or comma left out) shows as its neighbours meeting.
            gaps = [
                (i, i)
                for i in range(len(seq) + 1)
                if before(i) in slot.left and after(i) in slot.right
            ]
            if gaps:
                found[index] = {(): gaps}
    return _drop_claimed_punctuation(found)


def _drop_claimed_punctuation(
    found: dict[int, dict[Key, list[tuple[int, int]]]],
) -> dict[int, dict[Key, list[tuple[int, int]]]]:
    """A punctuation mark inside another slot's word realisation (the comma of ", and my") is
    that slot's evidence, not a realisation of its own."""
    claimed = {
        (index, i)
        for index, present in found.items()
        for key, occurrences in present.items()
        if _has_word(key)
        for a, b in occurrences
        for i in range(a, b)
    }
    kept: dict[int, dict[Key, list[tuple[int, int]]]] = {}
    for index, present in found.items():
        cleaned = {}
        for key, occurrences in present.items():
            if not _has_word(key) and key:
                occurrences = [
                    (a, b)
                    for a, b in occurrences
                    if not any(
                        (other, i) in claimed
                        for other in found
                        if other != index
                        for i in range(a, b)
                    )
                ]
            if occurrences:
                cleaned[key] = occurrences
        if cleaned:
            kept[index] = cleaned
    return kept


def _logsumexp(values: list[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def _local_edits(key: Key, seq: Sequence[str], start: int, end: int) -> int:
    """Fewest word edits turning `key` into a stretch of `seq` that covers tokens [start, end) (a
    realisation found there) and at most len(key) + 1 tokens either side: what a leaker's edits
    could have been, given the words the candidate has around what was found."""
    reach = len(key) + 1
    best = None
    for x in range(max(0, start - reach), start + 1):
        for y in range(end, min(len(seq), end + reach) + 1):
            edits = _edit_distance(key, tuple(seq[x:y]))
            best = edits if best is None else min(best, edits)
    return best if best is not None else len(key)


def _rank(
    message: PreparedMessage, found: dict[int, dict[Key, Any]], seq: Sequence[str] = ()
) -> list[Suspect]:
    n = len(message.versions)
    ll = [0.0] * n
    matched = [0] * n
    contradicted = [0] * n
    for index, present in found.items():
        keys = message.slots[index].version_keys
        if len(set(keys)) == 1:
            continue  # every recipient has the same realisation: no information
        for i in range(n):
            if keys[i] in present:
                ll[i] += LOG_MATCH
                matched[i] += 1
            else:
                # A leaker turns one realisation into another by editing words; a generalized
                # phrase of another group ("Tokyo University" / "a university in Tokyo") takes
                # several edits, as the fingerprint code counts it, so it weighs as much.
                edits = min(_edit_distance(keys[i], found_key) for found_key in present)
                if edits > 1 and seq:
                    # ... but no more edits than the candidate's own words there need: a leaker who
                    # dropped "in the" from "a university in the US" left "a university US",
                    # which is 2 edits from it, not 3 from the "a university" found inside it
                    edits = min(
                        [edits]
                        + [
                            _local_edits(keys[i], seq, a, b)
                            for occurrences in present.values()
                            for a, b in occurrences
                        ]
                    )
                ll[i] += LOG_MISMATCH * max(1, min(MAX_SLOT_EDITS, edits))
                contradicted[i] += 1
    total = _logsumexp(ll)
    suspects = [
        Suspect(v.friend, v.group, ll[i], math.exp(ll[i] - total), matched[i], contradicted[i])
        for i, v in enumerate(message.versions)
    ]
    suspects.sort(key=lambda s: (-s.log_likelihood, s.friend))
    return suspects


def _group_margin(suspects: list[Suspect]) -> tuple[str | None, float]:
    by_group: dict[str, list[float]] = {}
    for s in suspects:
        by_group.setdefault(s.group, []).append(s.log_likelihood)
    if len(by_group) < 2:
        return None, 0.0
    scored = sorted(((_logsumexp(v), g) for g, v in by_group.items()), reverse=True)
    return scored[0][1], scored[0][0] - scored[1][0]


def _window(
    candidate: str, cand: list[tuple[str, int, int]], version: Version, v_terms: frozenset[str]
) -> str:
    """The part of a long candidate that overlaps the version most (twice its length in words)."""
    width = 2 * max(1, len(words(version.text)))
    if len(cand) <= width:
        return candidate
    from osnguard.privacy.retrieval import stem

    hits = [1 if stem(w) in v_terms else 0 for w, _, _ in cand]
    best = current = sum(hits[:width])
    best_start = 0
    for start in range(1, len(cand) - width + 1):
        current += hits[start + width - 1] - hits[start - 1]
        if current > best:
            best, best_start = current, start
    return candidate[cand[best_start][1] : cand[best_start + width - 1][2]]


def _evidence(
    slot: _Slot, candidate: str, cand: list[tuple[str, int, int]], start: int, end: int
) -> Evidence:
    """Evidence for tokens [start, end) of the candidate; an empty range is a left-out word."""
    if end > start:
        first, last = cand[start][1], cand[end - 1][2]
    else:
        first = last = cand[start][1] if start < len(cand) else len(candidate)
    return Evidence(slot.slot, slot.kind, candidate[first:last], first, last)


def _default_detector() -> Detector:
    """The shipped paraphrase detector; `ModelUnavailable` (never a silent lexical-only decision)
    when it is missing or stale."""
    from osnguard.privacy.paraphrase.detector import get_detector

    return get_detector()


@dataclass
class _Lexical:
    """The lexical stage of the disclosure decision: a verdict, or a pair for the detector."""

    disclosed: bool | None  # None: ask the detector about (window, version text)
    score: float
    how: str
    pair: tuple[str, str] | None = None


def _lexical_stage(
    message: PreparedMessage, candidate: str, cand: list[tuple[str, int, int]], lexical_only: bool
) -> _Lexical:
    cand_terms = terms(candidate)
    best, best_index, best_containment = False, None, 0.0
    for i, v_terms in enumerate(message.version_terms):
        passes, containment = lexical_overlap(cand_terms, v_terms)
        if (passes, containment) > (best, best_containment):
            best, best_index, best_containment = passes, i, containment
    if not best or best_index is None:
        return _Lexical(False, best_containment, "it shares too few words with any version")
    version = message.versions[best_index]
    window = _window(candidate, cand, version, message.version_terms[best_index])
    window_terms = terms(window)
    shared = len(window_terms & message.version_terms[best_index])
    _, window_containment = lexical_overlap(window_terms, message.version_terms[best_index])
    if window_containment >= QUOTE_CONTAINMENT and shared >= QUOTE_MIN_SHARED:
        return _Lexical(
            True, window_containment, f"it quotes {window_containment:.0%} of the wording"
        )
    if lexical_only:
        disclosed = window_containment >= LEXICAL_ONLY_CONTAINMENT
        return _Lexical(disclosed, window_containment, "lexical overlap (no paraphrase detector)")
    return _Lexical(None, window_containment, "", (window, version.text))


def _detector_stage(stage: _Lexical, probability: float, detector: Detector) -> _Lexical:
    disclosed = probability >= float(getattr(detector, "threshold", 0.5))
    verb = "paraphrases" if disclosed else "does not paraphrase"
    return _Lexical(disclosed, probability, f"it {verb} the message (p={probability:.2f})")


def attribute(
    versions: Iterable[Version | dict] | PreparedMessage,
    candidate: str | bytes,
    *,
    detector: Detector | None = None,
    lexical_only: bool = False,
) -> Attribution:
    """Decide whether `candidate` discloses the message and, if so, whose version it came from.

    `detector` defaults to the project's paraphrase detector; `lexical_only` decides disclosure
    on word overlap alone (no detector; weaker on paraphrased leaks). Raises ValueError on bad input
    (no versions, duplicate friends, non-UTF-8 or oversized candidate).
    """
    return attribute_many({0: versions}, candidate, detector=detector, lexical_only=lexical_only)[0]


def attribute_many(
    messages: Mapping[Hashable, Iterable[Version | dict] | PreparedMessage],
    candidate: str | bytes,
    *,
    detector: Detector | None = None,
    lexical_only: bool = False,
) -> dict[Hashable, Attribution]:
    """`attribute()` of one candidate against several messages (e.g. a screening shortlist), with
    one batched call to the detector (`probabilities(pairs)`) when it has one."""
    prepared = {key: prepare(versions) for key, versions in messages.items()}
    candidate = _check_candidate(candidate)
    cand_words = words(candidate)
    stages = {
        key: _lexical_stage(message, candidate, cand_words, lexical_only)
        for key, message in prepared.items()
    }
    pending = [key for key, stage in stages.items() if stage.disclosed is None]
    if pending:
        if detector is None:
            detector = _default_detector()
        if detector is None:  # not installed: fall back to the lexical rule
            stages.update(
                {key: _lexical_stage(prepared[key], candidate, cand_words, True) for key in pending}
            )
        else:
            pairs = [stages[key].pair for key in pending]
            batch = getattr(detector, "probabilities", None)
            probabilities = (
                batch(pairs) if batch else [detector.probability(a, b) for a, b in pairs]
            )
            for key, probability in zip(pending, probabilities):
                stages[key] = _detector_stage(stages[key], float(probability), detector)
    cand = tokens(candidate) if any(stage.disclosed for stage in stages.values()) else []
    return {key: _attribute_one(prepared[key], candidate, cand, stages[key]) for key in prepared}


def _attribute_one(
    message: PreparedMessage, candidate: str, cand: list[tuple[str, int, int]], stage: _Lexical
) -> Attribution:
    disclosed, score, how = bool(stage.disclosed), stage.score, stage.how
    if not disclosed:
        return Attribution(
            False, score, None, None, 0.0, verdict="none", explanation=f"No disclosure: {how}."
        )
    # Every version has punctuation but the candidate has none: it was retyped or normalised, so
    # its punctuation choices were lost, not made.
    retyped = (
        bool(cand)
        and all(_has_word((t,)) for t, _, _ in cand)
        and all(any(not _has_word((t,)) for t, _, _ in tokens(v.text)) for v in message.versions)
        and any(
            not _has_word((t,))
            for slot in message.discriminating
            for key in slot.version_keys
            for t in key
        )
    )
    if retyped:
        message = message.without_punctuation()
    found = _find_evidence(message, cand)
    suspects = _rank(message, found, [w for w, _, _ in cand])
    evidence = [
        _evidence(message.slots[index], candidate, cand, start, end)
        for index, present in sorted(found.items())
        if len(set(message.slots[index].version_keys)) > 1
        for occurrences in present.values()
        for start, end in occurrences
    ]
    evidence.sort(key=lambda e: (e.start, e.slot))
    margin = suspects[0].log_likelihood - suspects[1].log_likelihood if len(suspects) > 1 else 0.0
    result = Attribution(True, score, None, None, margin, evidence, suspects, "undetermined")
    prefix = f"Disclosure: {how}."
    if len(suspects) == 1:
        result.explanation = (
            f"{prefix} Only {suspects[0].friend} received this message, so there is "
            "no fingerprint to compare; not attributing."
        )
        return result
    if not message.discriminating:
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
        result.verdict, result.friend, result.group = "friend", top.friend, top.group
        result.explanation = (
            f"{prefix} It carries {top.matched} of {top.friend}'s fingerprint choices "
            f"and contradicts {top.contradicted}; the runner-up "
            f"{suspects[1].friend} is {margin:.1f} nats less likely."
        )
        return result
    group, group_margin = _group_margin(suspects)
    if group is not None and group_margin >= GROUP_MARGIN - TOLERANCE:
        result.verdict, result.group = "group", group
        result.explanation = (
            f"{prefix} Too little friend-level evidence (margin {margin:.1f} < "
            f"{FRIEND_MARGIN:.1f}), but the wording points to group {group} "
            f"(margin {group_margin:.1f})."
        )
        return result
    result.explanation = (
        f"{prefix} The fingerprint evidence is too weak to name anyone "
        f"(margin {margin:.1f} < {FRIEND_MARGIN:.1f}, {len(evidence)} fingerprint choice(s) found)."
    )
    return result

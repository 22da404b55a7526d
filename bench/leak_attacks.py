"""Leak simulation material: real messages, fingerprinted versions and the edits a leaker makes.

Used by bench/leaks.py and bench/screening.py, and by tests on a small sample.

- Messages: private tweets of the ppdp corpus (a QI* or SA tag) and MSRP sentences. MSRP
  non-paraphrase pairs give "same topic" texts. Messages are split into TRAIN (calibration) and
  TEST by a hash of the text, so the two sets never share a message.
- Versions (`versions_for(source=...)`): osnguard's own `anonymize()` (`real_versions`), its
  fingerprinting alone (`fingerprint_versions`), or a simple generator of our own
  (`synonym_versions`): WordNet synonyms of content words (inflected with lemminflect) as friend
  slots, codes at the largest Hamming distance of 5, 4 or 3 that fits, and one noun generalized
  along its WordNet hypernym path as the group slot.
- Attacks (applied to the leaker's version): verbatim, commentary, minor words dropped, clauses
  reordered, 1-2 words swapped for synonyms, partial quote, and a second paraphrase step
  (2-3 synonym swaps + clause reordering + minor-word deletion, all combined).
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from osnguard.privacy import corpora, resources
from osnguard.privacy.types import Choice, Version

_TAGGED = re.compile(r"(\S+)/(DI|QI[A-Z]+|SA|NONE)\b")
_PRIVATE_TAG = re.compile(r"/(QI[A-Z]+|SA)\b")
MINOR = {
    "a",
    "an",
    "the",
    "of",
    "to",
    "in",
    "on",
    "at",
    "for",
    "with",
    "by",
    "from",
    "that",
    "this",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "it",
    "its",
    "and",
    "so",
    "just",
    "very",
    "really",
    "will",
    "would",
    "can",
    "could",
    "has",
    "have",
    "had",
    "my",
    "his",
    "her",
    "their",
    "our",
}
COMMENTARY_BEFORE = [
    "lol look what got posted: ",
    "Not sure I should share this but ",
    "Wow. ",
    "Heard this today - ",
    "FYI: ",
]
COMMENTARY_AFTER = [" Can you believe it?", " #gossip", " (not my words)", " smh", " Thoughts?"]


@dataclass
class Message:
    id: str
    text: str
    source: str  # "ppdp" or "msrp"
    same_topic: str | None = None  # a text on the same topic that does not disclose it


def split_of(text: str) -> str:
    """Deterministic split: about a half of the messages are TRAIN, the rest TEST."""
    return "train" if hashlib.sha1(text.encode()).digest()[0] < 128 else "test"


def _clean_tweet(raw: str) -> str:
    text = _TAGGED.sub(lambda m: m.group(1), raw)
    text = re.sub(r"[^\x20-\x7e]", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def load_messages() -> list[Message]:
    """Private ppdp tweets and MSRP sentences (with same-topic partners), deduplicated."""
    messages: list[Message] = []
    for row in corpora.ppdp_rows():
        raw = row["Tweet"]
        if _PRIVATE_TAG.search(raw):
            text = _clean_tweet(raw)
            if 8 <= len(text.split()) <= 40:
                messages.append(Message(f"ppdp-{row['Id']}", text, "ppdp"))
    for name in ("msr_paraphrase_train.txt", "msr_paraphrase_test.txt"):
        with open(resources.corpus_path("msrp", name), encoding="utf-8-sig") as fh:
            for line in fh:
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 5 or not parts[0].isdigit():
                    continue
                label, id1, _, s1, s2 = parts
                messages.append(Message(f"msrp-{id1}", s1, "msrp", s2 if label == "0" else None))
    seen: set[str] = set()
    unique = []
    for m in messages:
        if m.text not in seen:
            seen.add(m.text)
            unique.append(m)
    return unique


# Versions -----------------------------------------------------------------------------------


def make_groups(n_friends: int = 150, n_groups: int = 5) -> list[dict]:
    """`n_groups` groups of consecutive friends, privacy level 1..n (the anonymize() format)."""
    per = n_friends // n_groups
    return [
        {
            "name": f"group{g + 1}",
            "level": g + 1,
            "friends": [
                f"friend{i:03d}"
                for i in range(g * per, (g + 1) * per if g < n_groups - 1 else n_friends)
            ],
        }
        for g in range(n_groups)
    ]


def real_versions(text: str, groups: list[dict]) -> list[Version] | None:
    """Versions from osnguard's anonymize() (fingerprinting every message, private or not), or
    None when it is not installed or cannot give every recipient a distinct version."""
    try:
        from osnguard.privacy.proposal import anonymize
    except ImportError:
        return None
    import datetime as dt

    now = dt.datetime(2026, 1, 15, 12, tzinfo=dt.UTC)
    result = anonymize(text, now=now, groups=groups, fingerprint_all=True, seed="leaks")
    versions = list(result.versions)
    wanted = sum(len(g["friends"]) for g in groups)
    return versions if len({v.text for v in versions}) == len(versions) == wanted else None


@lru_cache(maxsize=50_000)
def _synonyms(word: str, pos: str) -> tuple[str, ...]:
    wn = resources.wordnet()
    wn_pos = {"NOUN": wn.NOUN, "VERB": wn.VERB, "ADJ": wn.ADJ, "ADV": wn.ADV}[pos]
    found: list[str] = []
    for synset in wn.synsets(word, pos=wn_pos)[:3]:
        for lemma in synset.lemma_names():
            name = lemma.lower()
            if name != word and name.isalpha() and name not in found and len(name) > 2:
                found.append(name)
    return tuple(found[:3])


@lru_cache(maxsize=20_000)
def _hypernyms(word: str) -> tuple[str, ...]:
    wn = resources.wordnet()
    synsets = wn.synsets(word, pos=wn.NOUN)
    chain: list[str] = []
    synset = synsets[0] if synsets else None
    while synset is not None and len(chain) < 6:
        # nltk's order of hypernyms varies between processes (as schemas.hypernym_path notes)
        hypers = sorted(synset.hypernyms(), key=lambda h: h.name())
        synset = hypers[0] if hypers else None
        if synset is not None:
            name = synset.lemma_names()[0].lower()
            if name.isalpha() and name != word and name not in chain:
                chain.append(name)
    return tuple(chain)


def _inflected_synonyms(token) -> list[str]:
    """WordNet synonyms of the token's lemma, inflected like the token (lemminflect)."""
    from lemminflect import getInflection

    lemma, word = token.lemma_.lower(), token.text.lower()
    found = []
    for option in _synonyms(lemma, token.pos_):
        if word != lemma:
            inflected = getInflection(option, tag=token.tag_)
            if not inflected:
                continue
            option = inflected[0]
        if option != word and option not in found:
            found.append(option)
    return found


def _cased(word: str, like: str) -> str:
    return word.capitalize() if like[:1].isupper() else word


def _assign_codes(
    sizes: list[int], count: int, rng: random.Random, distance: int
) -> list[list[int]] | None:
    """`count` random code vectors over slots of `sizes` options, pairwise Hamming distance
    >= `distance` (greedy); None when the Hamming bound or 5,000 tries say it cannot be done."""
    radius = (distance - 1) // 2
    ball = sum(math.comb(len(sizes), r) * (max(sizes) - 1) ** r for r in range(radius + 1))
    if math.prod(sizes) < count * ball:
        return None
    codes = np.zeros((count, len(sizes)), dtype=np.int16)
    found = 0
    for _ in range(5_000):
        code = np.array([rng.randrange(s) for s in sizes], dtype=np.int16)
        if found and (codes[:found] != code).sum(axis=1).min() < distance:
            continue
        codes[found] = code
        found += 1
        if found == count:
            return codes.tolist()
    return None


def synonym_versions(
    text: str, groups: list[dict], rng: random.Random, distances: tuple[int, ...] = (5, 4, 3)
) -> list[Version] | None:
    """Our own fingerprinting for the simulation (see module); None if capacity is too small."""
    doc = resources.nlp()(text)
    slots: list[tuple[int, int, str, list[str]]] = []  # start, end, original, options
    group_slot = None
    for token in doc:
        word = token.text
        if token.ent_type_ or not word.isalpha() or token.is_stop or len(word) < 3:
            continue
        if token.pos_ in ("NOUN", "VERB", "ADJ", "ADV"):
            options = _inflected_synonyms(token)
            if options:
                slots.append(
                    (
                        token.idx,
                        token.idx + len(word),
                        word,
                        [word] + [_cased(o, word) for o in options],
                    )
                )
                continue
        if group_slot is None and token.pos_ == "NOUN" and word.lower() == token.lemma_.lower():
            chain = _hypernyms(word.lower())
            if len(chain) >= len(groups) - 1:
                group_slot = (
                    token.idx,
                    token.idx + len(word),
                    word,
                    [word] + [_cased(c, word) for c in chain[: len(groups) - 1]],
                )
    friends = [(f, g["name"], gi) for gi, g in enumerate(groups) for f in g["friends"]]
    codes = None
    for distance in distances if slots else ():
        codes = _assign_codes([len(s[3]) for s in slots], len(friends), rng, distance)
        if codes is not None:
            break
    if codes is None:
        return None
    versions = []
    for (friend, group, gi), code in zip(friends, codes):
        picks = [
            (s[0], s[1], s[2], s[3][c], n, "synonym") for n, (s, c) in enumerate(zip(slots, code))
        ]
        if group_slot is not None:
            picks.append((*group_slot[:3], group_slot[3][gi], len(slots), "generalization"))
        versions.append(_render(text, friend, group, picks))
    return versions


def _render(text: str, friend: str, group: str, picks: list[tuple]) -> Version:
    out, choices, cursor = [], [], 0
    for start, end, original, chosen, slot, kind in sorted(picks):
        out.append(text[cursor:start])
        offset = sum(len(p) for p in out)
        choices.append(Choice(slot, kind, original, chosen, offset, offset + len(chosen)))
        out.append(chosen)
        cursor = end
    out.append(text[cursor:])
    return Version(friend, group, "".join(out), choices)


def fingerprint_versions(text: str, groups: list[dict]) -> list[Version] | None:
    """Versions from osnguard's fingerprinting alone (no generalization), one call per group;
    None when it is not installed or cannot give every recipient a distinct version."""
    try:
        from osnguard.privacy.fingerprinting import fingerprint_group
    except ImportError:
        return None
    doc = resources.nlp()(text)
    versions: list[Version] = []
    for index, group in enumerate(groups):
        result = fingerprint_group(
            text,
            group["friends"],
            group=group["name"],
            group_index=index,
            n_groups=len(groups),
            seed="leaks",
            doc=doc,
        )
        if result.capacity < len(group["friends"]):
            return None
        versions.extend(result.versions)
    return versions if len({v.text for v in versions}) == len(versions) else None


SOURCES = ("anonymize", "fingerprint", "synonyms")


def versions_for(
    text: str, groups: list[dict], rng: random.Random, source: str = "auto"
) -> tuple[list[Version] | None, str]:
    """(versions or None, source used). "auto" uses the first installed of osnguard's
    anonymize(), osnguard's fingerprinting and our own synonym generator (never a mix)."""
    if source == "auto":
        source = next(name for name in SOURCES if _installed(name))
    if source == "anonymize":
        return real_versions(text, groups), source
    if source == "fingerprint":
        return fingerprint_versions(text, groups), source
    return synonym_versions(text, groups, rng), source


def _installed(name: str) -> bool:
    import importlib.util

    module = {
        "anonymize": "osnguard.privacy.proposal",
        "fingerprint": "osnguard.privacy.fingerprinting",
    }.get(name)
    return module is None or importlib.util.find_spec(module) is not None


def public_versions(text: str, groups: list[dict]) -> list[Version]:
    """A message the author posted publicly: every recipient sees the same text."""
    return [Version(f, g["name"], text, []) for g in groups for f in g["friends"]]


# Attacks --------------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def verbatim(text: str, rng: random.Random) -> str:
    return text


def commentary(text: str, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(COMMENTARY_BEFORE) + text
    return text + rng.choice(COMMENTARY_AFTER)


def drop_minor(text: str, rng: random.Random) -> str:
    """Drop about half of the minor words (articles, prepositions, auxiliaries), at least one."""
    tokens = text.split(" ")
    minor = [i for i, t in enumerate(tokens) if t.lower().strip(".,!?") in MINOR and t.isalpha()]
    if not minor:
        return text
    drop = set(rng.sample(minor, max(1, len(minor) // 2)))
    return " ".join(t for i, t in enumerate(tokens) if i not in drop)


def reorder(text: str, rng: random.Random) -> str:
    """Swap the two halves around a clause boundary (comma, semicolon, conjunction, preposition)."""
    tokens = text.split(" ")
    n = len(tokens)
    cuts = [
        i
        for i in range(2, n - 1)
        if tokens[i - 1].endswith((",", ";"))
        or tokens[i].lower()
        in ("and", "but", "because", "when", "while", "after", "before", "since")
    ]
    if not cuts:
        cuts = [
            i
            for i in range(2, n - 1)
            if tokens[i].lower() in ("in", "on", "at", "for", "with", "to")
        ]
    cut = min(cuts, key=lambda i: abs(i - n / 2)) if cuts else n // 2
    first = " ".join(tokens[:cut]).rstrip(",;")
    second = " ".join(tokens[cut:]).rstrip(".!?")
    if second.lower().startswith(("and ", "but ")):
        second = second.split(" ", 1)[1]
    return f"{second[:1].upper()}{second[1:]}, {first[:1].lower()}{first[1:]}"


def swap_synonyms(text: str, rng: random.Random, count: int | None = None) -> str:
    """Replace 1-2 (or `count`) content words by a WordNet synonym."""
    doc = resources.nlp()(text)
    candidates = []
    for token in doc:
        if token.is_alpha and not token.is_stop and token.pos_ in ("NOUN", "VERB", "ADJ", "ADV"):
            options = _inflected_synonyms(token)
            if options:
                candidates.append((token.idx, token.idx + len(token.text), token.text, options))
    if not candidates:
        return text
    count = count if count is not None else rng.choice((1, 2))
    picked = sorted(rng.sample(candidates, min(count, len(candidates))), reverse=True)
    for start, end, word, options in picked:
        text = text[:start] + _cased(rng.choice(options), word) + text[end:]
    return text


def partial_quote(text: str, rng: random.Random) -> str:
    """A contiguous run of 50-70% of the words."""
    tokens = text.split(" ")
    length = max(3, round(len(tokens) * rng.uniform(0.5, 0.7)))
    start = rng.randrange(0, max(1, len(tokens) - length + 1))
    return " ".join(tokens[start : start + length])


def second_paraphrase(text: str, rng: random.Random) -> str:
    """A second paraphrase step: 2-3 synonym swaps, then clause reordering and minor-word drops."""
    return drop_minor(reorder(swap_synonyms(text, rng, rng.choice((2, 3))), rng), rng)


ATTACKS: dict[str, Callable[[str, random.Random], str]] = {
    "verbatim": verbatim,
    "commentary": commentary,
    "minor words dropped": drop_minor,
    "clauses reordered": reorder,
    "1-2 synonyms swapped": swap_synonyms,
    "partial quote": partial_quote,
    "second paraphrase": second_paraphrase,
}
LIGHT_ATTACKS = tuple(ATTACKS)[:5]


# The invisible layer under the attacks ----------------------------------------------------------

_MARKED_WORD = re.compile(r"(\w[\w'’-]*)([\u2061-\u2064]*)")


def on_visible_text(
    attack: Callable[[str, random.Random], str],
) -> Callable[[str, random.Random], str]:
    """The attack as a leaker makes it: on the text they see, after copying it with its invisible
    marks (fingerprinting/invisible.py). A word they keep keeps the marks after it; a word they
    retype, drop or replace loses them."""

    def attacked(text: str, rng: random.Random) -> str:
        pairs = [(m.group(1), m.group(2)) for m in _MARKED_WORD.finditer(text)]
        if not any(marks for _, marks in pairs):
            return attack(text, rng)
        visible = attack(_MARKS.sub("", text), rng)
        used = [False] * len(pairs)

        def remark(match: re.Match[str]) -> str:
            word = match.group(1)
            for i, (original, marks) in enumerate(pairs):
                if not used[i] and original == word:
                    used[i] = True
                    return word + marks
            return word

        return _MARKED_WORD.sub(remark, visible)

    return attacked


_MARKS = re.compile(r"[\u2061-\u2064]+")


def normalised(text: str) -> str:
    """The text after a platform or the leaker normalises it: NFKC, every format character (Unicode
    category Cf) removed, whitespace collapsed: the invisible layer is gone."""
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    return " ".join("".join(ch for ch in text if unicodedata.category(ch) != "Cf").split())

"""The realistic evaluation sets (`realistic/dev.jsonl` and sets of the same format): reading and spans.

Shared by `osnguard evaluate realistic` and `osnguard evaluate generalization_realistic` (the
leading underscore keeps this module out of the evaluation targets). Format and annotation rules:
`realistic/GUIDELINES.md` in the shared data folder. Each JSONL line is
`{"id", "text", "profile", "now", "phrases": [{"text", "category", "ok", "bad"}], "not_private"}`;
the gold phrases are listed in text order, so each is located at its first occurrence after the
previous one.

**Content words.** A word token is `[@#]?\\w+` with inner apostrophes ("@liam_k", "6am", "mum's",
"#wlw"; "7:40" is two tokens, "Palestinian-American" two); its content words are the tokens that
are not in STOP_WORDS (articles, pronouns, possessives, prepositions, conjunctions, auxiliaries).
A span with no content word uses all its word tokens; a span with no word token (an emoji) uses
the whole span. A phrase "overlaps the content words" of a span when the two share at least one
character of one of those tokens.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from osnguard.privacy.corpora import locate_phrases
from osnguard.privacy.resources import corpus_path
from osnguard.privacy.types import CATEGORIES

ENV_FILE = "OSNGUARD_REALISTIC_FILE"  # another file of the same format instead of the dev set
ENV_DUMP = "OSNGUARD_REALISTIC_DUMP"  # write per-message details (JSONL) to this file

STOP_WORDS: frozenset[str] = frozenset(
    # articles, determiners and quantifiers that carry no disclosure by themselves
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "each",
        "all",
        "no",
        "i",
        "me",
        "my",
        "mine",
        "myself",
        "we",
        "us",
        "our",
        "ours",
        "you",
        "your",
        "yours",
        "he",
        "him",
        "his",
        "she",
        "her",
        "hers",
        "it",
        "its",
        "they",
        "them",
        "their",
        "theirs",
        "at",
        "on",
        "in",
        "into",
        "onto",
        "to",
        "from",
        "for",
        "of",
        "by",
        "with",
        "without",
        "about",
        "over",
        "under",
        "till",
        "until",
        "since",
        "during",
        "before",
        "after",
        "between",
        "through",
        "around",
        "near",
        "across",
        "per",
        "via",
        "up",
        "down",
        "out",
        "off",
        "and",
        "or",
        "but",
        "nor",
        "so",
        "as",
        "than",
        "then",
        "if",
        "am",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "do",
        "does",
        "did",
        "have",
        "has",
        "had",
        "will",
        "would",
        "shall",
        "should",
        "can",
        "could",
        "may",
        "might",
        "must",
        "'s",
        "'re",
        "'ve",
        "'ll",
        "'d",
    ]
)
_WORD = re.compile(r"[@#]?\w+(?:['’]\w+)*")


Span = tuple[int, int]


@dataclass(frozen=True)
class GoldPhrase:
    """One annotated private phrase at [start, end) of its post, with its generalization lists."""

    text: str
    category: str
    start: int
    end: int
    ok: tuple[str, ...] = ()
    bad: tuple[str, ...] = ()


@dataclass(frozen=True)
class Post:
    """One annotated message: its gold phrases (text order) and its decoys (`not_private`)."""

    id: str
    text: str
    profile: dict[str, Any]
    now: str
    phrases: tuple[GoldPhrase, ...] = ()
    decoys: tuple[tuple[str, int, int], ...] = ()  # (text, start, end)

    @property
    def private(self) -> bool:
        return bool(self.phrases)


@dataclass
class DataFile:
    """Where the posts came from, for the JSON line and the report."""

    path: Path
    posts: list[Post] = field(default_factory=list)


def data_path() -> Path:
    """`OSNGUARD_REALISTIC_FILE` if set, else `realistic/dev.jsonl` of the shared corpora."""
    override = os.environ.get(ENV_FILE, "").strip()
    if override:
        path = Path(override)
        if not path.is_file():
            raise ValueError(f"{ENV_FILE}={override}: no such file")
        return path
    return corpus_path("realistic", "dev.jsonl")


def load_data(path: Path | None = None) -> DataFile:
    """The posts of a realistic set (the dev set by default); ValueError names a bad line."""
    path = path or data_path()
    posts: list[Post] = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                posts.append(parse_post(json.loads(line)))
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}, line {number}: {exc}") from exc
    if not posts:
        raise ValueError(f"{path} holds no posts")
    return DataFile(path, posts)


def parse_post(data: dict[str, Any]) -> Post:
    """One JSONL object as a Post, with each gold phrase and decoy located in the text."""
    text = data["text"]
    if not isinstance(text, str) or not text.strip():
        raise ValueError('"text" must be a non-empty string')
    raws = data.get("phrases") or []
    phrases: list[GoldPhrase] = []
    for raw, (start, end) in zip(raws, locate_phrases(text, [raw["text"] for raw in raws])):
        if raw["category"] not in CATEGORIES:
            raise ValueError(
                f"gold phrase {raw['text']!r} has unknown category {raw['category']!r}"
            )
        phrases.append(
            GoldPhrase(
                raw["text"],
                raw["category"],
                start,
                end,
                tuple(raw.get("ok") or ()),
                tuple(raw.get("bad") or ()),
            )
        )
    gold_spans = [(p.start, p.end) for p in phrases]
    decoys = []
    for decoy in data.get("not_private") or []:
        span = locate_decoy(text, decoy, gold_spans)
        if span is None:
            raise ValueError(f"decoy {decoy!r} is not in the text")
        decoys.append((decoy, *span))
    return Post(
        str(data["id"]),
        text,
        dict(data.get("profile") or {}),
        str(data["now"]),
        tuple(phrases),
        tuple(decoys),
    )


def locate_decoy(text: str, decoy: str, gold: list[Span]) -> Span | None:
    """The decoy's first occurrence outside the gold phrases (else its first occurrence)."""
    found = [m.start() for m in re.finditer(re.escape(decoy), text)] if decoy else []
    if not found:
        return None
    for start in found:
        if not any(start < e and s < start + len(decoy) for s, e in gold):
            return start, start + len(decoy)
    return found[0], found[0] + len(decoy)


def content_spans(text: str, start: int, end: int) -> list[Span]:
    """The character spans of the content words of text[start:end] (see the module docstring)."""
    tokens = [
        (start + m.start(), start + m.end(), m.group().lower())
        for m in _WORD.finditer(text[start:end])
    ]
    content = [
        (s, e) for s, e, word in tokens if word.lstrip("@#") not in STOP_WORDS or word[0] in "@#"
    ]
    if content:
        return content
    if tokens:
        return [(s, e) for s, e, _ in tokens]
    return [(start, end)]


def overlaps_any(span: Span, spans: list[Span]) -> bool:
    """Whether `span` shares at least one character with one of `spans`."""
    return any(span[0] < e and s < span[1] for s, e in spans)


def normalize(text: str) -> str:
    """Case- and spacing-insensitive form of a wording, without surrounding punctuation."""
    return " ".join(text.lower().replace("’", "'").split()).strip(" .,;:!?\"'()")


def ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None

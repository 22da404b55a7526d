"""Parsing sentences for paraphrase detection: spaCy's tagger and lemmatizer (parser and NER
off), batched with `nlp.pipe`, into the `Token`s SimMat and the features read.

`check_text` refuses what a sentence-level comparison cannot take; `parse_many` parses each
distinct text once and keeps the last few thousand parses.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import NamedTuple

from osnguard.privacy.resources import nlp

MAX_CHARS = 20_000  # a sentence-level metric; longer texts must be split first
_DISABLED = ("parser", "ner")


class Token(NamedTuple):
    """The parts of a spaCy token SimMat and the MT features use. A tuple of strings, which
    the garbage collector stops tracking, so thousands of cached parses cost it nothing."""

    text: str
    lemma: str  # lower-cased
    tag: str  # Penn Treebank tag
    is_punct: bool = False


Sentence = list[Token]


def check_text(text: object, what: str = "text") -> str:
    """A text the detector can compare, or a ValueError saying what is wrong with it."""
    if not isinstance(text, str):
        raise ValueError(f"{what} must be a string, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise ValueError(
            f"{what} is {len(text):,} characters; paraphrase detection compares sentences or short "
            f"messages of at most {MAX_CHARS:,} characters: split longer texts first"
        )
    return text


_PARSE_CACHE: OrderedDict[str, Sentence] = OrderedDict()
_PARSE_CACHE_SIZE = 4096
_parse_lock = threading.Lock()


def parse_many(texts: Sequence[str], *, batch_size: int = 256) -> list[Sentence]:
    """Tokens of each text (tagger and lemmatizer only).

    Each distinct text is parsed once per call, and the last few thousand parses are kept, so a
    caller comparing many candidates with the same stored versions parses those versions once.
    """
    for i, text in enumerate(texts):
        check_text(text, f"text {i + 1}")
    with _parse_lock:
        parsed = {t: _PARSE_CACHE[t] for t in texts if t in _PARSE_CACHE}
    missing = [t for t in dict.fromkeys(texts) if t not in parsed]
    docs = nlp().pipe(missing, batch_size=batch_size, disable=_DISABLED)
    for text, doc in zip(missing, docs):
        parsed[text] = [
            Token(t.text, (t.lemma_ or t.text).lower(), t.tag_, t.is_punct)
            for t in doc
            if not t.is_space
        ]
    with _parse_lock:
        for text in texts:
            _PARSE_CACHE[text] = parsed[text]
            _PARSE_CACHE.move_to_end(text)
        while len(_PARSE_CACHE) > _PARSE_CACHE_SIZE:
            _PARSE_CACHE.popitem(last=False)
    return [parsed[text] for text in texts]

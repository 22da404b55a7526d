"""Retrieval at scale (SPEC §3.4): shortlist the stored messages a crawled text may disclose.

Design. Each stored message is indexed by the *union* of the content terms (stop words dropped,
Porter-stemmed lower-case words) of all its recipients' versions, in an inverted index
term -> messages. A text is shortlisted against a message when it shares enough terms with that
union to possibly pass the attribution's lexical pre-check (`lexical_overlap`), which is a
necessary condition of a disclosure verdict. Because |text ∩ version| <= |text ∩ union| and the
pre-check threshold grows with the version's size, checking the union against the smallest
version's size is an exact upper bound: the index never drops a message that the exhaustive
comparison could judge disclosed (recall 1.0 by construction, not by luck).

Why not MinHash-LSH: it estimates Jaccard similarity of whole documents, which is small for a
partial quote or a short leak inside a long page, and it is probabilistic; containment of terms
with exact counting is both exact and fast (postings are counted with numpy, so a query costs
the postings it touches).

The index serialises to compressed JSON bytes (`to_bytes`/`from_bytes`), not pickle, so the
Django side can persist it without executing stored code on load.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from osnguard.privacy.types import Version

if TYPE_CHECKING:  # NLTK is imported when the first word is stemmed
    from nltk.stem.porter import PorterStemmer

# The lexical pre-check (shared by attribution): a version and a text overlap when they share
# at least MIN_SHARED content terms (or all of a shorter version's) and those cover at least
# THETA of the text's terms or of the version's terms.
THETA = 0.5
MIN_SHARED = 3

_WORD = re.compile(r"\w+(?:['’]\w+)*", re.UNICODE)
_FORMAT_VERSION = 1


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS  # plain word list: no model is loaded

    return frozenset(STOP_WORDS) | {"rt", "via", "amp"}


@lru_cache(maxsize=1)
def _stemmer() -> PorterStemmer:
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Porter stem of a lower-case word (cached: crawled text repeats its vocabulary)."""
    return str(_stemmer().stem(word))


def words(text: str) -> list[tuple[str, int, int]]:
    """Lower-case word tokens of `text` with their character spans (punctuation dropped)."""
    return [
        (m.group().casefold().replace("’", "'"), m.start(), m.end()) for m in _WORD.finditer(text)
    ]


def terms(text: str) -> frozenset[str]:
    """The content terms of a text: stemmed words that are not stop words."""
    stop = _stop_words()
    return frozenset(stem(w) for w, _, _ in words(text) if w not in stop)


def required_shared(version_size: int, text_size: int) -> int:
    """Fewest shared terms with which a version of `version_size` terms can pass the pre-check."""
    if version_size == 0 or text_size == 0:
        return math.inf  # type: ignore[return-value]
    floor = min(MIN_SHARED, version_size)
    return max(floor, math.ceil(THETA * min(version_size, text_size) - 1e-9))


def lexical_overlap(
    text_terms: frozenset[str], version_terms: frozenset[str]
) -> tuple[bool, float]:
    """The pre-check: (passes, containment), containment = shared / size of the smaller side."""
    shared = len(text_terms & version_terms)
    smaller = min(len(text_terms), len(version_terms))
    if smaller == 0:
        return False, 0.0
    containment = shared / smaller
    return shared >= required_shared(len(version_terms), len(text_terms)), containment


@dataclass
class _Entry:
    row: int  # the message's row in the postings
    term_ids: list[int]
    min_size: int  # terms in the message's smallest version


class ScreeningIndex:
    """Inverted index term -> stored messages, answering `shortlist(text)` exactly (see module).

    Postings hold row numbers; a query concatenates the postings of the text's terms as numpy
    arrays and counts them with `bincount`, so its cost grows with the postings touched, not
    with the number of messages.
    """

    def __init__(self) -> None:
        self._term_ids: dict[str, int] = {}
        self._postings: dict[int, list[int]] = {}
        self._arrays: dict[int, np.ndarray] = {}  # cached numpy copies of the postings
        self._entries: dict[Hashable, _Entry] = {}
        self._row_ids: list[Hashable | None] = []  # row -> message id (None once removed)
        self._min_sizes: list[int] = []
        self._min_array: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, message_id: Hashable) -> bool:
        return message_id in self._entries

    def message_ids(self) -> list[Hashable]:
        """The ids of the messages indexed, in the order they were added."""
        return [key for key in self._row_ids if key is not None]

    def add(self, message_id: Hashable, versions: Iterable[Version | str]) -> None:
        """Index (or re-index) a message from its versions (Version objects or plain texts)."""
        texts = [v.text if isinstance(v, Version) else v for v in versions]
        if not texts:
            raise ValueError(f"message {message_id!r} has no versions to index")
        if not all(isinstance(t, str) for t in texts):
            raise ValueError("versions must be Version objects or strings")
        self.add_terms(message_id, [terms(t) for t in texts])

    def add_terms(self, message_id: Hashable, version_terms: list[frozenset[str]]) -> None:
        """Index a message from its versions' precomputed `terms()` (used for bulk builds)."""
        if not version_terms:
            raise ValueError(f"message {message_id!r} has no versions to index")
        if message_id in self._entries:
            self.remove(message_id)
        row = len(self._row_ids)
        ids = []
        for term in frozenset().union(*version_terms):
            term_id = self._term_ids.setdefault(term, len(self._term_ids))
            self._postings.setdefault(term_id, []).append(row)
            self._arrays.pop(term_id, None)
            ids.append(term_id)
        min_size = min(len(t) for t in version_terms)
        self._entries[message_id] = _Entry(row, ids, min_size)
        self._row_ids.append(message_id)
        self._min_sizes.append(min_size)
        self._min_array = None

    def remove(self, message_id: Hashable) -> None:
        """Forget a message (e.g. deleted by its author); unknown ids are ignored."""
        entry = self._entries.pop(message_id, None)
        if entry is None:
            return
        self._row_ids[entry.row] = None
        for term_id in entry.term_ids:
            posting = [r for r in self._postings.get(term_id, ()) if r != entry.row]
            self._arrays.pop(term_id, None)
            if posting:
                self._postings[term_id] = posting
            else:
                self._postings.pop(term_id, None)

    def _array(self, term_id: int) -> np.ndarray:
        array = self._arrays.get(term_id)
        if array is None:
            array = self._arrays[term_id] = np.asarray(self._postings[term_id], dtype=np.int32)
        return array

    def shortlist(self, text: str) -> list[Hashable]:
        """Messages `text` may disclose, most shared terms first."""
        text_terms = terms(text)
        term_ids = [self._term_ids.get(t) for t in text_terms]
        arrays = [self._array(i) for i in term_ids if i is not None and i in self._postings]
        if not arrays:
            return []
        if self._min_array is None:
            self._min_array = np.asarray(self._min_sizes, dtype=np.int64)
        rows, counts = np.unique(np.concatenate(arrays), return_counts=True)
        sizes = self._min_array[rows]
        # required_shared() for every candidate row at once
        need = np.maximum(
            np.minimum(MIN_SHARED, sizes),
            np.ceil(THETA * np.minimum(sizes, len(text_terms)) - 1e-9),
        )
        keep = (counts >= need) & (sizes > 0)
        order = np.argsort(-counts[keep], kind="stable")
        found = rows[keep][order]
        return [self._row_ids[r] for r in found.tolist() if self._row_ids[r] is not None]

    # Persistence -------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """Compressed JSON: message ids must be JSON values (str or int)."""
        terms_by_id = [""] * len(self._term_ids)
        for term, term_id in self._term_ids.items():
            terms_by_id[term_id] = term
        state = {
            "format": _FORMAT_VERSION,
            "terms": terms_by_id,
            "messages": [[mid, e.min_size, e.term_ids] for mid, e in self._entries.items()],
        }
        if not all(
            isinstance(mid, (str, int)) and not isinstance(mid, bool) for mid in self._entries
        ):
            raise ValueError("message ids must be strings or integers to serialise the index")
        raw = json.dumps(state, separators=(",", ":")).encode()
        return zlib.compress(raw, 6)

    @classmethod
    def from_bytes(cls, data: bytes) -> ScreeningIndex:
        try:
            state = json.loads(zlib.decompress(data))
        except (zlib.error, ValueError, TypeError) as exc:
            raise ValueError("not a serialised ScreeningIndex") from exc
        if not isinstance(state, dict) or state.get("format") != _FORMAT_VERSION:
            raise ValueError("unsupported ScreeningIndex format; rebuild the index")
        index = cls()
        index._term_ids = {term: i for i, term in enumerate(state["terms"])}
        for message_id, min_size, term_ids in state["messages"]:
            row = len(index._row_ids)
            index._entries[message_id] = _Entry(row, term_ids, min_size)
            index._row_ids.append(message_id)
            index._min_sizes.append(min_size)
            for term_id in term_ids:
                index._postings.setdefault(term_id, []).append(row)
        return index

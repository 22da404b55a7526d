"""Temporal suppression by learned dependency-subtree patterns (thesis §4.3).

Learning: TimeML training text (tbaq) is parsed with spaCy; for each gold TIMEX3 the subtree that
holds exactly the phrase (plus the preposition that governs it: "at 10AM") is written as a pattern
of dependency labels and parts of speech whose leaves are tagged with the temporal type (TIME,
DATE, DURATION, SET) or ANY, e.g. `prep:ADP/ANY>(pobj:NOUN/TIME)`. The patterns and their counts
ship in osnguard/privacy/models/temporal.patterns.json.

Suppression: the message is normalised (slang such as "nite" -> "night"), parsed, its time
expressions are tagged (recognition.py, or spans given by the caller), and every phrase subtree
whose pattern was learned is deleted. The text is rebuilt from the original surface forms
("Mary eeats sushiii at nite" -> "Mary eeats sushiii"). A phrase that is the subject or an object
of its clause ("Tomorrow is my mum's birthday") is never deleted: it is generalized instead when
`now` is given, otherwise reported as kept.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from osnguard.privacy import artifacts
from osnguard.privacy.resources import load_once, nlp
from osnguard.privacy.temporal.corpus import TimeMLDocument, tbaq_documents
from osnguard.privacy.temporal.generalization import generalize
from osnguard.privacy.temporal.model import TimeExpression
from osnguard.privacy.temporal.recognition import find_expressions

log = logging.getLogger(__name__)

PATTERNS_FILE = "temporal.patterns.json"
DATA_DIR = Path(__file__).resolve().parent / "data"
# Dependency roles a time phrase must keep: deleting them would break the sentence.
PROTECTED_DEPS = {
    "nsubj",
    "nsubjpass",
    "csubj",
    "csubjpass",
    "dobj",
    "iobj",
    "dative",
    "attr",
    "oprd",
    "ROOT",
    "pobj",
    "pcomp",
    "agent",
    "expl",
}
MAX_TEXT = 20_000


@dataclass
class KeptPhrase:
    """A time phrase suppression left in place, and why (or what replaced it)."""

    start: int
    end: int
    text: str
    reason: str
    replacement: str | None = None


@dataclass
class SuppressionResult:
    """The text with time phrases deleted, the spans removed and the phrases kept."""

    text: str
    removed: list[tuple[int, int]] = field(default_factory=list)
    kept: list[KeptPhrase] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """True when every time phrase was deleted."""
        return not self.kept


# --- normalisation with an offset map -------------------------------------------------------


@load_once
def slang() -> dict[str, str]:
    table = {}
    for line in (DATA_DIR / "slang.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#") and "\t" in line:
            word, standard = line.split("\t", 1)
            table[word.lower()] = standard
    return table


@dataclass
class Normalised:
    """Normalised text, with each of its characters' span in the original text."""

    text: str
    starts: list[int]
    ends: list[int]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        return self.starts[start], self.ends[end - 1]

    def normalised_offset(self, original: int) -> int:
        """First normalised character at or after an original offset."""
        for index, value in enumerate(self.starts):
            if value >= original:
                return index
        return len(self.text)


def normalise(text: str) -> Normalised:
    """Replace slang words by their standard forms, remembering where each character came from."""
    table = slang()
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    position = 0
    for match in re.finditer(r"[\w/']+", text):
        word = match.group(0)
        replacement = table.get(word.lower())
        if replacement is None:
            continue
        if word[:1].isupper():
            replacement = replacement[:1].upper() + replacement[1:]
        for index in range(position, match.start()):
            pieces.append(text[index])
            starts.append(index)
            ends.append(index + 1)
        pieces.append(replacement)
        starts.extend([match.start()] * len(replacement))
        ends.extend([match.end()] * len(replacement))
        position = match.end()
    for index in range(position, len(text)):
        pieces.append(text[index])
        starts.append(index)
        ends.append(index + 1)
    return Normalised("".join(pieces), starts, ends)


# --- patterns ------------------------------------------------------------------------------


DETACHABLE_DEPS = {"prep", "punct", "advcl", "relcl", "acl", "cc", "conj", "case"}


def phrase_root(doc: Any, first: int, last: int) -> Any | None:
    """The token heading tokens [first, last] as one phrase, widened to a governing preposition.

    None when the phrase is not one constituent of the parse. The root's subtree may also hold
    right-hand modifiers outside the phrase ("for three years [as a major]"); `phrase_tokens`
    leaves those out of what is deleted.
    """
    span_ids = set(range(first, last + 1))
    heads = [t for t in doc[first : last + 1] if t.head.i not in span_ids or t.head.i == t.i]
    if len(heads) > 1:
        # "in mid-November": pieces attached side by side to the preposition just before them
        prep = heads[0].head
        if (
            prep.i == first - 1
            and prep.pos_ in ("ADP", "SCONJ")
            and all(h.head.i == prep.i for h in heads)
            and {t.i for t in prep.subtree} == span_ids | {prep.i}
        ):
            return prep
        return None
    root = heads[0]
    if {t.i for t in phrase_tokens(root, span_ids)} - _left_modifiers(root, span_ids) != span_ids:
        return None
    if (
        root.dep_ == "pobj"
        and root.head.dep_ in ("prep", "advmod", "mark")
        and root.head.pos_ in ("ADP", "SCONJ")
    ):
        prep = root.head
        if prep.i == first - 1 and all(c.i == root.i for c in prep.children):
            return prep
    return root


LEFT_MODIFIER_DEPS = {"advmod", "quantmod", "predet"}


def _left_modifiers(root: Any, span_ids: set[int]) -> set[int]:
    """Adverbs just before the phrase that modify it ("[earlier] this month"): deleted with it."""
    return {
        t.i
        for child in root.lefts
        if child.i not in span_ids
        and child.dep_ in LEFT_MODIFIER_DEPS
        and child.i == min(span_ids) - 1
        for t in child.subtree
    }


def phrase_tokens(root: Any, span_ids: set[int]) -> list[Any]:
    """Tokens of `root`'s subtree, minus right-hand detachable modifiers outside `span_ids`."""
    tokens = [root]
    for child in root.children:
        if child.i not in span_ids and child.i > root.i and child.dep_ in DETACHABLE_DEPS:
            continue
        tokens.extend(phrase_tokens(child, span_ids))
    return sorted(tokens, key=lambda t: t.i)


def pattern_of(root: Any, tags: dict[int, str], inside: set[int]) -> str:
    """Serialise a phrase subtree. A part made only of time-tagged tokens collapses to its role
    and temporal type, `(pobj/TIME)`; other tokens keep dep:POS/ANY, as in the seed's
    `(PP (IN /ANY) (NP (NN /TIME)))`."""
    subtree = [t for t in root.subtree if t.i in inside]
    labels = {tags.get(t.i, "ANY") for t in subtree}
    if len(labels) == 1 and "ANY" not in labels:
        return f"({root.dep_}/{labels.pop()})"
    children = [c for c in root.children if c.i in inside]
    left = [pattern_of(c, tags, inside) for c in children if c.i < root.i]
    right = [pattern_of(c, tags, inside) for c in children if c.i > root.i]
    text = f"{root.dep_}:{root.pos_}/{tags.get(root.i, 'ANY')}"
    if left:
        text = f"{' '.join(left)} <{text}"
    if right:
        text = f"{text}> {' '.join(right)}"
    return f"({text})"


def _token_range(doc: Any, start: int, end: int) -> tuple[int, int] | None:
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    return span.start, span.end - 1


def _constituents(doc: Any, first: int, last: int) -> list[tuple[int, int]]:
    """Split a token range into the contiguous pieces headed by separate tokens
    ("6am this morning" -> "6am", "this morning" when the parser attaches them apart)."""
    span_ids = set(range(first, last + 1))
    groups: dict[int, list[int]] = {}
    for token in doc[first : last + 1]:
        top = token
        while top.head.i in span_ids and top.head.i != top.i:
            top = top.head
        groups.setdefault(top.i, []).append(token.i)
    pieces = []
    for ids in groups.values():
        ids.sort()
        if ids[-1] - ids[0] + 1 == len(ids):
            pieces.append((ids[0], ids[-1]))
    return sorted(pieces) if len(pieces) == len(groups) else [(first, last)]


@dataclass
class PhraseMatch:
    """One time phrase in a parse: its tokens, subtree root (None if not a constituent),
    pattern, and the tokens a deletion removes."""

    first: int
    last: int
    root: Any | None
    pattern: str | None
    tokens: list[Any]


def phrase_patterns(doc: Any, spans: Iterable[tuple[int, int, str]]) -> list[PhraseMatch]:
    """For each (start, end, type) character span of `doc`: its phrase pieces with patterns."""
    tags: dict[int, str] = {}
    ranges = []
    for start, end, kind in spans:
        token_range = _token_range(doc, start, end)
        if token_range:
            ranges.append(token_range)
            for i in range(token_range[0], token_range[1] + 1):
                tags[i] = kind
    result = []
    for token_range in ranges:
        pieces = [token_range]
        if phrase_root(doc, *token_range) is None:
            pieces = _constituents(doc, *token_range)
        for first, last in pieces:
            root = phrase_root(doc, first, last)
            if root is None:
                result.append(PhraseMatch(first, last, None, None, []))
                continue
            span_ids = set(range(first, last + 1))
            kind = tags.get(first, "DATE")
            inside = span_ids | {root.i}
            if (
                root.i >= first
            ):  # adverbs such as "earlier" in "earlier this month" go with the phrase
                for i in _left_modifiers(root, span_ids):
                    inside.add(i)
                    tags.setdefault(i, kind)
            tokens = [t for t in phrase_tokens(root, span_ids) if t.i in inside]
            heads = [c for c in root.children if c.i in span_ids]
            if (
                root.i < first and len(heads) > 1
            ):  # "in mid-November": a preposition + a time phrase
                pattern = f"({root.dep_}:{root.pos_}/ANY> (pobj/{kind}))"
            else:
                pattern = pattern_of(root, tags, inside)
            result.append(PhraseMatch(first, last, root, pattern, tokens))
    return result


def learn_patterns(documents: Iterable[TimeMLDocument]) -> Counter[str]:
    """Pattern counts over TimeML documents (their gold TIMEX3 spans and types)."""
    counts: Counter[str] = Counter()
    parser = nlp()
    texts = [d.text for d in documents]
    for document, doc in zip(documents, parser.pipe(texts, batch_size=8, disable=["ner"])):
        spans = [(t.start, t.end, t.type) for t in document.timexes]
        for match in phrase_patterns(doc, spans):
            if match.pattern is not None:
                counts[match.pattern] += 1
    return counts


def patterns_json() -> str:
    """Patterns learned from all of tbaq, as the text of `temporal.patterns.json`."""

    documents = tbaq_documents()
    counts = learn_patterns(documents)
    log.info("temporal suppression: %d patterns", len(counts))
    return (
        json.dumps(
            {
                "source": "timeml/tbaq",
                "documents": len(documents),
                "patterns": dict(counts.most_common()),
            },
            indent=1,
        )
        + "\n"
    )


@load_once
def learned_patterns() -> dict[str, int]:
    """The shipped patterns, loaded once per process (`osnguard train temporal` learns them)."""
    path = artifacts.model_file(artifacts.SPECS["temporal"], PATTERNS_FILE)
    patterns: dict[str, int] = json.loads(path.read_text(encoding="utf-8"))["patterns"]
    return patterns


# --- suppression ---------------------------------------------------------------------------


def suppress(
    text: str,
    spans: list[tuple[int, int]] | None = None,
    *,
    doc: Any = None,
    now: datetime | None = None,
    patterns: dict[str, int] | None = None,
) -> SuppressionResult:
    """Delete the time phrases of `text` that match a learned pattern.

    `spans` (offsets into `text`) name the phrases to delete; by default the recogniser finds
    them. `doc` is a spaCy Doc of `text` to reuse. With `now`, a phrase that cannot be deleted
    because it is a subject or object is replaced by its most general TP generalization.
    """
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if len(text) > MAX_TEXT:
        raise ValueError(
            f"text is too long to suppress time phrases in (over {MAX_TEXT} characters)"
        )
    if not text.strip():
        return SuppressionResult(text)
    patterns = learned_patterns() if patterns is None else patterns
    normalised = normalise(text)
    reference = now or datetime(2000, 1, 1, 12)
    found = find_expressions(normalised.text, now=reference)
    if spans is None:
        targets = [(e.start, e.end, e.type) for e in found]
    else:
        targets = []
        for start, end in spans:
            if not (0 <= start < end <= len(text)):
                raise ValueError(f"span ({start}, {end}) is outside the text")
            a, b = normalised.normalised_offset(start), normalised.normalised_offset(end)
            if b <= a:
                b = a + 1
            inside = [e for e in found if e.phrase_span == (a, b) and e.start > a]
            if inside:  # the span includes the governing preposition ("at 10AM"): tag "10AM"
                targets.append((inside[0].start, inside[0].end, inside[0].type))
                continue
            kind = next((e.type for e in found if e.start < b and a < e.end), "DATE")
            targets.append((a, b, kind))
    if not targets:
        return SuppressionResult(text)
    if doc is None or normalised.text != text or doc.text != text:
        doc = _parse(normalised.text)
    removed: list[tuple[int, int]] = []
    replaced: list[tuple[int, int, str]] = []
    kept: list[KeptPhrase] = []
    for match in phrase_patterns(doc, targets):
        first, last, root = match.first, match.last, match.root
        start, end = normalised.original_span(doc[first].idx, doc[last].idx + len(doc[last].text))
        phrase = text[start:end]
        if root is None:
            kept.append(KeptPhrase(start, end, phrase, "not a separate phrase of its sentence"))
        elif root.dep_ in PROTECTED_DEPS:
            kept.append(_protected(text, start, end, root.dep_, now, found, normalised))
        elif match.pattern not in patterns:
            kept.append(KeptPhrase(start, end, phrase, "no learned pattern deletes it safely"))
        elif root.dep_ == "poss":
            replaced.append(_possessive(doc, match, normalised, text))
        else:
            a = match.tokens[0].idx
            b = match.tokens[-1].idx + len(match.tokens[-1].text)
            removed.append(normalised.original_span(a, b))
    replaced = [r for r in replaced if r is not None]
    return SuppressionResult(
        _rebuild(text, removed, replaced), sorted(removed + [r[:2] for r in replaced]), kept
    )


def _possessive(doc: Any, match: Any, normalised: Any, text: str) -> tuple[int, int, str]:
    """ "Friday's trading" -> "the trading": a possessive time phrase gives way to "the"."""
    tokens = match.tokens
    end_token = tokens[-1]
    following = doc[end_token.i + 1] if end_token.i + 1 < len(doc) else None
    b = end_token.idx + len(end_token.text)
    if following is not None and following.tag_ == "POS":
        b = following.idx + len(following.text)
    start, end = normalised.original_span(tokens[0].idx, b)
    article = "The" if not text[:start].strip() or re.search(r"[.!?]\s*$", text[:start]) else "the"
    return start, end, article


@lru_cache(maxsize=256)
def _parse(text: str) -> Any:
    """Tag and parse `text` (named entities are not needed, so that pipe is skipped)."""
    pipeline = nlp()
    doc = pipeline.make_doc(text)
    for name, component in pipeline.pipeline:
        if name != "ner":
            doc = component(doc)
    return doc


def _protected(
    text: str,
    start: int,
    end: int,
    dep: str,
    now: datetime | None,
    found: list[TimeExpression],
    normalised: Any,
) -> KeptPhrase:
    role = (
        "subject"
        if "subj" in dep or dep == "expl"
        else "object"
        if dep != "ROOT"
        else "whole sentence"
    )
    phrase = text[start:end]
    reason = f"it is the {role} of its sentence, so deleting it would break the sentence"
    if now is None:
        return KeptPhrase(start, end, phrase, reason)

    expression = next(
        (e for e in found if normalised.original_span(e.start, e.end) == (start, end)), None
    )
    candidates = generalize(expression, now=now, source_text=normalised.text) if expression else []
    if not candidates:
        return KeptPhrase(start, end, phrase, reason + "; no generalization covers it")
    best = candidates[-1].text
    best = best[:1].upper() + best[1:] if phrase[:1].isupper() else best
    return KeptPhrase(start, end, phrase, reason + "; generalized instead", best)


def _rebuild(
    text: str, removed: list[tuple[int, int]], replaced: Sequence[tuple[int, int, str]] = ()
) -> str:
    """The original text without the removed spans (and with replacements), tidied."""
    result = text
    for start, end, word in sorted(replaced, reverse=True):
        if not any(a <= start < b for a, b in removed):
            result = result[:start] + word + result[end:]
            shift = len(word) - (end - start)
            removed = [(a + shift, b + shift) if a >= end else (a, b) for a, b in removed]
    for start, end in sorted(removed, reverse=True):
        before, after = result[:start], result[end:]
        opening = re.search(r"(?:^|[.!?]\s+)(?:but|and|so|yet|or|then|still)\s*$", before, re.I)
        if re.match(r"\s*,", after) and (
            not before.strip() or re.search(r"[,.;:!?]\s*$", before) or opening
        ):
            after = re.sub(r"^\s*,", "", after)  # "Tomorrow, I ..." -> "I ..."
        elif re.search(r",\s*$", before) and re.match(r"\s*[.;:!?]|\s*$", after):
            before = re.sub(r",\s*$", "", before)  # "..., at noon." -> "..."
        joint = " " if before.strip() and after.lstrip(" ")[:1].isalnum() else ""
        result = before.rstrip(" ") + joint + after.lstrip(" ")
        if not before.strip() and result[:1].islower() and text[:1].isupper():
            result = result[:1].upper() + result[1:]
    result = re.sub(r"[ \t]{2,}", " ", result)
    result = re.sub(r" +([,.;:!?])", r"\1", result)
    return result.strip()

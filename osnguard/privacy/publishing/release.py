"""Released records: posts anonymized k-anonymously (Mondrian) or simply, with utility figures.

`anonymize_posts(posts, k=K)` tags every post (records.py), partitions the records (mondrian.py)
and rewrites each text: direct identifiers become "[removed]", each quasi-identifier phrase is
replaced by its class's released value ("Tokyo" -> "Asia"; a value generalized to the root reads
"[place]", and gender words become neutral ones), sensitive phrases stay (they are what the data
is published for). `k=None` is the simple anonymization. The summary holds the class sizes,
DM, LM (overall and per attribute), the share of records whose quasi-identifier combination is
unique, and the number of suppressed records.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from osnguard.privacy import resources
from osnguard.privacy.publishing import mondrian
from osnguard.privacy.publishing.records import (
    ATTRIBUTES,
    PostRecord,
    gender_neutral,
    gender_path,
    record_from_post,
)

Path = tuple[str, ...]
REMOVED = "[removed]"
ROOT_WORDING = {
    "age": "[age]",
    "gender": "[person]",
    "region": "[place]",
    "job": "[job]",
    "religion": "[religion]",
    "marital": "[relationship status]",
    "language": "[language]",
    "race": "[ethnicity]",
}
# "she says" -> "they says" -> "they say": the verb after a new "they" agrees with it
_PLURAL_FORM = {"is": "are", "was": "were", "'s": "'re"}
_WORD = re.compile(r"[A-Za-z]+")


@dataclass
class Release:
    """The anonymized records (one dict each, in input order, suppressed ones left out) and the
    summary line of `osnguard kanon`."""

    records: list[dict[str, Any]]
    summary: dict[str, Any]

    def to_json_lines(self) -> str:
        """One JSON line per record, then the summary line (what `osnguard kanon` prints)."""
        lines = [json.dumps(item, ensure_ascii=False) for item in [*self.records, self.summary]]
        return "\n".join(lines) + "\n"


def _row(record: PostRecord) -> dict[str, Path]:
    return {
        attribute: (value.path if (value := record.quasi.get(attribute)) else mondrian.NOT_STATED)
        for attribute in ATTRIBUTES
    }


def _neutral(words: str) -> str:
    """A gender phrase with every gendered word made neutral; "[person]" when none can be (a
    gendered word no chain makes neutral, "Mrs", is never left as it was)."""
    kept_gender = False

    def swap(match: re.Match[str]) -> str:
        nonlocal kept_gender
        word = match.group(0)
        new = gender_neutral(word)
        if new is None:
            kept_gender = kept_gender or gender_path(word) is not None
            return word
        return new.capitalize() if word[0].isupper() else new

    changed = _WORD.sub(swap, words)
    return ROOT_WORDING["gender"] if kept_gender or changed == words else changed


Names = dict[str, dict[Path, str]]


def node_names(records: Sequence[PostRecord]) -> Names:
    """One name per taxonomy node and attribute, shared by every record (the first record's
    wording), so a class reads the same in every record of it."""
    names: Names = {attribute: {} for attribute in ATTRIBUTES}
    for record in records:
        for attribute, value in record.quasi.items():
            for node, words in value.display:
                names[attribute].setdefault(node, words)
    return names


def shown_value(names: Names, attribute: str, node: Path) -> str | None:
    """How the released `node` of `attribute` reads (None: the record does not state it)."""
    if node == mondrian.NOT_STATED:
        return None
    if node == mondrian.ROOT:
        return "*"
    return names[attribute].get(node, node[-1])


def rewrite(record: PostRecord, released: Mapping[str, Path], names: Names) -> str:
    """The record's text with identifiers removed and quasi-identifiers generalized."""
    edits: list[tuple[int, int, str]] = [(s, e, REMOVED) for s, e in record.direct]
    for attribute, value in record.quasi.items():
        node = released[attribute]
        for start, end, own in value.mentions:
            if own == node:
                continue  # released as said
            said = record.text[start:end]
            if node == mondrian.ROOT:
                new = _neutral(said) if attribute == "gender" else ROOT_WORDING[attribute]
            else:
                new = shown_value(names, attribute, node) or said
            if new != said:
                edits.append((start, end, new))
    text = record.text
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    if any(new in {"they", "They"} for _, _, new in edits):
        text = _agree_with_they(text)
    return text


def _agree_with_they(text: str) -> str:
    """Present-tense verbs right after "they" in their plural form ("they says" -> "they say",
    "they is" -> "they are", "they wasn't" -> "they weren't")."""
    doc = resources.parse(text)
    edits = []
    for token in doc[1:]:
        if doc[token.i - 1].lower_ != "they" or token.tag_ not in {"VBZ", "VBD"}:
            continue
        word = token.text
        if word.lower() in _PLURAL_FORM:
            plural = _PLURAL_FORM[word.lower()]
        elif token.tag_ == "VBZ":
            plural = token.lemma_
        else:
            continue
        if word[:1].isupper():
            plural = plural.capitalize()
        edits.append((token.idx, token.idx + len(word), plural))
    for start, end, plural in reversed(edits):
        text = text[:start] + plural + text[end:]
    return text


def anonymize_records(records: Sequence[PostRecord], *, k: int | None) -> Release:
    """Release `records` k-anonymously (`k` ≥ 1) or with the simple anonymization (`k=None`)."""
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
        raise ValueError("k must be a whole number of at least 1")
    rows = [_row(record) for record in records]
    suppressed: list[int] = []
    if k is None:
        released = mondrian.simple_release(rows, ATTRIBUTES)
    else:
        released, suppressed = mondrian.mondrian_release(rows, ATTRIBUTES, k)
    dropped = set(suppressed)
    keep = [i for i in range(len(rows)) if i not in dropped]
    groups = mondrian.classes(released, keep)
    names = node_names(records)
    class_of = {i: number for number, members in enumerate(groups) for i in members}
    out = []
    for i in keep:
        record = records[i]
        out.append(
            {
                "id": record.id,
                "text": rewrite(record, released[i], names),
                "quasi_identifiers": {
                    attribute: shown_value(names, attribute, released[i][attribute])
                    for attribute in ATTRIBUTES
                },
                "sensitive": [record.text[s:e] for s, e in record.sensitive],
                "class": class_of[i],
            }
        )
    sizes = [len(members) for members in groups]
    lm, lm_by_attribute = mondrian.loss(rows, released, ATTRIBUTES, keep)
    summary = {
        "k": k,
        "method": "simple" if k is None else "mondrian",
        "records": len(rows),
        "classes": sizes,
        "dm": mondrian.discernibility(sizes, len(suppressed), len(rows)),
        "lm": lm,
        "lm_by_attribute": lm_by_attribute,
        "unique": mondrian.unique_share(sizes, len(keep)),
        "suppressed": len(suppressed),
    }
    return Release(records=out, summary=summary)


def anonymize_posts(posts: Iterable[Mapping[str, Any]], *, k: int | None) -> Release:
    """Tag and release posts given as {"text", "id" (optional), "author" (optional)}."""
    records = [
        record_from_post(post["text"], post_id=post.get("id"), author=post.get("author"))
        for post in posts
    ]
    return anonymize_records(records, k=k)

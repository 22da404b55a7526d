"""`osnguard evaluate generalization`: how many real private phrases get a generalization chain.

The gold private words of the ppdp tweets (2,994 tweets tagged word by word; consecutive words with
the same tag form one phrase) are generalized in their tweet with the anonymizer's schemas. For
each quasi-identifier or sensitive tag we report the share of phrases whose chain has more than
the phrase itself ("coverage"; the seed found WordNet covers 98.47% of its 75,464 private
phrases) and the share with at least one generalization that passes the naturalness check.
Direct identifiers (names: suppressed, not generalized), ages (numbers) and gender words
(pronouns) are left out.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from osnguard.privacy.anonymization import alternatives
from osnguard.privacy.corpora import ppdp_rows
from osnguard.privacy.types import Category, Phrase, Profile

DESCRIPTION = "share of ppdp's gold private phrases with a generalization chain (and a natural one)"
TAGS: dict[str, Category] = {
    "QIREGION": Category.LOCATION,
    "QIJOB": Category.WORK,
    "QIRELIGION": Category.RELIGION,
    "QIMARITAL": Category.RELATIONSHIP,
    "QILANG": Category.LANGUAGE,
    "QIRACE": Category.ETHNICITY,
    "SA": Category.HEALTH,
}
_TOKEN = re.compile(r"(\S+?)/(QI[A-Z]+|SA|DI)(?=[\s.,!?;:)\"']|$)")


def tagged_phrases(raw: str) -> tuple[str, list[tuple[int, int, str]]]:
    """The tweet without its tags, and (start, end, tag) of its tagged phrases (same-tag runs)."""
    text_parts: list[str] = []
    spans: list[tuple[int, int, str]] = []
    cursor, length = 0, 0
    for match in _TOKEN.finditer(raw):
        before = raw[cursor : match.start()]
        text_parts.append(before)
        length += len(before)
        word = match.group(1).replace("_", " ")
        tag = match.group(2)
        if (
            spans
            and spans[-1][2] == tag
            and before.strip() == ""
            and spans[-1][1] == length - len(before)
        ):
            spans[-1] = (spans[-1][0], length + len(word), tag)
        else:
            spans.append((length, length + len(word), tag))
        text_parts.append(word)
        length += len(word)
        cursor = match.end()
    text_parts.append(raw[cursor:])
    return "".join(text_parts), spans


def gold_phrases() -> list[tuple[str, Phrase, str]]:
    """(tweet text, its gold private phrase, tag) for every tagged phrase of the ppdp tweets."""
    found = []
    for row in ppdp_rows():
        text, spans = tagged_phrases(row["Tweet"])
        for start, end, tag in spans:
            if tag in TAGS and text[start:end].strip():
                found.append(
                    (text, Phrase(start, end, text[start:end], TAGS[tag], "ppdp gold", 1.0), tag)
                )
    return found


def evaluate() -> dict[str, Any]:
    profile = Profile()
    total: Counter[str] = Counter()
    covered: Counter[str] = Counter()
    natural: Counter[str] = Counter()
    heights: list[int] = []
    for text, phrase, tag in gold_phrases():
        options = alternatives(text, phrase, profile=profile).options
        total[tag] += 1
        if len(options) > 1:
            covered[tag] += 1
            heights.append(len(options) - 1)
            if any(o.natural for o in options[1:]):
                natural[tag] += 1
    n = sum(total.values())
    return {
        "n": n,
        "coverage": round(sum(covered.values()) / n, 4) if n else None,
        "natural_coverage": round(sum(natural.values()) / n, 4) if n else None,
        "mean_height": round(sum(heights) / len(heights), 2) if heights else None,
        "by_tag": {
            tag: {
                "n": total[tag],
                "coverage": round(covered[tag] / total[tag], 4),
                "natural_coverage": round(natural[tag] / total[tag], 4),
            }
            for tag in sorted(total)
        },
    }

"""Identification detector for time phrases: `detect(context) -> list[Phrase]` (SPEC §1.5).

A time expression is private when it times something the author does: it must sit in a sentence
where the author speaks about themselves or their group (I, me, my, we, us, our, let's...).
"Tokyo was founded in 1603" and "it is rainy tomorrow" are not flagged; "I was born in 1990",
"see you at 10AM" and "I swim every Monday" are. Vague references (now, recently, the future)
are never flagged: they say nothing beyond the moment of posting.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from osnguard.privacy.temporal.model import TimeExpression
from osnguard.privacy.temporal.normalisation import describe_interval, duration_seconds
from osnguard.privacy.temporal.recognition import find_expressions
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|im|i've|ive|i'll|i'd|me|my|mine|myself|we|we're|we'll|we've|our|ours|"
    r"ourselves|let's|lets)\b|\bus\b",
    re.I,
)
SENTENCE_END = re.compile(r"[.!?\n]+")


def _sentence_bounds(text: str, start: int, end: int, doc: Any = None) -> tuple[int, int]:
    if doc is not None:
        for sentence in doc.sents:
            if sentence.start_char <= start < sentence.end_char:
                return sentence.start_char, max(sentence.end_char, end)
    left = 0
    for match in SENTENCE_END.finditer(text, 0, start):
        left = match.end()
    following = SENTENCE_END.search(text, end)
    return left, following.start() if following else len(text)


def _is_about_author(text: str, expression: TimeExpression, doc: Any = None) -> bool:
    left, right = _sentence_bounds(text, expression.start, expression.end, doc)
    sentence = text[left:right]
    return any(m.group(0) != "US" for m in FIRST_PERSON.finditer(sentence))


def _reason(expression: TimeExpression, now: datetime) -> str:
    if expression.type == "SET":
        return f"This tells people your routine ({expression.text.strip()})."
    if expression.type == "DURATION":
        return f"This tells people how long you did something ({expression.text.strip()})."
    if expression.interval is None:
        raise ValueError(f"{expression.text!r} has no interval to describe")
    start, end = expression.interval
    now_cmp = (
        now if (now.tzinfo is None) == (start.tzinfo is None) else now.replace(tzinfo=start.tzinfo)
    )
    if end < now_cmp:
        verb = "were"
    elif start > now_cmp:
        verb = "will be"
    else:
        verb = "are"
    return f"This tells people when you {verb} doing something ({describe_interval(expression.interval)})."


def detect(context: MessageContext) -> list[Phrase]:
    """Time phrases of the message that time an activity of the author."""
    if not isinstance(context.now, datetime):
        raise ValueError("the message context needs `now` (a datetime) to anchor time phrases")
    if context.language not in ("en", None) or not context.text.strip():
        return []
    phrases = []
    for expression in find_expressions(context.text, now=context.now, doc=context.doc):
        if expression.vague or expression.value.endswith("_REF"):
            continue
        if expression.type in ("DATE", "TIME") and expression.interval is None:
            continue
        if expression.type == "DURATION" and duration_seconds(expression.value) is None:
            continue
        if not _is_about_author(context.text, expression, context.doc):
            continue
        start, end = expression.phrase_span
        reason = _reason(expression, context.now)
        interval = None
        if expression.interval is not None:
            interval = (expression.interval[0].isoformat(), expression.interval[1].isoformat())
        phrases.append(
            Phrase(
                start=start,
                end=end,
                text=context.text[start:end],
                category=Category.TIME,
                reason=reason,
                confidence={"DATE": 0.85, "TIME": 0.9, "SET": 0.8, "DURATION": 0.75}[
                    expression.type
                ],
                detectors=[Detector.TEMPORAL],
                reasons=[reason],
                interval=interval,
                timex_type=expression.type,
            )
        )
    return phrases

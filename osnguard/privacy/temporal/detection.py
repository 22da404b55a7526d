"""Identification detector for time phrases: `detect(context) -> list[Phrase]` (SPEC §1.5).

A time expression is private when it times something the author does: the clause that governs it
must refer to the author (`osnguard.privacy.author.author_reference`: first person, "we", a close
person, a subjectless clause or fragment such as "gym every monday at 6am").
"Tokyo was founded in 1603" and "it is rainy tomorrow" are not flagged; "I was born in 1990",
"see you at 10AM" and "I swim every Monday" are. Vague references (now, recently, the future)
are never flagged: they say nothing beyond the moment of posting.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from osnguard.privacy.author import author_reference
from osnguard.privacy.temporal.model import TimeExpression
from osnguard.privacy.temporal.normalisation import describe_interval, duration_seconds
from osnguard.privacy.temporal.recognition import find_expressions
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase


def _is_about_author(text: str, expression: TimeExpression, doc: Any = None) -> bool:
    """The clause that governs the expression refers to the author (`osnguard.privacy.author`)."""
    return author_reference(text, expression.start, expression.end, doc) is not None


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

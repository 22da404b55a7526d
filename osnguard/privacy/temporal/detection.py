"""Identification detector for time phrases: `detect(context) -> list[Phrase]` (SPEC §1.5).

A time expression is private when it times something the author does: the clause that governs it
must refer to the author (`osnguard.privacy.author.author_reference`: first person, "we", a close
person, a subjectless clause or fragment such as "gym every monday at 6am").
"Tokyo was founded in 1603" and "it is rainy tomorrow" are not flagged; "I was born in 1990",
"see you at 10AM" and "I swim every Monday" are. Vague references (now, recently, the future)
are never flagged: they say nothing beyond the moment of posting.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from osnguard.privacy import lexicon, resources
from osnguard.privacy.author import author_reference, text_person
from osnguard.privacy.temporal.model import TimeExpression
from osnguard.privacy.temporal.normalisation import (
    describe_interval,
    duration_seconds,
    value_interval,
)
from osnguard.privacy.temporal.recognition import (
    ORDINAL_NOUNS,
    find_expressions,
    is_verb_particle,
)
from osnguard.privacy.temporal.vague import HOLIDAY_NAME
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


def _restates_now(
    expression: TimeExpression, now: datetime, text: str, start: int, doc: Any
) -> bool:
    """A bare clock time or year that only says when the message is posted ("3am and still
    awake", "it's 7:40 already", "peak 2026"), or today's weekday said as its mood ("Rainy
    Sunday, pot of tea"): it tells nothing beyond the post's own time."""
    if _todays_mood(expression, now, text, start, doc):
        return True
    bare = text[start : start + 1].isdigit() and _with_lead_word(text, start) == start
    end = expression.phrase_span[1]
    following = next((t for t in doc if t.idx >= end), None) if doc is not None else None
    times_an_activity = following is not None and following.pos_ == "NOUN"  # "6am swim"
    if expression.interval is None or not bare or times_an_activity:
        return False
    low, high = expression.interval
    clock = expression.type == "TIME" and high - low <= timedelta(hours=1)
    high = max(high, low + timedelta(hours=1))  # "3am" is a point: the hour it starts
    moment = now.replace(tzinfo=low.tzinfo) if now.tzinfo is None else now
    try:
        contains = low - timedelta(minutes=5) <= moment < high
    except TypeError:
        return False
    year = expression.type == "DATE" and re.fullmatch(r"\d{4}", expression.value) is not None
    return contains and (clock or year)


WEEKDAY_ALONE = re.compile(lexicon.WEEKDAY_NAME, re.IGNORECASE)


def _todays_mood(
    expression: TimeExpression, now: datetime, text: str, start: int, doc: Any
) -> bool:
    """ "Rainy Sunday", "Lazy Sunday vibes" posted that Sunday: a weekday right after an
    adjective, naming the day of posting."""
    end = expression.phrase_span[1]
    if doc is None or expression.interval is None or not WEEKDAY_ALONE.fullmatch(text[start:end]):
        return False
    before = next((t for t in reversed(doc) if t.idx + len(t.text) <= start), None)
    if before is None or (before.i != 0 and not doc[before.i - 1].is_punct):
        return False
    if before.pos_ != "ADJ" and not resources.wordnet().synsets(before.lower_, pos="a"):
        return False  # "Rainy" is tagged a proper noun at the start of a post
    low, high = expression.interval
    moment = now.replace(tzinfo=low.tzinfo) if now.tzinfo is None else now
    try:
        return bool(low <= moment <= high)
    except TypeError:
        return False


AGES_BEFORE = re.compile(r"\b(?:ages?|aged)\s+$", re.IGNORECASE)
RATE = re.compile(r"(?:a|an|per)\s+(?:hour|day|week|month|year|annum)", re.IGNORECASE)
AMOUNT_BEFORE = re.compile(
    r"(?:[£$€₹₦¥]\s?\d[\d,.]*\s?(?:k|m|bn|grand)?|\d[\d,.]*\s?(?:k|grand|quid|pounds|dollars|"
    r"euros|bucks))\s+$",
    re.IGNORECASE,
)
GREETED_DAY = re.compile(
    rf"{HOLIDAY_NAME.pattern}|{lexicon.WEEKDAY_NAME}|weekend|new year", re.IGNORECASE
)  # not "Happy 1 year" (to us): an anniversary says how long


DAY_OF_COUNT = re.compile(r"(?:day|week|round|cycle|session)\s+\d{1,3}", re.IGNORECASE)
OF_COUNT = re.compile(r"\s+of\s+\d{1,3}\b")


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
        stage = _is_stage(context.text, expression)
        since = _length_since_opens_personal_post(context.text, expression)
        if not (stage or since) and not _is_about_author(context.text, expression, context.doc):
            continue
        start, end = expression.phrase_span
        if RATE.fullmatch(context.text[start:end]) and AMOUNT_BEFORE.search(context.text[:start]):
            continue  # "I earn 40k a year", "£850 a month": the amount's rate, no one's time
        if lexicon.GREETING_BEFORE.search(context.text[:start]) and GREETED_DAY.fullmatch(
            context.text[start:end]
        ):
            continue  # "Happy Christmas", "Happy Friday!": a greeting times nothing one does
        if _restates_now(expression, context.now, context.text, start, context.doc):
            continue
        if AGES_BEFORE.search(context.text, 0, start):
            continue  # "spaces for ages 1-4": ages, no hours
        if DAY_OF_COUNT.fullmatch(context.text[start:end]) and OF_COUNT.match(context.text, end):
            continue  # "Infusion day 6 of 12": which of the sessions, no length of time
        if CAMPAIGN_MONTH.search(context.text[max(0, start - 12) : end]):
            continue  # "doing Dry January", "Sober October": a campaign's name, no date
        reason = _reason(expression, context.now)
        interval = None
        if expression.interval is not None:
            interval = (expression.interval[0].isoformat(), expression.interval[1].isoformat())
        named_by_clock = NOUN_AFTER_CLOCK.match(context.text, end) and re.search(
            r"(?i)\bthe\s+$", context.text[:start]
        )
        if not named_by_clock:
            start = _with_lead_word(
                context.text, start, outer_only=bool(LEADING.match(context.text[start:end]))
            )
        # ("for the 9am ward round": the clock names the round; "for the" is the round's)
        end = _with_trail_word(context.text, end)
        onwards = ONWARDS_AFTER.match(context.text, end)
        if onwards:
            end = onwards.end()  # "8pm onwards": the time and the word that opens it
        back = BACK_BEFORE.search(context.text[max(0, start - 6) : start])
        if back and PAST_YEAR_IN.fullmatch(context.text[start:end]):
            start -= len(back.group(0))  # "back in 2019": when, as one phrase ("years ago")
        hour_range = RANGE_START_BEFORE.search(context.text[:start])
        if hour_range and CLOCK_START.match(context.text[start:end]):
            start = hour_range.start()  # "gym 6-7am": the range's first hour goes with it
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
    phrases = _join_adjacent(sorted(phrases, key=lambda p: p.start), context.text)
    phrases = _clock_fallbacks(context, phrases)
    phrases = _join_adjacent(sorted(phrases, key=lambda p: p.start), context.text)
    return [part for p in phrases for part in _as_stage(p, context.text, context.now)]


# "12 weeks", "at 19 weeks", "16 weeks today": how far along a pregnancy is, in a post about one
PREGNANCY_STAGE = re.compile(
    rf"(?i)(?P<stage>{lexicon.WEEKS_ALONG})(?:\s+(?P<day>today|tomorrow|now))?"
)
PREGNANCY_CUES = re.compile(
    r"(?i)🤰|\b(?:pregnan\w*|trimester|scan|due|bump|midwife|midwives|baby|babies|birth|"
    r"labour|labor|hospital bag|car seat|morning sickness|it'?s a (?:girl|boy)|miscarr\w*|"
    r"expecting|antenatal|ultrasound)\b"
)
EXPECTING_BEFORE = re.compile(r"(?i)\b(?:i'?m|i am|she'?s|she is|we'?re|we are)\s+$")
PREGNANCY_REASON = "This tells people about a pregnancy and how far along it is."
# "90 days sober", "10 years together": a state said after its length
STATE_AFTER = re.compile(rf"(?i)\s+(?P<state>{'|'.join(lexicon.LENGTH_STATES)})\b")
STATE_REASON = {
    Category.HEALTH: "This tells people about recovery and how long it has lasted.",
    Category.RELATIONSHIP: "This tells people about your relationship and how long it has lasted.",
}


def _is_stage(text: str, expression: TimeExpression) -> bool:
    """A length that says how far along a pregnancy, a recovery or a couple is ("37 weeks and the
    car seat is in", "90 days sober", "10 years together"): the author's, whoever the clause is
    about."""
    start, end = expression.phrase_span
    if expression.type != "DURATION":
        return False
    if STATE_AFTER.match(text, end):
        return True
    return bool(
        PREGNANCY_STAGE.fullmatch(text[start:end])
        and PREGNANCY_CUES.search(text)
        # "the physio is 3 weeks out": how long until something, no stage reached
        and not re.match(r"\s+(?:out|away|off|to go|left|later|ago|until|till)\b", text[end:], re.I)
    )


LENGTH_SINCE = re.compile(r"\s+since\s+(?:the|my|our|i|we|he|she|they)\b", re.IGNORECASE)


def _length_since_opens_personal_post(text: str, expression: TimeExpression) -> bool:
    """ "8 months since the divorce was finalised and I've just booked ...": a post that opens on
    how long it has been since an event in it counts the author's own time."""
    start, end = expression.phrase_span
    return bool(
        expression.type == "DURATION"
        and not text[:start].strip()
        and LENGTH_SINCE.match(text, end)
        and text_person(text) is not None
    )


def _as_stage(phrase: Phrase, text: str, now: datetime) -> list[Phrase]:
    """A length said with a state after it is that state ("90 days sober" is health, "10 years
    together" relationship); a number of weeks said as a pregnancy's stage is health, not a time
    (the guidelines' "at 11 weeks"), in a post about a pregnancy or after "I'm" ("I'm 16 weeks
    today"), and the day after it stays a time of its own."""
    state = STATE_AFTER.match(text, phrase.end) if phrase.timex_type == "DURATION" else None
    if state is not None:
        category = Category(lexicon.LENGTH_STATES[state.group("state").lower()])
        return [
            Phrase(
                start=phrase.start,
                end=state.end(),
                text=text[phrase.start : state.end()],
                category=category,
                reason=STATE_REASON[category],
                confidence=phrase.confidence,
                detectors=[Detector.TEMPORAL],
                reasons=[STATE_REASON[category]],
            )
        ]
    match = PREGNANCY_STAGE.fullmatch(phrase.text)
    if match is None or not (
        PREGNANCY_CUES.search(text) or EXPECTING_BEFORE.search(text[: phrase.start])
    ):
        return [phrase]
    end = phrase.start + match.end("stage")
    stage = Phrase(
        start=phrase.start,
        end=end,
        text=text[phrase.start : end],
        category=Category.HEALTH,
        reason=PREGNANCY_REASON,
        confidence=phrase.confidence,
        detectors=[Detector.TEMPORAL],
        reasons=[PREGNANCY_REASON],
    )
    day = match.group("day")
    if day is None or day.lower() == "now":
        return [stage]
    when = (now + timedelta(days=1 if day.lower() == "tomorrow" else 0)).date()
    bounds = value_interval(when.isoformat(), now.tzinfo)
    start = phrase.start + match.start("day")
    reason = f"This tells people when you do something ({day})."
    said = Phrase(
        start=start,
        end=start + len(day),
        text=day,
        category=Category.TIME,
        reason=reason,
        confidence=0.85,
        detectors=[Detector.TEMPORAL],
        reasons=[reason],
        interval=(bounds[0].isoformat(), bounds[1].isoformat()) if bounds else None,
        timex_type="DATE",
    )
    return [stage, said]


# "back in 2019", "back in the 90s": "back" goes with a year said after "in"
BACK_BEFORE = re.compile(r"(?i)\bback\s+$")
PAST_YEAR_IN = re.compile(r"(?i)in\s+(?:the\s+)?(?:\d{4}|'?\d0s|\d{4}s)")
# Words that belong to a time phrase when they precede it (guidelines: prepositions and
# modifiers are part of time phrases).
_LEADS = (
    r"on|at|in|from|till|until|til|by|for|since|after|before|around|about|starting|every|all|"
    r"over|during|through|throughout"
)
LEAD_WORDS = re.compile(
    rf"(?i)(?:\b(?:{_LEADS})\s+(?:(?:at\s+least|at\s+the\s+earliest)\s+)?(?:the\s+)?)$"
)  # ("till at least Thursday": the bound is part of the time)
# a phrase that already starts with its preposition or modifier
LEADING = re.compile(rf"(?i)(?:{_LEADS}|most|some|the whole)\b")
# Words that belong to a day when they follow it: "Thursday evenings", "at Sunday lunch".
_WEEKDAY_END = re.compile(r"(?i)(?:day|days|mon|tues?|wed|thu|thurs?|fri|sat|sun)$")
ONWARDS_AFTER = re.compile(r"(?i)[ \t]+onwards?\b")
TRAIL_WORDS = re.compile(
    r"(?i)^[ \t]+(?:mornings?|afternoons?|evenings?|nights?|lunch(?:time)?|dinner|brunch|"
    r"breakfast|roast|drinks|supper)\b"
)
# A month in the name of a month-long campaign ("Dry January", "Sober October")
CAMPAIGN_MONTH = re.compile(
    r"\b(?:Dry|Sober|Damp|Plastic[- ]Free|Mindful)\s+(?:January|October|July|November)$"
)
# The first hour of a range whose second the recognizer read alone ("6-7am", "9:30–11pm")
RANGE_START_BEFORE = re.compile(r"(?<![\w:/£$€.,-])\d{1,2}(?:[:.][0-5]\d)?\s*[-–]\s*$")
CLOCK_START = re.compile(r"\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm)\b", re.IGNORECASE)
# A gap that joins two time phrases into one: a range, a routine, a date with its time.
JOINING_GAP = re.compile(
    r"(?i)^[ \t]*(?:,|and|&|to|till|until|til|from|through|thru|-|–|—|/)?[ \t]*$"
)
# Bare clock hours posts use: "10 till 6", "from 8 to 8", "6-8", "till 3", "after 6", "at 5".
_CLOCK = r"(?:[1-9]|1[0-2])(?::[0-5]\d)?(?:\s*(?:am|pm))?"
_NOT_A_TIME_AFTER = (
    r"(?![\d:]|[.,]\d|\s*(?:%|years?|yrs?|y/o|yo\b|months?|weeks?|wks?|days?|mins?|minutes|hours?|hrs?|"
    r"k\b|quid|pounds|dollars|euros|people|times|kids|of\b|more|miles|km|kg|st\b|nd\b|rd\b|th\b))"
)
CLOCK_FALLBACK = re.compile(
    r"(?i)(?<![\w:/£$€.])(?:(?:from|at|till|until|til|after|before|by|around|about)\s+)?"
    + _CLOCK
    + r"\s*(?:till|until|til|to|-|–)\s*"
    + _CLOCK
    + _NOT_A_TIME_AFTER
    + r"|(?<![\w:/£$€.])(?:from|till|until|til|after|by|around|at)\s+"
    + _CLOCK
    + _NOT_A_TIME_AFTER
)


_HOUR_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|midnight|noon|\d{1,2})"
)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
# a fallback match that is a routine: "every fri", "Mon/Wed/Fri", "most evenings"
ROUTINE = re.compile(
    r"(?i)^(?:(?:on\s+)?every|most|some)\b|[/&,]|\band\b|\bof\s+(?:the|every|each)\s+month"
)
_DAY = lexicon.WEEKDAY_WORD + "s?"
# Clock times in words, days of the month, months, durations and frequencies in words ("all
# week", "most evenings") the recognizer leaves out.
WORDED_FALLBACK = re.compile(
    r"(?i)(?<![\w])(?:(?:at|around|about|by|till|until|from)\s+)?"
    r"(?:(?:(?:a\s+)?quarter|half|twenty(?:[- ]five)?|ten|five|\d{1,2})\s+(?:past|to|after)\s+"
    + _HOUR_WORD
    + r"|half\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))\b"
    r"|(?<![\w])(?:(?:on|from|till|until|by|since)\s+)?the\s+\d{1,2}(?:st|nd|rd|th)\b"
    r"(?!\s+(?:of|bday|"
    + ORDINAL_NOUNS
    + r"|(?-i:[A-Z][a-z]+)\b))"  # "the 4th attempt", "82nd Airborne"
    r"|(?<![\w])(?:till|until|by|through|since)\s+(?:the\s+)?(?:(?:end|start|beginning|middle)\s+of\s+)?"
    + _MONTH
    + r"\b"
    # lists of days and abbreviated days: "Mon/Wed/Fri", "every fri & sat", "on Tues"
    # (or by spaces alone when each day has its capital: "8-12 Mon Wed Fri")
    r"|(?<![\w/])(?:(?:every|on|most|some)\s+)?"
    + _DAY
    + r"(?:(?:\s*(?:/|&|,|and)\s*|\s+(?=(?-i:[A-Z])))"
    + _DAY
    + r")+"
    r"(?![\w/])"
    r"|(?<![\w/])(?:every|on)\s+" + _DAY + r"(?![\w/])"
    # "every first Sunday of the month", "the last Friday of every month"
    r"|(?<![\w])(?:every|on\s+the|the)\s+(?:first|second|third|fourth|last|other)\s+"
    + _DAY
    + r"(?:\s+of\s+(?:the|every|each)\s+month)?"
    # abbreviated months after a preposition: "in Jan", "from Sept"
    r"|(?<![\w])(?:in|from|since|till|until|by)\s+(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?"
    # durations and frequencies in words: "all week", "the whole weekend", "most evenings"
    r"|(?<![\w])(?:(?:for|over)\s+)?(?:all|the\s+whole|most|some)\s+"
    r"(?:day|night|week|weekend|morning|afternoon|evening|month|summer|winter|half[- ]term)s?\b"
    r"|(?<![\w])(?:(?:this|tomorrow|tmrw|every|on\s+\w+)\s+)?arvo\b"  # afternoon (Aus.)
    # "for the long weekend", "over the bank holiday weekend"
    r"|(?<![\w])(?:(?:for|over|on|during)\s+)?(?:the|this|next|last)\s+"
    r"(?:long|bank\s+holiday|holiday|easter|may|august)\s+weekend\b"
)


def _with_trail_word(text: str, end: int) -> int:
    """Move `end` right over a part of day or a meal after a day ("Thursday evenings")."""
    if not _WEEKDAY_END.search(text[max(0, end - 6) : end]):
        return end
    match = TRAIL_WORDS.match(text[end : end + 16])
    return end + len(match.group(0)) if match else end


# Words that take a time phrase with its own preposition: "till after Christmas", "starting in
# October" (but "moving in on the 14th" is a verb's particle, "see you all on the 16th" a pronoun)
OUTER_LEADS = frozenset({"till", "until", "til", "starting", "from", "since", "by"})


# A noun right after a clock time, which the time names ("the 9am ward round", "the 6:15 train")
NOUN_AFTER_CLOCK = re.compile(
    r"(?<=[0-9m])\s+(?!(?:and|or|to|till|until|til|on|at|in|for|with|from|tomorrow|tonight|today|"
    r"tmrw|every|each|then|is|was|are|pm|am|start|sharp|latest|ish)\b)[a-z]{3,}\b"
)


def _with_lead_word(text: str, start: int, *, outer_only: bool = False) -> int:
    """Move `start` left over a preposition or modifier right before the phrase (`outer_only`:
    the phrase has its preposition, so only one that governs a preposition)."""
    match = LEAD_WORDS.search(text[max(0, start - 24) : start])
    if match and outer_only and match.group(0).split()[0].lower() not in OUTER_LEADS:
        return start
    if match and is_verb_particle(text, match.group(0).split()[0], start - len(match.group(0))):
        return start  # "came through last spring": the verb's particle, not the time's
    return start - len(match.group(0)) if match else start


def _clock_fallbacks(context: MessageContext, found: list[Phrase]) -> list[Phrase]:
    """`found` with the bare clock hours, clock times in words, days of the month, months and
    routines the recognizer leaves out or cuts short ("6-9pm" for its "9pm"), in a clause about
    the author. A fallback that covers recognized phrases and more replaces them."""
    found = list(found)
    extra: list[Phrase] = []
    matches = [*CLOCK_FALLBACK.finditer(context.text), *WORDED_FALLBACK.finditer(context.text)]
    for match in sorted(matches, key=lambda m: (m.start(), -m.end())):
        start, end = match.span()
        if not LEADING.match(match.group(0)):
            start = _with_lead_word(context.text, start)  # "starting the 5th"
        covered = [
            p for p in found if start <= p.start and p.end <= end and p.end - p.start < end - start
        ]
        others = [p for p in found + extra if p not in covered]
        if any(start < p.end and p.start < end for p in others):
            continue
        if author_reference(context.text, start, end, context.doc) is None:
            continue
        if AGES_BEFORE.search(context.text, 0, start):
            continue  # "spaces for ages 1-4": ages, no hours
        found = [p for p in found if p not in covered]
        reason = f"This tells people when you do something ({context.text[start:end].strip()})."
        extra.append(
            Phrase(
                start=start,
                end=end,
                text=context.text[start:end],
                category=Category.TIME,
                reason=reason,
                confidence=0.7,
                detectors=[Detector.TEMPORAL],
                reasons=[reason],
                timex_type="SET" if ROUTINE.search(match.group(0)) else "TIME",
            )
        )
    return found + extra


RANGE_GAP = re.compile(r"(?i)\b(?:to|till|until|til|through)\b|[-–—]")


def _joined_interval(first: Phrase, second: Phrase, gap: str) -> tuple[str, str] | None:
    """The interval of two joined time phrases: a range runs from the first to the second (over
    midnight when needed); a date and a time of day give that time on that date; two dates side
    by side ("Sat 12 Sept") are the same day, the more specific one; a routine has none."""
    if "SET" in (first.timex_type, second.timex_type):
        return None
    if first.interval is None or second.interval is None:
        return first.interval or second.interval
    a_start, a_end = (datetime.fromisoformat(v) for v in first.interval)
    b_start, b_end = (datetime.fromisoformat(v) for v in second.interval)
    try:
        if RANGE_GAP.search(gap):
            while b_end < a_start:
                b_end += timedelta(days=1)
            return a_start.isoformat(), b_end.isoformat()
        kinds = (first.timex_type, second.timex_type)
        if kinds in (("DATE", "TIME"), ("TIME", "DATE")):
            day = a_start if kinds[0] == "DATE" else b_start
            clock = (b_start, b_end) if kinds[0] == "DATE" else (a_start, a_end)
            return (
                datetime.combine(day.date(), clock[0].timetz()).isoformat(),
                datetime.combine(day.date(), clock[1].timetz()).isoformat(),
            )
        if kinds == ("DATE", "DATE"):
            # the more specific; on a tie the later one ("Sat 12 Sept": the explicit date)
            shorter = (a_start, a_end) if a_end - a_start < b_end - b_start else (b_start, b_end)
            return shorter[0].isoformat(), shorter[1].isoformat()
        return min(a_start, b_start).isoformat(), max(a_end, b_end).isoformat()
    except TypeError:  # naive and aware datetimes
        return first.interval


def _join_adjacent(phrases: list[Phrase], text: str) -> list[Phrase]:
    """One phrase for a range, a routine or a date with its time ("every tuesday and thursday at
    7pm", "7pm to 7:30am", "on Sat 12 Sept"), as the guidelines and users expect."""
    joined: list[Phrase] = []
    for phrase in phrases:
        previous = joined[-1] if joined else None
        gap = text[previous.end : phrase.start] if previous is not None else ""
        lengths = "DURATION" in (previous.timex_type, phrase.timex_type) if previous else False
        if (
            previous is not None
            and JOINING_GAP.match(gap)
            and not ("," in gap and lengths)  # "last week, 2 weeks till my review": two times
            # "starts 1st of June, 2 weeks on 2 weeks off": a day, then a routine from it
            and not (
                "," in gap
                and phrase.timex_type == "SET"
                and previous.timex_type in ("DATE", "TIME")
            )
            # "for 20 years and today my HbA1c ...": a length and a day are two times; two
            # lengths are one ("for three years and two months")
            and not (
                re.search(r"(?i)\band\b|&", gap)
                and (previous.timex_type == "DURATION") != (phrase.timex_type == "DURATION")
            )
            # "first time in 4 years on the 16th": how long since, then when; "at 19 weeks
            # last month": a stage, then when
            and not (
                previous.timex_type == "DURATION"
                and phrase.timex_type != "DURATION"
                and re.match(r"(?i)(?:in|at)\s", previous.text)
            )
            # "back on the tools Monday after 8 weeks off": when, then how long one was away
            and not (
                phrase.timex_type == "DURATION"
                and previous.timex_type != "DURATION"
                and re.match(r"(?i)after\s", phrase.text)
            )
        ):
            kinds = {previous.timex_type, phrase.timex_type}
            kind = "SET" if "SET" in kinds else previous.timex_type or phrase.timex_type
            whole = text[previous.start : phrase.end]
            reason = (
                f"This tells people your routine ({whole})."
                if kind == "SET"
                else f"This tells people when you do something ({whole})."
            )
            joined[-1] = Phrase(
                start=previous.start,
                end=phrase.end,
                text=whole,
                category=Category.TIME,
                reason=reason,
                confidence=max(previous.confidence, phrase.confidence),
                detectors=[Detector.TEMPORAL],
                reasons=[reason],
                interval=_joined_interval(previous, phrase, text[previous.end : phrase.start]),
                timex_type=kind,
            )
        else:
            joined.append(phrase)
    return joined

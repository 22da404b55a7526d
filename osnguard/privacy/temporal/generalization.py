"""Temporal generalization by NCP* (thesis §4.2, Algorithm 1, Eq. 4.14, Table 4.5).

The temporal phrase corpus TP is built from real text: the gold TIMEX3 phrases of TimeML's
training part (tbaq), the phrases the recogniser finds in TweeTIME's dev tweets, and the Table 4.4
parts of the day (data/tp_curated.txt). Only phrases that are relative to the moment of writing
("this morning", "last week") can stand in for another phrase, so TP keeps those (and durations
and sets). For a phrase with interval O, the candidates are TP phrases whose interval A covers O;
NCP*(O, A) = (end_O - start_O + 1) / (end_A - start_A + 1) in seconds, and sorting by NCP*
descending makes anonymity grow down the list. Durations are compared by length instead
("for three years" -> "for years"): a duration hides among all durations up to the longer one.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

from osnguard.privacy import artifacts
from osnguard.privacy.resources import load_once
from osnguard.privacy.temporal import normalisation as norm
from osnguard.privacy.temporal.corpus import read_tweetime, tbaq_documents
from osnguard.privacy.temporal.model import Interval, TimeExpression
from osnguard.privacy.temporal.recognition import find_expressions, normalise_phrase

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent / "data"
TP_FILE = "temporal.tp.json"
# Two unrelated anchors: a phrase whose value differs between them is relative to "now".
PROBE_NOWS = (datetime(2026, 11, 22, 9, 0), datetime(2023, 3, 8, 15, 30))
# "nearly N units" (TimeML LESS_THAN) only covers lengths close to N.
NEAR = re.compile(r"\b(nearly|almost|close to|just under|not quite)\b", re.IGNORECASE)
NEAR_SHARE = 0.75
MAX_BOUND_RATIO = 30  # "for 50 minutes" -> "for less than an hour", not "less than a decade"
FEW = re.compile(r"\b(few|couple)\b", re.IGNORECASE)
# Vague durations (PXY: "for years") are taken to span up to this many units.
VAGUE_TIME_UNITS = {"M": 60, "H": 24, "S": 60}  # PTXM is minutes, not months
VAGUE_DURATION_UNITS = {"Y": 10, "M": 12, "W": 4, "D": 7, "H": 24, "DE": 5, "CE": 3}
NO_PREPOSITION = re.compile(
    r"^(?:this|that|last|next|past|coming|today|tomorrow|yesterday|tonight|earlier|later|"
    r"recently|lately|now|every|each|once|twice|daily|weekly|monthly|annually|yearly|nightly|"
    r"during|in|at|on|for|over|throughout|(?:early|late|mid)[\s-]+(?:this|next|last)\b|"
    r"a |an |\w+ ago$)",
    re.I,
)


@dataclass(frozen=True)
class TemporalCandidate:
    """One generalization of a time phrase: replacement text, its interval and NCP*.

    `text` is what replaces the original phrase (with a preposition where needed: "on Friday");
    `phrase` is the TP entry it came from. `suppressed` marks the level that deletes the phrase.
    """

    text: str
    phrase: str
    value: str
    interval: Interval | None
    ncp: float
    count: int = 0
    suppressed: bool = False


def ncp_star(original: Interval, candidate: Interval) -> float:
    """Eq. 4.14: (end_O - start_O + 1) / (end_A - start_A + 1), in seconds, inclusive."""
    if original is None or candidate is None:
        raise ValueError("NCP* needs two anchored intervals (start, end)")
    for start, end in (original, candidate):
        if end < start:
            raise ValueError("an interval must not end before it starts")
    return norm.interval_seconds(original) / norm.interval_seconds(candidate)


# --- the corpus TP --------------------------------------------------------------------------


def _curated_phrases() -> list[str]:
    lines = (DATA_DIR / "tp_curated.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def collect_phrases() -> Counter[str]:
    """Temporal phrases of the training texts with their frequencies (lower-cased)."""

    counts: Counter[str] = Counter()
    for document in tbaq_documents():
        for timex in document.timexes:
            counts[" ".join(timex.text.lower().split())] += 1
    for tweet in read_tweetime("dev"):
        created = datetime(tweet.created.year, tweet.created.month, tweet.created.day, 12)
        for expression in find_expressions(tweet.text, now=created):
            counts[" ".join(expression.text.lower().split())] += 1
    for phrase in _curated_phrases():
        counts[phrase] += 1
    return counts


UNNATURAL = re.compile(
    r"quarter|fiscal|half|period|-|\b(?:earlier|later|before|after|recent|the)\b"
)


def _parse(phrase: str, now: datetime) -> TimeExpression | None:
    """Normalise a TP phrase; bare plural durations ("years") are read as "for years"."""
    expression = normalise_phrase(phrase, now=now)
    if expression is None and re.fullmatch(r"(?:several |many |a few )?\w+s", phrase):
        expression = normalise_phrase(f"for {phrase}", now=now)
    return expression


def _usable(phrase: str) -> str | None:
    """The TIMEX type if `phrase` can substitute for another phrase in a message, else None.

    News-register phrases (quarters, fiscal years, "a year earlier", adjectives like
    "two-year") are left out: they would read unnaturally in a social-network message.
    """
    if UNNATURAL.search(phrase) and phrase not in _curated_phrases():
        return None
    values = []
    for probe in PROBE_NOWS:
        expression = _parse(phrase, probe)
        if expression is None or (expression.vague and expression.type != "DURATION"):
            return None
        number = re.match(r"(\d+|\w+) (\w+)$", phrase)
        if (
            expression.type == "DURATION"
            and number
            and not number.group(2).endswith("s")
            and number.group(1) not in ("a", "an", "one")
        ):
            return None  # "four year" (from "four year old") is not a duration phrase
        values.append((expression.type, expression.value, expression.interval is not None))
    kind = values[0][0]
    if kind in ("DURATION", "SET"):
        return kind
    if values[0][1] != values[1][1] and values[0][2]:
        return kind  # relative to the moment of writing, and anchorable
    return None


def build_corpus() -> list[dict[str, Any]]:
    counts = collect_phrases()
    entries = []
    for phrase, count in counts.most_common():
        kind = _usable(phrase)
        if kind:
            entries.append({"text": phrase, "count": count, "type": kind})
    return entries


def corpus_json() -> str:
    """TP built from the shared corpora, as the text of `temporal.tp.json`."""
    entries = build_corpus()
    log.info("temporal phrase corpus: %d phrases", len(entries))
    return json.dumps({"phrases": entries}, indent=1) + "\n"


@load_once
def temporal_corpus() -> list[dict[str, Any]]:
    """TP, loaded once per process from the shipped models (`osnguard train temporal` builds it)."""
    path = artifacts.model_file(artifacts.SPECS["temporal"], TP_FILE)
    phrases: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["phrases"]
    return phrases


@lru_cache(maxsize=8192)
def _normalised(phrase: str, now: datetime) -> TimeExpression | None:
    return _parse(phrase, now)


# --- candidates -----------------------------------------------------------------------------


def _replacement(phrase: str, expression: TimeExpression | None, original_prefix: str) -> str:
    """The phrase with the preposition it needs where the original phrase stood."""
    if expression is not None and expression.type == "DURATION":
        return (
            f"{original_prefix} {phrase}" if original_prefix else phrase
        )  # "It's been 3 days" -> "It's been days"
    phrase = WEEKDAY_WORD.sub(lambda m: m.group(0).capitalize(), phrase)  # "on Tuesday"
    if NO_PREPOSITION.match(phrase) or expression is None:
        return phrase
    value = expression.value
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}T[A-Z]{2}", value) and WEEKDAY_WORD.match(phrase):
        return f"on {phrase}"  # "on Tuesday morning", not "in tuesday morning"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) or "WE" in value:
        return f"on {phrase}" if "WE" not in value else f"over {phrase}"
    if "T" in value and re.search(r"T\d", value):
        return f"at {phrase}"
    if phrase.startswith("the ") and "T" in value:
        return f"in {phrase}"
    if phrase == "midnight":
        return "at midnight"
    return f"in {phrase}"


def _match_case(text: str, like: str) -> str:
    return text[:1].upper() + text[1:] if like[:1].isupper() else text


def _vague_limit(phrase: str, value: str, upper: float) -> float:
    """The longest duration a vague phrase can stand for: "a couple of years" two years, "a few
    minutes" four minutes, "for years" VAGUE_DURATION_UNITS years."""
    few = FEW.search(phrase)
    if not few:
        return upper
    one_unit = norm.duration_seconds(re.sub(r"X", "1", value, count=1)) or upper
    return one_unit * (2 if few.group(1).lower() == "couple" else 4)


def _duration_length(value: str) -> float | None:
    length = norm.duration_seconds(value)
    if length is not None:
        return length
    match = re.fullmatch(r"P(T?)X(DE|CE|[YMWDH])", value)
    if not match:
        return None
    code = match.group(2)
    units = VAGUE_TIME_UNITS.get(code) if match.group(1) else None
    unit_value = f"P{'T' if match.group(1) else ''}{units or VAGUE_DURATION_UNITS[code]}{code}"
    return norm.duration_seconds(unit_value)


def generalize(
    expression: TimeExpression,
    *,
    now: datetime,
    source_text: str | None = None,
    one_per_interval: bool = True,
) -> list[TemporalCandidate]:
    """TP phrases that cover `expression`, most specific first (NCP* descending).

    `source_text` (the message the expression was found in) lets replacements keep the
    original's preposition and capitals; without it the TIMEX text is used. By default one phrase
    (the most frequent in TP) stands for each distinct interval; `one_per_interval=False` keeps
    every covering phrase ("today" and "during the day"...), e.g. to count temporal fingerprints.
    """
    if not isinstance(expression, TimeExpression):
        raise ValueError("generalize needs a TimeExpression from find_expressions")
    original_text = expression.phrase(source_text) if source_text else expression.text
    prefix_match = re.match(r"(\w+)\s", original_text)
    prefix = (
        prefix_match.group(1).lower()
        if prefix_match and expression.phrase_span[0] < expression.start
        else ""
    )
    if expression.type == "DURATION":
        candidates = _duration_candidates(expression, prefix)
    elif expression.type == "SET":
        candidates = _set_candidates(expression)
    elif expression.interval is not None:
        candidates = _interval_candidates(expression, now, prefix, one_per_interval)
    else:
        candidates = []
    return [
        TemporalCandidate(
            _match_case(c.text, original_text), c.phrase, c.value, c.interval, c.ncp, c.count
        )
        for c in candidates
    ]


def _interval_candidates(
    expression: TimeExpression, now: datetime, prefix: str, one_per_interval: bool = True
) -> list[TemporalCandidate]:
    original = expression.interval
    if original is None:
        return []
    best: dict[Any, TemporalCandidate] = {}
    now_key = now.replace(second=0, microsecond=0)
    for entry in temporal_corpus():
        if entry["type"] not in ("DATE", "TIME"):
            continue
        found = _normalised(entry["text"], now_key)
        if found is None or found.interval is None:
            continue
        start, end = found.interval
        if start > original[0] or end < original[1] or found.interval == original:
            continue
        if SEASON.search(entry["text"]):
            continue  # "this summer" is winter south of the equator: never say a season
        ncp = ncp_star(original, found.interval)
        candidate = TemporalCandidate(
            _replacement(entry["text"], found, prefix),
            entry["text"],
            found.value,
            found.interval,
            ncp,
            entry["count"],
        )
        key = found.interval if one_per_interval else candidate.text
        if key not in best or candidate.count > best[key].count:
            best[key] = candidate
    for vague in _relative_candidates(original, now_key):
        best.setdefault(vague.interval, vague)
    return sorted(best.values(), key=lambda c: (-c.ncp, -c.count))


WEEKDAY_WORD = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
SEASON = re.compile(r"\b(?:spring|summer|autumn|fall|winter)\b", re.I)
RELATIVE_REACH = timedelta(days=45)


def _relative_candidates(original: Interval, now: datetime) -> list[TemporalCandidate]:
    """ "soon" for a time in the next weeks, "recently" for one in the past weeks: how people say
    a time vaguely, and true whatever the calendar ("at 7:30 tomorrow" -> "soon")."""
    start, end = original
    try:
        future = start >= now and end <= now + RELATIVE_REACH
        past = end <= now and start >= now - RELATIVE_REACH
    except TypeError:  # naive and aware datetimes
        return []
    found = []
    if future:
        interval = (now, now + RELATIVE_REACH)
        found.append(
            TemporalCandidate("soon", "soon", "FUTURE_REF", interval, ncp_star(original, interval))
        )
    if past:
        interval = (now - RELATIVE_REACH, now)
        found.append(
            TemporalCandidate(
                "recently", "recently", "PAST_REF", interval, ncp_star(original, interval)
            )
        )
    return found


def _duration_candidates(expression: TimeExpression, prefix: str) -> list[TemporalCandidate]:
    """Duration phrases whose meaning includes the original's length.

    "for years" / "for a few years" (a vague amount of the same unit) and "for nearly / less than
    / up to N units" with N above the original cover it; NCP* compares the original length with
    the largest length the candidate allows. "for four years" does not cover "for three years".
    """
    length = _duration_length(expression.value)
    unit = re.fullmatch(r"PT?[\d.X]+(DE|CE|WE|[YMWDHS]|Q)", expression.value)
    if length is None or unit is None:
        return []
    best: dict[str, TemporalCandidate] = {}
    for entry in temporal_corpus():
        if entry["type"] != "DURATION":
            continue
        found = _normalised(entry["text"], PROBE_NOWS[0])
        if found is None or found.text.lower().startswith(("the ", "last", "past")):
            continue
        vague = re.fullmatch(r"PT?X(DE|CE|WE|[YMWDHS]|Q)", found.value)
        upper = _duration_length(found.value)
        if upper is None:
            continue
        same_unit = found.value[-1] == expression.value[-1] and ("T" in found.value) == (
            "T" in expression.value
        )
        if vague:
            upper = _vague_limit(entry["text"], found.value, upper)
            covers = same_unit and length <= upper
        else:
            covers = (
                found.mod in ("LESS_THAN", "EQUAL_OR_LESS")
                and upper > length
                and upper <= MAX_BOUND_RATIO * length
            )  # "less than an hour", not "up to 180 days"
            if covers and NEAR.search(entry["text"]):
                covers = length >= NEAR_SHARE * upper  # "nearly forty years" does not cover three
        if not covers:
            continue
        candidate = TemporalCandidate(
            _replacement(entry["text"], found, prefix),
            entry["text"],
            found.value,
            None,
            min(1.0, length / upper),
            entry["count"],
        )
        key = f"{found.value}/{found.mod}"
        if key not in best or candidate.count > best[key].count:
            best[key] = candidate
    return sorted(best.values(), key=lambda c: (-c.ncp, -c.count))


def _set_candidates(expression: TimeExpression) -> list[TemporalCandidate]:
    """A set generalizes to the plain period it recurs in ("every Monday" -> "every week")."""
    value = expression.value
    if re.fullmatch(r"XXXX-WXX-[1-7]", value):
        return [TemporalCandidate("every week", "every week", "P1W", None, 1 / 7)]
    if value == "XXXX-WXX-WE":
        return [TemporalCandidate("every week", "every week", "P1W", None, 2 / 7)]
    pod = re.fullmatch(r"XXXX-XX-XXT(MO|AF|EV|NI|MI|DT)", value)
    if pod:
        first, last = norm.PART_OF_DAY_TIMES[pod.group(1)]
        seconds = (
            datetime.combine(datetime.min, last) - datetime.combine(datetime.min, first)
        ).total_seconds() % 86400 + 1
        return [TemporalCandidate("every day", "every day", "P1D", None, seconds / 86400)]
    return []


def generalization_for_level(
    expression: TimeExpression,
    *,
    level: int,
    levels: int,
    now: datetime,
    source_text: str | None = None,
    allow_suppression: bool = True,
) -> TemporalCandidate:
    """The generalization a group at privacy `level` (0 = closest, levels-1 = public) receives.

    The original phrase, its candidates (NCP* descending) and, when allowed, suppression are laid
    out in order and the levels spread evenly over them (Table 4.5): level 0 keeps the original,
    the most private level gets the most general phrase or, if allowed, suppression.
    """
    if not isinstance(levels, int) or levels < 1:
        raise ValueError("levels must be a positive whole number")
    if not isinstance(level, int) or not 0 <= level < levels:
        raise ValueError(f"level must be between 0 and {levels - 1}")
    original_text = expression.phrase(source_text) if source_text else expression.text
    options = [
        TemporalCandidate(
            original_text, expression.text, expression.value, expression.interval, 1.0
        )
    ]
    options += generalize(expression, now=now, source_text=source_text)
    if allow_suppression:
        options.append(TemporalCandidate("", "", "", None, 0.0, suppressed=True))
    if levels == 1:
        return options[0]
    index = round(level * (len(options) - 1) / (levels - 1))
    return options[index]

"""How people say a time vaguely: true, natural generalizations of a whole time phrase for
friends' versions ("at 6am tomorrow" -> "tomorrow morning" -> "tomorrow" -> "this week" -> "soon").

The NCP* candidates (generalization.py) come from a corpus of phrases and measure how far a time
can be generalized; in a post many of them read oddly ("yesterday" -> "this month") and they
replace one expression, not the phrase the identification marked ("7pm to 7:30am" became "this
evening to 7:30am"). Here the phrase is read as a whole: a duration by its total length, a
routine by its days and time of day, a time or range by the interval its expressions span. The
wordings are the ones people use, each true of the original: a time's wordings cover its
interval and are ordered by NCP* (most specific first); durations and routines climb fixed
ladders. An empty list means the phrase could not be read (it can still be removed).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta

from osnguard.privacy import lexicon
from osnguard.privacy.temporal import normalisation as norm
from osnguard.privacy.temporal.model import Interval, TimeExpression
from osnguard.privacy.temporal.recognition import parse_number

WEEKDAY_PATTERN = re.compile(
    r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s?day|nesday|urday|rsday|r|rs|s)?s?\b", re.I
)
# (code, a day's part as people name it, clock hours it covers) for routines and clock times
PARTS: tuple[tuple[str, str, int, int], ...] = (
    ("MO", "morning", 5, 12),
    ("AF", "afternoon", 12, 17),
    ("EV", "evening", 17, 21),
    ("NI", "night", 21, 24),
)
PART_WORD = re.compile(r"\b(morning|afternoon|evening|night|lunch(?:time)?)s?\b", re.I)
CLOCK = re.compile(r"T(\d{2}):(\d{2})")
DURATION_PREFIXES = ("for", "after", "over", "from", "within", "in")
UNREAD_START = re.compile(
    r"(?:since|from|starting)\s+(?:today|tonight|recently|lately|earlier|soon|later)", re.IGNORECASE
)
ALL_WEEK_TAIL = re.compile(r"\ball week$", re.IGNORECASE)
BEFORE_CUE = re.compile(r"before\s", re.IGNORECASE)


def _before_wordings(expression: TimeExpression, now: datetime) -> list[VagueWording]:
    """ "before 2pm" -> "before the evening"; "before Friday" (this week) -> "this week" ->
    "soon": a later bound is true of an earlier one, a wording of the point itself ("in the
    afternoon") or a past one ("last week") would not be."""
    assert expression.interval is not None
    start = expression.interval[0]
    words: list[str] = []
    if expression.type == "TIME" and start.date() == now.date() and start.hour < 18:
        words.append("before the evening")
    elif expression.type == "DATE" and start.date() > now.date():
        days_ahead = (start.date() - now.date()).days
        if start.weekday() <= 4 and days_ahead <= 6 - now.weekday():
            words += ["before the weekend", "this week"]
        if days_ahead <= 14:
            words.append("soon")
    return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(words)]


OPEN_AHEAD = re.compile(r"(?:after|from|starting)\b", re.IGNORECASE)
LOOKING_BACK = frozenset({"earlier", "recently", "earlier today", "this morning"})
DURATION_TODAY = re.compile(r"(?P<length>.+?)\s+(?:today|tonight|now)", re.IGNORECASE)
ROUTINE_CUE = re.compile(
    r"^(?:every|each)\b|\b(?:daily|weekly|nightly)\b"
    # "on Thursday evenings", "Sundays": days and parts in the plural are habits
    rf"|\b{lexicon.WEEKDAY_NAME}s\b|\b(?:morning|afternoon|evening|night)s\b"
    # three days or more in a row: "8-12 Mon Wed Fri", "Mon, Wed, Fri"
    rf"|\b(?:{lexicon.WEEKDAY_WORD}(?:\s*[/&,]\s*|\s+)){{2,}}{lexicon.WEEKDAY_WORD}\b",
    re.I,
)
UNTIL_CUE = re.compile(r"^(?:till|until|til|'til|to)\b", re.I)
FROM_CUE = re.compile(r"^(?:from|since|starting|as of)\b", re.I)
PREPOSITION_FIRST = re.compile(
    r"^(?:on|at|in|by|from|till|until|til|since|starting|during|over|before|after|around|"
    r"this|next|last|coming)\b",
    re.I,
)
LEADING_PREPOSITION = re.compile(r"^(?:in|on|at)\s+", re.I)
RANGE_CUE = re.compile(r"\b(?:to|till|until|til)\b|-|–", re.I)
MONTHLY = re.compile(
    r"\b(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+\w+\s+(?:of|in)\s+(?:the|every|each)"
    r"\s+month\b|\bmonthly\b|\bonce a month\b|\bevery month\b",
    re.I,
)
ALTERNATE = re.compile(
    r"\bevery (?:other|second)\b|\balternate\b|\bfortnightly\b|\bbiweekly\b", re.I
)
# "21 days on, 21 off": shifts in rotation
ROTA = re.compile(r"\b(?P<n>\w+)\s+(?:(?P<unit>days|weeks)\s+)?on\b.*\boff\b", re.I)
_DAY = r"(?:mon|tue|wed|thu|fri|sat|sun)"
DAY_RANGE = re.compile(
    rf"\b{_DAY}\w*\b.*?\b(?:to|till|until|til)\s+{_DAY}\w*\b|\b{_DAY}\w*\s*[-–]\s*{_DAY}", re.I
)
# "6-9pm", "6 to 9pm": the range starts in the half of the day its end names
CLOCK_RANGE = re.compile(
    r"\b(?P<first>\d{1,2})(?::\d{2})?\s*(?:-|–|to|till)\s*\d{1,2}(?::\d{2})?\s*(?P<half>am|pm)\b",
    re.I,
)
WEEKEND = re.compile(r"\bweekends?\b", re.IGNORECASE)
BARE_DAY_OF_MONTH = re.compile(r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?", re.IGNORECASE)
# a day of the week in the plural, said as a noun ("Sundays with my mum", "on Tuesdays")
PLURAL_DAYS = re.compile(rf"(?P<on>on\s+)?{lexicon.WEEKDAY_NAME}s", re.IGNORECASE)
# Holidays people say "the holidays" for; naming the holiday can say one's faith (not Ramadan,
# a month, nor festivals the phrase names as routines). The name goes with its day or eve
# ("Christmas Day", "Easter Sunday").
HOLIDAY_NAME = re.compile(
    r"\b(?:christmas|xmas|new year(?:'s)?|thanksgiving|easter|hanukkah|chanukah|diwali|eid|"
    r"passover|lunar new year|chinese new year)"
    r"(?:\s+(?:day|eve|week|break|holidays?|sunday|monday|weekend))?\b",
    re.IGNORECASE,
)
NEAR = timedelta(days=7)  # a time this close to now is not said by its month or year
WEEK_WORDING = re.compile(r"(?:this|next|last) week(?:end)?")
WEEKDAY_NEAR = timedelta(days=14)  # a weekday is said by its week within a fortnight
# a stretch across midnight this long is a night ("from 9pm to 5am"); "around quarter to
# midnight" is a moment, never "all night"
NIGHT_MIN = timedelta(hours=4)
SOON = timedelta(days=62)  # "soon" covers next month, "recently" last month


@dataclass(frozen=True)
class VagueWording:
    """One wording of the whole phrase; `ncp` is NCP* against the original (1.0 = as precise)."""

    text: str
    ncp: float


# --- entry point ---------------------------------------------------------------------------------


def vague_wordings(
    phrase: str,
    expressions: Sequence[TimeExpression],
    now: datetime,
    *,
    southern: bool | None = False,
    other_day_named: bool = False,
) -> list[VagueWording]:
    """The wordings of `phrase` (a time phrase as the identification marked it) most specific
    first; `expressions` are the recognised expressions inside it; `southern`: the author lives
    in the southern hemisphere (June is winter), None in the tropics (no seasons); `other_day_named`: the message names a day
    other than today, so a clock time without a day of its own may be on that day ("this Friday
    from 7, Kiddush at 7:30"): it is said by its part of the day alone ("in the evening"), never
    "this evening" or "later"."""
    if not expressions or not phrase.strip():
        return []
    if (
        other_day_named
        and not names_a_day(phrase)
        and all(e.type == "TIME" for e in expressions)
        and (clock := _part_of_day_wordings(phrase, expressions))
    ):
        return clock
    sun = SUN_PHRASE.fullmatch(phrase.strip())
    if sun:
        # "we met at sunset": a part of the day said of no day ("this evening" would date it)
        lead = sun.group("lead").lower()
        morning = sun.group("sun").lower() in ("sunrise", "dawn", "first light", "daybreak")
        if morning:
            said = {"after": ["in the morning"], "by": ["early in the morning"]}.get(
                lead, ["early in the morning", "in the morning"]
            )
        else:
            said = {"before": ["before evening"], "by": ["by evening"]}.get(
                lead, ["in the evening"]
            )
        return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(said)]
    if re.search(r"\d-(?:day|week|month|year|hour)\b", phrase, re.I) or re.fullmatch(
        r"(?:[2-9]|\d{2,3}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:day|week|month|year|hour)",
        phrase.strip(),
        re.I,
    ):
        # "a 10-day trip", "2 year sober anniversary": an adjective the ladders cannot rewrite
        return []
    plural_days = PLURAL_DAYS.fullmatch(phrase.strip())
    if plural_days:
        # "Sundays with my mum" -> "weekends with my mum" -> "some days with my mum"
        days = _weekdays(phrase)
        lead = plural_days.group("on") or ""
        if days <= {5, 6}:
            said = [lead + "weekends", lead + "some days"]
        elif lead and len(days) <= 2:
            # "on Mondays" -> "once a week" ("on weekdays" would be every day of the week)
            said = ["once a week" if len(days) == 1 else "twice a week", lead + "some days"]
        elif len(days) <= 2:
            said = ["some days"]  # "Wednesdays are a war crime" -> "Some days are ..."
        else:
            said = [lead + "weekdays", lead + "some days"]
        return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(said)]
    whole_part = re.fullmatch(r"all (?:morning|afternoon|evening)", phrase.strip(), re.I)
    if whole_part:
        return [VagueWording("all day", 0.5), VagueWording("for a while", 0.33)]
    kinds = {e.type for e in expressions}
    if kinds == {"DURATION"} and re.match(r"(?:at|aged)\s", phrase, re.I):
        return []  # "at 11 weeks" (pregnant), "at 6 months": a stage, not a length of time
    into = re.fullmatch(r"(?P<length>.+?)\s+in", phrase.strip(), re.IGNORECASE)
    if kinds == {"DURATION"} and into:
        # "3 weeks in and loving it" -> "a few weeks in": how far into something, kept so
        return [
            VagueWording(f"{w.text} in", w.ncp)
            for w in _duration_wordings(into.group("length"), expressions)
            if w.text != "a while"
        ]
    if kinds == {"DURATION"} and not re.match(r"(?:every|each)\b", phrase, re.I):
        return _duration_wordings(phrase, expressions)  # "3 nights" is no habit
    if "SET" in kinds or ROUTINE_CUE.search(phrase):
        return _routine_wordings(phrase, expressions)
    timed = [e for e in expressions if e.interval is not None]
    durations = [e for e in expressions if e.type == "DURATION"]
    lasting = DURATION_TODAY.fullmatch(phrase.strip())
    if durations and lasting:
        # "It's been 3 years today" -> "It's been a few years": the day is the anniversary
        return _duration_wordings(lasting.group("length"), durations)
    first_word = phrase.split(maxsplit=1)[0].lower()
    for_part = re.search(r"\bfor\s+\S.*$", phrase, re.IGNORECASE)
    if durations and timed and for_part and first_word in ("in", "from", "on"):
        # "in March for 9 months" -> "for most of a year": how long, not "in several months"
        return _duration_wordings(for_part.group(0), durations)
    if (
        durations
        and first_word in DURATION_PREFIXES
        and (first_word not in ("from", "within", "in") or kinds == {"DURATION"})
    ):  # ("from Monday for 2 weeks" is no "from a couple of weeks")
        # "for three weeks from the 20th" -> "for a few weeks": the length, not the start
        return _duration_wordings(phrase, durations)
    if not timed or "DURATION" in kinds:
        return []
    if ALL_WEEK_TAIL.search(phrase) and all(e.type == "TIME" for e in timed):
        # "6am-2pm all week" -> "all week" -> "this week": the days, not today's hours
        return [VagueWording("all week", 0.5), VagueWording("this week", 0.33)]
    if BEFORE_CUE.match(phrase) and len(timed) == 1:
        return _before_wordings(timed[0], now)
    found = _point_wordings(phrase, timed, now, southern=southern)
    if re.match(r"(?:at|by|on)\s", phrase, re.IGNORECASE):
        # "at the end of the month": a point, never a stretch under way ("lately")
        found = [w for w in found if w.text != "lately"]
    if OPEN_AHEAD.match(phrase) and all(
        e.interval is not None and e.interval[0].date() == now.date() for e in timed
    ):
        # "call me after 6pm" said today: from then on, never "earlier"
        found = [w for w in found if w.text not in LOOKING_BACK]
    # "since 3am" -> never "since today": a start is a point in time
    found = [w for w in found if not UNREAD_START.fullmatch(w.text)]
    interval = timed[0].interval if len(timed) == 1 and timed[0].type == "TIME" else None
    if (
        re.match(r"since\s", phrase, re.IGNORECASE)
        and interval is not None
        and interval[0].date() == now.date()
        and interval[0] <= now
    ):
        hour = interval[0].hour
        part = (
            "the early hours"
            if hour < 5
            else "this morning"
            if hour < 12
            else "this afternoon"
            if hour < 17
            else "this evening"
        )
        found = [VagueWording(f"since {part}", 0.5), *found]
    if HOLIDAY_NAME.search(phrase):
        # "over Christmas" -> "over the holidays", "till after Christmas" -> "till after the
        # holidays", then the times around it
        holidays = HOLIDAY_NAME.sub("the holidays", phrase, count=1)
        holidays = re.sub(
            r"^(?:at|on|during)\s+the holidays", "over the holidays", holidays, flags=re.I
        )
        if not re.search(r"\b(?:this|next|last|every)\s+the holidays", holidays, re.I):
            # ("next Easter" -> "next the holidays" would not read; its times below do)
            found = [VagueWording(holidays, 0.5), *(w for w in found if w.text != holidays)]
    return found


# A phrase that says which day it is on: a weekday, a relative day, a date, a month
DAY_REFERENCE = re.compile(
    r"\b(?:today|tonight|tomorrow|tmrw|tmr|yesterday|this|next|last|weekend|week|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)\w*|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|"
    r"\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.-]\d{1,2})\b",
    re.IGNORECASE,
)


# A time by the sun with no day of its own ("at sunset", "before dawn")
SUN_PHRASE = re.compile(
    r"(?P<lead>at|by|before|after|around)\s+"
    r"(?P<sun>sunrise|dawn|first light|daybreak|sunset|sundown|dusk|golden hour)",
    re.IGNORECASE,
)


def names_a_day(phrase: str) -> bool:
    """Whether a time phrase says its day ("at 7 tomorrow"), unlike a bare clock ("at 7:30")."""
    return bool(DAY_REFERENCE.search(phrase))


def _part_of_day_wordings(phrase: str, expressions: Sequence[TimeExpression]) -> list[VagueWording]:
    """A clock time on a day the phrase does not name: its part of the day, said of no day
    ("at 1:15" -> "in the early afternoon" -> "in the afternoon"; "at midnight" -> "late at
    night" -> "at night")."""
    hours = [int(c.group(1)) for e in expressions if (c := CLOCK.search(e.value or ""))]
    if re.search(r"\bmidnight\b", phrase, re.IGNORECASE):
        hours = [0]
    if not hours:
        return []
    hour = hours[0]
    if RANGE_CUE.search(phrase):
        # "7pm to 7:30am": overnight, on whichever day it starts; other ranges are not worded
        if len(hours) > 1 and hours[-1] < hour:
            return [VagueWording("overnight", 0.5), VagueWording("all night", 0.33)]
        return []
    cue = FROM_CUE.match(phrase)
    if cue:
        # "from 7:30" -> "from early morning" -> "from the morning"
        part = _part_name(hour) or "night"
        said = [f"{cue.group(0)} early morning"] if 4 <= hour < 8 else []
        said.append(f"{cue.group(0)} the {part}")
        return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(said)]
    if hour >= 22 or hour < 3:
        words = ["late at night", "at night"]
    elif hour < 8:
        words = ["early in the morning", "in the morning"]
    elif hour < 12:
        words = ["in the morning"]
    elif hour < 15:
        words = ["in the early afternoon", "in the afternoon"]
    elif hour < 17:
        words = ["in the afternoon"]
    else:
        words = ["in the evening"]
    return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(words)]


# --- durations -----------------------------------------------------------------------------------

UNITS: tuple[tuple[str, float], ...] = (
    ("year", norm.UNIT_SECONDS["year"]),
    ("month", norm.UNIT_SECONDS["month"]),
    ("week", norm.UNIT_SECONDS["week"]),
    ("day", norm.UNIT_SECONDS["day"]),
    ("hour", norm.UNIT_SECONDS["hour"]),
)


def _duration_wordings(phrase: str, expressions: Sequence[TimeExpression]) -> list[VagueWording]:
    """ "for 6 weeks" -> "for over a month", "for several weeks" -> "for weeks" -> "for a
    while"; "for 8 years" -> "for several years" -> "for years" ("a while" understates years);
    a compound ("2 years and 4 months") is read by its total length."""
    lengths = [norm.duration_seconds(e.value) for e in expressions]
    if any(length is None for length in lengths):
        return []
    total = sum(length for length in lengths if length is not None)
    first = phrase.split(maxsplit=1)[0].lower() if phrase.split() else ""
    prefix = first if first in DURATION_PREFIXES else ""
    lead = re.match(r"(?:for|over|in)\s+the\s+(?:next|past|last|first)\b", phrase, re.I)
    if lead:
        prefix = lead.group(0)  # "for the next 6 weeks" -> "for the next few weeks"
    named = re.fullmatch(r"PT?[\d.]+([YMWDH])", expressions[0].value)
    own = {"Y": "year", "W": "week", "D": "day", "H": "hour"}.get(named.group(1)) if named else None
    if named and named.group(1) == "M":
        own = "minute" if "T" in expressions[0].value else "month"
    unit, size = next(
        ((u, s) for u, s in UNITS if u == own or (own not in dict(UNITS) and total >= s * 0.999)),
        UNITS[-1],
    )
    if total < UNITS[-1][1]:
        minutes = total / 60
        short = ["a few minutes"] if minutes <= 4 else []
        short += ["less than an hour", "a while"] if minutes >= 15 else ["a while"]
        return [VagueWording(_with_prefix(prefix, w), 1.0 / (i + 2)) for i, w in enumerate(short)]
    count = total / size
    whole = int(count + 1e-6)
    exact = abs(count - round(count)) < 0.05
    if unit == "day" and re.search(r"\bnights?\b", phrase, re.I):
        unit = "night"  # "3 nights" -> "a few nights"
    words: list[str] = []
    if unit == "week" and count >= 5:
        words.append("over a month")
    if unit == "day" and count >= 365:
        words += ["over a year"]  # "400 days sober" is over a year, not "months"
    elif unit == "day" and count >= 60:
        words += ["a few months" if count < 150 else "months"]
    elif unit == "day" and 8 <= count < 14:
        words += ["over a week"]  # "10 days in Hanoi": never "days in Hanoi"
    if unit == "year" and whole >= 20:
        words.append("decades")
    elif unit == "year" and exact and round(count) == 10:
        words.append("a decade")
    elif unit == "year" and whole == 9:
        words.append("nearly a decade")
    elif unit == "year" and whole >= 10:
        words.append("over a decade")
    elif exact and round(count) == 2:
        words.append(f"a couple of {unit}s")
    elif exact and 3 <= round(count) <= 4:
        words.append(f"a few {unit}s")
    elif exact and unit == "month" and round(count) == 6:
        words.append("half a year")
    elif exact and unit == "week" and 5 <= round(count) <= 8:
        words.append("a few weeks")  # "for 6 weeks": "a few weeks" as people say it
    elif exact and 5 <= round(count) <= 9 and unit not in ("hour", "year"):
        words.append(f"several {unit}s")  # "6 years" is "years" as people say it
    elif not exact and 1 <= whole <= 9:
        words.append(
            f"over {'a' if whole == 1 else lexicon.NUMBER_NAMES[whole]} {unit}{'s' * (whole > 1)}"
        )
    if unit == "day" and count >= 365:
        words.append("a long time")
    elif unit == "day" and count >= 60:
        words.append("months")
    elif unit in ("week", "day", "night") and (count <= 8 or (unit != "week" and count < 14)):
        pass  # "for 2 weeks" is not "for weeks", which says long
    elif count >= 2 and prefix == "in":
        # "paid off $38k in 6 years": "in years" would say "for ages" ("not in years")
        words.append(f"several {unit}s" if count >= 5 else f"a few {unit}s")
    elif count >= 2:
        words.append(f"{unit}s")  # "for years": vague, and true to the scale "a while" is not
    if (unit != "year" or count < 2) and prefix not in ("from", "within"):
        words.append("a while")  # (not "back from a while in Kerala")
    if lead:
        # "for the next few weeks", "for a while": "the next" takes only "few"/"couple of"
        words = [
            f"{lead.group(0)} {w[2:]}" if w.startswith(("a few ", "a couple of ")) else w
            for w in words
            if w.startswith(("a few ", "a couple of "))
            or (w == "a while" and first == "for")
            or re.fullmatch(r"(?:year|month|week|day|hour|night)s", w)
        ]
        prefix = first
    return [
        VagueWording(_with_prefix(prefix, w) if not w.startswith(prefix) else w, 1.0 / (i + 2))
        for i, w in enumerate(dict.fromkeys(words))
    ]


def _with_prefix(prefix: str, wording: str) -> str:
    return f"{prefix} {wording}" if prefix else wording


# --- routines --------------------------------------------------------------------------------------


def _weekdays(phrase: str) -> set[int]:
    """The days of the week a phrase names (Monday = 0)."""
    return {lexicon.WEEKDAYS[m.group(1).lower()] for m in WEEKDAY_PATTERN.finditer(phrase)}


# Parts of recurring days said bare, with no preposition ("I work weekend mornings", "tutor
# wanted, weekday evenings", "weeknights")
BARE_DAY_PARTS = re.compile(
    r"(?P<day>weekday|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+"
    r"(?P<part>morning|afternoon|arvo|evening|night)s|(?P<nights>weeknights)",
    re.IGNORECASE,
)


def _bare_day_parts(found: re.Match[str]) -> list[str]:
    """ "weekday evenings" -> "evenings" -> "weekdays"; "weekend mornings" -> "weekends";
    "Tuesday nights" -> "some nights": said bare and plural as the phrase was ("Sunday mornings
    are for church" -> "Some mornings are ..."), never "every morning" (a weekend's mornings are
    not every morning's)."""
    if found["nights"]:
        return ["nights", "weekdays"]
    day, part = found["day"].lower(), found["part"].lower()
    part = "afternoon" if part == "arvo" else part
    if day == "weekday":
        return [f"{part}s", "weekdays"]
    if day == "weekend":
        return ["weekends"]
    return [f"some {part}s"]


def _routine_wordings(phrase: str, expressions: Sequence[TimeExpression]) -> list[VagueWording]:
    """ "every Weds at 8am" -> "every Wednesday morning" -> "every Wednesday" -> "every week" ->
    "regularly": the clock goes first, then the days, then how often."""
    bare = BARE_DAY_PARTS.fullmatch(phrase.strip())
    if bare:
        return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(_bare_day_parts(bare))]
    days = sorted(_weekdays(phrase))
    daily = bool(
        re.search(
            r"\b(?:every|each) (?:day|morning|afternoon|evening|night)\b|\bdaily\b|\bnightly\b",
            phrase,
            re.I,
        )
    )
    part = _part_of_day(phrase, expressions)
    has_clock = any(CLOCK.search(e.value) for e in expressions) or bool(re.search(r"\d", phrase))
    words: list[str] = []
    weekend = (bool(days) and set(days) <= {4, 5, 6}) or bool(WEEKEND.search(phrase))
    rota = ROTA.search(phrase)
    if rota:
        unit = (rota["unit"] or "days").lower()
        if unit == "days" and (parse_number(rota["n"]) or 0) >= 7:
            unit = "weeks"  # "21 days on, 21 off" -> "weeks on, weeks off"
        words.append(f"{unit} on, {unit} off")
        words.append("rotating shifts")
    elif MONTHLY.search(phrase):
        if len(days) == 1:
            words.append(f"once a month on a {calendar.day_name[days[0]]}")
        words.append("once a month")
    elif ALTERNATE.search(phrase):
        # ("every other Friday" is every other week: a Friday is no weekend)
        at_weekends = (bool(days) and set(days) <= {5, 6}) or bool(WEEKEND.search(phrase))
        words += ["every other weekend" if at_weekends else "every other week", "twice a month"]
    elif days and DAY_RANGE.search(phrase):
        # "from Friday 6pm to Sunday 5pm": one stay a week, not two days
        words.append("every weekend" if weekend else "every week")
    elif days:
        named = " and ".join(calendar.day_name[d] for d in days) if len(days) <= 2 else ""
        if named and part and has_clock:
            words.append(f"every {named} {part}")
        if named and has_clock:
            words.append(f"every {named}")
        if part and not has_clock and part != "lunchtime":
            # "on Thursday evenings" -> "in the evenings"; nights are "at night"
            words.append("at night" if part == "night" else f"in the {part}s")
        if len(days) >= 2 and set(days) <= {4, 5, 6} and part in ("evening", "night"):
            # "every fri & sat till 11pm" -> "on weekend nights" -> "on weekends"
            words += ["on weekend nights", "on weekends"]
        elif set(days) <= {5, 6}:
            words.append("every weekend")
        elif len(days) == 2:
            words.append("twice a week")
        elif len(days) == 3:
            words.append("three times a week")
        elif len(days) == 1:
            words.append("once a week")
    elif re.search(r"\bweekdays?\b", phrase, re.IGNORECASE):
        # "every weekday at 6am" -> "on weekday mornings" -> "on weekdays", never "every morning"
        if part and part != "lunchtime":
            words.append("on weeknights" if part == "night" else f"on weekday {part}s")
        words.append("on weekdays")
    elif HOLIDAY_NAME.search(phrase) or re.search(
        r"\b(?:every|each) (?:year|birthday)\b", phrase, re.IGNORECASE
    ):
        words.append("every year")  # "every Christmas Day since 1998" -> "every year"
    else:
        if part and (has_clock or phrase.strip().lower() != f"every {part}"):
            words.append(f"every {part}")
        if daily:
            words.append("every day")
    words.append("regularly")
    return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(dict.fromkeys(words))]


def _part_of_day(phrase: str, expressions: Sequence[TimeExpression]) -> str | None:
    """The part of the day a routine's words or first clock time name ("every morning on the
    6:15" -> "morning"; "6-9pm" -> "evening", from its start; "at 7pm" -> "evening")."""
    word = PART_WORD.search(phrase)
    if word:
        found = word.group(1).lower()
        return "lunchtime" if found.startswith("lunch") else found
    clock_range = CLOCK_RANGE.search(phrase)
    if clock_range:
        hour = int(clock_range["first"]) % 12 + (12 if clock_range["half"].lower() == "pm" else 0)
        return _part_name(hour)
    for expression in expressions:
        clock = CLOCK.search(expression.value)
        if clock:
            return _part_name(int(clock.group(1)))
    return None


def _part_name(hour: int) -> str | None:
    return next((name for _, name, first, last in PARTS if first <= hour < last), None)


# --- times and ranges --------------------------------------------------------------------------------


def _point_wordings(
    phrase: str,
    expressions: Sequence[TimeExpression],
    now: datetime,
    *,
    southern: bool | None = False,
) -> list[VagueWording]:
    """Wordings whose interval covers the span of the phrase's times, by NCP* descending."""
    interval = _joined_interval(phrase, expressions)
    if interval is None:
        return []
    start, end = interval
    until = UNTIL_CUE.match(phrase)
    if until and len(expressions) == 1 and end > now:
        # "till the 9th" -> "till next week" -> "for about a week" -> "for a while"
        covering = sorted(
            (last - first, text)
            for text, (first, last) in _candidates(now, interval, weekend=False, southern=southern)
            if first <= start
            and last >= end
            and (first, last) != (start, end)
            and text not in ("soon", "later", "recently", "earlier")
            # "till 8 tonight" -> "till tonight"; "till today" says nothing of a later day
            and text != "today"
            and (text != "tonight" or end.date() == now.date())
            and not text.startswith(("this ", "last "))
            and last - first <= timedelta(days=31)
        )
        points = [
            VagueWording(f"{until.group(0)} {LEADING_PREPOSITION.sub('', text)}", 0.5)
            for _, text in covering[:1]
        ]
        return [*points, *_until_wordings(end - now)]
    # "this weekend" only for a time the author placed at the weekend ("today" is "this week")
    days = _weekdays(phrase)
    weekend = (any(d >= 5 for d in days) or bool(WEEKEND.search(phrase))) and not any(
        d < 5 for d in days
    )
    # "next Friday" is "next week", not "later this month"; "on the 18th" can be either
    named_week = re.search(r"\bweek(?:end)?s?\b", phrase, re.I)
    horizon = WEEKDAY_NEAR if (days or named_week) and not re.search(r"\d", phrase) else NEAR
    candidates = _candidates(now, interval, weekend=weekend, southern=southern, near=horizon)
    length = (end - start).total_seconds() + 1
    # a number the reading did not take ("tmrw at 9": an hour with no am or pm) says more than
    # the interval read: the day itself is then a generalization, not the same time said again
    unread = phrase
    for expression in expressions:
        unread = unread.replace(expression.text, " ")
    says_more = bool(re.search(r"\d", unread))
    found: dict[str, VagueWording] = {}
    for text, (first, last) in candidates:
        if first > start or last < end:
            continue
        if (
            (first, last) == (start, end)
            and not says_more
            and (not RANGE_CUE.search(phrase) or text in phrase)
        ):
            continue  # the same time said again; a range of days may be said by its week
        ncp = length / ((last - first).total_seconds() + 1)
        found.setdefault(text, VagueWording(text, ncp))
    ordered = sorted(found.values(), key=lambda w: -w.ncp)
    directed = {
        w.text.split(" ", 1)[1] for w in ordered if w.text.startswith(("later ", "earlier "))
    }
    # "in July" -> "later this year", then "soon": "this year" says no more and drops the direction
    ordered = [w for w in ordered if w.text not in directed or w.text == "this week"]
    if any(w.text == "today" for w in ordered):
        # "this morning" -> "today" -> "recently": after the day, its week adds nothing
        ordered = [w for w in ordered if not WEEK_WORDING.fullmatch(w.text)]
        # "earlier" is said as vaguer than "today" ("this morning" -> "today" -> "earlier"),
        # whatever span it covers ("later" comes first: "at 7pm" -> "later" -> "today")
        today = next(w for w in ordered if w.text == "today")
        relative = [w for w in ordered if w.text == "earlier"]
        ordered = [w for w in ordered if w not in relative]
        at = ordered.index(today) + 1
        ordered[at:at] = [VagueWording(w.text, today.ncp * 0.9) for w in relative]
    if re.fullmatch(r"tonight", phrase.strip(), re.IGNORECASE):
        # "tonight" is "this evening" as people say it, then the rest; told in the morning of
        # the night just over ("ED was a zoo tonight" at 7am), "last night"
        said = "this evening" if start.date() == now.date() else "last night"
        ordered = [
            VagueWording(said, 0.9),
            *(w for w in ordered if w.text not in ("this evening", "last night")),
        ]
    near = next(
        (i for i, w in enumerate(ordered) if w.text in ("soon", "recently", "lately")), None
    )
    if near is not None:
        ordered = ordered[: near + 1]  # nobody says "this year" for next week: "soon" is the top
    cue = FROM_CUE.match(phrase)
    if cue and not RANGE_CUE.search(phrase):
        return _from_wordings(cue.group(0), ordered)
    if not PREPOSITION_FIRST.match(phrase):
        # "see you Thursday 8pm" -> "Thursday evening": no "on" the author did not write
        ordered = [VagueWording(re.sub(r"^on\s+", "", w.text), w.ncp) for w in ordered]
    lasting = _range_length(phrase, expressions, end - start)
    if lasting and not named_week and abs(start - now) <= WEEKDAY_NEAR:
        # "from Thursday till the following Tuesday" -> "for a few days": how long, not when
        at = next(
            (i for i, w in enumerate(ordered) if w.text in ("soon", "recently")), len(ordered)
        )
        ncp = ordered[at - 1].ncp / 2 if at else 0.5
        ordered = [*ordered[:at], VagueWording(lasting, ncp), *ordered[at:]]
    return ordered


def _range_length(phrase: str, expressions: Sequence[TimeExpression], span: timedelta) -> str:
    """How long a range of days lasts as people say it ("for a few days", "for a week"); ""
    for anything else (one day, clock times, no range)."""
    if not RANGE_CUE.search(phrase) or any(e.type != "DATE" for e in expressions):
        return ""
    days = round(span.total_seconds() / 86400 - 0.5)  # nights: Thursday to Tuesday is 5
    for most, said in ((1, ""), (5, "for a few days"), (8, "for a week"), (11, "for over a week"),
                       (17, "for a couple of weeks"), (35, "for a few weeks")):  # fmt: skip
        if days <= most:
            return said
    return ""


def _from_wordings(cue: str, ordered: Sequence[VagueWording]) -> list[VagueWording]:
    """ "from Monday 12th" -> "from next week" -> "soon": a start keeps its "from" (or
    "starting", "since"); "soon" and "recently" stand alone ("starting soon" keeps it)."""
    found: dict[str, VagueWording] = {}
    for wording in ordered:
        if wording.text in ("later", "earlier"):
            continue  # "from 7:30" is not "earlier"
        if wording.text in ("soon", "recently"):
            keep = cue.lower() == "starting" and wording.text == "soon"
            text = f"{cue} {wording.text}" if keep else wording.text
        else:
            rest = wording.text
            if cue.lower() != "starting":  # "starting in the autumn", "from the autumn"
                rest = LEADING_PREPOSITION.sub("", rest)
            text = f"{cue} {rest}"
        found.setdefault(text, VagueWording(text, wording.ncp))
    return list(found.values())


def _until_wordings(span: timedelta) -> list[VagueWording]:
    """ "till Thursday" (from now) -> "for a few days" -> "for a while"; "till 8 tonight" ->
    "for a few hours"."""
    days = span.total_seconds() / 86400
    words = []
    if days <= 0.25:
        words.append("for a few hours")
    elif days <= 1:
        words.append("for hours")
    elif days <= 5:  # ("till Sunday" said on a Wednesday evening: four days and a bit)
        words.append("for a few days")
    elif days <= 10:
        words.append("for about a week")
    elif days <= 18:
        words.append("for a couple of weeks")
    elif days <= 31:
        words.append("for a few weeks")
    words.append("for a while")
    return [VagueWording(w, 1.0 / (i + 2)) for i, w in enumerate(words)]


def _joined_interval(phrase: str, expressions: Sequence[TimeExpression]) -> Interval | None:
    """From the first expression's start to the last one's end; a range whose end falls before
    its start runs into the next day ("7pm to 7:30am")."""
    expressions = _on_one_day(phrase, expressions)
    intervals = [e.interval for e in expressions if e.interval is not None]
    if not intervals:
        return None
    week = next((e for e in expressions if re.fullmatch(r"\d{4}-W\d\d", e.value or "")), None)
    if week is not None and week.interval is not None and WEEKDAY_PATTERN.search(phrase):
        # "from Monday to Friday last week": the days are those of the week it names (from the
        # first to the last when the recogniser read them in it, so "next week" is wider)
        days = [e.interval for e in expressions if e is not week and e.interval is not None]
        inside = [i for i in days if week.interval[0] <= i[0] and i[1] <= week.interval[1]]
        if days and len(inside) == len(days):
            return min(i[0] for i in inside), max(i[1] for i in inside)
        return week.interval
    start, end = intervals[0][0], intervals[-1][1]
    if (
        len(intervals) > 1
        and RANGE_CUE.search(phrase)
        and BARE_DAY_OF_MONTH.fullmatch(expressions[0].text.strip())
        and (start.year, start.month) != (end.year, end.month)
        # ("from the 23rd till the 3rd" names no month: it runs into the next one)
        and any(
            re.search(rf"\b{re.escape(month)}", expressions[-1].text, re.IGNORECASE)
            for month in lexicon.MONTHS
        )
    ):
        # "from the 3rd to the 17th of March": the first day is in the month the range names
        try:
            start = start.replace(year=end.year, month=end.month)
        except ValueError:  # "the 31st to the 4th of May": no 31 May-ish fix; keep it
            pass
    try:
        if end < start and len(intervals) > 1 and RANGE_CUE.search(phrase):
            # "7pm to 7:30am" runs into the next day; "6pm Thursday to 9am Friday" into the
            # Friday after the Thursday, whichever Friday the recogniser read alone
            step = timedelta(days=7 if WEEKDAY_PATTERN.search(expressions[-1].text) else 1)
            while end < start:
                end += step
        if end < start:
            start, end = min(i[0] for i in intervals), max(i[1] for i in intervals)
    except TypeError:  # naive and aware datetimes
        return None
    return start, end


def _on_one_day(phrase: str, expressions: Sequence[TimeExpression]) -> list[TimeExpression]:
    """A phrase that names one day and clock times ("tomorrow from 5am", "Sat 12 Sept at
    1pm") reads as those times on that day: a clock time the recogniser anchored on today moves
    to the day, and a weekday beside a date ("Sat 12 Sept") is the date's. Ranges across days
    ("6pm Thursday to 9am Friday") are left as they are."""
    days = [
        e
        for e in expressions
        if e.type == "DATE" and e.interval is not None and _one_day(e.interval)
    ]
    dated = [e for e in days if re.search(r"\d", e.text)]
    if dated and len(days) > len(dated):
        # "Sat 12 Sept": the date says which Saturday; the weekday alone is dropped
        expressions = [e for e in expressions if e not in days or e in dated]
        days = dated
    if len({e.interval[0].date() for e in days if e.interval}) != 1 or RANGE_CUE.search(phrase):
        return list(expressions)
    day = days[0].interval[0].date() if days[0].interval else None
    clocks = [e for e in expressions if e.type == "TIME" and e.interval is not None]
    if day is None or not clocks:
        return list(expressions)
    moved = [
        replace(
            e,
            interval=(
                datetime.combine(day, e.interval[0].timetz()),
                datetime.combine(day, e.interval[1].timetz()),
            ),
        )
        for e in clocks
        if e.interval is not None
    ]
    return moved  # the times on that day say more than the day


def _one_day(interval: Interval) -> bool:
    return interval[1] - interval[0] <= timedelta(days=1)


def _candidates(
    now: datetime,
    original: Interval,
    *,
    weekend: bool = True,
    southern: bool | None = False,
    near: timedelta = NEAR,
) -> list[tuple[str, Interval]]:
    """Natural wordings of times around `now` with the interval each stands for."""
    if now.tzinfo is not None and original[0].tzinfo is None:
        now = now.replace(tzinfo=None)
    elif now.tzinfo is None and original[0].tzinfo is not None:
        now = now.replace(tzinfo=original[0].tzinfo)
    tz = now.tzinfo
    today = now.date()

    def at(moment: date, first: time = time(0, 0), last: time = time(23, 59, 59)) -> Interval:
        return (
            datetime.combine(moment, first).replace(tzinfo=tz),
            datetime.combine(moment, last).replace(tzinfo=tz),
        )

    found: list[tuple[str, Interval]] = []

    def add(text: str, span: Interval) -> None:
        found.append((text, span))

    names = {
        today: "this",
        today + timedelta(days=1): "tomorrow",
        today - timedelta(days=1): "yesterday",
    }
    # parts of a day, the day itself
    for offset in range(-6, 7):
        moment = today + timedelta(days=offset)
        word = names.get(moment, f"on {calendar.day_name[moment.weekday()]}")
        for _, part, first, last in PARTS:
            span = at(moment, time(first), time(last - 1, 59, 59))
            if word == "this" and part != "night":
                add(
                    f"in the {part}", span
                )  # today's, as people say it ("by 8" -> "in the morning")
            if word == "this" and part == "night":
                # tonight runs into the small hours ("at midnight", "by 1am")
                small_hours = at(moment + timedelta(days=1), time(0), time(2, 59, 59))[1]
                add("late tonight", (at(moment, time(22))[0], small_hours))
                add("tonight", (span[0], small_hours))
            elif word == "yesterday" and part == "night":
                add("last night", span)
            else:
                add(f"{word} {part}", span)
            if word == "this" and part == "afternoon":
                add("in the early afternoon", at(moment, time(12), time(14, 59, 59)))
        if word in ("this", "tomorrow"):
            early = at(moment, time(4), time(7, 59, 59))
            add("early in the morning" if word == "this" else "early tomorrow", early)
        if word == "this":
            add("today", at(moment))
            add("later", (now, at(moment)[1]))
            add("earlier", (at(moment)[0], now))
        else:
            add(word, at(moment))
    stretch = original[1] - original[0]
    if original[0].date() != original[1].date() and NIGHT_MIN <= stretch <= timedelta(hours=18):
        evening = original[0].date()  # the night from one day's evening to the next morning
        night = (at(evening, time(17))[0], at(evening + timedelta(days=1), time(11, 59, 59))[1])
        add("overnight", night)
        add("all night", night)
    # weeks and weekends
    monday = today - timedelta(days=today.weekday())
    sunday = today.weekday() == 6
    for weeks, word in ((-1, "last"), (0, "this"), (1, "next")):
        week_start = monday + timedelta(weeks=weeks)
        saturday = week_start + timedelta(days=5)
        if weekend:
            add(f"{word} weekend", (at(saturday)[0], at(saturday + timedelta(days=1))[1]))
        elif sunday and word == "this":
            # on a Sunday "this week" is the week ending and the one starting tomorrow, and
            # "next week" could be either of the next two: only the first is said
            add("this week", (at(week_start)[0], at(week_start + timedelta(days=13))[1]))
        elif not (sunday and word == "next"):
            # "this week" reads as the working week: a weekend is not said so
            add(f"{word} week", (at(week_start)[0], at(week_start + timedelta(days=6))[1]))
    add("soon", (now, now + SOON))
    add("recently", (now - SOON, now))
    if original[0] + timedelta(days=1) <= now <= original[1] and timedelta(days=2) <= original[
        1
    ] - original[0] <= timedelta(days=31):
        # "WFH this week" -> "WFH lately": a stretch under way for a day or more, said of its
        # recent part (on its first morning, "lately" would be false)
        add("lately", (min(now - SOON, original[0]), max(now + NEAR, original[1])))
    if not (original[0] >= now - near and original[1] <= now + near):
        _month_candidates(add, at, now)
        if southern is not None:  # None: the tropics, where no one tells time by seasons
            _season_candidates(add, at, now, southern=southern)
    if original[1] < now - timedelta(days=2 * 365):
        add("years ago", (datetime.min.replace(tzinfo=tz), now - timedelta(days=365)))
    return found


def _month_candidates(
    add: Callable[[str, Interval], None], at: Callable[..., Interval], now: datetime
) -> None:
    """Months, parts of months and years: for times more than a week away."""
    today = now.date()
    for offset in range(-11, 12):
        first = norm.add_months(today.replace(day=1), offset)
        last_day = calendar.monthrange(first.year, first.month)[1]
        month = (at(first)[0], at(first.replace(day=last_day))[1])
        name = calendar.month_name[first.month]
        # a month is said by its name ("in March", not "next month"), except this one
        word = "this month" if offset == 0 else None
        add(word or f"in {name}", month)
        if word is None:
            add(f"in early {name}", (month[0], at(first.replace(day=10))[1]))
            add(f"in mid-{name}", (at(first.replace(day=11))[0], at(first.replace(day=20))[1]))
            add(f"in late {name}", (at(first.replace(day=21))[0], month[1]))
        if offset == 0:
            add("later this month", (now, month[1]))
            add("earlier this month", (month[0], now))
    year = today.year
    for offset, word in ((-1, "last year"), (0, "this year"), (1, "next year")):
        add(word, (at(date(year + offset, 1, 1))[0], at(date(year + offset, 12, 31))[1]))
    add("later this year", (now, at(date(year, 12, 31))[1]))
    add("earlier this year", (at(date(year, 1, 1))[0], now))
    add("early next year", (at(date(year + 1, 1, 1))[0], at(date(year + 1, 4, 30))[1]))


# (name in the north, name in the south, first month); winter runs into the next year
SEASONS: tuple[tuple[str, str, int], ...] = (
    ("spring", "autumn", 3),
    ("summer", "winter", 6),
    ("autumn", "spring", 9),
    ("winter", "summer", 12),
)


def _season_candidates(
    add: Callable[[str, Interval], None],
    at: Callable[..., Interval],
    now: datetime,
    *,
    southern: bool,
) -> None:
    """Seasons within a year of now: "this summer" for the one under way, "in the spring" for
    the others (southern: June is winter)."""
    today = now.date()
    for year in (today.year - 1, today.year, today.year + 1):
        for north, south, month in SEASONS:
            first = date(year, month, 1)
            last = norm.add_months(first, 3) - timedelta(days=1)
            if last < today - timedelta(days=300) or first > today + timedelta(days=300):
                continue
            name = south if southern else north
            current = first <= today <= last
            add(f"this {name}" if current else f"in the {name}", (at(first)[0], at(last)[1]))

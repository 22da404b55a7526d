"""Normalisation helpers: calendar arithmetic for relative times and TIMEX3 value -> interval.

Values follow TIMEX3 (2026-11-22, 2026-W47, 2026-Q3, 2026-SU, 199 for the 1990s, 2026-11-22TMO,
2026-11-22T10:00, P3Y, PRESENT_REF). Intervals are inclusive and to the second; a clock time is a
point (start == end), as in thesis §4.2, so NCP*("at 10AM", "this morning") = 1/25,200.
Parts of the day follow thesis Table 4.4 exactly.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, time, timedelta
from datetime import tzinfo as tzinfo_type

from osnguard.privacy.temporal.model import Interval

# Table 4.4: (start, end) clock times; MI crosses midnight (23:00 of the day to 01:00 of the next).
PART_OF_DAY_TIMES: dict[str, tuple[time, time]] = {
    "MO": (time(5, 0, 0), time(11, 59, 59)),
    "MI": (time(23, 0, 0), time(1, 0, 0)),
    "AF": (time(12, 0, 0), time(17, 59, 59)),
    "EV": (time(18, 0, 0), time(20, 29, 59)),
    "NI": (time(20, 30, 0), time(23, 59, 59)),
    "DT": (time(5, 0, 0), time(16, 0, 0)),
}

SEASON_MONTHS: dict[str, tuple[int, int]] = {
    "SP": (3, 5),
    "SU": (6, 8),
    "FA": (9, 11),
    "WI": (12, 2),
}

UNIT_CODES: dict[str, str] = {
    "second": "S",
    "minute": "M",
    "hour": "H",
    "day": "D",
    "night": "D",
    "week": "W",
    "weekend": "WE",
    "fortnight": "W",
    "month": "M",
    "quarter": "Q",
    "year": "Y",
    "decade": "DE",
    "century": "CE",
}
TIME_UNITS = {"second", "minute", "hour"}
UNIT_SECONDS: dict[str, float] = {
    "second": 1,
    "minute": 60,
    "hour": 3600,
    "day": 86400,
    "night": 86400,
    "week": 604800,
    "weekend": 172800,
    "fortnight": 1209600,
    "month": 2629800,
    "quarter": 7889400,
    "year": 31557600,
    "decade": 315576000,
    "century": 3155760000,
}


def add_months(day: date, months: int) -> date:
    """The same day-of-month `months` later (clamped to the month's length)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def shift(moment: datetime, amount: float, unit: str) -> datetime:
    """`moment` moved by `amount` units (negative = earlier); fractional months/years allowed."""
    if unit in ("month", "quarter", "year", "decade", "century"):
        months = (
            amount * {"month": 1, "quarter": 3, "year": 12, "decade": 120, "century": 1200}[unit]
        )
        whole = int(months)
        moved = add_months(moment.date(), whole)
        result = datetime.combine(moved, moment.timetz())
        return result + timedelta(days=30.44 * (months - whole))
    if unit == "fortnight":
        return moment + timedelta(weeks=2 * amount)
    if unit == "weekend":
        return moment + timedelta(weeks=amount)
    seconds = UNIT_SECONDS.get(unit, 86400)
    return moment + timedelta(seconds=seconds * amount)


def value_at_granularity(moment: datetime, unit: str) -> str:
    """A TIMEX3 value naming the `unit`-sized period that contains `moment`."""
    if unit in ("year",):
        return f"{moment.year:04d}"
    if unit == "decade":
        return f"{moment.year // 10:03d}"
    if unit == "century":
        return f"{moment.year // 100:02d}"
    if unit == "quarter":
        return f"{moment.year:04d}-Q{(moment.month - 1) // 3 + 1}"
    if unit == "month":
        return f"{moment.year:04d}-{moment.month:02d}"
    if unit in ("week", "fortnight"):
        iso = moment.isocalendar()
        return f"{iso[0]:04d}-W{iso[1]:02d}"
    if unit == "weekend":
        iso = moment.isocalendar()
        return f"{iso[0]:04d}-W{iso[1]:02d}-WE"
    if unit == "hour":
        return f"{moment.date().isoformat()}T{moment.hour:02d}"
    if unit in ("minute", "second"):
        return f"{moment.date().isoformat()}T{moment.hour:02d}:{moment.minute:02d}"
    return moment.date().isoformat()


def duration_value(amount: float | None, unit: str) -> str:
    """TIMEX3 duration value: P3Y, PT5H, P1.5Y, PXY (vague amount)."""
    code = UNIT_CODES.get(unit, "D")
    if unit == "fortnight" and amount is not None:
        amount *= 2
    if unit in ("decade", "century") and amount is not None:
        amount, code = amount * (10 if unit == "decade" else 100), "Y"
    elif unit in ("decade", "century"):
        code = "DE" if unit == "decade" else "CE"
    if amount is None:
        number = "X"
    elif float(amount).is_integer():
        number = str(int(amount))
    else:
        number = f"{amount:g}"
    return f"PT{number}{code}" if unit in TIME_UNITS else f"P{number}{code}"


def duration_seconds(value: str) -> float | None:
    """Length in seconds of a duration value (None when vague, e.g. PXY)."""
    match = re.fullmatch(r"P(T?)([\d.]+)(DE|CE|WE|[YMWDHS]|Q)", value)
    if not match:
        return None
    is_time, number, code = match.groups()
    amount = float(number)
    if is_time:
        return amount * {"H": 3600, "M": 60, "S": 1}.get(code, 1)
    per = {
        "Y": 31557600,
        "M": 2629800,
        "W": 604800,
        "D": 86400,
        "Q": 7889400,
        "DE": 315576000,
        "CE": 3155760000,
        "WE": 172800,
    }
    return amount * per.get(code, 86400)


def _day_bounds(first: date, last: date, tzinfo: tzinfo_type | None) -> Interval:
    return (
        datetime.combine(first, time(0, 0, 0), tzinfo),
        datetime.combine(last, time(23, 59, 59), tzinfo),
    )


def value_interval(value: str, tzinfo: tzinfo_type | None = None) -> Interval | None:
    """The inclusive interval a TIMEX3 DATE/TIME value denotes; None if it is not anchored."""
    try:
        return _value_interval(value, tzinfo)
    except ValueError:  # e.g. an impossible date such as 2026-02-30
        return None


def _value_interval(value: str, tzinfo: tzinfo_type | None) -> Interval | None:
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2})T(\d{2})(?::(\d{2}))?(?::(\d{2}))?", value)
    if m:
        day = date.fromisoformat(m.group(1))
        moment = datetime.combine(
            day, time(int(m.group(2)) % 24, int(m.group(3) or 0), int(m.group(4) or 0)), tzinfo
        )
        return (moment, moment)
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2})T(MO|MI|AF|EV|NI|DT)", value)
    if m:
        day = date.fromisoformat(m.group(1))
        first, last = PART_OF_DAY_TIMES[m.group(2)]
        end_day = day + timedelta(days=1) if last < first else day
        return (datetime.combine(day, first, tzinfo), datetime.combine(end_day, last, tzinfo))
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        day = date.fromisoformat(value)
        return _day_bounds(day, day, tzinfo)
    m = re.fullmatch(r"(\d{4})-W(\d{2})(-WE)?", value)
    if m:
        monday = date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
        if m.group(3):
            return _day_bounds(monday + timedelta(days=5), monday + timedelta(days=6), tzinfo)
        return _day_bounds(monday, monday + timedelta(days=6), tzinfo)
    m = re.fullmatch(r"(\d{4})-(\d{2})", value)
    if m:
        year, month = int(m.group(1)), int(m.group(2))
        return _day_bounds(
            date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]), tzinfo
        )
    m = re.fullmatch(r"(\d{4})-Q([1-4])", value)
    if m:
        year, quarter = int(m.group(1)), int(m.group(2))
        first_day = date(year, 3 * quarter - 2, 1)
        last_month = 3 * quarter
        return _day_bounds(
            first_day, date(year, last_month, calendar.monthrange(year, last_month)[1]), tzinfo
        )
    m = re.fullmatch(r"(\d{4})-H([12])", value)
    if m:
        year, half = int(m.group(1)), int(m.group(2))
        if half == 1:
            return _day_bounds(date(year, 1, 1), date(year, 6, 30), tzinfo)
        return _day_bounds(date(year, 7, 1), date(year, 12, 31), tzinfo)
    m = re.fullmatch(r"(\d{4})-(SP|SU|FA|WI)", value)
    if m:
        year = int(m.group(1))
        first_month, last_month = SEASON_MONTHS[m.group(2)]
        last_year = year + 1 if last_month < first_month else year
        return _day_bounds(
            date(year, first_month, 1),
            date(last_year, last_month, calendar.monthrange(last_year, last_month)[1]),
            tzinfo,
        )
    if re.fullmatch(r"\d{4}", value):
        year = int(value)
        return _day_bounds(date(year, 1, 1), date(year, 12, 31), tzinfo)
    if re.fullmatch(r"\d{3}", value):
        decade = int(value) * 10
        return _day_bounds(date(decade, 1, 1), date(decade + 9, 12, 31), tzinfo)
    if re.fullmatch(r"\d{2}", value):
        century = int(value) * 100
        return _day_bounds(date(max(century, 1), 1, 1), date(century + 99, 12, 31), tzinfo)
    return None


def interval_seconds(interval: Interval) -> float:
    """Inclusive length in seconds: a point lasts one second (thesis Eq. 4.14's add-one)."""
    return (interval[1] - interval[0]).total_seconds() + 1


def describe_interval(interval: Interval) -> str:
    """A short human description: 'Sun 22 Nov, 10:00', 'Sun 22 Nov, 05:00-11:59', 'Nov 2026'."""
    start, end = interval
    span = (end - start).total_seconds()
    day = f"{start:%a} {start.day} {start:%b}"
    if span == 0:
        return f"{day}, {start:%H:%M}"
    if start.date() == end.date() and span < 86399:
        return f"{day}, {start:%H:%M}-{end:%H:%M}"
    if span < 86400 * 2 and end - start < timedelta(days=1):
        return f"{day}, {start:%H:%M}-{end:%H:%M}"
    if start.date() == end.date():
        return f"{day} {start.year}"
    end_day = f"{end:%a} {end.day} {end:%b}"
    if span < 86400 * 32:
        return f"{day} - {end_day} {end.year}"
    if start.year == end.year:
        if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31):
            return str(start.year)
        return (
            f"{start:%b}-{end:%b} {start.year}"
            if start.month != end.month
            else f"{start:%b} {start.year}"
        )
    return f"{start.year}-{end.year}"

"""The typographic layer: each recipient's version written with its own small typographic choices,
which a copy keeps through copy and paste and through a platform's normalisation (NFKC, format
characters removed, whitespace collapsed), read back as evidence of who leaked (issue 15).

**Sites** (`sites`), each with two styles, none changing a word or how the text reads aloud:

- an apostrophe between letters: straight ' or typographic ’ ("it's" / "it’s");
- an emoji shown as emoji by default (Unicode Emoji_Presentation), alone (not part of a ZWJ
  sequence, flag or skin-tone sequence): bare, or with the emoji variation selector U+FE0F,
  which does not change how it renders (`invisible.spoken` skips it, like screen readers do);
- the space before an emoji or a flag that follows a word (or the post's final stop) or another
  emoji: "tonight 🎉" / "tonight🎉";
- the first letter of a sentence (or of a clause after an emoji) that the author wrote in lower
  case, or of a common word ("my", "the": never "I" or a name): "my sister" / "My sister";
- the letters of a clock time's am/pm: "8pm" / "8PM";
- a chat acronym written all in lower or upper case: "lol" / "LOL" (`ACRONYMS`);
- the full stop after the last word, before any emoji that end the post: "see you there" /
  "see you there." (a post's last sentence is written both ways; read aloud alike);
- a small count before the word it counts, in digits or in letters: "2 jobs" / "two jobs"
  (never a time, an amount, a date or a score);
- "and" between two words, or "&" as posts often write it (read aloud alike): "me and my dad" /
  "me & my dad";
- the space inside a clock time: "8pm" / "8 pm";
- a quotation's marks, straight or curly: "we said 'I do'" / "we said ‘I do’";
- a small ordinal in digits or in letters: "my 3rd marathon" / "my third marathon";
- the thousands separator of an amount: "€6,500" / "€6500";
- the case of a thousands "k" after digits: "£32k" / "£32K";
- a day, month, holiday, language or people the author wrote in lower case: "oxtail sunday" /
  "oxtail Sunday";
- the first letter of a hashtag the author wrote in lower case: "#anniversary" / "#Anniversary";
- a run of two or three exclamation or question marks: "passed!!" / "passed!!!";
- an ellipsis of three or four dots after a word: "so sad..." / "so sad....";
- the space after an ellipsis, before the next word: "sad...she was" / "sad... she was";
- the pronoun "i" (also "i'm", "im", "ive"...) the author wrote in lower case: "i guess" / "I guess";
- a space the author wrote before a comma or a single mark inside the post: "my Dad . He" /
  "my Dad. He".

**Assignment** (`style_versions`): the versions with the same sites get style patterns as far
apart as their number allows, in an order drawn from the message, so that friends who share a
wording or a pattern in one post rarely share them in the next (tracing across leaks), and
versions the wording already tells apart move further apart.

**Reading** (`signature`, `log_likelihoods`): a copy's sites are found by their word or emoji and
compared with each version's, per kind of site, as a likelihood ratio over an unrelated version.
A leaker's tool may restyle every site of a kind at once (a phone that curls every apostrophe,
retyped emoji): a copy whose sites of a kind all share one style is explained that way with
probability RESTYLED (per kind), so a uniform pattern weighs little and a mixed one much.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

import regex

from osnguard.privacy.lexicon import MONTHS, NUMBER_NAMES, ORDINALS, WEEKDAYS
from osnguard.privacy.types import Version

VS16 = "\ufe0f"
ZWJ = "\u200d"
EPSILON = 0.05  # chance that a light edit changes one site's style
MAX_ENUMERATED = 12  # sites up to which the patterns of a text are enumerated exactly


class SiteKind(StrEnum):
    """What a typographic site varies."""

    APOSTROPHE = "apostrophe"
    EMOJI_FORM = "emoji form"
    EMOJI_SPACE = "emoji space"
    CAPITAL = "capital"
    CLOCK = "clock"
    ACRONYM = "acronym"
    FINAL_STOP = "final stop"
    COUNT = "count"
    AMPERSAND = "ampersand"
    CLOCK_SPACE = "clock space"
    QUOTE = "quote"
    ORDINAL = "ordinal"
    THOUSANDS = "thousands"
    THOUSANDS_K = "thousands k"
    PROPER_CASE = "proper case"
    HASHTAG = "hashtag"
    MARK_RUN = "mark run"
    ELLIPSIS = "ellipsis"
    ELLIPSIS_SPACE = "ellipsis space"
    LOWER_I = "lower i"
    MARK_SPACE = "mark space"


APOSTROPHES = ("'", "\u2019")
# Words a sentence may start with in either case: function words and the words posts open with,
# none of them a name or a place (no "May", "Will", "Grace", "Reading", "US").
_CASE_FREE_WORDS = """
a an the my our your his her their its this that these those we you he she they it me
and but or so if when then now just also still not no yes to in on at for from with of by
about after before off out up all some any every each what why how who where there here
is are was were be been have has had do does did can could would should gonna anyone
everyone someone somebody nobody nothing everything something another today tonight
tomorrow yesterday finally really very never always please thanks thank okay
wow ugh yay haha hey hi oh well congrats congratulations reminder update first last new
big great good best worst happy sad glad proud thrilled excited grateful tired done back
got went told took made saw spent finished started passed lost found booked signed
moving looking heading feeling going getting waiting working leaving celebrating
missing watching visiting years months weeks days hours several earlier later recently lately
soon once
"""
CASE_FREE = frozenset(_CASE_FREE_WORDS.split())
# Chat acronyms people write in lower or upper case alike ("lol" / "LOL"); none is also a word
# or an abbreviation whose case matters ("RN", "US").
_ACRONYM_WORDS = (
    "lol lmao lmfao rofl omg ngl tbh tbf idk idc btw imo imho fyi smh ikr irl ok afaik wtf ffs "
    "jk nvm thx tysm"
)
ACRONYMS = frozenset(_ACRONYM_WORDS.split())
_ACRONYM = regex.compile(r"(?<![\p{L}\p{N}@#'\u2019])(\p{L}+)(?![\p{L}\p{N}'\u2019])")

# The chance that a copy had every site of a kind restyled at once: apostrophes are curled or
# straightened by keyboards and publishing tools, variation selectors added or dropped by some
# platforms, sentence starts capitalised by a phone; nothing rewrites the space before an emoji
# or the case of "pm".
RESTYLED: dict[str, float] = {
    SiteKind.APOSTROPHE: 0.2,
    SiteKind.EMOJI_FORM: 0.1,
    SiteKind.CAPITAL: 0.1,
    SiteKind.CLOCK: 0.02,
    SiteKind.ACRONYM: 0.05,
    SiteKind.EMOJI_SPACE: 0.02,
    SiteKind.FINAL_STOP: 0.05,
    SiteKind.COUNT: 0.02,
    SiteKind.AMPERSAND: 0.02,
    SiteKind.CLOCK_SPACE: 0.02,
    SiteKind.QUOTE: 0.2,
    SiteKind.ORDINAL: 0.02,
    SiteKind.THOUSANDS: 0.02,
    SiteKind.THOUSANDS_K: 0.02,
    SiteKind.PROPER_CASE: 0.1,
    SiteKind.HASHTAG: 0.02,
    SiteKind.MARK_RUN: 0.02,
    SiteKind.ELLIPSIS: 0.02,
    SiteKind.ELLIPSIS_SPACE: 0.02,
    SiteKind.LOWER_I: 0.1,  # a phone capitalises "i" when the copy is retyped
    SiteKind.MARK_SPACE: 0.02,
}

_APOSTROPHE = regex.compile(r"(?<=\p{L})['\u2019](?=\p{L})")
_WORD_WITH_APOSTROPHE = regex.compile(r"\p{L}+(?:['\u2019]\p{L}+)+")
_EMOJI = regex.compile(r"\p{Extended_Pictographic}")
_FLAG = regex.compile(r"[\U0001F1E6-\U0001F1FF]{2}")  # a country flag: two regional indicators
_PRESENTED = regex.compile(r"\p{Emoji_Presentation}")
_SKIN_TONES = range(0x1F3FB, 0x1F400)
# a word (with the post's final stop, which a version may add: "decide. 🏜" / "decide.🏜") or an
# emoji before the space
_WORD_BEFORE_SPACE = regex.compile(r"(?:[\p{L}\p{N}]\.?|\p{Extended_Pictographic}\ufe0f?) $")
_BEFORE_EMOJI = regex.compile(r"(?:[\p{L}\p{N}]\.?|\p{Extended_Pictographic}\ufe0f?)$")
# a sentence's first word: at the start, after . ! ? or a line break, after an ellipsis with or
# without its space ("sad...she was"), or after an emoji that ends a clause as posts use them
# ("proud of you 🙌 heading home now")
_SENTENCE_START = regex.compile(
    r"(?:^|(?<=[.!?]\s+)|(?<=\.\.)|(?<=\n\s*)|(?<=\p{Extended_Pictographic}\ufe0f?\s+))"
    r"(\p{L})(\p{L}*(?:['\u2019]\p{L}+)?)"
)
# a clock time: its digits, the space before its am/pm or none, and the am/pm
_CLOCK = regex.compile(r"\b(?<time>\d{1,2}(?::\d{2})?)(?<space>\s?)(?<half>[ap]m|[AP]M)\b")
COUNT_WORDS = tuple(NUMBER_NAMES[n] for n in range(2, 13))  # "two" ... "twelve"
# A count of 2-12 before a lower-case word: not after a currency, a clock's "at"/"till", a "#", a
# decimal or another number; not before units of time of day, money or measure
_COUNT = regex.compile(
    r"(?<![\p{L}\p{N}$£€₹#:.,/'\u2019-])"
    r"(?<!\b(?i:at|till|til|until|by|from|to|on|no|number|row|room|flat|unit|gate|platform|seat|"
    r"level|floor|year|grade|class|page|chapter|season|episode|bus|route|line|zone|sector|phase|"
    r"stage|day|week|part|step|size|version|team|group|table|ward|bed|door|house)\s)"
    r"(?<count>1[0-2]|[2-9]|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"\s(?<noun>(?!(?:am|pm|k|m|bn|grand|x|percent|o|hours?|hrs?|mins?|minutes?|s)\b)\p{Ll}+)\b"
)
# "and" or "&" between two words (not opening a sentence, not between numbers)
_AND = regex.compile(r"(?<=(?<prev>\p{L}+) )(?<and>and|&)(?= (?<next>\p{L}+))")
# a quotation in straight or curly marks, opening after a space (not a word's apostrophe) and
# closing before one; a plural's possessive ("my parents' house") never opens one
_QUOTATION = regex.compile(
    r"(?<![\p{L}\p{N}'\u2019\u2018])(?<open>['\u2018\"\u201c])"
    r"(?<inner>\p{L}[^'\u2018\u2019\"\u201c\u201d\n]{0,80}?[\p{L}\p{N}.!?])"
    r"(?<close>['\u2019\"\u201d])(?![\p{L}\p{N}])"
)
QUOTE_MARKS = {"'": ("'", "'"), "\u2018": ("'", "'"), '"': ('"', '"'), "\u201c": ('"', '"')}
CURLY = {"'": ("\u2018", "\u2019"), '"': ("\u201c", "\u201d")}
ORDINAL_WORDS = {n: word for word, n in ORDINALS.items() if n <= 10}
# an ordinal of 1-10 in digits ("3rd"), not in a date after a month or a weekday ("Monday 5th")
# nor in an address, a score or a code
_NOT_BEFORE_ORDINAL = sorted({"no", "number", "room", "flat", "floor", "unit", *MONTHS, *WEEKDAYS})
_ORDINAL_DIGITS = regex.compile(
    r"(?<![\p{L}\p{N}#@/:.,'\u2019-])"
    rf"(?<!\b(?i:{'|'.join(_NOT_BEFORE_ORDINAL)})\s)"
    r"(?<digits>10|[1-9])(?<suffix>st|nd|rd|th)\b"
)
_ORDINAL_WORD = regex.compile(
    r"(?<![\p{L}\p{N}'\u2019-])(?<word>"
    + "|".join(sorted(ORDINAL_WORDS.values(), key=len, reverse=True))
    + r")(?![\p{L}\p{N}'\u2019-])"
)
# an amount's thousands: "6,500" (with its separator) or, after a currency sign, "6500"
_GROUPED = regex.compile(r"(?<![\p{N},.])(?<number>\d{1,3}(?:,\d{3})+)(?![\p{N}]|[.,]\d)")
_UNGROUPED = regex.compile(r"(?<=[$£€₹])(?<number>\d{4,6})(?![\p{N}]|[.,]\d)")
_THOUSANDS_K = regex.compile(r"(?<![\p{L}\p{N}.,])(?<amount>\d{1,3}(?:\.\d)?)(?<k>[kK])\b")
# words whose case a version may restore when the author wrote them in lower case: days,
# months (not "may", "march" or "august": words too), holidays, languages and peoples (not
# "polish", "turkey")
_PROPER_WORDS = """
monday tuesday wednesday thursday friday saturday sunday january february april june july
september october november december christmas xmas easter diwali eid ramadan hanukkah
thanksgiving halloween english french spanish german italian japanese chinese korean hindi urdu
punjabi arabic portuguese dutch irish scottish welsh british american canadian australian
indian nigerian ghanaian mexican african european asian muslim christian jewish hindu sikh
catholic tamil bengali greek russian
"""
PROPER_WORDS = frozenset(_PROPER_WORDS.split())
_PROPER = regex.compile(
    r"(?<![\p{L}\p{N}@#'\u2019_-])(?<first>\p{L})(?<rest>\p{Ll}+)(?![\p{L}\p{N}'\u2019_-])"
)
_HASHTAG = regex.compile(r"(?<![\p{L}\p{N}_&#])#(?<first>\p{L})(?<rest>\p{Ll}+)(?![\p{L}\p{N}_])")
# two or three "!" or "?" after a word or an emoji (not "?!", not four or more)
_MARK_RUN = regex.compile(
    r"(?<=(?<word>[\p{L}\p{N}]+|\p{Extended_Pictographic}\ufe0f?))(?<marks>!{2,3}|\?{2,3})(?![!?])"
)
# an ellipsis of three or four dots after a word (not two, not five or more: their other form
# would be read as another site's)
_ELLIPSIS = regex.compile(r"(?<=(?<word>\p{L}+|\p{N}+))(?<dots>\.{3,4})(?!\.)")
# the space after two or more dots, before a word
_AFTER_DOTS = regex.compile(r"(?<=\.\.)(?<space> ?)(?<next>\p{L}+)")
# the pronoun "i", alone or contracted ("i'm", "im", "ive")
_PRONOUN_I = regex.compile(
    r"(?<![\p{L}\p{N}@#'\u2019_-])(?<first>[iI])(?<rest>['\u2019](?:m|ve|ll|d)|m|ve)?"
    r"(?![\p{L}\p{N}'\u2019_-]|\.\p{L})"  # not "i.e."
)
# a comma or a single mark after a word, with a space before it or none, inside the post (the
# word's letters or digits alone, as another site may space "6pm" / "6 pm")
_INNER_MARK = regex.compile(
    r"(?<=(?<word>\p{L}+|\p{N}+))(?<space> ?)(?<mark>[.,!?])(?![.,!?\p{L}\p{N}])(?=\s+\S)"
)
ABBREVIATIONS = frozenset(
    [
        "etc",
        "vs",
        "mr",
        "mrs",
        "ms",
        "dr",
        "st",
        "jr",
        "sr",
        "approx",
        "incl",
        "esp",
        "ft",
        "mt",
        "no",
    ]
)
# The post's last word, with or without a full stop, before the emoji and spaces that end it
_FINAL_WORD = regex.compile(
    r"(?<![\p{L}\p{N}#@/_'\u2019.-])(?<word>[\p{L}\p{N}]+)(?<stop>\.?)"
    r"(?=(?:\s|\p{Extended_Pictographic}|\ufe0f|\u200d|[\U0001F3FB-\U0001F3FF]|"
    r"[\U0001F1E6-\U0001F1FF])*$)"
)


@dataclass(frozen=True)
class Site:
    """One place of a text whose style varies: `text[start:end]` is the styled part (empty for an
    absent variation selector or space), `key` finds it again in a copy."""

    kind: SiteKind
    key: tuple[str, str]
    start: int
    end: int
    style: int
    forms: tuple[str, str]  # the text of style 0 and of style 1


Signature = dict[tuple[str, str], list[int]]  # site key -> styles in text order


def sites(text: str, *, reading: bool = False) -> list[Site]:
    """The typographic sites of a text (without its invisible layer), in text order. Reading a
    version or a copy (`reading`), every sentence start written with a capital is a site too: a
    version may have capitalised one the author wrote in lower case."""
    found: list[Site] = []
    for word in _WORD_WITH_APOSTROPHE.finditer(text):
        folded = word.group().casefold().replace("\u2019", "'")
        for mark in _APOSTROPHE.finditer(text, word.start(), word.end()):
            style = APOSTROPHES.index(mark.group())
            key = (SiteKind.APOSTROPHE, folded)
            found.append(
                Site(SiteKind.APOSTROPHE, key, mark.start(), mark.end(), style, APOSTROPHES)
            )
    for emoji in _EMOJI.finditer(text):
        start, end = emoji.start(), emoji.end()
        char = emoji.group()
        if _in_sequence(text, start, end):
            continue
        if _PRESENTED.match(char):
            has_vs = text.startswith(VS16, end)
            key = (SiteKind.EMOJI_FORM, char)
            found.append(Site(SiteKind.EMOJI_FORM, key, end, end + has_vs, int(has_vs), ("", VS16)))
        found.extend(_space_site(text, start, char))
    for flag in _FLAG.finditer(text):
        # the space before a flag after a word: "finally paid off 🇯🇵" / "finally paid off🇯🇵"
        found.extend(_space_site(text, flag.start(), flag.group()))
    for word in _SENTENCE_START.finditer(text):
        first, rest = word.group(1), word.group(2)
        folded = (first + rest).casefold().replace("\u2019", "'")
        if _may_recase(first, rest, folded, reading=reading):
            found.append(_case_site(SiteKind.CAPITAL, folded, word, 1))
    for word in _ACRONYM.finditer(text):
        written = word.group(1)
        if written.casefold() in ACRONYMS and written in (written.casefold(), written.upper()):
            found.append(_case_site(SiteKind.ACRONYM, written.casefold(), word, 1))
    for clock in _CLOCK.finditer(text):
        key = clock.group().casefold().replace(" ", "")
        found.append(_case_site(SiteKind.CLOCK, key, clock, "half"))
        start, end = clock.span("space")
        if clock.group("space") in ("", " "):  # "8pm" / "8 pm"
            space_key = (
                SiteKind.CLOCK_SPACE,
                f"{clock.group('time')}{clock.group('half').casefold()}",
            )
            found.append(
                Site(SiteKind.CLOCK_SPACE, space_key, start, end, int(end > start), ("", " "))
            )
    final = _final_stop(text)
    if final is not None:
        found.append(final)
    for conjunction in _AND.finditer(text):
        written = conjunction.group("and")
        key = (
            SiteKind.AMPERSAND,
            f"{conjunction.group('prev').casefold()} {conjunction.group('next').casefold()}",
        )
        found.append(
            Site(
                SiteKind.AMPERSAND,
                key,
                conjunction.start("and"),
                conjunction.end("and"),
                int(written == "&"),
                ("and", "&"),
            )
        )
    for count in _COUNT.finditer(text):
        written = count.group("count")
        if not written.isdigit() and not written.islower():
            continue  # "Two" opening a sentence stays a word
        if _opens_sentence(text, count.start("count")):
            continue  # "7 years ago" would open with "seven", in lower case
        digit = written if written.isdigit() else str(COUNT_WORDS.index(written) + 2)
        forms = (digit, NUMBER_NAMES[int(digit)])
        key = (SiteKind.COUNT, f"{digit} {count.group('noun').casefold()}")
        style = int(not written.isdigit())
        found.append(
            Site(SiteKind.COUNT, key, count.start("count"), count.end("count"), style, forms)
        )
    found.extend(_number_sites(text, reading=reading))
    found.extend(_name_case_sites(text, reading=reading))
    found.extend(_casual_sites(text, reading=reading))
    found.sort(key=lambda s: (s.start, s.end))
    kept: list[Site] = []
    for site in found:  # two sites never rewrite the same characters
        if not any(k.start < site.end and site.start < k.end for k in kept):
            kept.append(site)
    return kept


def _number_sites(text: str, *, reading: bool) -> Iterator[Site]:
    """The sites of quotations, ordinals, amounts and runs of marks."""
    for quote in _QUOTATION.finditer(text):
        opening, closing = QUOTE_MARKS[quote.group("open")]
        if quote.group("close") not in (closing, CURLY[opening][1]):
            continue  # a single mark opening a double quotation, or the reverse
        inner = quote.group("inner")
        straight = f"{opening}{inner}{closing}"
        curly = f"{CURLY[opening][0]}{inner}{CURLY[opening][1]}"
        key = (SiteKind.QUOTE, inner.split()[0].casefold().strip(".!?"))
        style = int(quote.group() == curly)
        if quote.group() in (straight, curly):
            yield Site(SiteKind.QUOTE, key, quote.start(), quote.end(), style, (straight, curly))
    for ordinal in _ORDINAL_DIGITS.finditer(text):
        if _opens_sentence(text, ordinal.start()):
            continue  # "3rd round" would open with "third", in lower case
        number = int(ordinal.group("digits"))
        key = (SiteKind.ORDINAL, str(number))
        forms = (ordinal.group(), ORDINAL_WORDS[number])
        yield Site(SiteKind.ORDINAL, key, ordinal.start(), ordinal.end(), 0, forms)
    if reading:
        for word in _ORDINAL_WORD.finditer(text):
            number = ORDINALS[word.group("word")]
            digits = f"{number}{_ordinal_suffix(number)}"
            key = (SiteKind.ORDINAL, str(number))
            yield Site(SiteKind.ORDINAL, key, word.start(), word.end(), 1, (digits, word.group()))
    for pattern, style in ((_GROUPED, 1), (_UNGROUPED, 0)):
        for amount in pattern.finditer(text):
            bare = amount.group("number").replace(",", "")
            forms = (bare, f"{int(bare):,}")
            key = (SiteKind.THOUSANDS, bare)
            yield Site(SiteKind.THOUSANDS, key, amount.start(), amount.end(), style, forms)
    for amount in _THOUSANDS_K.finditer(text):
        yield _case_site(SiteKind.THOUSANDS_K, f"{amount.group('amount')}k", amount, "k")
    for run in _MARK_RUN.finditer(text):
        marks = run.group("marks")
        key = (SiteKind.MARK_RUN, f"{run.group('word').casefold()}{marks[0]}")
        forms = (marks[0] * 2, marks[0] * 3)
        yield Site(
            SiteKind.MARK_RUN, key, run.start("marks"), run.end("marks"), len(marks) - 2, forms
        )


def _casual_sites(text: str, *, reading: bool) -> Iterator[Site]:
    """The sites of casual writing: ellipses and the space after them, a lower-case "i" and a
    space before a mark (reading a version or a copy, the other forms too: a version may have
    written them)."""
    for run in _ELLIPSIS.finditer(text):
        dots = run.group("dots")
        key = (SiteKind.ELLIPSIS, run.group("word").casefold())
        yield Site(
            SiteKind.ELLIPSIS,
            key,
            run.start("dots"),
            run.end("dots"),
            len(dots) - 3,
            ("...", "...."),
        )
    for after in _AFTER_DOTS.finditer(text):
        start, end = after.span("space")
        key = (SiteKind.ELLIPSIS_SPACE, after.group("next").casefold())
        yield Site(SiteKind.ELLIPSIS_SPACE, key, start, end, int(end > start), ("", " "))
    for pronoun in _PRONOUN_I.finditer(text):
        if pronoun.group("first") == "i" or reading:
            folded = pronoun.group().casefold().replace("\u2019", "'")
            yield _case_site(SiteKind.LOWER_I, folded, pronoun, "first")
    for mark in _INNER_MARK.finditer(text):
        start, end = mark.span("space")
        if end > start or reading:
            key = (SiteKind.MARK_SPACE, f"{mark.group('word').casefold()}{mark.group('mark')}")
            yield Site(SiteKind.MARK_SPACE, key, start, end, int(end > start), ("", " "))


def _opens_sentence(text: str, start: int) -> bool:
    """Whether `start` is the first word of the text or of a sentence."""
    before = text[:start].rstrip(" ")
    return not before or before[-1] in ".!?\n"


def _ordinal_suffix(number: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(number, "th")


def _name_case_sites(text: str, *, reading: bool) -> Iterator[Site]:
    """Days, months, holidays, languages and peoples, and hashtags, the author wrote in lower
    case (reading a version or a copy, capitalised ones too: a version may have restored them)."""
    for word in _PROPER.finditer(text):
        folded = word.group().casefold()
        if folded in PROPER_WORDS and (word.group("first").islower() or reading):
            yield _case_site(SiteKind.PROPER_CASE, folded, word, "first")
    for tag in _HASHTAG.finditer(text):
        if tag.group("first").islower() or reading:
            yield _case_site(SiteKind.HASHTAG, tag.group().casefold(), tag, "first")


def _space_site(text: str, start: int, emoji: str) -> list[Site]:
    """The space before the emoji (or flag) at `start`, present or not, when a word or another
    emoji comes before it."""
    key = (SiteKind.EMOJI_SPACE, emoji)
    if _WORD_BEFORE_SPACE.search(text, 0, start):
        return [Site(SiteKind.EMOJI_SPACE, key, start - 1, start, 0, (" ", ""))]
    if _BEFORE_EMOJI.search(text, 0, start):
        return [Site(SiteKind.EMOJI_SPACE, key, start, start, 1, (" ", ""))]
    return []


def _final_stop(text: str) -> Site | None:
    """The full stop after the post's last word (present or not), unless the word ends a
    sentence with other punctuation or an abbreviation's dots ("etc.", "p.m.")."""
    match = _FINAL_WORD.search(text)
    if match is None:
        return None
    word, stop = match.group("word"), match.group("stop")
    before = text[: match.start("word")]
    if stop and (before.endswith(".") or len(word) == 1 or word.casefold() in ABBREVIATIONS):
        return None  # "p.m.", "U.S.", "etc.": dots of an abbreviation
    key = (SiteKind.FINAL_STOP, word.casefold())
    start = match.start("stop")
    return Site(SiteKind.FINAL_STOP, key, start, start + len(stop), int(bool(stop)), ("", "."))


def _case_site(kind: SiteKind, key: str, match: regex.Match[str], group: int | str) -> Site:
    """A site whose two styles are the lower and upper case of a match's group."""
    written = match.group(group)
    forms = (written.lower(), written.upper())
    return Site(
        kind, (kind, key), match.start(group), match.end(group), int(written.isupper()), forms
    )


def _may_recase(first: str, rest: str, folded: str, *, reading: bool = False) -> bool:
    """Whether a sentence's first word may be written either way: one the author wrote in lower
    case, or a capitalised common word; never "I" ("I'm") nor a word with other capitals. Reading
    a version or a copy, any capitalised one ("Rewatching"): a version may have capitalised it."""
    if folded == "i" or folded.startswith("i'") or any(ch.isupper() for ch in rest):
        return False
    if folded in ACRONYMS:  # an acronym site of its own ("lol" / "LOL")
        return False
    if first.islower() or (reading and first.isupper()):
        return True
    return folded.split("'", maxsplit=1)[0] in CASE_FREE


def _in_sequence(text: str, start: int, end: int) -> bool:
    """Whether the emoji at [start, end) is part of a longer emoji sequence (ZWJ, skin tone,
    keycap, tag), which its variation selector must not be taken from or given to."""
    before = text[start - 1] if start > 0 else ""
    rest = text[end : end + 2]
    after = rest[1:2] if rest[:1] == VS16 else rest[:1]
    return (
        ZWJ in (before, after)
        or (bool(after) and ord(after) in _SKIN_TONES)
        or ord(text[start]) in _SKIN_TONES
        or after == "\u20e3"
        or (bool(after) and 0xE0020 <= ord(after) <= 0xE007F)
    )


def signature(text: str) -> Signature:
    """Each site key's styles in text order: what `log_likelihoods` compares."""
    found: Signature = {}
    for site in sites(text, reading=True):
        found.setdefault(site.key, []).append(site.style)
    return found


def signatures(texts: Iterable[str]) -> list[Signature]:
    """The signatures of many versions, equal ones shared as one object (so that
    `log_likelihoods` scores each distinct signature once)."""
    shared: dict[tuple[tuple[tuple[str, str], tuple[int, ...]], ...], Signature] = {}
    found = []
    for text in texts:
        mine = signature(text)
        key = tuple(sorted((k, tuple(v)) for k, v in mine.items()))
        found.append(shared.setdefault(key, mine))
    return found


def restyle(
    text: str, chosen: Sequence[tuple[Site, int]]
) -> tuple[str, list[tuple[int, int, int]]]:
    """`text` with each site written in the chosen style, and the edits made as (start, end,
    change in length) of the original text, for moving offsets."""
    pieces: list[str] = []
    edits: list[tuple[int, int, int]] = []
    cursor = 0
    for site, style in sorted(chosen, key=lambda item: item[0].start):
        if style == site.style:
            continue
        styled = site.forms[style]
        pieces.append(text[cursor : site.start])
        pieces.append(styled)
        edits.append((site.start, site.end, len(styled) - (site.end - site.start)))
        cursor = site.end
    pieces.append(text[cursor:])
    return "".join(pieces), edits


def moved(offset: int, edits: Iterable[tuple[int, int, int]], *, end: bool = False) -> int:
    """An offset of the text before `restyle` in the restyled text: text inserted exactly at a
    span's start or end stays outside the span (`end=True` for an end)."""
    return offset + sum(
        delta
        for start, stop, delta in edits
        if stop < offset or (stop == offset and (start < stop or not end))
    )


def style_versions(versions: Sequence[Version], seed: str) -> list[Version]:
    """Every version with its recipient's typographic pattern (see the module), the offsets of its
    fingerprint choices moved to match (a choice's text takes the styles written inside it:
    apostrophes and case, which attribution reads alike; spaces and selectors stay outside
    choices). Versions with the same sites (by their keys) share one code of patterns."""
    free: list[list[Site]] = []
    by_sites: dict[tuple[tuple[str, str], ...], list[int]] = {}
    for index, version in enumerate(versions):
        spans = [(c.start, c.end) for c in version.choices]
        mine = [s for s in sites(version.text) if _may_style(s, spans)]
        free.append(mine)
        if mine:
            by_sites.setdefault(tuple(s.key for s in mine), []).append(index)
    styled = list(versions)
    for keys, members in by_sites.items():
        if len(members) < 2:
            continue
        # friends who share a text take consecutive (so distinct, far apart) patterns, a group's
        # friends together, so that each group spreads over every pattern before reusing one
        order = sorted(
            members,
            key=lambda i: (
                versions[i].text,
                versions[i].group,
                _draw(seed, "friend", versions[i].friend),
            ),
        )
        patterns = _patterns(len(keys), len(order), f"{seed}\n{keys}")
        for n, index in enumerate(order):
            version = versions[index]
            new_text, edits = restyle(
                version.text, list(zip(free[index], patterns[n % len(patterns)]))
            )
            choices = [
                replace(
                    c,
                    start=(start := moved(c.start, edits)),
                    end=(stop := moved(c.end, edits, end=True)),
                    text=new_text[start:stop],
                )
                for c in version.choices
            ]
            styled[index] = replace(version, text=new_text, choices=choices)
    return styled


def _may_style(site: Site, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether a site may be styled beside the fingerprint choices at `spans`: one that keeps the
    text's length (an apostrophe, a letter's case) anywhere but across a choice's edge, one
    that changes it (a space, a selector) only outside them."""
    keeps_length = site.kind in (
        SiteKind.APOSTROPHE,
        SiteKind.CAPITAL,
        SiteKind.CLOCK,
        SiteKind.ACRONYM,
        SiteKind.QUOTE,
        SiteKind.THOUSANDS_K,
        SiteKind.PROPER_CASE,
        SiteKind.HASHTAG,
        SiteKind.LOWER_I,
    )
    for start, end in spans:
        overlaps = start < site.end and site.start < end
        inside = start <= site.start and site.end <= end
        if overlaps and not (keeps_length and inside):
            return False
    return True


def _draw(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("\x1f".join(parts).encode("utf-8")).digest()[:8], "big")


def _patterns(sites_count: int, wanted: int, seed: str) -> list[tuple[int, ...]]:
    """Up to `wanted` patterns over `sites_count` two-style sites, as far apart as their number
    allows (a greedy code over a seeded order of all patterns), or seeded random patterns when
    there are too many sites to enumerate."""
    if sites_count > MAX_ENUMERATED:
        return [
            tuple((_draw(seed, str(n), str(k)) & 1) for k in range(sites_count))
            for n in range(wanted)
        ]
    everything = sorted(range(2**sites_count), key=lambda p: _draw(seed, "pattern", str(p)))
    for distance in range(sites_count, 0, -1):
        chosen: list[int] = []
        for pattern in everything:
            if all((pattern ^ other).bit_count() >= distance for other in chosen):
                chosen.append(pattern)
                if len(chosen) == wanted:
                    break
        if len(chosen) == wanted or distance == 1:
            return [tuple((p >> k) & 1 for k in range(sites_count)) for p in chosen]
    return [(0,) * sites_count]  # pragma: no cover - distance 1 always returns


def log_likelihoods(versions: Sequence[Signature], candidate: Signature) -> tuple[list[float], int]:
    """Each version's log-likelihood ratio (nats) of the candidate's typography over an unrelated
    version's, and how many of the candidate's sites could be compared with some version's."""
    distinct = list({id(v): v for v in versions}.values())
    by_kind: dict[str, list[tuple[str, str]]] = {}
    for key in candidate:
        # only sites the versions write differently tell them apart (a capitalised name opening
        # a sentence is read as a site, and every version has it alike)
        if len({tuple(v.get(key) or ()) for v in distinct}) > 1:
            by_kind.setdefault(key[0], []).append(key)
    scores = [0.0] * len(versions)
    compared_any = 0
    for kind, keys in by_kind.items():
        observed = [s for key in keys for s in candidate[key]]
        chance, uniform = RESTYLED[kind], len(set(observed)) == 1
        best = 0
        seen: dict[int, tuple[int, int]] = {}  # per signature object (`signatures` shares them)
        for index, version in enumerate(versions):
            counts = seen.get(id(version))
            if counts is None:
                same = differ = 0
                for key in keys:
                    written = version.get(key)
                    if written:
                        agree, disagree = _agreement(candidate[key], written)
                        same, differ = same + agree, differ + disagree
                counts = seen[id(version)] = (same, differ)
            if counts[0] + counts[1]:
                best = max(best, counts[0] + counts[1])
                scores[index] += _ratio(chance, uniform, *counts)
        compared_any += best
    return scores, compared_any


@lru_cache(maxsize=4096)
def _ratio(chance: float, uniform: bool, same: int, differ: int) -> float:
    """The log-likelihood ratio of `same` sites matching and `differ` not, for a kind whose
    sites a tool restyles at once with probability `chance` (see the module)."""
    restyled = chance * 0.5 if uniform else 0.0
    exact = (1 - EPSILON) ** same * EPSILON**differ
    unrelated = 0.5 ** (same + differ)
    return math.log((1 - chance) * exact + restyled) - math.log((1 - chance) * unrelated + restyled)


def _agreement(observed: list[int], written: list[int]) -> tuple[int, int]:
    """How many of one site key's occurrences agree and disagree with a version's: in order when
    the copy has as many occurrences as the version, else only when the version wrote them all
    alike (else none are compared)."""
    if len(observed) == len(written):
        agree = sum(o == w for o, w in zip(observed, written))
        return agree, len(observed) - agree
    if all(w == written[0] for w in written):
        agree = sum(o == written[0] for o in observed)
        return agree, len(observed) - agree
    return 0, 0


def layer_read(scores: Sequence[float]) -> bool:
    """Whether the typographic layer told any versions apart."""
    return len({round(s, 9) for s in scores}) > 1

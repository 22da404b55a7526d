"""Rule-based recognition of time expressions, normalised on the fly and anchored on `now`.

A small regex grammar (clock times, calendar dates, weekdays, deictic words, parts of the day,
offsets such as "a year and a half ago", durations and sets) is matched over the raw text; the
longest non-overlapping matches win, a clock time next to a day is merged into one expression, and
each expression gets a TIMEX3 value and an interval (normalisation.py). It takes about a
millisecond per tweet and needs no parser; a spaCy doc, when given, only refines the tense used to
resolve a bare weekday or month ("Friday" after "said" is the past Friday).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

from dateutil.easter import easter

from osnguard.privacy import lexicon
from osnguard.privacy.author import EMOJI, in_verbless_chunk
from osnguard.privacy.lexicon import MONTHS, WEEKDAYS
from osnguard.privacy.temporal import feasts
from osnguard.privacy.temporal import normalisation as norm
from osnguard.privacy.temporal.model import Interval, TimeExpression

# --- lexicon -------------------------------------------------------------------------------

# number words as time phrases count them: the shared ones (without "zero", which no time phrase
# counts) and the article and quantity words ("a week", "a couple of days", "a dozen years")
NUMBER_WORDS: dict[str, int] = {
    **{word: value for word, value in lexicon.NUMBER_WORDS.items() if word != "zero"},
    "a": 1,
    "an": 1,
    "a couple of": 2,
    "couple of": 2,
    "a couple": 2,
    "a dozen": 12,
    "dozen": 12,
}
VAGUE_NUMBERS = ("a few", "few", "several", "some", "many", "a number of")
PARTS_OF_DAY: dict[str, str] = {
    "morning": "MO",
    "afternoon": "AF",
    "arvo": "AF",  # Australian English
    "evening": "EV",
    "night": "NI",
    "nite": "NI",
    "midnight": "MI",
    "daytime": "DT",
    "day": "DT",
}
SEASONS: dict[str, str] = {
    "spring": "SP",
    "summer": "SU",
    "fall": "FA",
    "autumn": "FA",
    "winter": "WI",
}
UNIT_NAMES: dict[str, str] = {
    "second": "second",
    "sec": "second",
    "minute": "minute",
    "min": "minute",
    "hour": "hour",
    "hr": "hour",
    "day": "day",
    "night": "night",
    "week": "week",
    "weekend": "weekend",
    "fortnight": "fortnight",
    "month": "month",
    "quarter": "quarter",
    "year": "year",
    "yr": "year",
    "decade": "decade",
    "century": "century",
    "centurie": "century",
}
FINER_UNIT = {
    "year": "month",
    "decade": "year",
    "century": "decade",
    "month": "day",
    "quarter": "month",
    "week": "day",
    "day": "hour",
    "hour": "minute",
}
SET_ADVERBS: dict[str, str] = {
    "hourly": "PT1H",
    "daily": "P1D",
    "nightly": "P1D",
    "weekly": "P1W",
    "biweekly": "P2W",
    "monthly": "P1M",
    "quarterly": "P3M",
    "annually": "P1Y",
    "yearly": "P1Y",
}
PREPOSITIONS = (
    "at",
    "on",
    "in",
    "during",
    "for",
    "since",
    "until",
    "till",
    "til",
    "by",
    "before",
    "after",
    "from",
    "over",
    "within",
    "throughout",
    "around",
    "through",
    "about",
)
HOLIDAYS: dict[str, tuple[int, int]] = {
    "christmas eve": (12, 24),
    "christmas day": (12, 25),
    "christmas": (12, 25),
    "xmas": (12, 25),
    "new year's eve": (12, 31),
    "new years eve": (12, 31),
    "new year's day": (1, 1),
    "new years day": (1, 1),
    "halloween": (10, 31),
    "valentine's day": (2, 14),
    "valentines day": (2, 14),
    "independence day": (7, 4),
    "boxing day": (12, 26),
    "st. patrick's day": (3, 17),
    "april fools day": (4, 1),
    "april fools' day": (4, 1),
    "april fools": (4, 1),
    # national days and nights of the English-speaking countries
    "canada day": (7, 1),
    "australia day": (1, 26),
    "anzac day": (4, 25),
    "waitangi day": (2, 6),
    "bonfire night": (11, 5),
    "guy fawkes night": (11, 5),
    "burns night": (1, 25),
    "hogmanay": (12, 31),
    "juneteenth": (6, 19),
    "st patrick's day": (3, 17),
    "paddy's day": (3, 17),
    "st paddy's day": (3, 17),
    "st. paddy's day": (3, 17),
    "st andrew's day": (11, 30),
    "st david's day": (3, 1),
    "remembrance day": (11, 11),
    "veterans day": (11, 11),
    "armistice day": (11, 11),
}

# --- grammar pieces -------------------------------------------------------------------------


def _alt(words: Iterable[str]) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


NUM_WORD = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ]"
    r"(?:one|two|three|four|five|six|seven|eight|nine)|" + _alt(NUMBER_WORDS) + ")"
)
NUM = rf"(?:\d+(?:[.,]\d+)?|{NUM_WORD}|{_alt(VAGUE_NUMBERS)})"
UNIT = rf"(?:{_alt(UNIT_NAMES)})s?"
MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?:\.|\b|(?=\d)))"
)
MONTH_FULL = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
)
WEEKDAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"(?:mon|tues|tue|wed|weds|thurs|thur|thu|fri|sat|sun)\."
    # the short forms that are no other word stand alone ("can't make book club thurs"); the
    # others with a part of the day after them ("by the stage Sat night")
    r"|(?:tues|weds|thurs|thur|fri)\b(?!['’])"
    r"|(?-i:Mon|Wed|Sat|Sun)(?=\s+(?:morning|afternoon|evening|night|arvo|shift|class|lesson|"
    r"match|session)\b|\s+\d{1,2}(?:[-:]|am|pm))"
    r"|(?<=[ap]m\s)(?-i:Mon|Wed|Sat|Sun)\b"  # after a clock time: "meet 10am Sat"
    r")"
)
WEEKDAY_PLURAL = (
    r"(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays)"
)
POD = r"(?:morning|afternoon|arvo|evening|night|nite)"
SEASON = r"(?:spring|summer|fall|autumn|winter)"
DAYNUM = r"(?:[12]\d|3[01]|0?[1-9])"
ORD_SUFFIX = r"(?:st|nd|rd|th)"
YEAR = r"(?:1[5-9]\d\d|20\d\d)"
AMPM = r"(?:[ap]\.\s?m\.|[ap]\s?m\b)"
TZ = r"(?:\s*\b(?:EST|EDT|ET|CST|CDT|PST|PDT|PT|GMT|UTC|BST|CET|CEST)\b)?"
APPROX = r"(?:about|around|nearly|almost|roughly|some|more than|less than|over|under|just|only|exactly|at least|at most|up to)"
DEICTIC_DAYS: dict[str, int] = {
    "today": 0,
    "2day": 0,
    "tomorrow": 1,
    "tomorow": 1,
    "tmrw": 1,
    "tmr": 1,
    "2morrow": 1,
    "2moro": 1,
    "2mrw": 1,
    "2morow": 1,
    "2morro": 1,
    "tommorow": 1,
    "tommorrow": 1,
    "yesterday": -1,
    "yday": -1,
    "the morra": 1,  # Scots
}
REFS: dict[str, str] = {
    "now": "PRESENT_REF",
    "right now": "PRESENT_REF",
    "currently": "PRESENT_REF",
    "nowadays": "PRESENT_REF",
    "these days": "PRESENT_REF",
    "at the moment": "PRESENT_REF",
    "current": "PRESENT_REF",
    "the present": "PRESENT_REF",
    "recently": "PAST_REF",
    "lately": "PAST_REF",
    "recent": "PAST_REF",
    "the past": "PAST_REF",
    "formerly": "PAST_REF",
    "the future": "FUTURE_REF",
    "future": "FUTURE_REF",
}
TONIGHT = r"(?:tonight|tonite|2nite|2night)"

# -ed words that describe a state, not a past event ("fingers crossed", "so excited")
STATE_PARTICIPLES = frozenset(
    [
        "excited",
        "tired",
        "scared",
        "crossed",
        "married",
        "engaged",
        "stressed",
        "bored",
        "worried",
        "interested",
        "pleased",
        "delighted",
        "thrilled",
        "exhausted",
        "obsessed",
        "blessed",
        "based",
        "booked",
        "scheduled",
        "expected",
        "needed",
        "supposed",
        "used",
        "involved",
        "required",
        "allowed",
        "invited",
    ]
)
PAST_CUES = re.compile(
    r"\b(?:was|were|had|did|said|says|ago|went|came|got|made|told|saw|left|began|took|gave|met|"
    # "last week", not "last day Friday"; -ed verbs, not the adjectives ("fingers crossed")
    r"last(?=\s+(?:night|week|weekend|month|year|time|\w+day)\b)|yesterday|earlier|"
    rf"(?!(?:{'|'.join(sorted(STATE_PARTICIPLES))})\b)(?-i:[a-z])\w{{2,}}ed)\b",
    re.I,
)  # (an -ed word in lower case: "Muhammed" is a name)
# A preposition before a bare weekday that points ahead when nothing else says the tense
# ("back in the office from Monday", "done by Friday").
AHEAD_BEFORE = re.compile(r"\b(?:from|starting|by|till|until|til|for|before)\s+(?:this\s+)?$", re.I)
# A "since" clause reaching the cue: its verb dates a start ("since I came out"), not the time
SINCE_CLAUSE = re.compile(r"\bsince\b[^,;.!?]*$", re.I)
# "since" as a preposition just before the time: what the time dates is behind ("can't walk since
# her stroke in June"), not "since I'll be away in June" (a clause, with its own verb)
SINCE_NOUN_BEFORE = re.compile(
    r"\bsince\s+(?:(?:my|her|his|their|our|your|the|a|an|that|this)\s+)?(?P<words>(?:[a-z][\w'’-]*\s+){0,2})$",
    re.I,
)
_NOT_SINCE_NOUNS = """i we you he she they it i'm we're you're he's she's they're it's i'll we'll
you'll he'll she'll they'll will be am is are was were get got gonna going"""
NOT_SINCE_NOUNS = frozenset(_NOT_SINCE_NOUNS.split())
# Before this hour a "tonight" told in the past tense is the night just over
NIGHT_ENDS = 12
# A race's result before an "mm:ss" in its sentence ("New PB at parkrun this morning!! 23:41")
RACE_BEFORE = re.compile(
    r"\b(?:pb|pr|personal best|parkrun|finish(?:ed)? in|chip time|splits?|5k|10k|half marathon|"
    r"marathon)\b[^.?\n]{0,40}(?<!\bat )(?<!\bby )(?<!\bfrom )(?<!\btill )(?<!\baround )$",
    re.I,
)
# Whether one can attend, before the time in its clause: a plan ahead
CAN_MAKE = re.compile(
    r"\b(?:can|can['’]?t|cannot|won['’]?t|will|['’]ll)\s+(?:make|come|do|go|attend|join)\b", re.I
)
FUTURE_CUES = re.compile(
    r"\b(?:will|shall|going to|gonna|next|tomorrow|plan|plans|planning|scheduled|upcoming|"
    r"expected|expects|due|until|till|coming|see you|can't wait|cant wait|"
    # the present tense of arrangements ("IVF starts on Monday", "we're flying in Friday")
    r"starts?|begins?|turns|opens|ends|leaves|arrives|returns|flying|driving|heading|moving|"
    r"starting|leaving|throwing|hosting|getting married|joining|visiting|relocating|landing|"
    r"arriving|off to)\b|'ll\b|'re\b|'m\b"
    # someone wants or needs one somewhere ("the renal team want me in on Tuesday")
    r"|\b(?:wants?|needs?)\s+(?:me|us|him|her|them)\s+(?:in|back|there|at)\b"
    # what one must do before it ("need to practise before the wedding in Jan")
    r"|\b(?:need|needs|have|has|got)\s+to\s+\w+\s+(?:\w+\s+)?before\b",
    re.I,
)


@dataclass
class Found:
    """A raw grammar match before overlap resolution and merging."""

    start: int
    end: int
    type: str
    value: str
    part_of_day: str | None = None
    mod: str | None = None
    vague: bool = False
    kind: str = ""  # "clock", "day" (a whole day), "pod" (part of a day) or "" (other)
    clock: tuple[int, int] | None = None


class Context:
    """What a rule's builder needs: the text, the anchor and a lazy tense guess."""

    def __init__(self, text: str, now: datetime, doc: Any = None) -> None:
        self.text = text
        self.now = now
        self.today = now.date()
        self.doc = doc

    def tense(self, start: int, end: int) -> str | None:
        """'past', 'future' or None, from the verb governing [start, end) or the nearest cue
        word: first in that verb's own clause ("moving to Evanston in March, the rent was
        killing me": the move is ahead), then in the sentence."""
        chunk_start = max(self.text.rfind(c, 0, start) for c in ",.;!?\n") + 1
        since = SINCE_NOUN_BEFORE.search(self.text, chunk_start, start)
        if since and not NOT_SINCE_NOUNS.intersection(
            since["words"].lower().replace("’", "'").split()
        ):
            return "past"
        if CAN_MAKE.search(self.text, chunk_start, start):
            return "future"  # "Can't make pub quiz Thursday, I've got ...": whatever the parse
        if self.doc is not None:
            tense, clause = _doc_tense(self.doc, start, end)
            if tense:
                return tense
            if clause is not None:
                # the comma-separated part of the clause holding the phrase first ("Off to
                # Lourdes ... in May, she's wanted to go her whole life": the trip is ahead)
                comma = self.text.find(",", end, clause[1])
                if comma >= 0:
                    tense = self._cue_tense(start, end, max(clause[0], chunk_start), comma)
                    if tense:
                        return tense
                    if in_verbless_chunk(self.doc, start, end, phrase_excluded=True):
                        # "PhD viva on the 14th at Imperial, my supervisor says I'm ready": a
                        # fragment with no verb of its own takes no other clause's tense
                        return None
                tense = self._cue_tense(start, end, *clause)
                if tense:
                    return tense
        left = (
            max(
                self.text.rfind(".", 0, start),
                self.text.rfind("\n", 0, start),
                self.text.rfind("!", 0, start),
                self.text.rfind("?", 0, start),
                max((m.start() for m in EMOJI.finditer(self.text, 0, start)), default=-1),
            )
            + 1
        )
        ends = [i for i in (self.text.find(c, end) for c in ".!?\n") if i >= 0]
        emoji_after = EMOJI.search(self.text, end)
        if emoji_after is not None:
            ends.append(emoji_after.start())  # "on Friday 🤰 the kids made me a card": a new clause
        right = min(ends) if ends else len(self.text)
        # the comma-separated part holding the phrase speaks first ("Off to Lourdes ... in May,
        # she's wanted to go her whole life": the trip is ahead)
        comma = self.text.find(",", end, right)
        chunk_end = comma if comma >= 0 else right
        tense = self._cue_tense(start, end, max(left, chunk_start), chunk_end)
        return tense or self._cue_tense(start, end, left, right)

    def _cue_tense(self, start: int, end: int, left: int, right: int) -> str | None:
        """The tense of the cue word in text[left:right] nearest [start, end)."""
        best: tuple[int, str] | None = None
        for regex, label in ((PAST_CUES, "past"), (FUTURE_CUES, "future")):
            for cue in regex.finditer(self.text, left, right):
                if start <= cue.start() < end or SINCE_CLAUSE.search(self.text, left, cue.start()):
                    continue
                distance = start - cue.end() if cue.end() <= start else cue.start() - end
                if best is None or distance < best[0]:
                    best = (distance, label)
        return best[1] if best else None


# Verbs whose present tense with a time says what is scheduled: "starts in September", "my
# flight lands on the 22nd", "she turns 40 in May" are ahead, not behind.
_SCHEDULED_VERBS = """start begin finish end leave arrive return open close move fly land depart
resume graduate retire launch expire turn kick"""
SCHEDULED_VERBS = frozenset(_SCHEDULED_VERBS.split())


# Verbs that give, win or arrange an event for later, and the events one is given or arranges
_ARRANGING_VERBS = """surprise get buy give book gift win plan organise organize arrange treat
invite receive"""
ARRANGING_VERBS = frozenset(_ARRANGING_VERBS.split())
_PLANNED_EVENTS = """trip trips holiday holidays vacation getaway break cruise flight flights ticket
tickets gig concert show festival wedding party weekend retreat"""
PLANNED_EVENTS = frozenset(_PLANNED_EVENTS.split())


def _gives_a_planned_event(verb: Any, token: Any) -> bool:
    """The time word hangs on an event ("a trip ... in May") that a giving or arranging verb in
    the past gives or arranges ("surprised me with", "got me tickets for"), not one come back
    from ("got back from a trip in May")."""
    if verb.tag_ != "VBD" or verb.lemma_.lower() not in ARRANGING_VERBS:
        return False
    if any(w.dep_ == "prt" for w in verb.children):
        return False  # "got back", "got over"
    node = token
    for _ in range(6):
        if node is verb or node.head is node:
            return False
        node = node.head
        if node.pos_ == "NOUN" and node.lemma_.lower() in PLANNED_EVENTS:
            return True
    return False


# Verbs that commit to a later deed said by an infinitive after them
COMMITTING_VERBS = frozenset(
    {"volunteer", "agree", "promise", "offer", "arrange", "sign", "pledge"}
)


def _commits_to_later(verb: Any, token: Any) -> bool:
    """The time word's verb is the infinitive of a verb of committing ("agreed to cover her
    shift on Sunday"), or a past verb of committing with an infinitive before the time word
    ("volunteered to leaflet Ward 9 on Saturday", where the parse hangs the time on the
    commitment): the time is the promised deed's, ahead."""
    if (
        verb.dep_ == "xcomp"
        and verb.head.lemma_.lower() in COMMITTING_VERBS
        and _is_infinitive(verb)
    ):
        return True
    if verb.tag_ not in ("VBD", "VBN") or verb.lemma_.lower() not in COMMITTING_VERBS:
        return False
    return any(
        child.dep_ == "xcomp" and child.i < token.i and _is_infinitive(child)
        for child in verb.children
    )


def _is_infinitive(verb: Any) -> bool:
    """The verb has "to" before it ("to leaflet")."""
    return any(w.dep_ == "aux" and w.lower_ == "to" for w in verb.children)


# A token that is a time word whatever its tag ("fri", "Sat.", "12th", "pm")
TIME_TOKEN = re.compile(rf"(?i)(?:{WEEKDAY}|{WEEKDAY_PLURAL}|{MONTH}|\d[\w:.]*|[ap]\.?m\.?)")


def _time_word_in(word: Any, start: int, end: int) -> bool:
    """A time word of the phrase text[start:end] ("fri"), not a verb it starts with ("is the
    19th")."""
    return bool(start <= word.idx < end and TIME_TOKEN.fullmatch(word.text))


def _doc_tense(
    doc: Any, char: int, end: int | None = None
) -> tuple[str | None, tuple[int, int] | None]:
    """The tense the verb governing the character at `char` marks, and the span of that verb's
    clause (its subtree) when it is a verb that marks none ("landing ... on the 22nd")."""
    for token in doc:
        if token.idx <= char < token.idx + len(token.text):
            head = token
            stop = char + 1 if end is None else end
            for _ in range(4):
                # the phrase's own word is never its verb ("hair appt fri 3pm": "fri" a "verb")
                if (
                    head.pos_ in ("VERB", "AUX") and not _time_word_in(head, char, stop)
                ) or head.head is head:
                    break
                head = head.head
            if _time_word_in(head, char, stop) and head.pos_ in ("VERB", "AUX"):
                return None, None
            if (
                head.lower_ == "do"
                and head.i > 0
                and head.nbor(-1).pos_ in ("NOUN", "PROPN")
                and head.i + 1 < len(doc)
                and head.nbor(1).pos_ == "ADP"
            ):
                # "Retirement do for Da ... on Friday": a party, no verb; named with its day
                # and nothing past, it is ahead, as "Party on Friday" is
                said_past = any(t.tag_ in ("VBD", "VBN") for t in head.sent)
                return (None if said_past else "future"), None
            words = [head, *head.children]
            low, high = sorted((head.idx, char))
            if EMOJI.search(doc.text, low, high):
                # an emoji ends a clause: a verb before it does not time what follows ("Just
                # landed 🌴 house sitter is at ours till the 3rd")
                return None, None
            if any(w.lower_ == "since" and w.dep_ == "mark" for w in words):
                return None, None  # "since I came out, Thursday 8pm": the clause sets no tense
            if head.pos_ not in ("VERB", "AUX"):
                return None, None  # a verbless fragment: its nouns' clauses are not its tense
            if any(
                w.lower_ in ("will", "'ll", "shall", "gonna", "can", "ca", "cannot", "wo")
                for w in words
            ):  # ("Can't make it Thursday", "won't be in Friday": "ca", "wo" before "n't")
                return "future", None  # ("can someone cover my shift Sunday": a request ahead)
            # the clause's own verbs: not another clause hung on it ("her visa came through
            # after 11 months, she lands on the 20th": "came" is no tense of "lands")
            past = [
                w
                for w in words
                if w.lower_ not in STATE_PARTICIPLES
                and w.dep_ not in ("advcl", "ccomp", "conj", "parataxis", "relcl", "xcomp")
            ]
            # "I'm being made redundant on Friday", "will be told": a passive still ahead
            ahead_passive = any(
                w.dep_ in ("aux", "auxpass") and w.lower_ in ("being", "be", "am", "'m", "are")
                for w in head.children
            )
            if (
                head.tag_ == "VBN"
                and any(w.lower_ in ("am", "'m", "are", "'re", "is") for w in head.children)
                and (
                    any(w.lower_ == "being" for w in head.children)
                    or re.match(r"\s*(?:until|till|til)\b", doc.text[head.idx + len(head.text) :])
                )
            ):
                # "I'm being made redundant on Friday": arranged; "my husband is deployed until
                # May": a state that lasts till then
                return "future", None
            if head.tag_ == "VBG" and any(
                w.dep_ == "aux"
                and w.lower_.replace("’", "'") in ("is", "are", "am", "'m", "'re", "'s")
                for w in head.children
            ):
                # "our youth group is doing a sleepout on the 28th": the present progressive of
                # an arrangement is ahead
                return "future", None
            if _commits_to_later(head, token):
                # "volunteered to leaflet Ward 9 on Saturday": the time is the promised deed's
                return "future", None
            if _gives_a_planned_event(head, token):
                # "surprised me with a trip to Lisbon in May", "got tickets for a gig in June":
                # the gift was given, the trip is ahead
                return "future", None
            if head.lower_ == "got" and any(
                w.dep_ == "aux" and w.lower_.replace("’", "'") in ("'ve", "ve", "have", "has")
                for w in head.children
            ):
                return "future", None  # "I've got a colposcopy on the 9th": have, an appointment
            # "she's dead set on Medicine", "my flight's booked for Friday": a state now, no past
            present_state = any(
                w.dep_ == "auxpass" and w.tag_ in ("VBZ", "VBP") for w in head.children
            )
            if any(w.tag_ == "VBD" for w in past) or (
                head.tag_ == "VBN"
                and head.lower_ not in STATE_PARTICIPLES
                and not ahead_passive
                and not present_state
            ):
                return _past_unless_fragment(doc, head, token)
            if head.tag_ in ("VBZ", "VBP") and head.lemma_.lower() in SCHEDULED_VERBS:
                return "future", None  # "our little one starts reception in September"
            if (
                head.tag_ in ("VBZ", "VBP")
                and head.lemma_.lower() == "be"
                and any(w.dep_ in ("nsubj", "expl") for w in head.children)
                and not any(w.tag_ == "VBN" for w in head.children)
            ):
                # "interview is the 19th at 2pm": what is set for a date is ahead, whatever
                # the clause hung on it tells ("Got a call back ..., interview is ...")
                return "future", None
            if (
                head.tag_ == "VBG"
                and head.i == head.sent.start
                # (an emoji the parser hung on as an "aux" is none: "Doing my exam ... 🙏")
                and not any(
                    w.dep_ in ("aux", "auxpass", "nsubj") and not EMOJI.fullmatch(w.text)
                    for w in head.children
                )
            ):
                # "Voting Labour on Thursday", "Flying out on the 3rd": a plan, whatever the
                # clause after it tells ("moving in March, the rent was killing me")
                return "future", None
            if (
                head.tag_ == "VBG"
                and head.dep_ == "conj"
                and head.head.tag_ in ("VBD", "VBN", "VBZ", "VBP")
                and not any(w.dep_ in ("aux", "auxpass") for w in head.children)
            ):
                # "Registered to vote at 18 and proudly voting Labour on the 4th": a plan
                # joined to what is done, not its past
                return "future", None
            if (
                head.tag_ == "VBG"
                and head.lemma_.lower() in SCHEDULED_VERBS
                and head.dep_ in ("advcl", "conj")
                and not any(w.dep_ in ("aux", "auxpass", "nsubj") for w in head.children)
            ):
                # "Gave notice today, starting as an apprentice ... on the 2nd": the next step
                # of a plan, whatever was done before it
                return "future", None
            root = _subjectless_root(head)
            if root is not None and root.tag_ == "VB":
                return "future", None  # an imperative invites: "Come join us Saturday"
            if root is not None and EMOJI.search(doc.text, *sorted((root.idx, head.idx))):
                root = None  # "Just landed 🇰🇪 staying ... till the 20th": a new clause
            if (
                root is not None
                and root.tag_ in ("VBD", "VBN")
                and root.lower_ not in STATE_PARTICIPLES
            ):
                return _past_unless_fragment(doc, head, token)  # "Loved seeing everyone Saturday"
            subtree = list(head.subtree)
            return None, (subtree[0].idx, subtree[-1].idx + len(subtree[-1].text))
    return None, None


def _past_unless_fragment(
    doc: Any, verb: Any, token: Any
) -> tuple[str | None, tuple[int, int] | None]:
    """The past a verb marks, for a time its clause holds; for a time in a verbless fragment
    after a comma, no tense and the fragment ("Landed at JFK, back to London on the 28th": the
    parse hangs the date on "Landed", but the fragment takes no past from it)."""
    fragment = _verbless_fragment(doc, verb, token)
    return ("past", None) if fragment is None else (None, fragment)


def _verbless_fragment(doc: Any, verb: Any, token: Any) -> tuple[int, int] | None:
    """The characters of the comma-separated fragment holding `token` when no verb of its own
    stands between that comma and `token`, and `verb` (what the parse hangs it on) is before
    the comma; else None."""
    if verb.i >= token.i:
        return None
    commas = [w for w in doc[verb.i + 1 : token.i] if w.text == ","]
    if not commas:
        return None
    comma = commas[-1]
    if any(w.pos_ in ("VERB", "AUX") for w in doc[comma.i + 1 : token.i]):
        return None
    stop = next(
        (w.i for w in doc[token.i :] if w.text in (",", ".", "!", "?") or w.is_sent_start),
        len(doc),
    )
    last = doc[stop - 1]
    return comma.idx + 1, last.idx + len(last.text)


def _subjectless_root(verb: Any) -> Any:
    """The verb that opens `verb`'s sentence with no subject or auxiliary ("Come join us
    Saturday", "Pls come Friday", "Loved seeing everyone"), reached from `verb` through the
    clauses that share its subject; None when the sentence has a subject."""
    root = verb
    while root.dep_ in ("xcomp", "advcl", "conj") and root.head is not root:
        root = root.head
    opening = [w for w in root.sent if w.i < root.i]
    if any(w.pos_ not in ("INTJ", "PUNCT", "SPACE") for w in opening):
        return None
    if any(w.dep_ in ("aux", "auxpass", "nsubj", "nsubjpass", "expl") for w in root.children):
        return None
    return root


# --- value helpers -------------------------------------------------------------------------


def parse_number(word: str) -> float | None:
    """Numeric value of '3', '3.5', 'three', 'twenty-five', 'a'; None for vague words ('few')."""
    word = word.lower().strip()
    if re.fullmatch(r"\d+(?:[.,]\d+)?", word):
        return float(word.replace(",", "."))
    if word in NUMBER_WORDS:
        return float(NUMBER_WORDS[word])
    parts = re.split(r"[- ]", word)
    if len(parts) == 2 and parts[0] in NUMBER_WORDS and parts[1] in NUMBER_WORDS:
        return float(NUMBER_WORDS[parts[0]] + NUMBER_WORDS[parts[1]])
    return None


def _unit(word: str) -> str:
    word = word.lower().rstrip("s") if word.lower() not in ("centuries",) else "century"
    return UNIT_NAMES.get(word, word)


def _weekday_date(today: date, weekday: int, direction: str | None) -> date:
    """The date of `weekday`: 'past' = on or before today, 'future' = on or after, else nearest."""
    back = (today.weekday() - weekday) % 7
    ahead = (weekday - today.weekday()) % 7
    if direction == "past":
        return today - timedelta(days=back)
    if direction == "future":
        return today + timedelta(days=ahead)
    return today - timedelta(days=back) if back <= ahead else today + timedelta(days=ahead)


SINCE_BEFORE = re.compile(r"\bsince\s+(?:(?:early|late|mid|the\s+start\s+of)[\s-]+)?$", re.I)


def _ahead_or_tense(ctx: Context, start: int, end: int) -> str | None:
    """The tense of [start, end), or "future" when nothing says it and a preposition before it
    points ahead ("available from January", "booked till March")."""
    if SINCE_BEFORE.search(ctx.text[max(0, start - 20) : start]):
        return "past"  # "counting down since September": a start, always behind
    tense = ctx.tense(start, end)
    if tense is None and AHEAD_BEFORE.search(ctx.text[max(0, start - 20) : start]):
        return "future"
    return tense


def _month_year(today: date, month: int, direction: str | None) -> int:
    if direction == "past" and month > today.month:
        return today.year - 1
    if direction == "future" and month < today.month:
        return today.year + 1
    return today.year


def _near_year(today: date, month: int, day: int) -> int:
    """The year putting month/day closest to today (for holidays and year-less dates)."""
    best = min(
        (today.year - 1, today.year, today.year + 1),
        key=lambda y: abs((_safe_date(y, month, day) - today).days),
    )
    return best


def _safe_date(year: int, month: int, day: int) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        return date(year, month, 28)


def _season_value(today: date, code: str, relation: str | None) -> str:
    """Year-qualified season value (2026-SU) for this/last/next season."""

    def interval(year: int) -> Interval:
        found = norm.value_interval(f"{year:04d}-{code}")
        if found is None:
            raise ValueError(f"{code!r} is not a season")
        return found

    year = today.year
    if code == "WI" and today.month <= 2:
        year -= 1
    start, end = interval(year)
    if relation == "last":
        if end.date() >= today:
            year -= 1
    elif relation == "next" and start.date() <= today:
        year += 1
    return f"{year:04d}-{code}"


def _relative_value(now: datetime, unit: str, offset: int) -> str:
    """Value of this (0), last (-1) or next (+1) `unit` relative to now."""
    moment = norm.shift(now, offset, unit) if offset else now
    return norm.value_at_granularity(moment, unit)


# --- rules -----------------------------------------------------------------------------------

Builder = Callable[[re.Match[str], Context], "Found | None"]
RULES: list[tuple[re.Pattern[str], Builder]] = []


def rule(pattern: str, flags: int = re.I) -> Callable[[Builder], Builder]:
    """Register a grammar rule; the named group `x`, if present, is the expression's extent."""

    def register(builder: Builder) -> Builder:
        RULES.append((re.compile(pattern, flags), builder))
        return builder

    return register


def _extent(m: re.Match[str]) -> tuple[int, int]:
    if "x" in m.re.groupindex and m.start("x") >= 0:
        return m.start("x"), m.end("x")
    return m.start(), m.end()


def _clock_found(
    m: re.Match[str], hour: int, minute: int, ampm: str | None, ctx: Context, pod: str | None = None
) -> Found | None:
    if ampm:
        if hour > 12:
            return None
        if ampm.lower().startswith("p") and hour < 12:
            hour += 12
        elif ampm.lower().startswith("a") and hour == 12:
            hour = 0
    if pod in ("AF", "EV", "NI") and hour < 12:
        hour += 12
    if hour > 24 or minute > 59:
        return None
    start, end = _extent(m)
    value = f"{ctx.today.isoformat()}T{hour % 24:02d}:{minute:02d}"
    return Found(start, end, "TIME", value, kind="clock", clock=(hour % 24, minute))


@rule(
    rf"\b(?P<x>(?:the\s+)?(?P<d1>{DAYNUM}){ORD_SUFFIX}?)\s*(?:to|till|until|-|–)\s*"
    rf"(?:the\s+)?{DAYNUM}{ORD_SUFFIX}?(?:\s+of)?\s+(?P<mon>{MONTH})"
)
def _first_day_of_range(m: re.Match[str], ctx: Context) -> Found | None:
    """ "from 2 to 9 Dec", "the 3rd to the 17th of March": the first day is in the month the
    range ends with (the day alone would be read in the nearest month)."""
    month = MONTHS[m["mon"].lower().rstrip(".")]
    behind = _ahead_or_tense(ctx, m.start(), m.end()) == "past"
    year = _month_year(ctx.today, month, "past" if behind else "future")
    day = _safe_date(year, month, int(m["d1"]))
    return Found(m.start("x"), m.end("x"), "DATE", day.isoformat(), kind="range_start")


@rule(
    rf"\b(?P<x>(?P<h>[01]?\d|2[0-4])(?:[:.](?P<mi>[0-5]\d))?\s*(?P<ap>{AMPM}){TZ}"
    rf"(?:\s+(?P<pod>in the (?:morning|afternoon|evening)|at night|tonight))?)"
)
def _clock_ampm(m: re.Match[str], ctx: Context) -> Found | None:
    return _clock_found(m, int(m["h"]), int(m["mi"] or 0), m["ap"], ctx)


@rule(
    rf"(?<![\d:.$£€])\b(?P<x>(?P<h>[01]?\d|2[0-3]):(?P<mi>[0-5]\d)(?![\d:]){TZ}"
    rf"(?:\s+(?P<pod>in the (?:morning|afternoon|evening)|at night|tonight))?)"
)
def _clock_24h(m: re.Match[str], ctx: Context) -> Found | None:
    if RACE_BEFORE.search(ctx.text, 0, m.start()):
        return None  # "New PB at parkrun!! 23:41": minutes and seconds run, no time of day
    pod = {"morning": "MO", "afternoon": "AF", "evening": "EV", "night": "NI", "tonight": "NI"}
    code = next((c for w, c in pod.items() if m["pod"] and w in m["pod"]), None)
    hour, minute = int(m["h"]), int(m["mi"])
    if (
        code is None
        and 1 <= hour <= 11
        and not m["h"].startswith("0")
        and _afternoon_clock(hour, minute, m, ctx)
    ):
        code = "AF"
    return _clock_found(m, hour, minute, None, ctx, code)


@rule(
    r"\bthe\s+(?P<x>(?P<h>[01]?\d|2[0-3])\.(?P<mi>[0-5]\d))"
    r"(?=\s+(?:from|to|train|bus|service|out of|into)\b)"
)
def _service_time(m: re.Match[str], ctx: Context) -> Found | None:
    """ "the 6.42 from Haywards Heath", "the 8.15 to Waterloo": a train or bus by its time, as
    British timetables write it."""
    hour, minute = int(m["h"]), int(m["mi"])
    # a commuter's 6.42 is the morning's unless the post says evening; a 2.10 is the afternoon's
    evening = EVENING_CUES.search(ctx.text) is not None and 5 <= hour <= 11
    code = "AF" if 1 <= hour <= 4 or evening else None
    return _clock_found(m, hour, minute, None, ctx, code)


@rule(
    r"\b(?:at|from|till|until|til|by|about|around|after|before)\s+(?P<x>half (?P<h>[1-9]|1[0-2]|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))\b(?![:.]?\d|\s*(?:%|of\b))"
)
def _clock_half(m: re.Match[str], ctx: Context) -> Found | None:
    """ "at half 3": half past three, as British and Irish English say it."""
    hour = int(parse_number(m["h"]) or 0)
    code = "AF" if hour <= 6 or _afternoon_clock(hour, 30, m, ctx) else None
    return _clock_found(m, hour, 30, None, ctx, code)


EVENING_CUES = re.compile(
    r"(?:\b(?:tonight|tonite|evening|night|dinner|supper|p\.?m\.?|after work|iftar)|(?<=\d)\s?p\.?m)\b",
    re.I,
)


MORNING_CUES = re.compile(
    r"\b(?:suhoor|sehri|suhur|fajr|alarm|wake|waking|woke|dawn|sunrise|early|morning|"
    r"breakfast|a\.?m\.?|up at|up by)\b|(?<=\d)\s?a\.?m\b",
    re.I,
)


def _afternoon_clock(hour: int, minute: int, m: re.Match[str], ctx: Context) -> bool:
    """Whether "at 7:30" with no am or pm means the afternoon or evening: the message speaks of
    the evening ("Tonight's the night ... at 7:30"), the hour is one people would say "am" or
    "in the morning" for if they meant it (1 to 6: "Jummah at 1:15"), or the time is still to
    come and the morning one has passed but not the evening one ("at 7:30" said at noon; said
    at 8pm, the next 7:30 is the morning's)."""
    cue = _nearest_cue(ctx.text, m.start())
    if cue is not None:
        # "first suhoor at 4:30 tomorrow", "dinner at 7pm then bed, alarm at 5:30"
        return cue == "evening"
    said = (ctx.now.hour, ctx.now.minute)
    since_morning = (said[0] - hour) * 60 + said[1] - minute  # minutes since the morning one
    if (
        re.search(r"\bthe\s+$", ctx.text[max(0, m.start() - 5) : m.start()], re.I)
        and 0 <= since_morning <= 180
        and ctx.tense(m.start(), m.end()) != "future"
    ):
        return False  # "anyone else on the 6:42?" at 7:25: the train that just left
    if hour <= 6 and not (hour >= 5 and TRAVEL_BEFORE.search(ctx.text, 0, m.start())):
        return True  # (not "flying from Bristol at 6:05 Saturday": flights leave at dawn)
    sentence_before = re.split(r"[.!?\n]", ctx.text[: m.start()])[-1]
    if (
        OTHER_DAY_NEAR.search(ctx.text[max(0, m.start() - 16) : m.start()])
        or OTHER_DAY_AFTER.match(ctx.text, m.end())
        or TOMORROW.search(sentence_before)
    ):
        # "interviews tomorrow 10:30", "back to work tomorrow, drop-off at 7:45 then the 8:12":
        # which of today's has passed says nothing
        return False
    return ctx.tense(m.start(), m.end()) == "future" and (hour, minute) < said < (hour + 12, minute)


TRAVEL_BEFORE = re.compile(
    r"(?i)\b(?:flying|flight|fly|train|coach|ferry|taxi|uber|depart\w*|leav(?:e|es|ing)|alarm)\b"
    r"[^.!?\n]{0,40}$"
)
TOMORROW = re.compile(r"(?i)\b(?:tomorrow|tmrw|tomoz)\b")
# A day other than today named right by a clock time ("tomorrow 10:30", "10:30 on Monday")
OTHER_DAY_NEAR = re.compile(rf"(?i)\b(?:tomorrow|tmrw|tomoz|{WEEKDAY})\b\.?(?:\s+at)?\s*$")
OTHER_DAY_AFTER = re.compile(
    rf"(?i)\s*(?:am\b|a\.m\.)?\s*(?:on\s+)?(?:tomorrow|tmrw|tomoz|{WEEKDAY})\b"
)


def _nearest_cue(text: str, at: int) -> str | None:
    """ "evening" or "morning": the kind of the day-part cue nearest to a bare clock time."""
    found = [
        (abs(c.start() - at), kind)
        for kind, cues in (("evening", EVENING_CUES), ("morning", MORNING_CUES))
        for c in cues.finditer(text)
    ]
    return min(found)[1] if found else None


@rule(
    r"\b(?P<x>(?P<h>[01]?\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"\s*o'?\s?clock(?:\s+(?P<pod>in the (?:morning|afternoon|evening)|at night|tonight))?)"
)
def _clock_oclock(m: re.Match[str], ctx: Context) -> Found | None:
    hour = int(parse_number(m["h"]) or 0)
    pod = {"morning": "MO", "afternoon": "AF", "evening": "EV", "night": "NI", "tonight": "NI"}
    code = next((c for w, c in pod.items() if m["pod"] and w in m["pod"]), None)
    return _clock_found(m, hour, 0, None, ctx, code)


@rule(
    r"\b(?P<x>(?P<h>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?P<ap>[ap]\.?m\b\.?))"
)
def _clock_words(m: re.Match[str], ctx: Context) -> Found | None:
    return _clock_found(m, int(parse_number(m["h"]) or 0), 0, m["ap"], ctx)


@rule(r"\b(?P<x>noon|midday|mid-day)\b")
def _noon(m: re.Match[str], ctx: Context) -> Found | None:
    return _clock_found(m, 12, 0, None, ctx)


@rule(r"\b(?P<x>(?:(?:this|tonight|last night|tomorrow)\s+at\s+)?midnight)\b")
def _midnight(m: re.Match[str], ctx: Context) -> Found | None:
    day = ctx.today - timedelta(days=1) if "last" in m["x"].lower() else ctx.today
    return Found(m.start("x"), m.end("x"), "TIME", f"{day.isoformat()}TMI", "MI", kind="pod")


@rule(
    rf"\b(?P<rel>this|tomorrow|tomorow|tmrw|2morrow|yesterday|last|the previous|the following|"
    rf"the next|early this|late this|later this|earlier this)\s+(?P<pod>{POD})\b"
)
def _deictic_pod(m: re.Match[str], ctx: Context) -> Found | None:
    rel = m["rel"].lower()
    offset = 0
    if rel in ("tomorrow", "tomorow", "tmrw", "2morrow", "the next", "the following"):
        offset = 1
    elif rel in ("yesterday", "the previous"):
        offset = -1
    elif rel == "last":
        offset = -1 if m["pod"].lower() not in ("night", "nite") else 0 if ctx.now.hour < 5 else -1
    code = PARTS_OF_DAY[m["pod"].lower()]
    day = ctx.today + timedelta(days=offset)
    if rel in ("the next", "the following", "the previous"):
        # "pub quiz Thursday, test at 9 the next morning": the day after the day said before it
        # in its sentence, not after today
        said = _weekday_said_before(ctx, m.start())
        if said is _ANOTHER_DAY:
            return None
        if said is not None:
            day = said + timedelta(days=offset)
    mod = "START" if rel.startswith("early") else "END" if rel.startswith("late") else None
    return Found(m.start(), m.end(), "TIME", f"{day.isoformat()}T{code}", code, mod=mod, kind="pod")


_ANOTHER_DAY = date.min  # a day said before that is no weekday ("June 3rd ... the next morning")
_WEEKDAY_BEFORE = re.compile(rf"\b(?P<wd>{WEEKDAY})\b(?!.*\b{WEEKDAY}\b)", re.I | re.S)
_DATE_BEFORE = re.compile(rf"\b{MONTH}\b|\b{DAYNUM}{ORD_SUFFIX}\b", re.I)


def _weekday_said_before(ctx: Context, start: int) -> date | None:
    """The date of the last weekday said before `start` in its sentence (ahead unless its clause
    is past, as `_weekday_date` reads it), `_ANOTHER_DAY` when another kind of date is said
    there, or None."""
    left = max(ctx.text.rfind(c, 0, start) for c in ".!?\n") + 1
    before = ctx.text[left:start]
    said = _WEEKDAY_BEFORE.search(before)
    if said is None:
        return _ANOTHER_DAY if _DATE_BEFORE.search(before) else None
    weekday = WEEKDAYS[said["wd"].lower().rstrip(".")]
    past = ctx.tense(left + said.start(), left + said.end()) == "past"
    return _weekday_date(ctx.today, weekday, "past" if past else "future")


@rule(rf"\b(?P<x>{TONIGHT})\b")
def _tonight(m: re.Match[str], ctx: Context) -> Found | None:
    day = ctx.today
    if ctx.now.hour < NIGHT_ENDS and ctx.tense(m.start(), m.end()) == "past":
        day -= timedelta(days=1)  # "ED was a zoo tonight", posted at 7am after the shift
    return Found(m.start(), m.end(), "TIME", f"{day.isoformat()}TNI", "NI", kind="pod")


@rule(
    rf"\b(?:(?P<prep>at|in|during|by|all|through|throughout)\s+(?P<x>(?:the\s+)?(?P<pod>{POD}|daytime|day)))\b"
)
def _bare_pod(m: re.Match[str], ctx: Context) -> Found | None:
    word, prep = m["pod"].lower(), m["prep"].lower()
    if word == "day" and (prep not in ("during", "by", "all") or "the" not in m["x"].lower()):
        return None
    if word != "day" and prep in ("at",) and "the" in m["x"].lower():
        return None  # "at the night club"
    if prep == "at" and word not in ("night", "nite", "midnight"):
        return None
    if prep == "in" and "the" not in m["x"].lower():
        return None
    code = PARTS_OF_DAY[word]
    day = ctx.today
    if (
        word == "morning"
        and prep == "in"
        and ctx.now.hour >= 12
        and ctx.tense(m.start(), m.end()) != "past"
    ):
        day += timedelta(days=1)  # "shul in the morning", said in the evening: tomorrow's
    return Found(m.start("x"), m.end("x"), "TIME", f"{day.isoformat()}T{code}", code, kind="pod")


SUN_TIMES: dict[str, str] = {
    "sunrise": "MO", "dawn": "MO", "first light": "MO", "daybreak": "MO",
    "sunset": "EV", "sundown": "EV", "dusk": "EV", "golden hour": "EV",
}  # fmt: skip


@rule(
    rf"\b(?:at|by|before|after|around)\s+(?P<x>(?P<sun>{_alt(SUN_TIMES)})"
    r"(?:\s+(?P<day>yesterday|today|tomorrow|tmrw))?)\b"
)
def _sun_time(m: re.Match[str], ctx: Context) -> Found | None:
    """ "at sunset yesterday", "at dawn": a part of the day by the sun."""
    offset = {"yesterday": -1, "tomorrow": 1, "tmrw": 1}.get((m["day"] or "").lower(), 0)
    code = SUN_TIMES[m["sun"].lower()]
    day = ctx.today + timedelta(days=offset)
    return Found(m.start("x"), m.end("x"), "TIME", f"{day.isoformat()}T{code}", code, kind="pod")


@rule(
    rf"\b(?P<x>(?:the\s+day\s+(?P<ba>before\s+yesterday|after\s+tomorrow))|{_alt(DEICTIC_DAYS)})\b"
)
def _deictic_day(m: re.Match[str], ctx: Context) -> Found | None:
    text = m["x"].lower()
    offset = (-2 if "before" in text else 2) if m["ba"] else DEICTIC_DAYS[text]
    day = ctx.today + timedelta(days=offset)
    return Found(m.start(), m.end(), "DATE", day.isoformat(), kind="day")


@rule(rf"\b(?P<x>{_alt(REFS)})\b")
def _reference(m: re.Match[str], ctx: Context) -> Found | None:
    text = m["x"].lower()
    before = ctx.text[max(0, m.start() - 10) : m.start()].lower()
    after = ctx.text[m.end() : m.end() + 10].lower()
    if text == "future" and not re.search(r"\b(?:the|in|near)\s+$", before):
        return None  # "future plans" without "the"/"in" is an adjective
    if text == "now" and re.match(r"\s*(?:that|on)\b", after):
        return None  # "now that", "from now on"
    if text == "the past" and re.match(
        r"\s+(?:\d|few|several|two|three|year|month|week|day|decade)", after
    ):
        return None  # "the past two years" is a duration, matched by its own rule
    return Found(m.start(), m.end(), "DATE", REFS[text], vague=True)


# A possessive right before "last" or "next": the final or following one of someone's, no date
OWNER_BEFORE_RELATIVE = re.compile(r"(?:['’]s|\b(?:my|our|his|her|their|your))\s+$", re.I)


@rule(
    rf"\b(?:(?P<mod>early|late|mid|earlier(?=\s+this)|later(?=\s+this))[- ]?)?(?P<rel>this past|this coming|this|last|next|"
    rf"past|coming|previous|following|current|the last|the past|the next|the coming|the previous|"
    rf"the following|the current|the same)\s+(?P<unit>week(?:end)?|month|year|quarter|decade|century|"
    rf"season|{SEASON}|{MONTH_FULL}|{WEEKDAY})\b"
)
def _relative(m: re.Match[str], ctx: Context) -> Found | None:
    if m["rel"].lower() in ("last", "next") and OWNER_BEFORE_RELATIVE.search(
        ctx.text, 0, m.start()
    ):
        return None  # "Priya's last weekend as a single woman", "my last week here": the final one
    rel = m["rel"].lower().replace("the ", "")
    unit = m["unit"].lower().rstrip(".")
    mod = None
    if m["mod"]:
        mod = {"early": "START", "late": "END", "mid": "MID", "earlier": None, "later": None}[
            m["mod"].lower()
        ]
    if rel == "same":
        return Found(m.start(), m.end(), "DATE", "XXXX", vague=True)
    if (
        rel in ("past", "last")
        and m["rel"].lower().startswith("the ")
        and unit in ("week", "month", "year", "decade", "century", "quarter")
    ):
        # "the past year": the twelve months up to now (TimeML: a duration)
        return Found(m.start(), m.end(), "DURATION", norm.duration_value(1, unit))
    direction = {
        "this": 0,
        "current": 0,
        "same": 0,
        "this past": -1,
        "last": -1,
        "past": -1,
        "previous": -1,
        "next": 1,
        "coming": 1,
        "this coming": 1,
        "following": 1,
    }[rel]
    if unit in UNIT_NAMES or unit == "weekend":
        value = _relative_value(ctx.now, UNIT_NAMES.get(unit, unit), direction)
        return Found(m.start(), m.end(), "DATE", value, mod=mod)
    if unit == "season":
        return Found(m.start(), m.end(), "DATE", "XXXX", vague=True)
    if unit in SEASONS:
        relation = {0: None, -1: "last", 1: "next"}[direction]
        return Found(
            m.start(), m.end(), "DATE", _season_value(ctx.today, SEASONS[unit], relation), mod=mod
        )
    if unit in MONTHS:
        month = MONTHS[unit]
        if direction == 0:
            year = ctx.today.year
        elif direction < 0:
            year = ctx.today.year if month < ctx.today.month else ctx.today.year - 1
        else:
            year = ctx.today.year if month > ctx.today.month else ctx.today.year + 1
        return Found(m.start(), m.end(), "DATE", f"{year:04d}-{month:02d}", mod=mod)
    weekday = WEEKDAYS[unit]
    today = ctx.today
    if direction < 0:
        day = today - timedelta(days=(today.weekday() - weekday) % 7 or 7)
    elif rel == "next":
        # "next Friday" said on a Tuesday is the Friday of next week ("this Friday" is this one's)
        day = today + timedelta(days=7 - today.weekday() + weekday)
    elif direction > 0:
        day = today + timedelta(days=(weekday - today.weekday()) % 7 or 7)
    else:
        day = today + timedelta(days=(weekday - today.weekday()) % 7)
    return _with_pod(m, ctx, day, m.end())


def _with_pod(
    m: re.Match[str], ctx: Context, day: date, end: int, start: int | None = None
) -> Found:
    """A day expression, extended over a following part of the day ("Friday morning")."""
    start = m.start() if start is None else start
    tail = re.match(rf"\s+(?P<pod>{POD})\b", ctx.text[end:], re.I)
    if tail:
        code = PARTS_OF_DAY[tail["pod"].lower()]
        return Found(start, end + tail.end(), "TIME", f"{day.isoformat()}T{code}", code, kind="pod")
    return Found(start, end, "DATE", day.isoformat(), kind="day")


@rule(
    rf"\b(?P<x>(?P<wd>{WEEKDAY}|(?<=\bon\s)(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b)(?!\w))"
)
def _weekday(m: re.Match[str], ctx: Context) -> Found | None:
    if m["wd"].lower().rstrip(".") in ("sun", "sat", "wed", "mon") and not m["wd"][0].isupper():
        return None
    return _weekday_found(m, ctx)


WEEKDAY_ABBREVIATION = r"(?:mon|tues|tue|weds|wed|thurs|thur|thu|fri|sat|sun)"
_LIST_GAP = r"\s*(?:-|–|/|&|,|and|to|till|thru)\s*"


@rule(r"\b(?P<wd>Weds|Tues|Thurs|Thur)\b(?!\.)", flags=0)
def _capitalised_short_day(m: re.Match[str], ctx: Context) -> Found | None:
    """ "back in the office Weds": short day names that are no other word, capitalised."""
    return _weekday_found(m, ctx)


_ANY_WEEKDAY = (
    rf"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|{WEEKDAY_ABBREVIATION})"
)


@rule(
    rf"\b(?P<x>(?:every\s+)?(?P<wd>{_ANY_WEEKDAY})(?:\s*/\s*{_ANY_WEEKDAY})+"
    rf"|(?:every\s+)?(?P<wd2>{_ANY_WEEKDAY})(?:\s+{_ANY_WEEKDAY}){{2,6}})\b(?!\.)"
)
def _weekday_timetable(m: re.Match[str], ctx: Context) -> Found | None:
    """ "Mon/Wed/Fri 12-1", "tues/thurs", "every mon wed fri": days joined by slashes, or
    three or more in a row, are a timetable, a weekly routine, never the one coming week ("next
    week" would be false the week after)."""
    day = m["wd"] or m["wd2"]
    return Found(m.start(), m.end(), "SET", f"XXXX-WXX-{WEEKDAYS[day.lower()] + 1}")


@rule(
    rf"\b(?P<x>(?P<wd>{_ANY_WEEKDAY})\s*(?:-|–|to|thru|through)\s*(?P<last>{_ANY_WEEKDAY}))\b(?!\.)"
    r"(?!\s+(?:this|next|last|the\s+\w+)\s+(?:week|weekend)\b)"
)
def _weekday_span_routine(m: re.Match[str], ctx: Context) -> Found | None:
    """ "Mon-Fri 6am till 2pm": a working week said with no week is a weekly routine, not the
    coming Monday ("Mon-Thu this week" is dated)."""
    first, last = WEEKDAYS[m["wd"].lower()], WEEKDAYS[m["last"].lower()]
    if first != 0 or last < 3:
        return None  # "Fri-Sun at the festival" is one weekend; a working week is a routine
    value = "XXXX-WXX-WD" if last == 4 else "XXXX-WXX-1"
    return Found(m.start(), m.end(), "SET", value)


@rule(
    rf"\b(?P<x>(?P<n>\d+|{NUM_WORD})\s+(?:(?P<unit>days|weeks)\s+)?on\s*[,/&]?\s*(?:and\s+)?"
    rf"(?:\d+|{NUM_WORD})(?:\s+(?:days|weeks))?\s+off)\b"
)
def _rota(m: re.Match[str], ctx: Context) -> Found | None:
    """ "21 days on, 21 off", "4 on 3 off" (days): a rotation of shifts, one routine, never two
    durations."""
    return Found(
        m.start(),
        m.end(),
        "SET",
        norm.duration_value(2 * int(parse_number(m["n"]) or 1), _unit(m["unit"] or "days")),
    )


STAGE_NOT_AFTER = re.compile(
    r"(?:\d|\b(?:a|an|the|per|this|next|last|that|each|every|one|all|whole))\s+$", re.I
)


# Words after a name that do not continue its noun phrase ("Day 1 of Ramadan and I ...")
NOT_A_HEAD_NOUN = frozenset(
    {"and", "or", "but", "so", "then", "is", "was", "has", "had", "done", "starts", "started",
     "ends", "in", "at", "on", "with", "for", "to", "already", "lol", "complete"}
)  # fmt: skip


@rule(
    r"\b(?P<x>(?P<unit>week|day|month)\s+(?P<n>\d{1,2}))\b"
    r"(?=\s+of\b|\s+(?:and|done|down|complete)\b|\s*[,.!?]|\s*$)"
)
def _course_stage(m: re.Match[str], ctx: Context) -> Found | None:
    """ "week 3 and I'm a zombie", "Week 2 of radiotherapy done": how far into a course of
    something the author is, a time elapsed ("day 5" alone, a stage of something else, is not)."""
    if STAGE_NOT_AFTER.search(ctx.text[: m.start()]):
        return None  # "3 times a week 2 hours", "every day 8 to 4": no stage
    after = ctx.text[m.end() :].lstrip()
    if m["unit"].lower() == "day" and not after.lower().startswith("of"):
        return None
    named = re.match(r"of\s+(?:the\s+)?(?:[A-Z][\w'’-]*\s*)+", after)
    head = re.match(r"[a-z][\w'’-]*", after[named.end() :]) if named else None
    if named and (head is None or head.group(0) in NOT_A_HEAD_NOUN):
        # "Day 1 of Ramadan", "week 2 of Wimbledon": a named event's own days (not "Day 3 of the
        # Adderall shortage", the author's own)
        return None
    return Found(
        m.start("x"), m.end("x"), "DURATION", norm.duration_value(int(m["n"]), _unit(m["unit"]))
    )


@rule(rf"\b(?P<wd>{WEEKDAY_ABBREVIATION})\b(?!\.)")
def _listed_weekday(m: re.Match[str], ctx: Context) -> Found | None:
    """ "Mon-Fri", "tues/thurs/sat", "Mon & Wed": short day names in a range or list, which
    alone would be ordinary words ("sat", "wed")."""
    after = ctx.text[m.end() : m.end() + 14]
    before = ctx.text[max(0, m.start() - 14) : m.start()]
    if not (
        re.match(rf"{_LIST_GAP}{WEEKDAY_ABBREVIATION}\b", after, re.I)
        or re.search(rf"\b{WEEKDAY_ABBREVIATION}{_LIST_GAP}$", before, re.I)
    ):
        return None
    return _weekday_found(m, ctx)


# A weekday that opens a range ending at the day after it ("Mon to Fri", "Tues-Thurs")
RANGE_FROM_DAY = re.compile(
    rf"(?i)\b(?P<wd>{WEEKDAY}|{WEEKDAY_ABBREVIATION})\s*(?:to|till|until|til|-|–)\s*$"
)
# "... next week" after a day or a range of days: the week they are in
WEEK_AFTER = re.compile(
    rf"(?i)^(?:\s*(?:to|till|until|til|-|–)\s*(?:{WEEKDAY}|{WEEKDAY_ABBREVIATION}))?"
    r"\s+(?P<which>next|this|last)\s+week\b"
)


def _week_said_after(ctx: Context, end: int) -> date | None:
    """The Monday of the week a day is said to be in right after it ("Mon to Fri next week")."""
    found = WEEK_AFTER.match(ctx.text[end : end + 30])
    if found is None:
        return None
    monday = ctx.today - timedelta(days=ctx.today.weekday())
    return monday + timedelta(days={"next": 7, "this": 0, "last": -7}[found["which"].lower()])


# Words of a post that announces something ahead, with no tense on the day itself
ANNOUNCING = re.compile(
    r"\b(?:nervous|excited|can't wait|cannot wait|countdown|wish me luck)\b", re.I
)


def _weekday_found(m: re.Match[str], ctx: Context) -> Found | None:
    weekday = WEEKDAYS[m["wd"].lower().rstrip(".")]
    tense = _ahead_or_tense(ctx, m.start(), m.end())
    if (
        tense is None
        and ctx.doc is not None
        and in_verbless_chunk(ctx.doc, m.start(), m.end(), phrase_excluded=True)
    ):
        tense = "future"  # "garage sale Saturday 8am-noon": a fragment announces
    if tense is None and ANNOUNCING.search(ctx.text):
        tense = "future"  # "Bar mitzvah on Saturday morning, my nephew is so nervous"
    day = _weekday_date(ctx.today, weekday, tense)
    monday = _week_said_after(ctx, m.end())
    if monday is not None:
        day = monday + timedelta(days=weekday)  # "from Mon to Fri next week"
    else:
        first = RANGE_FROM_DAY.search(ctx.text[max(0, m.start() - 16) : m.start()])
        if first is not None:
            # "from Mon to Fri": the day that ends a range is not before the one it starts with
            start_day = _weekday_date(ctx.today, WEEKDAYS[first["wd"].lower().rstrip(".")], tense)
            while day < start_day:
                day += timedelta(days=7)
    if (
        day == ctx.today
        and tense != "past"
        and re.search(
            r"\b(?:till|until|til|back(?:\s+on)?)\s+$",
            ctx.text[max(0, m.start() - 10) : m.start()],
            re.I,
        )
    ):
        # "in hospital till Friday", "off sick all week, back Monday", said that day: next week's
        day += timedelta(days=7)
    return _with_pod(m, ctx, day, m.end())


@rule(
    rf"\b(?:(?P<wd>{WEEKDAY}),?\s+)?(?P<mon>{MONTH})\s*(?P<day>{DAYNUM}){ORD_SUFFIX}?(?!\d)"
    # a range of days in one month is one phrase: "June 14-16"
    rf"(?:\s?[-–]\s?(?P<until>{DAYNUM}){ORD_SUFFIX}?(?![\d:]))?"
    rf"(?:(?:,\s*|\s+)(?P<year>{YEAR}|'\d\d)(?!\d))?"
)
def _month_day(m: re.Match[str], ctx: Context) -> Found | None:
    return _calendar_date(m, ctx)


@rule(
    rf"\b(?:(?P<wd>{WEEKDAY}),?\s+)?(?:the\s+)?(?P<day>{DAYNUM}){ORD_SUFFIX}?"
    rf"(?:\s?[-–]\s?(?P<until>{DAYNUM}){ORD_SUFFIX}?)?(?:\s+of)?\s+(?P<mon>{MONTH})"  # "14-16 June"
    rf"(?:(?:,\s*|\s+)(?P<year>{YEAR}|'\d\d)(?!\d))?"
)
def _day_month(m: re.Match[str], ctx: Context) -> Found | None:
    return _calendar_date(m, ctx)


def _calendar_date(m: re.Match[str], ctx: Context) -> Found | None:
    month = MONTHS[m["mon"].lower().rstrip(".")]
    day = int(m["day"])
    if m["until"] and int(m["until"]) <= day:
        return None  # "June 3-1": a score, no range of days
    if m["mon"].lower() == "may" and not m["mon"][0].isupper():
        return None
    year_text = m["year"]
    if year_text:
        year = (
            int(year_text[1:]) + (1900 if int(year_text[1:]) > 50 else 2000)
            if year_text.startswith("'")
            else int(year_text)
        )
    else:
        year = _near_year(ctx.today, month, day)
    try:
        when = date(year, month, day)
    except ValueError:
        return None
    return _with_pod(m, ctx, when, m.end())


# Words after "the 18th" that make it an ordinal, not a day of the month
ORDINAL_NOUNS = (
    r"century|centuries|time|times|birthday|anniversary|floor|place|grade|year|month|week|day|"
    r"round|lap|attempt|try|edition|album|book|season|episode|person|one|row|hole|minute"
)


@rule(
    rf"\b(?:(?P<wd>{WEEKDAY}),?\s+(?:the\s+)?|(?P<prep>on|till|until|til|by|from|since|before|after|"
    rf"starting|through|is|was)\s+(?:(?P<the>the)\s+)?)(?P<day>{DAYNUM}){ORD_SUFFIX}\b"
    rf"(?!\s+(?:of\s+)?(?:{MONTH})\b|\s+(?:{ORDINAL_NOUNS})\b|-)"
)
def _day_of_month(m: re.Match[str], ctx: Context) -> Found | None:
    """ "on the 18th", "till the 9th", "Monday 12th": a day of this month or a nearby one (the
    month where that day is that weekday, when one is named)."""
    if m["prep"] and not m["the"] and m["prep"].lower() in ("is", "was"):
        return None  # "is 1st in line": a rank
    day = int(m["day"])
    # ("on 15th": Indian and other Englishes leave out "the")
    start = (m.start("the") if m["the"] else m.start("day")) if m["prep"] else m.start()
    dates = _days_of_month(ctx.today, day, (0, 1, -1, 2, -2))
    if m["wd"]:
        weekday = WEEKDAYS[m["wd"].lower().rstrip(".")]
        dates = [d for d in dates if d.weekday() == weekday]
        if not dates:
            return None
        when = min(dates, key=lambda d: abs((d - ctx.today).days))
    else:
        tense = ctx.tense(m.start(), m.end())
        ahead = [d for d in dates if d >= ctx.today]
        behind = [d for d in dates if d < ctx.today]
        if tense == "past" or ((m["prep"] or "").lower() in ("since", "after") and behind):
            pool = behind or dates
        else:
            pool = ahead or dates
            # "flying home on the 19th, back on the 2nd": a day said after another comes after it
            before = _earlier_day(ctx, m.start())
            if before is not None:
                pool = [d for d in pool if d > before] or pool
        when = min(pool, key=lambda d: abs((d - ctx.today).days))
    return _with_pod(m, ctx, when, m.end(), start=start)


@rule(
    rf"\b(?:the\s+)?(?P<day>{DAYNUM})(?:st|nd|rd|th)\s*(?:-|–|to|till|until)\s*(?:the\s+)?"
    rf"(?P<until>{DAYNUM})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:{MONTH})\b)"
)
def _days_of_month_range(m: re.Match[str], ctx: Context) -> Found | None:
    """ "stag do 21st-25th": days of the nearest month ahead that has them (behind, in the past
    tense), read as the range's first day."""
    first, last = int(m["day"]), int(m["until"])
    if last <= first:
        return None
    dates = _days_of_month(ctx.today, first, (0, 1, -1, 2, -2))
    if ctx.tense(m.start(), m.end()) == "past":
        pool = [d for d in dates if d < ctx.today] or dates
    else:
        pool = [d for d in dates if d >= ctx.today] or dates
    when = min(pool, key=lambda d: abs((d - ctx.today).days))
    return Found(m.start(), m.end(), "DATE", when.isoformat(), kind="day")


EARLIER_DAY = re.compile(
    rf"\b(?:on|from|till|until|by)\s+the\s+(?P<day>{DAYNUM}){ORD_SUFFIX}\b", re.IGNORECASE
)


def _earlier_day(ctx: Context, before: int) -> date | None:
    """The date of the last bare day of the month said before `before` ("on the 19th"), read
    ahead of today: the next day said ("back on the 2nd") follows it."""
    found = list(EARLIER_DAY.finditer(ctx.text, 0, before))
    if not found:
        return None
    ahead = [
        d for d in _days_of_month(ctx.today, int(found[-1]["day"]), (0, 1, 2)) if d >= ctx.today
    ]
    return ahead[0] if ahead else None


def _days_of_month(today: date, day: int, offsets: Iterable[int]) -> list[date]:
    """The dates with this day of the month in the months `offsets` away from today's (months
    without that day left out)."""
    dates = []
    for offset in offsets:
        try:
            dates.append(norm.add_months(today.replace(day=1), offset).replace(day=day))
        except ValueError:
            continue
    return dates


@rule(r"(?<![\d/.])\b(?P<y>\d{4})-(?P<mo>0?[1-9]|1[0-2])-(?P<d>[0-2]?\d|3[01])\b(?!-)")
def _iso_date(m: re.Match[str], ctx: Context) -> Found | None:
    try:
        when = date(int(m["y"]), int(m["mo"]), int(m["d"]))
    except ValueError:
        return None
    return Found(m.start(), m.end(), "DATE", when.isoformat(), kind="day")


@rule(
    r"(?<![\d/.])\b(?P<mo>0?[1-9]|1[0-2])/(?P<d>[0-2]?\d|3[01])(?:/(?P<y>\d{4}|\d{2}))?\b(?![/\d])"
)
def _slash_date(m: re.Match[str], ctx: Context) -> Found | None:
    if not m["y"]:
        before = ctx.text[max(0, m.start() - 4) : m.start()].lower()
        if not re.search(r"\b(?:on|by)\s+$", before):
            return None
    month, day = int(m["mo"]), int(m["d"])
    year = (
        (int(m["y"]) + (2000 if len(m["y"]) == 2 else 0))
        if m["y"]
        else _near_year(ctx.today, month, day)
    )
    try:
        when = date(year, month, day)
    except ValueError:
        return None
    return Found(m.start(), m.end(), "DATE", when.isoformat(), kind="day")


SHORT_MONTH_BEFORE = re.compile(r"\b(?:in|by|till|til|until|since|from|before|after)\s+$", re.I)


@rule(
    rf"\b(?:(?P<mod>early|late|mid)[- ]?)?(?P<mon>{MONTH})(?:(?:,\s*|\s+(?:of\s+)?)(?P<year>{YEAR})(?!\d))?(?!\w)"
)
def _month(m: re.Match[str], ctx: Context) -> Found | None:
    word = m["mon"].lower().rstrip(".")
    if m["mon"][0].islower() and not m["mod"]:
        return None
    if word in ("may", "march") and not m["year"] and not m["mod"]:
        before = ctx.text[max(0, m.start() - 10) : m.start()].lower()
        if not re.search(
            r"\b(?:in|of|since|until|by|last|next|this|early|late|mid|during|from)\s+$", before
        ):
            return None
    if len(word) <= 4 and not m["year"] and not m["mon"].endswith(".") and word not in MONTHS:
        return None
    if (
        len(word) <= 3
        and not m["year"]
        and word not in ("may",)
        and not m["mod"]
        and not SHORT_MONTH_BEFORE.search(ctx.text[max(0, m.start() - 8) : m.start()])
    ):
        return None  # ("Jan" alone may be a name; "till mid-Feb", "in Jan" are months)
    month = MONTHS[word]
    year = (
        int(m["year"])
        if m["year"]
        else _month_year(ctx.today, month, _ahead_or_tense(ctx, m.start(), m.end()))
    )
    mod = {"early": "START", "late": "END", "mid": "MID"}.get((m["mod"] or "").lower())
    return Found(m.start(), m.end(), "DATE", f"{year:04d}-{month:02d}", mod=mod)


@rule(
    rf"(?<![\d$£€.,])\b(?:(?P<fiscal>fiscal|fy)\s*)?(?:(?P<mod>early|late|mid)[- ])?(?P<y>{YEAR})"
    r"(?P<s>'?s)?(?![\d%]|[.,]\d|\s*(?:percent|per cent|people|dollars|euros|pounds|feet|metres|meters|km|miles|kg|tons|troops|votes|units|members))\b"
)
def _year(m: re.Match[str], ctx: Context) -> Found | None:
    year = int(m["y"])
    mod = {"early": "START", "late": "END", "mid": "MID"}.get((m["mod"] or "").lower())
    if m["s"]:
        if year % 10:
            return None
        return Found(m.start(), m.end(), "DATE", f"{year // 10:03d}", mod=mod)
    before = ctx.text[max(0, m.start() - 2) : m.start()]
    if before.endswith("#"):
        return None
    if re.search(r"\bclass\s+of\s+$", ctx.text[max(0, m.start() - 10) : m.start()], re.I):
        return None  # "Class of 2012": a school year group, which the lexicon reads
    model = re.match(r"\s+([A-Z][a-z]+)\b", ctx.text[m.end() :])
    if (
        model is not None
        and model.group(1).lower() not in MONTHS
        and model.group(1).lower() not in WEEKDAYS
        and not re.search(
            r"\b(?:in|since|from|of|by|until|till|before|after)\s+$", ctx.text[: m.start()], re.I
        )
    ):
        return None  # "2019 Corsa", "a 2015 Civic": a model's year, no time of the author's
    return Found(m.start(), m.end(), "DATE", f"{year:04d}", mod=mod)


@rule(
    r"\b(?:the\s+)?(?:(?P<mod>early|late|mid)[- ])?'?(?P<d>[2-9]0)'?s\b|\bthe\s+(?P<w>twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b"
)
def _decade(m: re.Match[str], ctx: Context) -> Found | None:
    if m["w"]:
        tens = {
            "twenties": 2,
            "thirties": 3,
            "forties": 4,
            "fifties": 5,
            "sixties": 6,
            "seventies": 7,
            "eighties": 8,
            "nineties": 9,
        }[m["w"].lower()]
    else:
        if "'" not in m.group(0) and not m.group(0).lower().startswith("the"):
            return None
        tens = int(m["d"]) // 10
    mod = {"early": "START", "late": "END", "mid": "MID"}.get((m["mod"] or "").lower())
    return Found(m.start(), m.end(), "DATE", f"19{tens}", mod=mod)


@rule(
    r"\b(?:the\s+)?(?:(?P<rel>latest|last|previous|current|same|next|coming|year-ago|year-earlier)\s+)?"
    r"(?P<q>first|second|third|fourth|1st|2nd|3rd|4th|final|last)[- ](?:fiscal[- ])?quarter"
    rf"(?:\s+(?:of\s+)?(?:fiscal\s+)?(?P<y>{YEAR}))?\b|\bQ(?P<qn>[1-4])(?:\s+(?P<y2>{YEAR}))?\b"
)
def _quarter(m: re.Match[str], ctx: Context) -> Found | None:
    if m["qn"]:
        number, year_text = int(m["qn"]), m["y2"]
    else:
        word = m["q"].lower()
        number = {
            "first": 1,
            "1st": 1,
            "second": 2,
            "2nd": 2,
            "third": 3,
            "3rd": 3,
            "fourth": 4,
            "4th": 4,
            "final": 4,
            "last": 4,
        }[word]
        year_text = m["y"]
    start = m.start()
    if (
        not m["qn"]
        and m.group(0).lower().startswith("the ")
        and re.search(r"\w-quarter", m.group(0).lower())
        and not m["rel"]
    ):
        start = m.start() + 4  # "the third-quarter results": TimeML leaves out "the"
    if year_text:
        year = int(year_text)
    else:
        current = (ctx.today.month - 1) // 3 + 1
        year = ctx.today.year if number <= current else ctx.today.year - 1
    return Found(start, m.end(), "DATE", f"{year:04d}-Q{number}")


@rule(
    r"\b(?P<part>end|start|beginning|middle)\s+of\s+(?P<rel>the|this|next|last)\s+"
    r"(?P<unit>week|month|year)\b"
)
def _part_of_unit(m: re.Match[str], ctx: Context) -> Found | None:
    """ "at the end of the month", "by the start of next week": the unit, with its part."""
    direction = {"the": 0, "this": 0, "next": 1, "last": -1}[m["rel"].lower()]
    value = _relative_value(
        ctx.now, UNIT_NAMES.get(m["unit"].lower(), m["unit"].lower()), direction
    )
    mod = {"end": "END", "start": "START", "beginning": "START", "middle": "MID"}[m["part"].lower()]
    start = m.start()
    the = re.search(r"\bthe\s+$", ctx.text[max(0, start - 4) : start], re.I)
    if the:
        start -= len(the.group(0))  # "the end of the month" whole
    return Found(start, m.end(), "DATE", value, mod=mod)


@rule(rf"\b(?P<part>end|start|beginning|middle)\s+of\s+(?P<mon>{MONTH_FULL})\b")
def _part_of_month(m: re.Match[str], ctx: Context) -> Found | None:
    """ "due end of July", "from the start of March": the month, with its part."""
    month = MONTHS[m["mon"].lower()]
    year = _month_year(ctx.today, month, _ahead_or_tense(ctx, m.start(), m.end()))
    mod = {"end": "END", "start": "START", "beginning": "START", "middle": "MID"}[m["part"].lower()]
    start = m.start()
    the = re.search(r"\bthe\s+$", ctx.text[max(0, start - 4) : start], re.I)
    if the:
        start -= len(the.group(0))
    return Found(start, m.end(), "DATE", f"{year:04d}-{month:02d}", mod=mod)


@rule(r"\b(?P<x>recent\s+(?P<unit>years|months|weeks|days|decades))\b")
def _recent_units(m: re.Match[str], ctx: Context) -> Found | None:
    return Found(
        m.start(), m.end(), "DURATION", norm.duration_value(None, _unit(m["unit"])), vague=True
    )


@rule(r"\byear-(?P<w>earlier|ago|end)\b")
def _year_adjective(m: re.Match[str], ctx: Context) -> Found | None:
    year = ctx.today.year - (0 if m["w"].lower() == "end" else 1)
    return Found(m.start(), m.end(), "DATE", f"{year:04d}", vague=True)


@rule(r"\bthe\s+(?:fiscal|full|calendar|current)\s+year\b")
def _the_whole_year(m: re.Match[str], ctx: Context) -> Found | None:
    return Found(m.start(), m.end(), "DATE", f"{ctx.today.year:04d}", vague=True)


@rule(
    r"\b(?:the\s+)?(?P<rel>latest|year-ago|year-earlier|same|current)\s+(?:quarter|period)\b|\bthe\s+quarter\b"
)
def _the_quarter(m: re.Match[str], ctx: Context) -> Found | None:
    current = (ctx.today.month - 1) // 3 + 1
    year, number = ctx.today.year, current - 1
    if number == 0:
        year, number = year - 1, 4
    rel = (m["rel"] or "").lower()
    if rel in ("year-ago", "year-earlier"):
        year -= 1
    return Found(m.start(), m.end(), "DATE", f"{year:04d}-Q{number}", vague=True)


@rule(r"\bthe\s+(?P<h>first|second)\s+half(?:\s+of\s+(?P<y>\d{4}|the\s+year))?\b")
def _half(m: re.Match[str], ctx: Context) -> Found | None:
    year = int(m["y"]) if m["y"] and m["y"].isdigit() else ctx.today.year
    return Found(m.start(), m.end(), "DATE", f"{year:04d}-H{1 if m['h'].lower() == 'first' else 2}")


@rule(rf"\b(?:(?P<mod>early|late|mid)[- ]?)?(?P<s>{SEASON})(?:\s+(?:of\s+)?(?P<y>{YEAR}))?\b")
def _season(m: re.Match[str], ctx: Context) -> Found | None:
    code = SEASONS[m["s"].lower()]
    mod = {"early": "START", "late": "END", "mid": "MID"}.get((m["mod"] or "").lower())
    if m["y"]:
        return Found(m.start(), m.end(), "DATE", f"{int(m['y']):04d}-{code}", mod=mod)
    before = ctx.text[max(0, m.start() - 12) : m.start()].lower()
    if not m["mod"] and not re.search(r"\b(?:in|the|during|over|since|until|by|all)\s+$", before):
        return None
    after = ctx.text[m.end() : m.end() + 12].lower()
    if re.match(
        r"\s*(?:break|semester|term|collection|sale|camp|school|festival|season|time|roll|water|fashion|in)\b",
        after,
    ):
        return None
    return Found(m.start(), m.end(), "DATE", _season_value(ctx.today, code, None), mod=mod)


# Movable feasts: days from Easter Sunday (dateutil computes Easter).
EASTER_OFFSETS: dict[str, int] = {
    "easter": 0, "easter sunday": 0, "easter day": 0, "good friday": -2, "easter monday": 1,
    "holy saturday": -1, "palm sunday": -7, "ash wednesday": -46, "pentecost": 49,
}  # fmt: skip


# An ordinal counting the festival after it ("First Christmas without Dad")
COUNTED_BEFORE = re.compile(
    r"\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+$", re.IGNORECASE
)


def _feast_date(name: str, year: int) -> date:
    if name in EASTER_OFFSETS:
        sunday: date = easter(year)
        return sunday + timedelta(days=EASTER_OFFSETS[name])
    month, day = HOLIDAYS[name]
    return _safe_date(year, month, day)


def _feast_year(today: date, name: str, modifier: str | None) -> int:
    """last: the latest before today; next: the first after it; this: this year's; none: the
    nearest."""
    years = (today.year - 1, today.year, today.year + 1)
    if modifier == "this":
        return today.year
    if modifier == "last":
        return max(y for y in years if _feast_date(name, y) < today)
    if modifier == "next":
        return min(y for y in years if _feast_date(name, y) > today)
    return min(years, key=lambda y: abs((_feast_date(name, y) - today).days))


@rule(rf"\b(?P<x>{_alt(HOLIDAYS)}|thanksgiving(?:\s+day)?|{_alt(EASTER_OFFSETS)})\b")
def _holiday(m: re.Match[str], ctx: Context) -> Found | None:
    if COUNTED_BEFORE.search(ctx.text, 0, m.start()):
        return None  # "First Christmas without Dad": which one it is, no date
    name = m["x"].lower()
    if name.startswith("thanksgiving"):

        def thanksgiving(year: int) -> date:
            first = date(year, 11, 1)
            return first + timedelta(days=(3 - first.weekday()) % 7 + 21)

        year = min(
            (ctx.today.year - 1, ctx.today.year, ctx.today.year + 1),
            key=lambda y: abs((thanksgiving(y) - ctx.today).days),
        )
        return Found(m.start(), m.end(), "DATE", thanksgiving(year).isoformat(), kind="day")
    after = ctx.text[m.end() : m.end() + 12].lower()
    if HOLIDAY_THINGS.match(after):
        return None  # "our Christmas party on Fri" is not about Christmas day
    modifier, start = _feast_lead(m, ctx)
    day = _feast_date(name, _feast_year(ctx.today, name, modifier))
    return _with_pod(m, ctx, day, m.end(), start=start)


def _feast_lead(m: re.Match[str], ctx: Context) -> tuple[str | None, int]:
    """ "last", "next" or "this" right before a festival's name, and where its phrase starts."""
    lead = re.search(r"\b(last|next|this)\s+$", ctx.text[max(0, m.start() - 6) : m.start()], re.I)
    if lead is None:
        return None, m.start()
    return lead.group(1).lower(), m.start() - len(lead.group(0))


# Words after a holiday's name that make it a thing of the holiday, not its day ("our Christmas
# party on Fri"); a festival of the lunar calendars has more ("Eid prayers", "Diwali sweets")
_HOLIDAY_THINGS = (
    r"party|parties|fair|fairs|mela|bazaar|dinner|lunch|shopping|tree|trees|present|presents|gift|gifts|card|cards|"
    r"song|songs|music|sale|sales|lights|jumper|sweater|market|movie|film|special|costume"
)
HOLIDAY_THINGS = re.compile(rf"\s*(?:{_HOLIDAY_THINGS})\b")
FEAST_THINGS = re.compile(
    rf"\s*(?:{_HOLIDAY_THINGS}|prayers?|sweets|mubarak|kareem|sameach|celebrations?|outfit|"
    r"clothes)\b"
)


DEICTIC_DAY_AFTER = re.compile(r"\s+(?:today|tomorrow|tonight|this\s+(?:morning|evening))\b", re.I)


@rule(rf"\b(?P<x>{_alt(feasts.ALIASES)})\b")
def _movable_feast(m: re.Match[str], ctx: Context) -> Found | None:
    """ "till after Diwali", "over Eid", "before Passover": a festival of the lunar or
    lunisolar calendars (`feasts`), the one nearest today in the direction the words say."""
    if FEAST_THINGS.match(ctx.text[m.end() : m.end() + 14].lower()):
        return None
    if DEICTIC_DAY_AFTER.match(ctx.text, m.end()):
        return None  # "Fasting for Yom Kippur tomorrow": "tomorrow" dates it, the name is the rite
    if COUNTED_BEFORE.search(ctx.text, 0, m.start()):
        return None  # "our first Eid as a family": which one it is, no date
    if lexicon.GREETING_BEFORE.search(ctx.text[: m.start()]):
        return None  # "Happy Diwali": a greeting
    modifier, start = _feast_lead(m, ctx)
    today = ctx.today
    days = feasts.days(m["x"], (today.year - 1, today.year, today.year + 1))
    if modifier == "this":
        days = [d for d in days if d.year == today.year] or days
    elif modifier == "last":
        days = [d for d in days if d < today] or days
    elif _ahead_or_tense(ctx, m.start(), m.end()) == "past":
        days = [d for d in days if d <= today] or days  # (today's festival is no past one)
    elif modifier == "next" or AHEAD_BEFORE.search(ctx.text[max(0, m.start() - 20) : m.start()]):
        days = [d for d in days if d >= today] or days
    if not days:
        return None
    day = min(days, key=lambda d: abs((d - today).days))
    eve = FEAST_EVE.match(ctx.text, m.end())
    if eve is not None:
        # "on CNY eve", "Diwali's eve": the day before
        return _with_pod(m, ctx, day - timedelta(days=1), eve.end(), start=start)
    return _with_pod(m, ctx, day, m.end(), start=start)


FEAST_EVE = re.compile(r"(?:['’]s)?\s+eve\b", re.IGNORECASE)


# A count and its unit, apart or hyphenated; written together only as digits and a plural
# unit ("3hrs", "45mins"): "2day" is "today", and "24hr gym" describes the gym
UNIT_SEPARATOR = r"(?:[\s-]+|(?<=\d)(?=[a-z]+s\b))"
OFFSET_DIRECTIONS = (
    r"ago|earlier|later|before|after|from\s+now|hence|back|prior|since|in\s+the\s+past"
)


@rule(
    rf"\b(?:(?P<approx>{APPROX})\s+)?(?P<num>{NUM})(?P<half1>\s+and\s+a\s+half)?{UNIT_SEPARATOR}(?P<unit>{UNIT})"
    rf"(?P<half2>\s+and\s+a\s+half)?\s+(?P<dir>{OFFSET_DIRECTIONS})\b"
)
def _offset(m: re.Match[str], ctx: Context) -> Found | None:
    unit = _unit(m["unit"])
    amount = parse_number(m["num"])
    direction = m["dir"].lower()
    if direction == "since":
        return None
    if direction in ("after", "before") and re.match(r"\s+[^\W\d_]", ctx.text[m.end() :]):
        # "5 years after landing at Pearson", "2 days before the wedding": counted from an event,
        # not from now (the length alone is read as a duration)
        return None
    mod = _approx_mod(m["approx"])
    if amount is None:
        ref = "FUTURE_REF" if direction in ("later", "from now", "hence", "after") else "PAST_REF"
        return Found(m.start(), m.end(), "DATE", ref, mod=mod, vague=True)
    half = bool(m["half1"] or m["half2"])
    if half:
        amount += 0.5
    sign = 1 if re.match(r"later|from|hence|after", direction) else -1
    moment = norm.shift(ctx.now, sign * amount, unit)
    granularity = FINER_UNIT.get(unit, unit) if half else unit
    if unit == "night":
        granularity = "day"
    value = norm.value_at_granularity(moment, granularity)
    kind = "day" if granularity == "day" else ""
    return Found(
        m.start(), m.end(), "TIME" if unit in norm.TIME_UNITS else "DATE", value, mod=mod, kind=kind
    )


def _approx_mod(word: str | None) -> str | None:
    if not word:
        return None
    word = word.lower()
    return {
        "more than": "MORE_THAN",
        "over": "MORE_THAN",
        "less than": "LESS_THAN",
        "under": "LESS_THAN",
        "nearly": "LESS_THAN",
        "almost": "LESS_THAN",
        "at least": "EQUAL_OR_MORE",
        "at most": "EQUAL_OR_LESS",
        "up to": "EQUAL_OR_LESS",
        "exactly": "EXACT",
    }.get(word, "APPROX")


@rule(
    rf"\b(?:(?P<approx>{APPROX})\s+)?(?:(?P<lead>the\s+(?:past|last|next|first|coming|previous|final|"
    rf"following|latest)|the|past|last|next|another|the\s+better\s+part\s+of)\s+)?"
    rf"(?:(?P<half0>half)\s+(?=an?\s))?(?P<num>{NUM})(?P<half1>\s+and\s+a\s+half)?(?:\s+more)?(?P<sep>{UNIT_SEPARATOR})(?P<unit>{UNIT})(?P<half2>\s+and\s+a\s+half)?\b"
    r"(?!\s+(?:ago|earlier|later|from\s+now|hence|old)\b)"
)
def _duration(m: re.Match[str], ctx: Context) -> Found | None:
    if m["unit"][:1].isupper() and not m["unit"].isupper() and m["num"][:1].isupper():
        return None  # "Nine Night for Granny", "Twelve Days": a name, no length of time
    unit = _unit(m["unit"])
    amount = parse_number(m["num"])
    num_word = m["num"].lower()
    lead = (m["lead"] or "").lower()
    if m["unit"].lower().endswith("s") and num_word in ("a", "an") and not m["half1"]:
        return None
    if num_word in ("some", "many") and not lead and not m["approx"]:
        return None
    if num_word in ("a", "an") and re.search(
        r"(?:\d|percent|%|cents?|dollars?|times?)\s*$",
        ctx.text[max(0, m.start() - 12) : m.start()].lower(),
    ):
        return None  # a rate: "$5 a year", "twice a week"
    if amount is None and num_word not in VAGUE_NUMBERS:
        return None
    if "-" in m["sep"] and m["unit"].lower().endswith("s"):
        return None
    if (m["half1"] or m["half2"]) and amount is not None:
        amount += 0.5
    if m["half0"] and amount is not None:
        amount = 0.5  # "half an hour", "half a century"
    after = ctx.text[m.end() : m.end() + 6].lower()
    if unit in ("second", "minute") and amount is not None and amount > 100:
        return None
    if unit == "second" and (re.match(r"[\s-]*hand", after) or num_word in ("a", "one")):
        return None  # "a second hand wheelchair", "wait a second": no time of anyone's
    if re.match(r"\s*-?old\b", after):
        return None  # an age ("two-year-old"), not a time expression
    if (
        num_word in ("a", "an", "one")
        and unit == "day"
        and re.search(r"\bone day\b", m.group(0).lower())
        and not lead
    ):
        return Found(m.start(), m.end(), "DATE", "XXXX-XX-XX", vague=True)
    value = norm.duration_value(amount, unit)
    start, approx = m.start(), m["approx"]
    if (
        approx and approx.lower() == "over" and lead
    ):  # "over the past 20 years": "over" is a preposition
        start, approx = m.start("lead"), None
    lower = LOWER_BOUND_BEFORE.search(ctx.text, 0, start) if not lead and not approx else None
    if lower and amount is not None and int(lower.group("low")) < amount:
        # "6-8 weeks", "2 to 3 days": a range, read by its upper bound, written whole
        return Found(lower.start(), m.end(), "DURATION", value, mod="EQUAL_OR_LESS")
    return Found(start, m.end(), "DURATION", value, mod=_approx_mod(approx))


LOWER_BOUND_BEFORE = re.compile(r"(?<![\d.:£$€/])\b(?P<low>\d{1,3})\s*(?:-|–|to)\s*$")


@rule(
    rf"\b(?P<x>(?:on\s+)?the\s+(?P<day>{DAYNUM})(?:st|nd|rd|th)\s+of\s+(?P<which>next|this|last)\s+month)\b"
)
def _day_of_named_month(m: re.Match[str], ctx: Context) -> Found | None:
    """ "on the 1st of next month": that day of the month said."""
    shift = {"next": 1, "this": 0, "last": -1}[m["which"].lower()]
    moment = norm.shift(ctx.now, shift, "month")
    return Found(
        m.start(), m.end(), "DATE", _safe_date(moment.year, moment.month, int(m["day"])).isoformat()
    )


@rule(r"\b(?:in|after|by|till|until|til|from|into|over)\s+(?P<x>the\s+new\s+year)\b(?!'s)")
def _the_new_year(m: re.Match[str], ctx: Context) -> Found | None:
    """ "relocating in the new year": the start of the coming year (of this one in January or
    February, when the new year has just begun)."""
    year = ctx.now.year + (0 if ctx.now.month <= 2 else 1)
    return Found(m.start("x"), m.end(), "DATE", str(year), mod="START")


@rule(r"\b(?P<x>the\s+week\s+after\s+next)\b")
def _week_after_next(m: re.Match[str], ctx: Context) -> Found | None:
    """ "the week after next": the week two weeks from this one."""
    moment = norm.shift(ctx.now, 2, "week")
    return Found(m.start(), m.end(), "DATE", norm.value_at_granularity(moment, "week"))


@rule(r"\b(?P<x>the\s+(?:next|past|last|coming|following|previous)\s+fortnight)\b")
def _the_fortnight(m: re.Match[str], ctx: Context) -> Found | None:
    """ "for the next fortnight": two weeks, said without a number."""
    return Found(m.start(), m.end(), "DURATION", norm.duration_value(1, "fortnight"))


@rule(
    r"\b(?:for|over|in|after)\s+(?P<x>(?:many\s+|several\s+|a\s+few\s+)?(?P<unit>years|months|weeks|days|decades|hours|minutes|ages|centuries))\b"
)
def _bare_plural_duration(m: re.Match[str], ctx: Context) -> Found | None:
    unit = m["unit"].lower()
    if unit == "ages":
        return Found(m.start("x"), m.end("x"), "DURATION", "PXY", vague=True)
    return Found(
        m.start("x"), m.end("x"), "DURATION", norm.duration_value(None, _unit(unit)), vague=True
    )


@rule(
    r"\b(?P<x>(?:(?:many|several|a\s+few|few)\s+)?(?P<unit>years|months|weeks|days|decades)\s+ago)\b"
)
def _vague_ago(m: re.Match[str], ctx: Context) -> Found | None:
    return Found(m.start(), m.end(), "DATE", "PAST_REF", vague=True)


@rule(
    rf"\b(?P<q>every|each|once\s+a|twice\s+a|once\s+every|(?:{NUM_WORD}|\d+)\s+times\s+(?:a|an|per|every|each)|\d+x\s+(?:a|an|per))"
    rf"(?P<other>\s+(?:other|second|third|alternate))?\s+(?:single\s+)?(?:(?P<num>{NUM_WORD}|\d+)\s+)?(?P<what>{UNIT}|{WEEKDAY}|{POD}|{SEASON}|{MONTH_FULL}|"
    r"weekday|season)\b"
)
def _set(m: re.Match[str], ctx: Context) -> Found | None:
    if re.search(r"\bworth\s+$", ctx.text[max(0, m.start() - 8) : m.start()], re.IGNORECASE):
        return None  # "worth every day", "worth every minute": how much, not how often
    what = m["what"].lower().rstrip(".")
    # "every other", "every second" and "every alternate" weekend: every two; "every third": three
    if m["other"]:
        step = 3 if "third" in m["other"] else 2
    else:
        step = int(parse_number(m["num"]) or 1) if m["num"] else 1
    if what in WEEKDAYS:
        return Found(m.start(), m.end(), "SET", f"XXXX-WXX-{WEEKDAYS[what] + 1}")
    if what in PARTS_OF_DAY and what != "day":
        return Found(m.start(), m.end(), "SET", f"XXXX-XX-XXT{PARTS_OF_DAY[what]}")
    if what in SEASONS:
        return Found(m.start(), m.end(), "SET", f"XXXX-{SEASONS[what]}")
    if what in MONTHS:
        return Found(m.start(), m.end(), "SET", f"XXXX-{MONTHS[what]:02d}")
    if what == "weekday":
        return Found(m.start(), m.end(), "SET", "XXXX-WXX-WD")
    unit = _unit(what)
    if unit == "weekend":
        return Found(m.start(), m.end(), "SET", "XXXX-WXX-WE")
    return Found(m.start(), m.end(), "SET", norm.duration_value(step, unit))


@rule(rf"\b(?P<x>{_alt(SET_ADVERBS)})\b")
def _set_adverb(m: re.Match[str], ctx: Context) -> Found | None:
    before = ctx.text[max(0, m.start() - 8) : m.start()].lower()
    if re.search(r"\b(?:a|an|the|its|their|his|her|our|my|your|this|that)\s+$", before):
        return None  # an adjective: "a daily newspaper"
    return Found(m.start(), m.end(), "SET", SET_ADVERBS[m["x"].lower()])


@rule(
    rf"\b(?:on\s+|most\s+|all\s+)(?P<x>{WEEKDAY_PLURAL})\b|\b(?P<y>(?:Mondays|Tuesdays|Wednesdays|Thursdays|Fridays|Saturdays|Sundays))\b",
    0,
)
def _plural_weekday(m: re.Match[str], ctx: Context) -> Found | None:
    group = "x" if m["x"] else "y"
    word = m[group].lower()
    value = {"weekends": "XXXX-WXX-WE", "weekdays": "XXXX-WXX-WD"}.get(word)
    if value is None:
        value = f"XXXX-WXX-{WEEKDAYS[word[:-1]] + 1}"
    return Found(m.start(group), m.end(group), "SET", value)


@rule(
    rf"\b(?P<x>(?P<day>{WEEKDAY}|weekday|weekend)\s+(?P<pod>mornings|afternoons|arvos|evenings|"
    r"nights)|weeknights)\b"
)
def _parts_of_days(m: re.Match[str], ctx: Context) -> Found | None:
    """ "weekday evenings", "Tuesday nights", "weeknights": a part of the day on days that
    recur."""
    if m["day"] is None:
        return Found(m.start("x"), m.end("x"), "SET", "XXXX-WXX-WDTNI")
    day = m["day"].lower().rstrip(".")
    days = {"weekday": "WD", "weekend": "WE"}.get(day) or str(WEEKDAYS[day] + 1)
    part = PARTS_OF_DAY[m["pod"].lower()[:-1]]
    return Found(m.start("x"), m.end("x"), "SET", f"XXXX-WXX-{days}T{part}")


@rule(
    r"\b(?P<x>(?:the\s+)?(?:(?P<mod>early|late)\s+)?(?:weekend|week|month|year)(?:end)?)\b(?!\s*(?:-|of|old))"
)
def _the_unit(m: re.Match[str], ctx: Context) -> Found | None:
    text = m["x"].lower()
    if not text.startswith("the "):
        return None
    before = ctx.text[max(0, m.start() - 14) : m.start()].lower()
    if not re.search(r"\b(?:for|during|over|in|by|at|on|throughout|of|over)\s+$", before):
        return None
    unit = text.split()[-1]
    if unit == "year" and "for" in before:
        return Found(m.start(), m.end(), "DURATION", "P1Y", vague=True)
    return Found(m.start(), m.end(), "DATE", _relative_value(ctx.now, unit, 0), vague=True)


# --- assembly --------------------------------------------------------------------------------

MERGE_GAP = re.compile(r"\s*(?:,\s*|\s+(?:on|at|this|of)\s+|\s+)?\s*", re.I)


def _range_starts_dated(items: list[Found]) -> list[Found]:
    """A range's first day takes the year and month of the day that ends it ("from 2 to 9 Dec"),
    however the rules read that day's year; then it is a day like any other."""
    dated: list[Found] = []
    for k, item in enumerate(items):
        if item.kind == "range_start":
            end = items[k + 1] if k + 1 < len(items) else None
            value = item.value
            if (
                end is not None
                and end.type == "DATE"
                and re.fullmatch(r"\d{4}-\d{2}-\d{2}", end.value)
            ):
                value = f"{end.value[:8]}{item.value[8:]}"
            item = replace(item, value=value, kind="day")
        dated.append(item)
    return dated


def _select(found: list[Found]) -> list[Found]:
    """Longest non-overlapping matches; ties go to the earlier rule (stable sort)."""
    chosen: list[Found] = []
    for item in sorted(found, key=lambda f: (-(f.end - f.start), f.start)):
        if all(item.end <= c.start or item.start >= c.end for c in chosen):
            chosen.append(item)
    return sorted(chosen, key=lambda f: f.start)


def _merge(items: list[Found], text: str) -> list[Found]:
    """Join a clock time with the day or part of day next to it ("10am tomorrow", "Friday at 3pm")."""
    merged: list[Found] = []
    for item in items:
        if merged:
            prev = merged[-1]
            gap = text[prev.end : item.start]
            kinds = {prev.kind, item.kind}
            if (
                "clock" in kinds
                and kinds & {"day", "pod"}
                and len(kinds) == 2
                and MERGE_GAP.fullmatch(gap)
            ):
                clock, other = (prev, item) if prev.kind == "clock" else (item, prev)
                hour, minute = clock.clock or (0, 0)
                if other.part_of_day in ("AF", "EV", "NI") and hour < 12:
                    hour += 12
                day = other.value[:10]
                merged[-1] = Found(
                    prev.start,
                    item.end,
                    "TIME",
                    f"{day}T{hour:02d}:{minute:02d}",
                    kind="clock",
                    clock=(hour, minute),
                )
                continue
        merged.append(item)
    return merged


def _phrase_start(text: str, start: int) -> int:
    """Start of the preposition governing an expression that begins at `start`, if any."""
    match = re.search(r"\b(?P<p>[A-Za-z]+)\s+$", text[max(0, start - 16) : start])
    if match and match["p"].lower() in PREPOSITIONS:
        at = max(0, start - 16) + match.start("p")
        if is_verb_particle(text, match["p"], at):
            return start  # "came through last spring": the verb's particle, no preposition
        return at
    return start


# A verb whose "through" or "over" is its particle ("came through", "got over", "pulled through")
PARTICLE_VERB_BEFORE = re.compile(
    r"\b(?:came|come|comes|coming|went|go|goes|got|get|gets|pulled|pull|made|make|looked)\s+$",
    re.IGNORECASE,
)


def is_verb_particle(text: str, word: str, at: int) -> bool:
    """Whether `word` ("through", "over") written at `at` is the particle of the verb before it
    ("his diagnosis came through last spring"), not a preposition of the time after it."""
    if word.lower() == "in":
        # "moving in Saturday", "checking in Friday": a weekday takes "on", never "in"
        return bool(IN_VERB_BEFORE.search(text, 0, at)) and bool(
            re.match(rf"\s*in\s+(?:on\s+)?{_ANY_WEEKDAY}\b", text[at:], re.IGNORECASE)
        )
    return word.lower() in ("through", "over") and bool(PARTICLE_VERB_BEFORE.search(text, 0, at))


IN_VERB_BEFORE = re.compile(
    r"\b(?:mov(?:e|es|ed|ing)|check(?:s|ed|ing)?|book(?:s|ed|ing)?|mov(?:e|ing)\s+back|"
    r"settl(?:e|es|ed|ing)|fill(?:s|ed|ing)?|drop(?:s|ped|ping)?|pop(?:s|ped|ping)?|"
    r"clock(?:s|ed|ing)?|log(?:s|ged|ging)?|sign(?:s|ed|ing)?)\s+$",
    re.IGNORECASE,
)


def find_expressions(text: str, *, now: datetime, doc: Any = None) -> list[TimeExpression]:
    """All time expressions of `text`, normalised and anchored on `now`, in text order."""
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if not isinstance(now, datetime):
        raise ValueError("now must be a datetime (the moment the message is written)")
    if not text.strip():
        return []
    ctx = Context(text, now, doc)
    found: list[Found] = []
    for regex, build in RULES:
        for match in regex.finditer(text):
            item = build(match, ctx)
            if item is not None and item.end > item.start:
                found.append(item)
    items = _range_starts_dated(_merge(_select(found), text))
    result = []
    for item in items:
        interval = _interval(item, now)
        result.append(
            TimeExpression(
                start=item.start,
                end=item.end,
                text=text[item.start : item.end],
                type=item.type,
                value=item.value,
                interval=interval,
                part_of_day=item.part_of_day,
                phrase_start=_phrase_start(text, item.start),
                mod=item.mod,
                vague=item.vague,
            )
        )
    return result


def _interval(item: Found, now: datetime) -> Interval | None:
    if item.type in ("DURATION", "SET"):
        return None
    if item.value == "PRESENT_REF":
        return (now.replace(microsecond=0), now.replace(microsecond=0))
    interval = norm.value_interval(item.value, now.tzinfo)
    if interval is None or item.mod not in ("START", "MID", "END") or item.kind == "pod":
        return interval
    # "the end of the month", "early March": the third of the span the modifier names
    first, last = interval
    third = (last - first) / 3
    if item.mod == "START":
        return (first, first + third)
    if item.mod == "MID":
        return (first + third, last - third)
    return (last - third, last)


def normalise_phrase(phrase: str, *, now: datetime) -> TimeExpression | None:
    """The single expression that spans all of `phrase` (ignoring a leading preposition), or None."""
    found = find_expressions(phrase, now=now)
    if len(found) != 1:
        return None
    only = found[0]
    stripped = phrase.rstrip()
    leading = len(phrase) - len(phrase.lstrip())
    if only.end != len(stripped) or only.phrase_span[0] != leading:
        return None
    return only


__all__ = [
    "PREPOSITIONS",
    "find_expressions",
    "is_verb_particle",
    "normalise_phrase",
    "parse_number",
]

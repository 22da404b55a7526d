"""The identification pipeline: run every detector on a message, merge their findings, decide.

`identify(text, profile=..., now=...)` builds one `MessageContext` (the spaCy doc is built once),
runs the detectors (tagger, profile-linked phrases, location rule, temporal, patterns), merges
overlapping findings into one `Phrase` that keeps every detector and reason, and decides whether
the message as a whole is private.

One verdict, derived from the phrases (see `reported_phrases` and `decide`): the message is
private exactly when some phrase is reported, so the verdict never contradicts the highlights.
Each recognizer decides itself whether a phrase concerns the author (`osnguard/privacy/author.py`);
the pipeline only drops two kinds of findings that are facts about the world: places, names and
languages that only the tagger or profile link found in a message that does not speak of its
author ("Tokyo is the capital of Japan"), and links or @handles that only the patterns found and
nothing else accompanies. The classifier's probability does not veto a finding: `score` is that
probability moved to the verdict's side of 0.5 (>= 0.5 iff private).

Robustness: invalid surrogates and control characters are replaced one-for-one (offsets kept);
non-English text (langdetect, seeded) skips the English-only detectors but still gets patterns;
the spaCy-based detectors see at most `MAX_ANALYSED_CHARS`, in chunks of about `CHUNK_CHARS`.

Failing closed: when a detector, the classifier, spaCy, WordNet or language detection cannot run
(not installed, a missing resource or model, any exception), the result is *unchecked*:
`checked` is False, `failures` lists a `CheckFailure` per part that failed, `private` and `score`
are None (never "not private"), and `phrases` holds only what the working detectors found.
Callers that generalize or post a message must refuse an unchecked one (`require_checked`).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from osnguard.privacy import lexicon, resources
from osnguard.privacy.author import speaks_of_author
from osnguard.privacy.identification import classifier, institution_kind, patterns
from osnguard.privacy.identification.recognizers import RECOGNIZERS
from osnguard.privacy.types import (
    Category,
    CheckFailure,
    Detector,
    FailureKind,
    MessageContext,
    Notice,
    NoticeCode,
    Phrase,
    Profile,
    UncheckedMessage,
    parse_now,
)

log = logging.getLogger(__name__)

MAX_TEXT_CHARS = 200_000  # longer input is refused with a clear error
MAX_ANALYSED_CHARS = 20_000  # spaCy-based detectors stop here
CHUNK_CHARS = 2_000
MIN_LANGDETECT_LETTERS = 20
PRIVATE_THRESHOLD = 0.5

# Detector order is the priority for the reason and category of merged phrases (recognizers.py).
PRIORITY: dict[str, int] = {name: rank for rank, name in enumerate(RECOGNIZERS)}
# The parts that are not recognizers, in user words (for failure reasons).
NAMES: dict[str, str] = {
    "classifier": "The privacy classifier",
    "institution_kind": "The check of what a named place is to you",
    "spacy": "The English parser (spaCy)",
    "wordnet": "The WordNet dictionary",
    "language": "Language detection",
}
PUBLIC_FACT_CATEGORIES = frozenset(
    {Category.LOCATION, Category.IDENTITY, Category.LANGUAGE, Category.TIME}
)
FIRST_PERSON = re.compile(
    r"(?i)(?<![\w'])(i|i'm|im|i've|ive|i'll|ill|i'd|me|my|mine|myself|we|we're|we've|us|our|ours)(?![\w'])"
)
ENGLISH_FUNCTION_WORDS = frozenset(
    {
        "i", "me", "my", "we", "our", "you", "your", "he", "she", "it", "they", "them", "the",
        "her", "him", "his", "their", "its", "into", "onto", "by", "over", "after", "before",
        "then", "than", "if", "because", "who", "which", "where", "why", "there", "here",
        "a", "an", "and", "or", "but", "of", "to", "in", "on", "at", "for", "with", "is", "are",
        "was", "were", "be", "been", "am", "have", "has", "had", "do", "does", "did", "not", "no",
        "this", "that", "so", "just", "i'm", "it's", "don't", "can", "will", "would", "what",
        "when", "how", "all", "from", "up", "out", "about", "doesn't", "isn't", "can't", "won't",
        "didn't", "u", "ur", "r", "im", "lol", "omg", "gonna", "wanna", "gotta", "ya", "da",
        "dat", "dis", "tho", "cuz", "bc", "idk", "lmao",
    }
)  # fmt: skip
_BAD_CHARS = re.compile(r"[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


@dataclass
class IdentificationResult:
    """What identification says about one message.

    `checked` says every part of identification ran on the message (`failures` is empty);
    `private` and `score` are None when it is unchecked. `score` is given to four decimals.
    `to_data(result)` is its JSON shape; `to_data(result, omit=TECHNICAL)` leaves out the
    failures' technical details.
    """

    checked: bool = field(init=False)
    private: bool | None
    score: float | None
    language: str
    phrases: list[Phrase] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    failures: list[CheckFailure] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.checked = not self.failures
        if self.score is not None:
            self.score = round(self.score, 4)

    def require_checked(self) -> IdentificationResult:
        """This result, or UncheckedMessage when some part of identification failed."""
        if self.failures:
            raise UncheckedMessage(self.failures)
        return self


def _log_failure(part: str, exc: BaseException) -> None:
    """Log what made a message unchecked (a traceback unless it is a known missing resource)."""
    log.error(
        "identification: %s failed: %s",
        part,
        exc,
        exc_info=not isinstance(exc, resources.ResourceMissing),
    )


def _finds(part: str) -> str:
    """What a recognizer looks for in user words (its name for another part)."""
    recognizer = RECOGNIZERS.get(Detector(part)) if part in PRIORITY else None
    return recognizer.finds if recognizer is not None else part


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def failure(
    part: str, exc: BaseException | None = None, skipped: list[str] | None = None
) -> CheckFailure:
    """The CheckFailure for `part` (a recognizer, the classifier or a resource) and what it
    raised (None or an ImportError: it is not installed); `skipped` names the recognizers that
    did not run because of it."""
    subject = NAMES.get(part) or f"The check for {_finds(part).replace('_', ' ')}"
    if exc is None or isinstance(exc, ImportError):
        kind, why = FailureKind.MISSING, "is not installed on the server"
    elif isinstance(exc, resources.ResourceMissing) and part in ("spacy", "wordnet"):
        kind, why = FailureKind.MISSING, "is missing on the server"
    elif isinstance(exc, resources.ResourceMissing):
        kind, why = (
            FailureKind.MISSING,
            "could not run: a trained model or language data it needs is missing on the server",
        )
    else:
        kind, why = FailureKind.ERROR, "failed on this message"
    reason = f"{subject} {why}"
    if skipped:
        reason += f", so {_listing([_finds(name) for name in skipped])} were not checked"
    detail = f"{type(exc).__name__}: {exc}" if exc is not None else "not installed"
    return CheckFailure(detector=part, kind=kind, reason=reason + ".", detail=detail)


# --- input handling ------------------------------------------------------------------------


def clean_text(text: str) -> tuple[str, bool]:
    """Replace lone surrogates and control characters by U+FFFD, one for one (offsets unchanged)."""
    cleaned = _BAD_CHARS.sub("\ufffd", text)
    return cleaned, cleaned != text


def _plainly_english(text: str, letters: str) -> bool:
    """Cheap test that skips langdetect: Latin letters and plenty of English function words."""
    if not letters or sum(1 for c in letters if c.isascii()) / len(letters) < 0.95:
        return False
    words = re.findall(r"[a-z']+", text.lower())
    hits = sum(1 for word in words if word in ENGLISH_FUNCTION_WORDS)
    return (hits >= 1 and hits >= 0.15 * len(words)) or _common_english_words(words)


def _common_english_words(words: list[str]) -> bool:
    """Every word is common English ("starting meds next week", which langdetect calls
    Afrikaans): short posts often have no function word at all."""
    from wordfreq import zipf_frequency

    return len(words) >= 2 and all(zipf_frequency(word, "en") >= 3.0 for word in words)


def detect_language(text: str) -> str:
    """ISO 639-1 code of the text's language; "en" when too short to tell (or undetectable)."""
    letters = re.sub(r"(https?://|www\.)\S+|[@#]\w+|[^\w]|\d|_", "", text)
    if _plainly_english(text, letters):
        return "en"
    if len(letters) < MIN_LANGDETECT_LETTERS:
        latin = sum(1 for c in letters if c.isascii())
        if not letters or latin / len(letters) > 0.5:
            return "en"
    # ImportError without langdetect: `identify` reports it (no silent guess)
    from langdetect import DetectorFactory, detect_langs
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    try:
        ranked = detect_langs(text[:5000])
    except LangDetectException:
        return "en"
    probs = {item.lang: item.prob for item in ranked}
    top = ranked[0].lang
    # Short, slangy English often looks like something else: trust a non-English guess only
    # when English is all but excluded.
    if top != "en" and probs.get("en", 0.0) < 0.2 and ranked[0].prob >= 0.7:
        return str(top)
    return "en"


def chunks(
    text: str, size: int = CHUNK_CHARS, limit: int = MAX_ANALYSED_CHARS
) -> list[tuple[int, int]]:
    """[start, end) pieces of text[:limit] of at most about `size` chars, cut at sentence or
    whitespace boundaries."""
    pieces: list[tuple[int, int]] = []
    start, stop = 0, min(len(text), limit)
    while start < stop:
        end = min(start + size, stop)
        if end < len(text):
            window = text[start:end]
            cut = max(
                window.rfind(". "), window.rfind("\n"), window.rfind("! "), window.rfind("? ")
            )
            if cut < size // 2:
                cut = window.rfind(" ")
            if cut > 0:
                end = start + cut + 1
        pieces.append((start, end))
        start = end
    return pieces


# --- detectors -----------------------------------------------------------------------------


def _load_resources(english: bool, failures: list[CheckFailure]) -> set[str]:
    """Load the shared resources English-only detectors need; the names of those that failed
    (each reported once in `failures`, with the detectors it stops)."""
    if not english:
        return set()
    broken: set[str] = set()
    for name, load in (("spacy", resources.nlp), ("wordnet", resources.wordnet)):
        try:
            load()
        except Exception as exc:
            _resource_failed(name, exc, broken, failures)
    return broken


def _resource_failed(
    name: str, exc: BaseException, broken: set[str], failures: list[CheckFailure]
) -> None:
    """Record that a shared resource failed: logged, marked broken, and reported once with the
    detectors it stops."""
    _log_failure(name, exc)
    broken.add(name)
    stopped = [r.name for r in RECOGNIZERS.values() if name in r.requires]
    failures.append(failure(name, exc, [str(d) for d in stopped]))


def _shift(phrase: Phrase, offset: int, text: str) -> Phrase:
    start, end = phrase.start + offset, phrase.end + offset
    return replace(phrase, start=start, end=end, text=text[start:end])


def run_detectors(
    context: MessageContext,
    failures: list[CheckFailure],
    broken: set[str] | frozenset[str] = frozenset(),
) -> list[Phrase]:
    """Every detector's findings on the whole message (English-only ones on chunks of it).

    A detector that is not installed or raises is recorded in `failures` (the others still run);
    detectors needing a resource in `broken` (already reported) are not run.
    """
    text = context.text
    english = context.language == "en"
    spans = chunks(text) if english and text.strip() and "spacy" not in broken else []
    contexts: list[tuple[int, MessageContext]] = []
    try:
        nlp: Any = resources.nlp() if spans else None  # spaCy Language (untyped)
        for start, end in spans:
            piece = text[start:end]
            whole = (start, end) == (0, len(text)) and context.doc is not None
            doc = context.doc if whole else nlp(piece)
            contexts.append(
                (start, MessageContext(piece, context.profile, context.now, doc, context.language))
            )
    except Exception as exc:
        broken = set(broken)
        _resource_failed("spacy", exc, broken, failures)
    found: list[Phrase] = []
    for recognizer in RECOGNIZERS.values():
        name, english_only = recognizer.name, recognizer.english_only
        if english_only and (not english or not text.strip()):
            continue
        if english_only and broken & set(recognizer.requires):
            continue  # its resource is reported already
        targets = contexts if english_only else [(0, context)]
        for offset, sub in targets:
            try:
                phrases = recognizer.detect(sub)
            except Exception as exc:
                _log_failure(name, exc)
                failures.append(failure(name, exc))
                break
            for phrase in phrases:
                if name not in phrase.detectors:
                    phrase.detectors = [*phrase.detectors, name]
                found.append(_shift(phrase, offset, text) if offset else phrase)
    return [p for p in found if 0 <= p.start < p.end <= len(text)]


# --- merging and decision ------------------------------------------------------------------


def _rank(phrase: Phrase) -> float:
    rank = min((PRIORITY.get(d, len(PRIORITY)) for d in phrase.detectors), default=len(PRIORITY))
    if rank == PRIORITY[Detector.PROFILE] and phrase.category == Category.LOCATION:
        # a profile place inside an institution's name ("Google Dublin") is the institution's
        return PRIORITY[Detector.ORGANISATION] + 0.5
    return rank


def _is_edge_symbol(char: str) -> bool:
    """A space, emoji, other symbol or format character (ZWJ, variation selector)."""
    return (
        char.isspace() or char in "\ufe0e\ufe0f" or unicodedata.category(char) in ("So", "Sk", "Cf")
    )


def _without_symbols(phrase: Phrase, text: str) -> Phrase | None:
    """The phrase without spaces, emoji and other symbols at its ends ("Edison 💃" is "Edison");
    None when nothing else is left."""
    start, end = phrase.start, phrase.end
    while start < end and _is_edge_symbol(text[start]):
        start += 1
    while end > start and _is_edge_symbol(text[end - 1]):
        end -= 1
    if start == end:
        return None
    if (start, end) == (phrase.start, phrase.end):
        return phrase
    return replace(phrase, start=start, end=end, text=text[start:end])


def _explanations(phrases: list[Phrase]) -> tuple[list[Detector], list[str]]:
    """Every detector and reason of the phrases, each once, in the order met."""
    detectors: list[Detector] = []
    reasons: list[str] = []
    for phrase in phrases:
        for detector in phrase.detectors:
            if detector not in detectors:
                detectors.append(detector)
        for reason in [phrase.reason, *phrase.reasons]:
            if reason and reason not in reasons:
                reasons.append(reason)
    return detectors, reasons


def merge(phrases: list[Phrase], text: str) -> list[Phrase]:
    """Overlapping findings become one phrase with every detector and reason. The most specific
    finding (the first recognizer in `RECOGNIZERS`, then the most confident, then the longest)
    gives the span, category, reason and attribute; the findings overlapping it add their
    detectors and reasons, a time interval when it has none, and nothing to the span (a tagger's
    "my sister" does not widen a recognizer's "sister"). Kept phrases never overlap. The learned
    tagger's findings count only where no rule found anything (`_where_rules_silent`)."""
    phrases = [p for p in (_without_symbols(p, text) for p in _where_rules_silent(phrases)) if p]
    ordered = sorted(phrases, key=lambda p: (_rank(p), -p.confidence, -(p.end - p.start), p.start))
    groups: list[list[Phrase]] = []
    for phrase in ordered:
        home = next(
            (g for g in groups if phrase.start < g[0].end and g[0].start < phrase.end), None
        )
        if home is not None:
            home.append(phrase)
        elif not any(phrase.start < p.end and p.start < phrase.end for g in groups for p in g):
            groups.append([phrase])
        # else: it overlaps only findings already merged into another phrase; they explain it
    merged = []
    for group in sorted(groups, key=lambda g: g[0].start):
        best = group[0]
        named = next((p for p in group if _names_around(p, best)), None)
        if named is not None and not any(
            other is not group and named.start < other[0].end and other[0].start < named.end
            for other in groups
        ):
            # "Regent's Park Mosque" for a Muslim user: the profile's word "mosque" explains
            # the phrase, the institution's whole name is the span
            best = replace(best, start=named.start, end=named.end)
        dated = next((p for p in group if _festival_as_time(p, best) or _stage_of(p, best)), None)
        if dated is not None:
            best = dated  # "till after Diwali", "over Eid": when, said by a festival
        titled = next((p for p in group if _titled_name(p, best, text)), None)
        if titled is not None:
            # "in memory of Aunty Bev": a name with its kin title, not the title ("Aunty
            # Ngozi's 60th": without the possessive)
            owner = re.search(r"['’]s$", titled.text)
            best = replace(titled, end=titled.end - 2) if owner else titled
        detectors, reasons = _explanations(group)
        timed = (
            best
            if best.interval is not None
            else next(
                (p for p in group if p.interval is not None and p.category == best.category), None
            )
        )
        merged.append(
            Phrase(
                start=best.start,
                end=best.end,
                text=text[best.start : best.end],
                category=best.category,
                reason=best.reason,
                confidence=round(max(p.confidence for p in group), 3),
                detectors=sorted(detectors, key=lambda d: PRIORITY.get(d, len(PRIORITY))),
                reasons=reasons,
                attribute=best.attribute or next((p.attribute for p in group if p.attribute), None),
                reading=best.reading or next((p.reading for p in group if p.reading), None),
                interval=timed.interval if timed else None,
                timex_type=timed.timex_type if timed else best.timex_type,
            )
        )
    return _with_compass(
        _with_ordinal(_located(_adjacent(_coordinated(merged, text), text), text), text), text
    )


LEARNED_ONLY = frozenset({Detector.POST_TAGGER, Detector.TAGGER})


def _where_rules_silent(phrases: list[Phrase]) -> list[Phrase]:
    """Without the post tagger's findings that overlap a rule's: where a rule found something,
    its span, category and reason stand (on unseen posts the rules' categories are right more
    often than the tagger's)."""
    ruled = [p for p in phrases if not set(p.detectors) <= LEARNED_ONLY]
    return [
        p
        for p in phrases
        if Detector.POST_TAGGER not in p.detectors
        or not any(p.start < r.end and r.start < p.end for r in ruled)
    ]


def _titled_name(phrase: Phrase, best: Phrase, text: str) -> bool:
    """A person's name the best finding, a kin word, opens as a title ("Aunty Bev")."""
    rest = text[best.end : phrase.end]
    return (
        best.category == Category.GENDER
        and phrase.category == Category.IDENTITY
        and Detector.PERSONAL in phrase.detectors
        and phrase.start == best.start
        and bool(re.fullmatch(r"\s[A-Z][a-z]+(?:['’]s)?", rest))
    )


def _names_around(phrase: Phrase, best: Phrase) -> bool:
    """A named institution of the same category whose name holds the best finding's word (or a
    place's name that holds the profile's place: "Ballinteer Educate Together", "Dublin Airport")."""
    return (
        (
            Detector.ORGANISATION in phrase.detectors
            or (
                Detector.PLACE in phrase.detectors
                and Detector.PROFILE in best.detectors
                and _capitalised_name(phrase.text)
            )
        )
        and phrase.category == best.category
        and _holds(phrase, best)
    )


def _holds(phrase: Phrase, best: Phrase) -> bool:
    """The phrase's span holds the best finding's and more."""
    return (
        phrase.start <= best.start
        and best.end <= phrase.end
        and phrase.end - phrase.start > best.end - best.start
    )


# Words a time phrase starts with when a festival in it only says when ("till after Diwali")
_TIME_LEAD = re.compile(
    r"(?i)(?:till|until|til|after|before|since|over|during|for|by|from|this|last|next|every)\s"
)


def _festival_as_time(phrase: Phrase, best: Phrase) -> bool:
    """A time phrase around a festival's name, led by a word of time: the festival says when
    ("till after Diwali", "for Eid"), as the guidelines read "till after Christmas"."""
    return (
        Detector.TEMPORAL in phrase.detectors
        and best.category == Category.RELIGION
        and _holds(phrase, best)
        and bool(_TIME_LEAD.match(phrase.text))
    )


def _stage_of(phrase: Phrase, best: Phrase) -> bool:
    """A length the temporal stage read as a stage of recovery or of a marriage around the
    lexicon's word ("90 days sober" around "sober", "11 years married" around "married"): the
    whole stage is the phrase."""
    return (
        Detector.TEMPORAL in phrase.detectors
        and phrase.category == best.category
        and phrase.category in (Category.HEALTH, Category.RELATIONSHIP)
        and _holds(phrase, best)
    )


def _capitalised_name(text: str) -> bool:
    """Every word is capitalised: one proper name ("Ballinteer Educate Together", "Dublin
    Airport"), not a town and a common noun ("Croydon town hall")."""
    words = re.sub(r"^the\s+", "", text, flags=re.IGNORECASE).split()
    return all(word[:1].isupper() for word in words)


# Kinds of phrase whose lists are one disclosure: "anxiety and depression", "Hindi, Marathi,
# English", "Niamh and Oisín" are read, and generalized, as one ("three languages").
COORDINATED = frozenset({Category.HEALTH, Category.LANGUAGE, Category.IDENTITY})
_COORDINATION = re.compile(r"\s*(?:,\s*(?:and\s+|&\s*)?|\s(?:and|&)\s)\s*")


def _coordinated(phrases: list[Phrase], text: str) -> list[Phrase]:
    """Neighbouring phrases of one of the COORDINATED kinds joined only by a comma, "and" or
    "&" become one phrase, with both explanations."""
    return _join_neighbours(
        phrases,
        text,
        lambda last, phrase: (
            last.category == phrase.category
            and phrase.category in COORDINATED
            and bool(_COORDINATION.fullmatch(text[last.end : phrase.start]))
            # "Ozempic and down 3 stone": a change of weight is a clause, no item of a list
            and not any(lexicon.WEIGHT_CHANGE.fullmatch(p.text) for p in (last, phrase))
            # "till she's discharged, sickle cell crisis again": a verb ends its clause
            and not re.fullmatch(r"[a-z]+ed", last.text)
            and not re.fullmatch(r"[a-z]+ing", phrase.text)  # "Covid, isolating in my flat"
        ),
    )


def _join_neighbours(
    phrases: list[Phrase],
    text: str,
    joins: Callable[[Phrase, Phrase], bool],
    start_of: Callable[[Phrase], int | None] = lambda before: None,
) -> list[Phrase]:
    """Each phrase joined to the one before it (already joined) when `joins(before, phrase)`,
    the joined phrase starting at `start_of(before)` (None: where `before` starts)."""
    joined: list[Phrase] = []
    for phrase in phrases:
        if joined and joins(joined[-1], phrase):
            joined[-1] = _joined(joined[-1], phrase, text, start_of(joined[-1]))
        else:
            joined.append(phrase)
    return joined


def _joined(first: Phrase, second: Phrase, text: str, start: int | None = None) -> Phrase:
    """`first` widened over `second` (and from `start`), with both explanations."""
    detectors, reasons = _explanations([first, second])
    start = first.start if start is None else start
    return replace(
        first,
        start=start,
        end=second.end,
        text=text[start : second.end],
        confidence=max(first.confidence, second.confidence),
        reasons=reasons,
        detectors=detectors,
    )


# Kinds whose neighbouring words are one phrase: "Hindu temple", "HIV meds", "Navratri garba"
ADJACENT_KINDS = frozenset(
    {Category.RELIGION, Category.HEALTH, Category.EDUCATION, Category.WORK, Category.POLITICS}
)


def _adjacent(phrases: list[Phrase], text: str) -> list[Phrase]:
    """Neighbouring phrases of one kind with only a space between them become one phrase: the
    sensitive modifier goes with its noun (GUIDELINES: "HIV meds", "Hindu temple")."""
    return _join_neighbours(
        phrases,
        text,
        lambda last, phrase: (
            last.category == phrase.category
            and phrase.category in ADJACENT_KINDS
            and text[last.end : phrase.start] == " "
            and " " not in last.text  # a modifier word, not "voted for" or "diagnosed with"
        ),
    )


# Institutions named with the place they are in: "the Gurdwara in Southall" is one phrase
INSTITUTION_IN_PLACE = re.compile(r"\s+in\s+")
INSTITUTION_HEADS = frozenset(
    [
        "temple",
        "church",
        "mosque",
        "masjid",
        "gurdwara",
        "synagogue",
        "shul",
        "mandir",
        "cathedral",
        "chapel",
        "hospital",
        "clinic",
        "school",
        "college",
        "university",
        "nursery",
        "office",
        "campus",
        "branch",
        "plant",
        "factory",
        "store",
    ]
)
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an)\s+$", re.IGNORECASE)


def _located(phrases: list[Phrase], text: str) -> list[Phrase]:
    """An institution's word and the place after it ("the Gurdwara in Southall", "the Hindu
    temple in Edison") become one phrase of the institution's kind."""

    def article_start(institution: Phrase) -> int | None:
        article = _ARTICLE_BEFORE.search(text[: institution.start])
        return article.start() if article else None

    return _join_neighbours(
        phrases,
        text,
        lambda last, phrase: (
            last.category in ADJACENT_KINDS
            and phrase.category == Category.LOCATION
            and bool(last.text.split())
            and last.text.split()[-1].lower() in INSTITUTION_HEADS
            # ("in hospital in Margate": a state and where, no institution named)
            and not last.text.lower().startswith("in ")
            and bool(INSTITUTION_IN_PLACE.fullmatch(text[last.end : phrase.start]))
        ),
        article_start,
    )


# An ordinal before an occasion dates it: "5th anniversary" is one phrase
ORDINAL_BEFORE = re.compile(
    r"\b(?:\d{1,3}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    r"tenth|twentieth|thirtieth|fortieth|fiftieth)\s+$",
    re.IGNORECASE,
)


# A compass word written with a place, which is part of its name ("South Philly", "East London")
COMPASS_BEFORE = re.compile(
    r"(?-i:\b(?:North|South|East|West|Northern|Southern|Eastern|Western|Central|Inner|Outer|"
    r"Upper|Lower))\s+$"
)


def _with_compass(phrases: list[Phrase], text: str) -> list[Phrase]:
    """A place takes the compass word written right before it ("our South Philly office": the
    district, which a wording of "Philly" alone would leave behind as "our South office")."""
    found: list[Phrase] = []
    for phrase in phrases:
        compass = COMPASS_BEFORE.search(text, 0, phrase.start)
        if (
            compass
            and found
            and phrase.category == Category.LOCATION
            and (found[-1].start, found[-1].text) == (compass.start(), compass.group(0).strip())
        ):
            found.pop()  # "South" read alone (a people's word), then "Philly": one place
        taken = any(p.end > (compass.start() if compass else phrase.start) for p in found)
        if compass and phrase.category == Category.LOCATION and not taken:
            phrase = replace(phrase, start=compass.start(), text=text[compass.start() : phrase.end])
        found.append(phrase)
    return found


def _with_ordinal(phrases: list[Phrase], text: str) -> list[Phrase]:
    """A relationship occasion takes the ordinal before it ("Happy 5th anniversary")."""
    found: list[Phrase] = []
    for phrase in phrases:
        ordinal = ORDINAL_BEFORE.search(text[: phrase.start])
        taken = any(p.end > (ordinal.start() if ordinal else phrase.start) for p in found)
        if ordinal and phrase.category == Category.RELATIONSHIP and not taken:
            phrase = replace(phrase, start=ordinal.start(), text=text[ordinal.start() : phrase.end])
        found.append(phrase)
    return found


def is_about_author(text: str, phrases: list[Phrase], doc: Any = None) -> bool:
    """The findings concern a person: a sentence that refers to the author (`author.py`), or a
    finding beyond the public kinds (places, names, languages, times) encyclopaedic sentences are
    full of."""
    return (
        bool(FIRST_PERSON.search(text))
        or any(p.category not in PUBLIC_FACT_CATEGORIES for p in phrases)
        or speaks_of_author(text, doc)
    )


def is_public_fact(phrase: Phrase) -> bool:
    """Only the taggers or the profile link saw it and it is a place, name or language: in a
    message that does not speak of its author ("Tokyo is the capital of Japan") it is not
    private."""
    return set(phrase.detectors) <= {
        Detector.TAGGER,
        Detector.POST_TAGGER,
        Detector.PROFILE,
    } and phrase.category in PUBLIC_FACT_CATEGORIES - {Category.TIME}


def is_public_pattern(phrase: Phrase) -> bool:
    """Only the patterns saw it and it is a link or an @handle, which often name a public page
    or someone else: alone, it does not make a message private."""
    return (
        Detector.PATTERN in phrase.detectors
        and set(phrase.detectors) <= {Detector.PATTERN, Detector.TAGGER}
        and not patterns.is_personal_detail(phrase)
    )


def reported_phrases(text: str, phrases: list[Phrase], doc: Any = None) -> list[Phrase]:
    """The findings shown to the user as private (the verdict is derived from them):
    - what only the ppdp-trained tagger found is not shown: on posts as people write them, two
      thirds of its lone findings were wrong (docs/evaluation.md); it still confirms and explains
      the other recognizers' findings;
    - in a message that does not speak of its author, places, names and languages that only the
      tagger or the profile link found are facts about the world, not private;
    - links and @handles found only by the patterns are shown only beside another finding."""
    phrases = [p for p in phrases if p.detectors != [Detector.TAGGER]]
    if not is_about_author(text, phrases, doc):
        phrases = [p for p in phrases if not is_public_fact(p)]
    if all(is_public_pattern(p) and not _own_account(text, p) for p in phrases):
        return []
    return phrases


# The author's own account named before a handle ("my venmo is @…", "follow me on insta @…")
OWN_ACCOUNT_BEFORE = re.compile(
    r"(?:\bmy\s+(?:venmo|cash\s?app|paypal|insta(?:gram)?|ig|twitter|tiktok|snap(?:chat)?|"
    r"handle|account|username|page)\s*(?:is|:|=)?|\b(?:follow|add|find|dm|message)\s+me"
    r"(?:\s+on\s+\w+)?(?:\s+at)?\s*:?)\s*$",
    re.IGNORECASE,
)


def _own_account(text: str, phrase: Phrase) -> bool:
    """An @handle the post says is the author's own ("my venmo is @kayla-ruiz-22")."""
    return bool(OWN_ACCOUNT_BEFORE.search(text, 0, phrase.start))


def decide(
    text: str, probability: float, phrases: list[Phrase], doc: Any = None
) -> tuple[bool, float]:
    """(private, score). One verdict, derived from the phrases: the message is private exactly
    when some phrase is reported (`reported_phrases`), so the verdict never contradicts the
    highlights. The classifier's probability does not veto a finding; it ranks: `score` is the
    probability moved to the verdict's side of 0.5 (a private message scores at least the
    confidence of its most certain finding, capped by nothing; a message with nothing reported
    scores below 0.5)."""
    reported = reported_phrases(text, phrases, doc)
    if reported:
        return True, max(probability, PRIVATE_THRESHOLD, *(p.confidence for p in reported))
    return False, min(probability, PRIVATE_THRESHOLD - 0.01)


# --- entry point ---------------------------------------------------------------------------


def warm_up() -> None:
    """Load every resource identification uses (spaCy, WordNet, models, language profiles), so
    the first message a user types is not the slow one. Safe to call more than once."""
    identify(
        "I live in Seattle and my email is a@example.com",
        now=datetime(2024, 1, 1, tzinfo=UTC),
    )
    detect_language("Ceci est une phrase en français pour charger les profils de langue.")


def identify(
    text: str,
    *,
    profile: Profile | dict[str, Any] | None = None,
    now: datetime | str | None = None,
) -> IdentificationResult:
    """Find the private phrases of `text` and decide whether the message is private.

    Raises ValueError for input that is not text, too long, or has a malformed profile or time.
    A part that cannot run does not raise: the result is unchecked (see `IdentificationResult`).
    """
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(
            f"text is too long ({len(text):,} characters); the limit is {MAX_TEXT_CHARS:,}"
        )
    user = Profile.coerce(profile)
    moment = parse_now(now)
    warnings: list[Notice] = []
    failures: list[CheckFailure] = []
    text, replaced = clean_text(text)
    if replaced:
        warnings.append(Notice(NoticeCode.UNREADABLE_CHARACTERS))
    if not text.strip():
        return IdentificationResult(
            private=False, score=0.0, language="und", phrases=[], warnings=warnings
        )

    try:
        language = detect_language(text)
    except Exception as exc:
        log.exception("language detection failed")
        failures.append(failure("language", exc))
        language = "en"
    if language != "en":
        warnings.append(Notice(NoticeCode.NOT_ENGLISH, {"language": language}))
    elif len(text) > MAX_ANALYSED_CHARS:
        warnings.append(Notice(NoticeCode.LONG_MESSAGE, {"limit": MAX_ANALYSED_CHARS}))
    broken = _load_resources(language == "en", failures)
    doc = None
    if language == "en" and len(text) <= CHUNK_CHARS and "spacy" not in broken:
        try:
            doc = resources.parse(text)
        except Exception as exc:
            _resource_failed("spacy", exc, broken, failures)
    context = MessageContext(text=text, profile=user, now=moment, doc=doc, language=language)
    phrases = merge(run_detectors(context, failures, broken), text)
    try:
        phrases = institution_kind.recategorise(phrases, text, doc)
    except Exception as exc:
        _log_failure("institution_kind", exc)
        failures.append(failure("institution_kind", exc))
    probability = 0.0
    if language == "en":
        try:
            probability = classifier.probability(text)
        except Exception as exc:
            _log_failure("classifier", exc)
            failures.append(failure("classifier", exc))
    if failures:  # unchecked: what was found is reported, but there is no verdict
        return IdentificationResult(
            private=None,
            score=None,
            language=language,
            phrases=phrases,
            warnings=warnings,
            failures=failures,
        )
    phrases = reported_phrases(text, phrases, doc)
    private, score = decide(text, probability, phrases, doc)
    return IdentificationResult(
        private=private, score=score, language=language, phrases=phrases, warnings=warnings
    )


__all__ = [
    "IdentificationResult",
    "chunks",
    "decide",
    "detect_language",
    "failure",
    "identify",
    "merge",
    "warm_up",
]

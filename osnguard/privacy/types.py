"""Data types shared by the engine's stages: profiles, identified private phrases, and the record of
what identification could not check (`CheckFailure`, `UncheckedMessage`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

PROFILE_ATTRIBUTES: tuple[str, ...] = (
    "hometown",
    "current_city",
    "education",
    "work",
    "religion",
    "politics",
    "sports",
    "interests",
    "birthday",
    "relationship",
    "languages",
)


class Category(StrEnum):
    """Why a phrase is private: the kind of personal information it discloses."""

    LOCATION = "location"
    EDUCATION = "education"
    WORK = "work"
    HEALTH = "health"
    RELIGION = "religion"
    POLITICS = "politics"
    AGE = "age"
    GENDER = "gender"
    RELATIONSHIP = "relationship"
    SEXUALITY = "sexuality"
    ETHNICITY = "ethnicity"
    LANGUAGE = "language"
    FINANCE = "finance"
    IDENTITY = "identity"
    CONTACT = "contact"
    TIME = "time"


class Detector(StrEnum):
    """Which identification recognizer found a phrase."""

    TAGGER = "tagger"
    PROFILE = "profile"
    LOCATION_RULE = "location_rule"
    TEMPORAL = "temporal"
    PATTERN = "pattern"
    TOPIC = (
        "topic"  # sensitive-topic words: health, religion, politics, sexuality, ethnicity, language
    )
    PERSONAL = (
        "personal"  # family, partners, names and handles, gendered words, study and work words
    )
    AMOUNT = "amount"  # ages and money amounts
    ORGANISATION = "organisation"  # named employers, schools, hospitals, places of worship, venues
    PLACE = (
        "place"  # places at every scale, streets and landmarks, where the author is tied to them
    )
    POST_TAGGER = "post_tagger"  # learned from annotated posts; only where no rule found anything


class ChoiceKind(StrEnum):
    """What kind of wording a fingerprint position varies."""

    SYNONYM = "synonym"
    REALISATION = "realisation"
    GENERALIZATION = "generalization"
    TEMPORAL = "temporal"


class FailureKind(StrEnum):
    """Why a part of identification could not check a message."""

    MISSING = "missing"  # not installed, or a resource or trained model is absent
    ERROR = "error"  # it raised


CATEGORIES: tuple[str, ...] = tuple(Category)
DETECTORS: tuple[str, ...] = tuple(Detector)


class NoticeCode(StrEnum):
    """Every warning a stage can give; `Notice.message` words it for people."""

    # identification
    UNREADABLE_CHARACTERS = "unreadable_characters"
    NOT_ENGLISH = "not_english"
    LONG_MESSAGE = "long_message"

    # proposal
    NOTHING_PRIVATE = "nothing_private"
    NOTHING_PRIVATE_FINGERPRINTED = "nothing_private_fingerprinted"
    NO_RECIPIENTS = "no_recipients"
    VERSIONS_CLOSE = "versions_close"
    # fingerprinting: a group's versions cannot all be told apart at the target distance
    FINGERPRINT_SHARED_VERSIONS = "fingerprint_shared_versions"
    FINGERPRINT_TOO_SHORT = "fingerprint_too_short"


@dataclass(frozen=True)
class Notice:
    """A warning from a stage: a stable code for programs and its parameters. `message` is worded
    from them when the notice is made (NOTICE_TEXTS), so that it serialises with its words, but no
    code ever decides anything on the wording: compare `code`."""

    code: NoticeCode
    params: dict[str, Any] = field(default_factory=dict)
    message: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", NOTICE_TEXTS[self.code].format(**self.params))

    def __str__(self) -> str:
        return self.message


# the words of each NoticeCode, with {name} fields filled from Notice.params
NOTICE_TEXTS: dict[NoticeCode, str] = {
    NoticeCode.NOTHING_PRIVATE: (
        "No private phrase was found: every friend gets the message as written (unchanged)."
    ),
    NoticeCode.NOTHING_PRIVATE_FINGERPRINTED: (
        "No private phrase was found: every friend gets the message as written, fingerprinted."
    ),
    NoticeCode.NO_RECIPIENTS: "No recipients: no versions were made.",
    NoticeCode.VERSIONS_CLOSE: (
        "Some versions differ in only {distance} place(s): a leaker who edits that many words may "
        "not be identified."
    ),
    NoticeCode.FINGERPRINT_SHARED_VERSIONS: (
        "group {group!r}: this message allows only {capacity} distinct versions for {friends} "
        "friends, so some friends share a version; lengthen the message to tell them apart"
    ),
    NoticeCode.FINGERPRINT_TOO_SHORT: (
        "group {group!r}: the message is too short for versions that differ in {target} places; "
        "any two versions differ in at least {distance}, so a leaker who edits {distance} word(s) "
        "may not be identified"
    ),
    NoticeCode.UNREADABLE_CHARACTERS: (
        "Some characters could not be read and were replaced by \ufffd."
    ),
    NoticeCode.NOT_ENGLISH: (
        "This message looks like it is not in English (detected {language!r}): only e-mail "
        "addresses, phone numbers, links, handles and account numbers were checked."
    ),
    NoticeCode.LONG_MESSAGE: (
        "The message is long: names, places, times and topics were looked for in its first "
        "{limit:,} characters only; contact details and numbers in all of it."
    ),
}


def parse_now(now: datetime | str | None) -> datetime:
    """A timezone-aware reference time: a datetime (naive = UTC), an ISO 8601 string, or None (now)."""
    if now is None:
        return datetime.now(UTC)
    if isinstance(now, str):
        try:
            now = datetime.fromisoformat(now.strip().replace("Z", "+00:00"))
        except ValueError as exc:
            raise ValueError(
                f'"now" must be an ISO 8601 date-time such as 2024-05-01T09:30:00Z, not {now!r}'
            ) from exc
    if not isinstance(now, datetime):
        raise ValueError('"now" must be a date-time')
    return now if now.tzinfo is not None else now.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Profile:
    """A user's personal attributes, each a tuple of strings (see PROFILE_ATTRIBUTES)."""

    values: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Profile:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("profile must be an object mapping attribute names to lists")
        values: dict[str, tuple[str, ...]] = {}
        for key, raw in data.items():
            if key not in PROFILE_ATTRIBUTES:
                raise ValueError(
                    f"unknown profile attribute {key!r}; expected one of {', '.join(PROFILE_ATTRIBUTES)}"
                )
            items = [raw] if isinstance(raw, str) else raw
            if not isinstance(items, (list, tuple)) or not all(isinstance(v, str) for v in items):
                raise ValueError(f"profile attribute {key!r} must be a string or a list of strings")
            values[key] = tuple(v.strip() for v in items if v.strip())
        return cls(values)

    @classmethod
    def coerce(cls, value: Profile | dict[str, Any] | None) -> Profile:
        """A Profile from a Profile, a dict of attributes (`from_dict`) or None (empty)."""
        if isinstance(value, Profile):
            return value
        return cls.from_dict(value)

    def items(self) -> list[tuple[str, str]]:
        return [(key, value) for key, vals in self.values.items() for value in vals]


@dataclass
class Phrase:
    """One private phrase of a message, with why it is private and who found it."""

    start: int
    end: int
    text: str
    category: Category
    reason: str
    confidence: float
    detectors: list[Detector] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    attribute: str | None = None  # the profile attribute it links to, if any
    interval: tuple[str, str] | None = None  # ISO start/end, for time phrases
    timex_type: str | None = None  # DATE, TIME, DURATION or SET, for time phrases
    reading: str | None = None  # the place it names as identification read it (`Place.key`)


@dataclass(frozen=True)
class CheckFailure:
    """One part of identification that could not run on a message, so the message is unchecked.

    `detector` names the part ("tagger", "classifier", "spacy", "wordnet", ...); `kind` is
    MISSING (not installed, or a resource or trained model is absent) or ERROR (it raised);
    `reason` says it in user words; `detail` is the technical message (exception type and text,
    which for a missing resource names the command that rebuilds it), for operators and logs:
    `to_data(failure, omit=TECHNICAL)` leaves it out for users.
    """

    detector: str
    kind: FailureKind
    reason: str
    detail: str = ""


# the fields `to_data(..., omit=TECHNICAL)` leaves out of what users see
TECHNICAL: frozenset[str] = frozenset({"detail"})


class UncheckedMessage(Exception):
    """Raised by a stage that needs a checked message when identification could not check it
    (see `CheckFailure`): nothing may be generalized or posted as if it had been checked."""

    def __init__(self, failures: list[CheckFailure], message: str | None = None) -> None:
        self.failures = list(failures)
        self.summary = message or "The message could not be checked for private details."
        super().__init__(" ".join([self.summary, *(f.reason for f in self.failures)]))


@dataclass
class MessageContext:
    """What every identification detector receives: `detect(context) -> list[Phrase]`.

    Offsets of returned phrases always refer to `text`, the message exactly as the user typed it.
    `doc` is the spaCy Doc of `text` (built once by the pipeline); `now` anchors relative times.
    """

    text: str
    profile: Profile
    now: Any  # datetime.datetime, timezone-aware
    doc: Any = None
    language: str = "en"


@dataclass
class Choice:
    """One fingerprint position of a version: where the message's `original` wording was
    realised as `text`, at [start, end) of the version's text.

    `slot` numbers the positions of one message (the same slot in every version of it);
    `kind` is "synonym", "realisation", "generalization" or "temporal".
    """

    slot: int
    kind: str
    original: str
    text: str
    start: int
    end: int


@dataclass
class Version:
    """The text one recipient sees, with the fingerprint choices that make it theirs."""

    friend: str
    group: str
    text: str
    choices: list[Choice] = field(default_factory=list)

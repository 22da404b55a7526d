"""The registry of recognizers: every detector identification runs, registered in one place.

A recognizer (like a Presidio recognizer or a registered spaCy component) has a `name` (the
`Detector` it reports in findings), says what it looks for in user words (`finds`), whether it
reads English only, which shared resources it `requires` (when one cannot load, it is not run and
the resource is reported once), and `detect(context) -> list[Phrase]`.

`RECOGNIZERS` is ordered by priority: when findings overlap, the reason and category of the
merged phrase come from the first recognizer here that found it, the most specific explanation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from osnguard.privacy.identification import (
    amounts,
    location_rule,
    named,
    patterns,
    post_tagger,
    profile_link,
    tagger,
    terms,
)
from osnguard.privacy.temporal import detect as detect_time_phrases
from osnguard.privacy.types import Detector, MessageContext, Phrase

# a shared resource a recognizer needs, loaded once per process (osnguard.privacy.resources)
Resource = Literal["spacy", "wordnet"]


class Recognizer(Protocol):
    """What the pipeline needs of a recognizer."""

    @property
    def name(self) -> Detector: ...

    @property
    def finds(self) -> str:
        """What it looks for, in user words ("dates and times")."""
        ...

    @property
    def english_only(self) -> bool: ...

    @property
    def requires(self) -> tuple[Resource, ...]: ...

    def detect(self, context: MessageContext) -> list[Phrase]: ...


@dataclass(frozen=True)
class FunctionRecognizer:
    """A recognizer made of a detector module's `detect` function."""

    name: Detector
    function: Callable[[MessageContext], list[Phrase]]
    finds: str
    english_only: bool = True
    requires: tuple[Resource, ...] = ()

    def detect(self, context: MessageContext) -> list[Phrase]:
        return self.function(context)


RECOGNIZERS: dict[Detector, Recognizer] = {
    recognizer.name: recognizer
    for recognizer in (
        FunctionRecognizer(
            Detector.PROFILE,
            profile_link.detect,
            finds="links to your profile",
            requires=("spacy", "wordnet"),
        ),
        FunctionRecognizer(
            Detector.PATTERN,
            patterns.detect,
            finds="contact details and account numbers",
            english_only=False,
        ),
        FunctionRecognizer(
            Detector.ORGANISATION,
            named.detect_institutions,
            finds="named employers, schools, health services and places of worship",
            requires=("spacy", "wordnet"),
        ),
        FunctionRecognizer(
            Detector.LOCATION_RULE,
            location_rule.detect,
            finds="places tied to you",
            requires=("spacy", "wordnet"),
        ),
        FunctionRecognizer(
            Detector.PLACE,
            named.detect_places,
            finds="named places you are tied to",
            requires=("spacy", "wordnet"),
        ),
        FunctionRecognizer(
            Detector.AMOUNT, amounts.detect, finds="ages and money amounts", requires=("spacy",)
        ),
        FunctionRecognizer(
            Detector.TOPIC,
            terms.detect,
            finds="family, health, religion, politics, study, work and money words",
            requires=("spacy",),
        ),
        FunctionRecognizer(
            Detector.TEMPORAL, detect_time_phrases, finds="dates and times", requires=("spacy",)
        ),
        FunctionRecognizer(
            Detector.PERSONAL,
            named.detect_people,
            finds="names of people",
            requires=("spacy", "wordnet"),
        ),
        FunctionRecognizer(
            Detector.POST_TAGGER,
            post_tagger.detect,
            finds="private phrases like those people annotated in their posts",
            requires=("spacy", "wordnet"),
        ),
        FunctionRecognizer(
            Detector.TAGGER,
            tagger.detect,
            finds="personal details such as names, work or health",
            requires=("spacy", "wordnet"),
        ),
    )
}

"""The data every fingerprint rule produces: a `Slot` (a place of the text) and its `Alternative`s.

The rule modules (`realisations`, `synonyms`) and the slot finder (`slots`) all build on these, so
they live here, below all of them: a rule makes a slot with `make_slot`, the finder keeps the
slots that do not `overlap` protected text or one another.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from osnguard.privacy.types import Choice, ChoiceKind


class SlotKind(StrEnum):
    """What a slot varies. A synonym or realisation slot gives its versions' choices that kind
    (`ChoiceKind`); a wording slot re-words a generalized phrase, whose choices keep the phrase's
    own kind."""

    SYNONYM = ChoiceKind.SYNONYM.value
    REALISATION = ChoiceKind.REALISATION.value
    WORDING = "wording"  # another wording of a generalized phrase at the same level


@dataclass(frozen=True)
class Alternative:
    """One way of writing a slot; `rule` names what produced it (e.g. "number", "wordnet")."""

    text: str
    kind: SlotKind
    rule: str


@dataclass
class Slot:
    """A fingerprint position. `alternatives[0].text` is the original text of [start, end).

    `number` is the slot's position number in the whole message (the same in every group's text),
    when the caller assigned one; `choice` is the generalized phrase a wording slot re-words (its
    versions report that phrase's slot, kind and original)."""

    start: int
    end: int
    alternatives: list[Alternative] = field(default_factory=list)
    number: int | None = None
    choice: Choice | None = None

    @property
    def original(self) -> str:
        return self.alternatives[0].text

    @property
    def size(self) -> int:
        return len(self.alternatives)

    @property
    def kind(self) -> SlotKind:
        """A wording slot re-words a generalized phrase; else a slot is a synonym slot if any of
        its alternatives is a synonym."""
        if self.choice is not None:
            return SlotKind.WORDING
        if any(a.kind == SlotKind.SYNONYM for a in self.alternatives[1:]):
            return SlotKind.SYNONYM
        return SlotKind.REALISATION


def make_slot(
    start: int, end: int, original: str, options: Iterable[tuple[str, SlotKind, str]]
) -> Slot | None:
    """A slot from (text, kind, rule) options, dropping duplicates; None when nothing differs."""
    alternatives = [Alternative(original, SlotKind.REALISATION, "original")]
    seen = {original}
    for text, kind, rule in options:
        if text not in seen:
            seen.add(text)
            alternatives.append(Alternative(text, kind, rule))
    return Slot(start, end, alternatives) if len(alternatives) > 1 else None


def overlaps(start: int, end: int, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether [start, end) touches the inside of any span (an empty slot at a span's edge does not)."""
    for s, e in spans:
        if start == end:
            if s < start < e:
                return True
        elif start < e and s < end:
            return True
    return False

"""Anonymization (SPEC §2.1-2.4): generalization schemas, information-loss metrics, naturalness
(Fre, Eq. 4.7) and the assignment of generalizations to friend groups (Table 4.3).

Public API:
- `generalization_chain(phrase, context_text=, profile=, reading=) -> Chain`
- metrics: `samarati`, `precision`, `distribution`, `info_loss`, `chain_losses`, `k_figure`
- naturalness: `fre`, `fre_of_replacement`, `is_natural`, `substitution_is_natural`, `GAMMA`
- groups: `anonymize_groups(text, phrases, groups=[GroupSpec(name, level)], profile=, now=)
  -> list[GroupGeneralization]`, `alternatives(text, phrase, profile=, now=, reading=)` for the UI,
  `generalize_text(text, phrases, degrees, ...)` to render the user's own choice of levels
"""

from __future__ import annotations

from osnguard.privacy.anonymization.groups import (
    GroupGeneralization,
    GroupSpec,
    Option,
    PhraseAlternatives,
    PhraseLevel,
    alternatives,
    anonymize_groups,
    generalize_text,
)
from osnguard.privacy.anonymization.metrics import (
    Generalized,
    chain_losses,
    combination_loss,
    distribution,
    info_loss,
    k_figure,
    precision,
    samarati,
)
from osnguard.privacy.anonymization.naturalness import (
    GAMMA,
    fre,
    fre_of_replacement,
    is_natural,
    substitution_is_natural,
)
from osnguard.privacy.anonymization.schemas import Chain, Level, Reading, generalization_chain

__all__ = [
    "GAMMA",
    "Chain",
    "Generalized",
    "GroupGeneralization",
    "GroupSpec",
    "Level",
    "Option",
    "PhraseAlternatives",
    "PhraseLevel",
    "Reading",
    "alternatives",
    "anonymize_groups",
    "chain_losses",
    "combination_loss",
    "distribution",
    "fre",
    "fre_of_replacement",
    "generalization_chain",
    "generalize_text",
    "info_loss",
    "is_natural",
    "k_figure",
    "precision",
    "samarati",
    "substitution_is_natural",
]


def warm_up() -> None:
    """Load everything the stage uses (gazetteer, WordNet and its hyponym counts, the n-gram
    model, the organisation table) so that the first message of a process is not slow."""
    from osnguard.privacy import places
    from osnguard.privacy.anonymization import schemas

    places.gazetteer()
    schemas.organisation_table()
    schemas._hyponym_counts()
    fre_of_replacement("I live in Tokyo.", 10, 15, "Japan")


__all__.append("warm_up")

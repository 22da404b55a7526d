"""Anonymization (SPEC §2.1-2.4): private phrases + the author's audience -> one text per group.

Operators per kind of phrase (operators.py: time phrases in time, other phrases along their
generalization chain: places, organisations, WordNet hypernyms from schemas.py) give each phrase
its ranked options, with their information loss (metrics.py) and naturalness (Fre,
naturalness.py); groups.py hands a combination of options to every friend group (Table 4.3);
wording.py gives other wordings of a generalized phrase at the same level (for fingerprints).

Public API:
- `anonymize_groups(text, phrases, groups=[GroupSpec(name, level)], profile=, now=, options=)
  -> list[GroupGeneralization]`, `generalize_text(text, phrases, degrees, ...)` to render the
  author's own choice of levels, `phrase_alternatives(text, phrases, ...)` /
  `alternatives(text, phrase, ...) -> PhraseAlternatives` for the review, `options_available`,
  `usable_phrases`
- operators: `Operator`, `OperatorContext`, `OperatorKind`, `OPERATORS`, `operators_for`
- chains: `generalization_chain(phrase, context_text=, profile=, reading=) -> Chain`
- metrics: `samarati`, `precision`, `distribution`, `info_loss`, `chain_losses`, `k_figure`
- naturalness: `fre`, `fre_of_replacement`, `is_natural`, `substitution_is_natural`, `GAMMA`
- wording: `variants(text, kind=, original=)`
"""

from __future__ import annotations

from osnguard.privacy import airports, companies, places
from osnguard.privacy.anonymization import schemas
from osnguard.privacy.anonymization.groups import (
    GroupGeneralization,
    GroupSpec,
    PhraseLevel,
    anonymize_groups,
    generalize_text,
    options_available,
    phrase_alternatives,
    usable_phrases,
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
    MAX_DROP,
    fre,
    fre_of_replacement,
    is_natural,
    substitution_is_natural,
)
from osnguard.privacy.anonymization.operators import (
    OPERATORS,
    Operator,
    OperatorContext,
    OperatorKind,
    Option,
    OptionKind,
    PhraseAlternatives,
    alternatives,
    operators_for,
)
from osnguard.privacy.anonymization.schemas import (
    CHAIN_BUILDERS,
    Chain,
    ChainBuilder,
    ChainKind,
    Level,
    LevelSource,
    Reading,
    best_lemma,
    builder_order,
    generalization_chain,
    hypernym_path,
    inflect,
)
from osnguard.privacy.anonymization.wording import variants

__all__ = [
    "CHAIN_BUILDERS",
    "GAMMA",
    "MAX_DROP",
    "OPERATORS",
    "Chain",
    "ChainBuilder",
    "ChainKind",
    "Generalized",
    "GroupGeneralization",
    "GroupSpec",
    "Level",
    "LevelSource",
    "Operator",
    "OperatorContext",
    "OperatorKind",
    "Option",
    "OptionKind",
    "PhraseAlternatives",
    "PhraseLevel",
    "Reading",
    "alternatives",
    "anonymize_groups",
    "best_lemma",
    "builder_order",
    "chain_losses",
    "combination_loss",
    "distribution",
    "fre",
    "fre_of_replacement",
    "generalization_chain",
    "generalize_text",
    "hypernym_path",
    "inflect",
    "info_loss",
    "is_natural",
    "k_figure",
    "operators_for",
    "options_available",
    "phrase_alternatives",
    "precision",
    "samarati",
    "substitution_is_natural",
    "usable_phrases",
    "variants",
    "warm_up",
]


def warm_up() -> None:
    """Load everything the stage uses (gazetteer, WordNet and its hyponym counts, the n-gram
    model, the organisation, company and airport tables) so that the first message of a process is
    not slow."""
    places.gazetteer()
    schemas.organisation_table()
    companies.company_table()
    airports.airport_names()
    schemas.load_hyponym_counts()
    fre_of_replacement("I live in Tokyo.", 10, 15, "Japan")

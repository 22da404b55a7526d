"""The disclosure decision: does a candidate text disclose a message at all?

A cheap lexical pre-check (`retrieval.lexical_overlap`) against every version; if one passes,
the closest version is compared with the part of the candidate that overlaps it (`window`), by
the paraphrase detector. A near-verbatim quote (most terms shared) counts as a disclosure
without asking the detector, since a partial quote is not a paraphrase of the whole message.
"""

from __future__ import annotations

from dataclasses import dataclass

from osnguard.privacy.attribution.prepared import PreparedMessage
from osnguard.privacy.attribution.results import ParaphraseScorer
from osnguard.privacy.paraphrase import get_detector
from osnguard.privacy.retrieval import lexical_overlap, stem, terms, words
from osnguard.privacy.types import Version

QUOTE_CONTAINMENT = 0.8  # share of terms in common that makes a text a (partial) quote
QUOTE_MIN_SHARED = 4
LEXICAL_ONLY_CONTAINMENT = 0.6  # disclosure rule without the paraphrase detector
MAX_CANDIDATE_CHARS = 2_000_000

Tokens = list[tuple[str, int, int]]


def check_candidate(candidate: object) -> str:
    """The candidate as text (UTF-8 bytes are decoded), or a ValueError saying what is wrong."""
    if isinstance(candidate, (bytes, bytearray)):
        try:
            candidate = bytes(candidate).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"candidate is not valid UTF-8 text (byte {exc.start})") from exc
    if not isinstance(candidate, str):
        raise ValueError("candidate must be text")
    if len(candidate) > MAX_CANDIDATE_CHARS:
        raise ValueError(
            f"candidate is {len(candidate):,} characters; at most {MAX_CANDIDATE_CHARS:,} are checked"
        )
    try:
        candidate.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError("candidate contains undecodable bytes (lone surrogates)") from exc
    return candidate


def overlap_window(candidate: str, cand: Tokens, version: Version, v_terms: frozenset[str]) -> str:
    """The part of a long candidate that overlaps the version most (twice its length in words)."""
    width = 2 * max(1, len(words(version.text)))
    if len(cand) <= width:
        return candidate
    hits = [1 if stem(w) in v_terms else 0 for w, _, _ in cand]
    best = current = sum(hits[:width])
    best_start = 0
    for start in range(1, len(cand) - width + 1):
        current += hits[start + width - 1] - hits[start - 1]
        if current > best:
            best, best_start = current, start
    return candidate[cand[best_start][1] : cand[best_start + width - 1][2]]


def default_detector() -> ParaphraseScorer:
    """The shipped paraphrase detector; `ModelUnavailable` (never a silent lexical-only decision)
    when it is missing or stale."""
    return get_detector()


@dataclass
class DisclosureStage:
    """The lexical stage of the disclosure decision: a verdict, or a pair for the detector."""

    disclosed: bool | None  # None: ask the detector about (window, version text)
    score: float
    how: str
    pair: tuple[str, str] | None = None


def lexical_stage(
    message: PreparedMessage, candidate: str, cand: Tokens, lexical_only: bool
) -> DisclosureStage:
    """Decide on word overlap where it can (no overlap, a quote, or `lexical_only`); else leave
    the decision to the detector, with the pair it must compare."""
    cand_terms = terms(candidate)
    best, best_containment = False, 0.0
    best_index: int | None = None
    for i, v_terms in enumerate(message.version_terms):
        passes, containment = lexical_overlap(cand_terms, v_terms)
        if (passes, containment) > (best, best_containment):
            best, best_index, best_containment = passes, i, containment
    if not best or best_index is None:
        return DisclosureStage(False, best_containment, "it shares too few words with any version")
    version = message.versions[best_index]
    part = overlap_window(candidate, cand, version, message.version_terms[best_index])
    window_terms = terms(part)
    shared = len(window_terms & message.version_terms[best_index])
    _, window_containment = lexical_overlap(window_terms, message.version_terms[best_index])
    if window_containment >= QUOTE_CONTAINMENT and shared >= QUOTE_MIN_SHARED:
        return DisclosureStage(
            True, window_containment, f"it quotes {window_containment:.0%} of the wording"
        )
    if lexical_only:
        disclosed = window_containment >= LEXICAL_ONLY_CONTAINMENT
        return DisclosureStage(
            disclosed, window_containment, "lexical overlap (no paraphrase detector)"
        )
    return DisclosureStage(None, window_containment, "", (part, version.text))


def detector_stage(probability: float, detector: ParaphraseScorer) -> DisclosureStage:
    """The detector's decision on the pair the lexical stage left to it."""
    disclosed = probability >= float(detector.threshold)
    verb = "paraphrases" if disclosed else "does not paraphrase"
    return DisclosureStage(disclosed, probability, f"it {verb} the message (p={probability:.2f})")

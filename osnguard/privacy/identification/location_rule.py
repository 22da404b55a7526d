"""Private locational phrases by rule (SPEC §1.4, thesis §3.2): "I live in Seattle" tells people where you are.

The seed's seven steps: (1) English only; (2) normalise slang and typos; (3) candidates begin at "I"
and end at a location found by NER; (4) drop candidates with a negation; (5) drop candidates with a
non-private locational verb (WordNet lexnames emotion, perception, body, cognition, communication,
contact, creation, social, possession); (6) keep candidates with a private locational verb
(verb.stative, verb.motion); (7) report them. `detect_seed` is that rule as published.

`detect` is the rule extended where the thesis' error analysis (§3.2.3-3.2.4) points, using the
dependency parse instead of token windows: the place is tied to its verb through the parse, so
only the verbs of that clause count; the owner of the clause decides whose place it is ("they're on
their way to California" is not the user's, "we"/"us"/"our team" are); a place the reader is
invited to ("When you come to ATLANTA, I'll ...") is the author's (backward inference); wishes and
hypotheticals ("I wish I could ...", "I'd love to ...") are not whereabouts; and a place where the
user does something ("I'm working in Manchester") places the user there whatever the verb class.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from osnguard.privacy import places
from osnguard.privacy.identification.slang import NormalisedText, normalise
from osnguard.privacy.resources import load_once, nlp, wordnet
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

LOCATION_LABELS = frozenset({"GPE", "LOC", "FAC"})
NEGATIONS = frozenset({"not", "n't", "no", "never", "nt", "nowhere", "neither", "nor"})
NON_PRIVATE_LEXNAMES = frozenset(
    f"verb.{name}"
    for name in (
        "emotion",
        "perception",
        "body",
        "cognition",
        "communication",
        "contact",
        "creation",
        "social",
        "possession",
    )
)
PRIVATE_LEXNAMES = frozenset({"verb.stative", "verb.motion"})

# Extension vocabulary (closed classes, not tuned per place name).
FIRST_PERSON = frozenset({"i", "me", "we", "us", "myself", "ourselves"})
GROUP_POSSESSIVE = frozenset({"our"})
HYPOTHETICAL_MODALS = frozenset({"would", "could", "might", "should", "may", "'d", "d"})
# Verbs that only carry modality or aspect ("have to go", "need to go", "going to fly").
NEUTRAL_MATRIX = frozenset(
    {"have", "need", "get", "go", "be", "got", "start", "begin", "keep", "try"}
)
PRESENCE_PREPS = frozenset(
    {
        "in",
        "at",
        "near",
        "around",
        "outside",
        "inside",
        "across",
        "through",
        "throughout",
        "within",
        "all",
    }
)
ORIGIN_PREPS = frozenset({"from"})
DESTINATION_PREPS = frozenset({"to", "into", "toward", "towards", "for", "onto", "via"})
# Prepositions a containing noun may hang from ("at the airport in Boston", "on vacation in Hawaii").
CONTAINER_PREPS = PRESENCE_PREPS | DESTINATION_PREPS | ORIGIN_PREPS | {"on", "over"}
CONDITIONAL_MARKERS = frozenset({"if", "unless", "whether"})
CONDITION_MARKERS = frozenset({"when", "if", "whenever", "once", "while", "next"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})
CLAUSE_INHERITING_DEPS = frozenset({"xcomp", "conj", "advcl", "pcomp", "dep", "acomp"})


@dataclass(frozen=True)
class LocationFinding:
    """A private location found in the (normalised) text, before offsets are mapped back."""

    start: int  # character offsets in the normalised text
    end: int
    place: str
    reason: str
    confidence: float


# ---------------------------------------------------------------------------------------------
# WordNet verb classes


@load_once
def _lexname_cache() -> dict[tuple[str, int], tuple[str, ...]]:
    return {}


def verb_lexnames(lemma: str, senses: int = 1) -> tuple[str, ...]:
    """The WordNet lexnames of a verb's first `senses` senses (most frequent first)."""
    key = (lemma.lower(), senses)
    cache = _lexname_cache()
    if key not in cache:
        synsets = wordnet().synsets(lemma.lower().replace(" ", "_"), pos="v")
        cache[key] = tuple(s.lexname() for s in synsets[:senses])
    return cache[key]


def is_non_private_verb(lemma: str) -> bool:
    """Seed step 5: the verb's main sense is one of the nine non-locational classes."""
    return any(name in NON_PRIVATE_LEXNAMES for name in verb_lexnames(lemma, 1))


def is_private_verb(lemma: str, senses: int = 1) -> bool:
    """Seed step 6: a stative or motion verb (live, stay, be, fly, go, move)."""
    if lemma.lower() in {"be", "'m", "'re", "'s", "m", "am", "are", "is", "was", "were"}:
        return True
    return any(name in PRIVATE_LEXNAMES for name in verb_lexnames(lemma, senses))


# ---------------------------------------------------------------------------------------------
# Steps 1-3: language, normalisation, parsing


def _prepare(context: MessageContext) -> tuple[NormalisedText, Any] | None:
    """Normalise the message and parse it (re-using context.doc when nothing changed)."""
    if context.language != "en" or not context.text.strip():
        return None
    norm = normalise(context.text)
    if context.doc is not None:
        if not norm.changed:
            return norm, context.doc
        if not _locations(context.doc, gazetteer=True):
            return None  # no place at all: not worth parsing the normalised text again
    return norm, nlp()(norm.text)


def _locations(doc: Any, *, gazetteer: bool = False) -> list[Any]:
    """Places by NER (step 3); with `gazetteer`, also lower-case place names NER misses in tweets."""
    places = [ent for ent in doc.ents if ent.label_ in LOCATION_LABELS]
    if gazetteer:
        places.extend(_unrecognised_places(doc))
    return places


GAZETTEER_MIN_POPULATION = 50_000


def _unrecognised_places(doc: Any) -> list[Any]:
    """'i live in seattle': a lower-case object of a place preposition that GeoNames knows as a
    sizeable place and whose main WordNet sense is a proper name (so 'home', 'reading' stay out)."""

    covered = {t.i for ent in doc.ents for t in ent}
    spans = []
    for token in doc:
        if (
            token.i in covered
            or token.dep_ != "pobj"
            or not token.text.islower()
            or not token.is_alpha
        ):
            continue
        if token.head.lower_ not in PRESENCE_PREPS | ORIGIN_PREPS | DESTINATION_PREPS:
            continue
        start = token.i
        while start > 0 and doc[start - 1].dep_ == "compound" and doc[start - 1].head.i == token.i:
            start -= 1
        span = doc[start : token.i + 1]
        synsets = wordnet().synsets(span.text.replace(" ", "_"), pos="n")
        if not synsets or not synsets[0].instance_hypernyms():
            continue
        if any(
            p.kind != "city" or (p.population or 0) >= GAZETTEER_MIN_POPULATION
            for p in places.lookup(span.text)
        ):
            spans.append(span)
    return spans


def _to_phrases(
    context: MessageContext, norm: NormalisedText, found: Iterable[LocationFinding]
) -> list[Phrase]:
    phrases: list[Phrase] = []
    seen: set[tuple[int, int]] = set()
    for item in found:
        start, end = norm.to_original(item.start, item.end)
        if (start, end) in seen:
            continue
        seen.add((start, end))
        phrases.append(
            Phrase(
                start=start,
                end=end,
                text=context.text[start:end],
                category=Category.LOCATION,
                reason=item.reason,
                confidence=item.confidence,
                detectors=[Detector.LOCATION_RULE],
                reasons=[item.reason],
            )
        )
    return phrases


# ---------------------------------------------------------------------------------------------
# The seed's rule as published (token windows)


def detect_seed(context: MessageContext) -> list[Phrase]:
    """Thesis §3.2.1 as written: candidates from a word "I" to a location, steps 4-6 on the window."""
    prepared = _prepare(context)
    if prepared is None:
        return []
    norm, doc = prepared
    found = []
    for ent in _locations(doc):
        for token in doc[: ent.start]:
            if token.lower_ != "i":
                continue
            window = doc[token.i : ent.end]
            if any(t.lower_ in NEGATIONS or t.lemma_.lower() in NEGATIONS for t in window):
                continue
            verbs = [t.lemma_ for t in window if t.tag_.startswith("VB")]
            if any(is_non_private_verb(v) for v in verbs):
                continue
            if any(is_private_verb(v) for v in verbs):
                found.append(
                    LocationFinding(
                        ent.start_char, ent.end_char, ent.text, _reason(ent.text, "are"), 0.7
                    )
                )
                break
    return _to_phrases(context, norm, found)


# ---------------------------------------------------------------------------------------------
# The extended rule (dependency parse)


@dataclass
class _Attachment:
    """How a place hangs from its clause: the verb, the preposition (if any) and the path."""

    verb: Any
    prep: str | None  # lower-case preposition joining the place to the clause, or None
    relation: str  # "prep", "dobj" or "other"
    path: list[Any]  # tokens from the place up to the verb


EVENT_NOUN_LEXNAMES = frozenset({"noun.act", "noun.event", "noun.time"})
UNDONE_VERB_LEXNAMES = frozenset(
    {"verb.emotion", "verb.cognition", "verb.possession", "verb.communication"}
)


def _user_event(noun: Any) -> bool:
    """An event or stretch of time that is the object of a verb the user does ("ran the marathon",
    "spent the weekend"), not one they only need, plan, buy or talk about."""
    verb = noun.head
    if noun.dep_ != "dobj" or verb.pos_ != "VERB" or verb.lemma_.lower() in NEUTRAL_MATRIX:
        return False
    synsets = wordnet().synsets(noun.lemma_.lower(), pos="n")
    if not synsets or synsets[0].lexname() not in EVENT_NOUN_LEXNAMES:
        return False
    return not set(verb_lexnames(verb.lemma_, 1)) & UNDONE_VERB_LEXNAMES


def _attach(ent: Any) -> _Attachment | None:
    """Climb from a place to the verb it belongs to, only through links that keep it locative."""
    token = ent.root
    path = [token]
    prep: str | None = None
    relation = "other"
    while True:
        dep = token.dep_
        head = token.head
        if head is token:
            return None
        if dep in ("compound", "amod", "nmod", "appos", "conj") and head.pos_ in ("PROPN", "NOUN"):
            token = head  # "the Tokyo airport", "Paris, Berlin and Madrid"
        elif dep == "pobj":
            word = head.lower_
            if prep is None:
                prep = word
            elif word not in CONTAINER_PREPS or prep not in PRESENCE_PREPS:
                return None  # "history of Spain", "pyramids in Egypt" seen by someone
            relation = "prep"
            token = head
        elif dep in ("prep", "advmod", "npadvmod") and head.pos_ in ("NOUN", "PROPN"):
            # the place modifies a noun: follow only when that noun is itself a location phrase
            # ("at the airport in Boston") or an event the user takes part in ("ran the
            # marathon in Chicago", "spent the weekend in Napa")
            if prep not in PRESENCE_PREPS:
                return None
            if head.dep_ not in ("pobj", "attr", "npadvmod", "advmod") and not _user_event(head):
                return None
            token = head
        elif dep in ("prep", "advmod", "npadvmod", "acomp", "prt") and head.pos_ in (
            "ADJ",
            "ADV",
            "ADP",
        ):
            token = head  # "stuck at Heathrow", "back in Berlin", "home from Kenya"
        elif dep in (
            "prep",
            "dobj",
            "npadvmod",
            "advmod",
            "attr",
            "oprd",
            "dative",
            "acomp",
            "prt",
        ) and head.pos_ in (
            "VERB",
            "AUX",
        ):
            if dep == "dobj":
                relation = "dobj" if token is ent.root or relation == "other" else relation
            path.append(head)
            return _Attachment(head, prep, relation, path)
        else:
            return None
        path.append(token)


@dataclass
class _Clause:
    """The chain of verbs from the place's verb up to the one that has a subject."""

    verbs: list[Any]  # place's verb first
    matrix: list[Any]  # verbs above it through xcomp ("want [to fly]")
    subject: Any | None
    subject_verb: Any


def _subject(verb: Any) -> Any | None:
    for child in verb.children:
        if child.dep_ in SUBJECT_DEPS:
            return child
    return None


def _clause(verb: Any) -> _Clause:
    verbs = [verb]
    matrix: list[Any] = []
    current = verb
    while True:
        subject = _subject(current)
        if (
            subject is not None
            or current.dep_ not in CLAUSE_INHERITING_DEPS
            or current.head is current
        ):
            return _Clause(verbs, matrix, subject, current)
        if current.dep_ == "advcl" and any(c.dep_ == "mark" for c in current.children):
            return _Clause(verbs, matrix, None, current)  # "when ..." clause without a subject
        head = current.head
        if current.dep_ in ("xcomp", "pcomp"):
            matrix.append(head)
        verbs.append(head)
        current = head


def _is_user(subject: Any) -> bool:
    """I, we, me and my sister, my family and I, our team."""
    if subject is None:
        return False
    group = [subject, *subject.conjuncts]
    if any(t.lower_ in FIRST_PERSON for t in group):
        return True
    return any(c.dep_ == "poss" and c.lower_ in GROUP_POSSESSIVE for c in subject.children)


def _negated(tokens: Iterable[Any], before: int) -> bool:
    """Step 4 on the clause: a negation of the place's verbs, before the place ends (the seed's
    window ends at the place, so "We in Brazil we cannot wait ..." is not negated)."""
    for token in tokens:
        for child in token.children:
            if child.i >= before:
                continue
            if child.dep_ == "neg" or (
                child.lower_ in NEGATIONS and child.dep_ in ("advmod", "neg", "det")
            ):
                return True
    return False


def _hypothetical(verbs: Iterable[Any], *, conditional: bool = True) -> bool:
    """'I could teleport ...', 'I'd love to ...', 'if I ... sneak away to the Philippines'."""
    for verb in verbs:
        for child in verb.children:
            if child.dep_ == "aux" and (
                child.lower_ in HYPOTHETICAL_MODALS or child.lemma_ in HYPOTHETICAL_MODALS
            ):
                return True
            if conditional and child.dep_ == "mark" and child.lower_ in CONDITIONAL_MARKERS:
                return True
        if verb.dep_ == "conj" and _hypothetical([verb.head], conditional=conditional):
            return True  # "if I step on the scene or sneak away to ..."
    return False


def _embedded_in_wish(clause: _Clause) -> bool:
    """'I wish I was in Hawaii', 'I hope I'm in Paris by then': the clause is only wished."""
    head_verb = clause.subject_verb
    if head_verb.dep_ not in ("ccomp", "xcomp") or head_verb.head is head_verb:
        return False
    governor = head_verb.head
    if not _is_user(_subject(governor)):
        return False  # "I live in Seattle, do you know ...": someone else's verb
    return governor.pos_ in ("VERB", "AUX") and any(
        name in ("verb.emotion", "verb.cognition") for name in verb_lexnames(governor.lemma_, 1)
    )


def _object_is_user(verb: Any) -> bool:
    """'come visit us in Dallas', 'come see me in Boston'."""
    return any(c.dep_ in ("dobj", "dative") and c.lower_ in ("us", "me") for c in verb.children)


def _implicit_first_person(verb: Any) -> bool:
    """Tweets drop the "I": 'just landed in Denver', 'just moved to Seattle, I need friends'."""
    return (
        verb.tag_ in ("VBD", "VBN")
        and verb.dep_ in ("ROOT", "advcl", "conj")
        and not any(c.dep_ == "mark" for c in verb.children)
    )


def _owner(clause: _Clause) -> str:
    """'user', 'invited' (backward inference: the reader comes to the user's place) or 'other'."""
    subject = clause.subject
    verb = clause.subject_verb
    if _is_user(subject):
        return "user"
    if subject is None:
        if any(_object_is_user(v) for v in clause.verbs):
            return "user"
        if _implicit_first_person(verb):
            return "user"
        return "other"
    if subject.lower_ == "you" and verb.dep_ == "advcl":
        marked = any(
            c.dep_ in ("mark", "advmod") and c.lower_ in CONDITION_MARKERS for c in verb.children
        )
        main = verb.head
        if marked and _is_user(_subject(main) or _clause(main).subject):
            return "invited"
    return "other"


def _places_user(att: _Attachment) -> str | None:
    """Steps 5-6 on the place's own verb: what the verb and preposition say, or None."""
    lemma = att.verb.lemma_.lower()
    if is_non_private_verb(lemma) and "verb.emotion" in verb_lexnames(lemma, 1):
        return None  # "I love Paris", "I miss New York"
    if att.relation == "prep" and att.prep in PRESENCE_PREPS:
        return "are"  # "I'm working in Manchester": doing something there puts you there
    if att.relation == "prep" and att.prep in ORIGIN_PREPS:
        return "from" if is_private_verb(lemma, 3) or lemma in ("get", "come") else None
    if (
        att.relation == "prep"
        and att.prep == "for"
        and "verb.motion" not in verb_lexnames(lemma, 1)
    ):
        return None  # "leaving for Peru", but not "rooting for Argentina"
    if att.relation == "prep" and att.prep in DESTINATION_PREPS:
        if any(
            c.dep_ == "dobj" and c.lower_ not in ("us", "me", "myself", "home")
            for c in att.verb.children
        ):
            return None  # "sending a package to Germany": the package goes, not the user
        return "going" if is_private_verb(lemma, 3) or lemma in ("get", "relocate") else None
    if att.relation == "dobj":
        return "going" if any(n == "verb.motion" for n in verb_lexnames(lemma, 2)) else None
    return None


def _reason(place: str, how: str) -> str:
    """A sentence the user understands: what the message says and what it gives away."""
    return {
        "are": f"You say you are in {place}: that tells people where you are.",
        "live": f"You say you live or grew up in {place}: that tells people where you live.",
        "from": f"You say you come from {place}: that tells people where you are from.",
        "going": f"You say you are going to {place}: that tells people where you will be.",
        "move": f"You say you are moving or moved to {place}: that tells people where you live.",
        "invited": f"You invite people to {place}: that tells them where you are.",
    }[how]


LIVING_VERBS = frozenset({"live", "grow", "bear", "raise", "base", "reside", "settle"})
MOVING_VERBS = frozenset({"move", "relocate"})


def _with_first_person(ent: Any) -> bool:
    """'We in Brazil ...', 'us in London': the place qualifies the user directly."""
    prep = ent.root.head
    return (
        ent.root.dep_ == "pobj"
        and prep.lower_ in PRESENCE_PREPS
        and prep.head.lower_ in FIRST_PERSON
        and prep.head.lower_ not in ("me", "myself")
    )


def _judge(ent: Any) -> LocationFinding | None:
    """Steps 3-6 of the extended rule for one place."""
    if _with_first_person(ent):
        return LocationFinding(
            ent.start_char, ent.end_char, ent.text, _reason(ent.text, "are"), 0.75
        )
    att = _attach(ent)
    if att is None:
        return None
    clause = _clause(att.verb)
    owner = _owner(clause)
    if owner == "other":
        return None
    chain = [*att.path, *clause.verbs]
    hypothetical = _hypothetical(clause.verbs, conditional=owner == "user")
    if _negated(chain, ent.end) or hypothetical or _embedded_in_wish(clause):
        return None  # step 4 (and wishes / hypotheticals)
    if any(
        v.lemma_.lower() not in NEUTRAL_MATRIX and is_non_private_verb(v.lemma_)
        for v in clause.matrix
    ):
        return None  # step 5 on the governing verbs: "I want to fly out to Los Angeles"
    how = _places_user(att)
    if how is None:
        return None
    if owner == "invited":
        if not is_private_verb(att.verb.lemma_, 2):
            return None
        return LocationFinding(
            ent.start_char, ent.end_char, ent.text, _reason(ent.text, "invited"), 0.6
        )
    lemma = att.verb.lemma_.lower()
    if lemma in MOVING_VERBS and how == "going":
        how = "move"
    elif lemma in LIVING_VERBS and how == "are":
        how = "live"
    confidence = 0.85 if is_private_verb(att.verb.lemma_) else 0.7
    return LocationFinding(
        ent.start_char, ent.end_char, ent.text, _reason(ent.text, how), confidence
    )


def find_private_locations(doc: Any) -> list[LocationFinding]:
    """Every place in a parsed (normalised) message that the extended rule says is the user's."""
    found = []
    for ent in _locations(doc, gazetteer=True):
        finding = _judge(ent)
        if finding is not None:
            found.append(finding)
    return found


def detect(context: MessageContext) -> list[Phrase]:
    """Private locational phrases of a message (category "location", detector "location_rule")."""
    prepared = _prepare(context)
    if prepared is None:
        return []
    norm, doc = prepared
    return _to_phrases(context, norm, find_private_locations(doc))

"""Realisation choices: ways of writing the same words that change no meaning.

Each rule reads a spaCy Doc and yields `Slot`s whose alternatives are grammatical by construction:
numbers ("three" <-> "3"), contractions ("I am" <-> "I'm", "do not" <-> "don't", "my hometown
is" <-> "my hometown's"), the optional
"that" after verbs of saying and thinking, "after graduating" <-> "after I graduated" <-> "after having graduated" when the main
clause has a pronoun subject in the past tense, and sparing punctuation (the comma after an
introductory phrase, the comma before "and" or "but" joining two clauses, joining two short
sentences with ", and", the final full stop).

Two rules change whole words and are offered as synonyms (friend-level choices): phrase
paraphrases ("really" <-> "very", "a lot of" <-> "lots of", "everyone" <-> "everybody") and tweet
slang written out ("u" -> "you", "gonna" -> "going to").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

from lemminflect import getInflection

from osnguard.privacy.fingerprinting.slot_types import Slot, SlotKind, make_slot
from osnguard.privacy.identification.slang import dictionary as slang_dictionary
from osnguard.privacy.lexicon import NUMBER_NAMES, NUMBER_WORDS
from osnguard.privacy.text import match_case

# number words never offered as digits: "zero" and "one" read as words, "hundred" is not a number
# on its own ("a hundred")
WORDS_KEPT = frozenset({"zero", "one", "hundred"})

PRONOUNS_BE = {"i": "'m", "you": "'re", "we": "'re", "they": "'re", "he": "'s", "she": "'s", "it": "'s", "that": "'s", "there": "'s", "what": "'s"}  # fmt: skip
BE_FORMS = {"am": "'m", "are": "'re", "is": "'s"}
PRONOUNS_HAVE = {"i", "you", "we", "they"}
PRONOUNS_WILL = {"i", "you", "we", "they", "he", "she", "it"}
NEGATIONS = {
    "do": "don't", "does": "doesn't", "did": "didn't", "is": "isn't", "are": "aren't",
    "was": "wasn't", "were": "weren't", "have": "haven't", "has": "hasn't", "had": "hadn't",
    "will": "won't", "would": "wouldn't", "could": "couldn't", "should": "shouldn't",
    "can": "can't", "must": "mustn't",
}  # fmt: skip
EXPANSIONS = {"'m": "am", "'re": "are", "'ve": "have", "'ll": "will"}
NEGATION_STEMS = {"ca": "can", "wo": "will", "sha": "shall"}

THAT_VERBS = {
    "think", "know", "say", "believe", "hope", "feel", "guess", "realize", "realise", "wish",
    "mean", "hear", "notice", "suppose", "bet", "figure", "learn", "find", "admit", "doubt",
    "claim", "promise", "swear", "suspect", "forget", "remember", "understand", "agree", "decide",
}  # fmt: skip
CLAUSE_MARKERS = {"after", "before", "since"}
SUBJECT_PRONOUNS = {"i", "we", "he", "she", "they", "you"}
APOSTROPHES = ("'", "\u2019")


def span_text(doc: Any, first: int, last: int) -> tuple[int, int, str]:
    start = doc[first].idx
    end = doc[last].idx + len(doc[last].text)
    return start, end, doc.text[start:end]


def is_final(token: Any) -> bool:
    """Whether nothing but punctuation follows the token in its sentence (then no contraction)."""
    return all(t.is_punct for t in token.doc[token.i + 1 : token.sent.end])


def norm_apostrophe(text: str) -> str:
    return text.replace("\u2019", "'").lower()


def has_participle(aux: Any) -> bool:
    """Whether a participle follows the auxiliary ("it's been" is "it has been", not "it is")."""
    for token in aux.doc[aux.i + 1 : aux.sent.end]:
        if token.pos_ in {"ADV", "PART"}:
            continue
        return bool(token.tag_ == "VBN")
    return False


def number_slots(doc: Any) -> Iterator[Slot]:
    """ "three" <-> "3" for cardinal numbers up to a hundred that are not part of times or codes."""
    for token in doc:
        if token.tag_ != "CD":
            continue
        nxt = doc[token.i + 1] if token.i + 1 < len(doc) else None
        prev = doc[token.i - 1] if token.i > 0 else None
        if nxt is not None and (nxt.text in {"%", ":", "/", "-", "."} and token.whitespace_ == ""):
            continue
        if (
            prev is not None
            and prev.text in {"$", "#", "\u00a3", "\u20ac", "-", "/"}
            and prev.whitespace_ == ""
        ):
            continue
        if (prev is not None and prev.tag_ == "CD") or (nxt is not None and nxt.tag_ == "CD"):
            continue  # "twenty one", "3 000": leave compound numbers alone
        low = token.text.lower()
        if low in NUMBER_WORDS and low not in WORDS_KEPT:
            if token.is_sent_start:
                continue  # a sentence does not start with a numeral
            other = str(NUMBER_WORDS[low])
        elif (
            token.text.isdigit()
            and int(token.text) in NUMBER_NAMES
            and int(token.text) > 0  # a zero (in any script) stays as written
            and not token.text.startswith("0")
        ):
            other = match_case(token.text, NUMBER_NAMES[int(token.text)], all_caps=True)
            if token.is_sent_start:
                other = other.capitalize()
        else:
            continue
        slot = make_slot(
            token.idx,
            token.idx + len(token.text),
            token.text,
            [(other, SlotKind.REALISATION, "number")],
        )
        if slot:
            yield slot


def contraction_slots(doc: Any) -> Iterator[Slot]:
    """Contract or expand pronoun + be/have/will and auxiliary + not."""
    for token in doc[:-1]:
        nxt = doc[token.i + 1]
        if token.whitespace_ and nxt.text.startswith(APOSTROPHES):
            continue
        low, nlow = token.text.lower(), norm_apostrophe(nxt.text)
        apostrophe = "\u2019" if "\u2019" in nxt.text else "'"
        option: str | None = None
        if token.whitespace_:
            # expanded forms: "I am", "do not"
            if nlow == "not" and low in NEGATIONS and token.pos_ == "AUX":
                option = match_case(token.text, NEGATIONS[low], all_caps=True).replace(
                    "'", apostrophe
                )
            elif token.pos_ == "PRON" and nxt.pos_ == "AUX" and not is_final(nxt):
                if (
                    nlow in BE_FORMS
                    and nxt.lemma_ == "be"
                    and PRONOUNS_BE.get(low) == BE_FORMS[nlow]
                ):
                    option = token.text + PRONOUNS_BE[low]
                elif nlow == "have" and nxt.dep_ == "aux" and low in PRONOUNS_HAVE:
                    option = token.text + "'ve"
                elif nlow == "will" and low in PRONOUNS_WILL:
                    option = token.text + "'ll"
        # contracted forms: "I'm", "don't", "can't"
        elif nlow in EXPANSIONS and token.pos_ == "PRON":
            option = f"{token.text} {EXPANSIONS[nlow]}"
        elif (
            nlow == "'s"
            and token.pos_ == "PRON"
            and nxt.lemma_ == "be"
            and low in PRONOUNS_BE
            and not has_participle(nxt)
        ):
            option = f"{token.text} is"
        elif nlow == "n't" and token.pos_ == "AUX":
            stem = NEGATION_STEMS.get(low, low)
            if stem in NEGATIONS:
                option = match_case(
                    token.text, "cannot" if stem == "can" else f"{stem} not", all_caps=True
                )
        if option:
            start, end, text = span_text(doc, token.i, token.i + 1)
            slot = make_slot(start, end, text, [(option, SlotKind.REALISATION, "contraction")])
            if slot:
                yield slot


def noun_is_slots(doc: Any) -> Iterator[Slot]:
    """ "My hometown is Tokyo" <-> "My hometown's Tokyo": a common-noun subject and copula "is"."""
    for token in doc[1:]:
        noun = doc[token.i - 1]
        if (
            token.lower_ == "is"
            and token.lemma_ == "be"
            and noun.whitespace_
            and noun.pos_ == "NOUN"
            and noun.tag_ == "NN"
            and noun.dep_ == "nsubj"
            and noun.head.i == token.i
            and not noun.lower_.endswith(("s", "x", "z", "sh", "ch"))
            and noun.is_alpha
            and not is_final(token)
            and not has_participle(token)
        ):
            start = noun.idx + len(noun.text)
            end = token.idx + len(token.text)
            slot = make_slot(
                start, end, doc.text[start:end], [("'s", SlotKind.REALISATION, "contraction")]
            )
            if slot:
                yield slot


def that_slots(doc: Any) -> Iterator[Slot]:
    """Drop or add the complementizer "that" after verbs like think, know, say."""
    for token in doc:
        head = token.head
        if token.lower_ == "that" and token.dep_ == "mark" and head.dep_ == "ccomp":
            verb = head.head
            if verb.pos_ == "VERB" and verb.lemma_.lower() in THAT_VERBS and verb.i == token.i - 1:
                end = (
                    doc[token.i + 1].idx if token.i + 1 < len(doc) else token.idx + len(token.text)
                )
                slot = make_slot(
                    token.idx, end, doc.text[token.idx : end], [("", SlotKind.REALISATION, "that")]
                )
                if slot:
                    yield slot
        elif token.dep_ == "ccomp" and token.pos_ in {"VERB", "AUX"}:
            verb = token.head
            left = token.left_edge
            if (
                verb.pos_ == "VERB"
                and verb.lemma_.lower() in THAT_VERBS
                and left.i == verb.i + 1
                and left.dep_ == "nsubj"
                and left.tag_ not in {"WDT", "WP", "WRB"}
                and not any(c.dep_ == "mark" for c in token.children)
                and verb.whitespace_
            ):
                slot = make_slot(left.idx, left.idx, "", [("that ", SlotKind.REALISATION, "that")])
                if slot:
                    yield slot


def past_tense(lemma: str) -> str | None:
    forms = getInflection(lemma, tag="VBD")
    return forms[0] if forms else None


def past_participle(lemma: str) -> str | None:
    forms = getInflection(lemma, tag="VBN")
    return forms[0] if forms else None


def gerund(lemma: str) -> str | None:
    forms = getInflection(lemma, tag="VBG")
    return forms[0] if forms else None


def main_subject(verb: Any) -> Any:
    return next((c for c in verb.children if c.dep_ == "nsubj"), None)


def clause_slots(doc: Any) -> Iterator[Slot]:
    """ "after graduating" <-> "after I graduated" <-> "after having graduated" when the main verb is past with a pronoun subject."""
    for token in doc:
        low = token.lower_
        if low not in CLAUSE_MARKERS or token.i + 1 >= len(doc):
            continue
        main = token.head
        if token.dep_ == "prep":
            # after + gerund: "After graduating from X, I studied"
            verb = doc[token.i + 1]
            subject = main_subject(main)
            if (
                verb.tag_ == "VBG"
                and verb.dep_ == "pcomp"
                and verb.head.i == token.i
                and main.tag_ == "VBD"
                and subject is not None
                and subject.lower_ in SUBJECT_PRONOUNS
            ):
                form = past_tense(verb.lemma_)
                participle = past_participle(verb.lemma_)
                if form and participle:
                    start, end, text = span_text(doc, token.i, verb.i)
                    pronoun = subject.text if subject.lower_ == "i" else subject.lower_
                    options = [
                        (f"{token.text} {pronoun} {form}", SlotKind.REALISATION, "clause"),
                        (f"{token.text} having {participle}", SlotKind.REALISATION, "clause"),
                    ]
                    slot = make_slot(start, end, text, options)
                    if slot:
                        yield slot
        elif token.dep_ == "mark" and main.dep_ == "advcl" and main.tag_ == "VBD":
            # after + subject + past verb: "After I graduated from X, I studied"
            subject = doc[token.i + 1]
            outer = main.head
            outer_subject = main_subject(outer)
            if (
                token.i + 2 == main.i
                and subject.dep_ == "nsubj"
                and subject.lower_ in SUBJECT_PRONOUNS
                and outer_subject is not None
                and outer_subject.lower_ == subject.lower_
                and outer.tag_ == "VBD"
                and not any(c.dep_ in {"aux", "auxpass", "neg"} for c in main.children)
            ):
                form = gerund(main.lemma_)
                if form:
                    start, end, text = span_text(doc, token.i, main.i)
                    slot = make_slot(
                        start, end, text, [(f"{token.text} {form}", SlotKind.REALISATION, "clause")]
                    )
                    if slot:
                        yield slot


def punctuation_slots(doc: Any) -> Iterator[Slot]:
    """Sparing punctuation choices: the comma after an introductory phrase, the comma between two
    clauses joined by "and" or "but", ", and" between two short sentences, and the message's
    final full stop."""
    sentences = list(doc.sents)
    for sent in sentences:
        # comma closing a sentence-initial prepositional or adverbial clause
        first = sent[0]
        if first.dep_ in {"prep", "mark", "advmod"} or first.head.dep_ == "advcl":
            for token in sent[1:]:
                if token.text == ",":
                    intro = doc[sent.start : token.i]
                    if 2 <= len(intro) <= 10 and token.head == sent.root and token.i + 1 < sent.end:
                        slot = make_slot(
                            token.idx,
                            token.idx + 1,
                            ",",
                            [("", SlotKind.REALISATION, "punctuation")],
                        )
                        if slot:
                            yield slot
                    break
    yield from _clause_comma_slots(doc)
    for left, right in itertools.pairwise(sentences):
        stop = left[-1]
        first = right[0]
        if (
            stop.text == "."
            and len(left) <= 8
            and len(right) <= 8
            and first.pos_ not in {"PROPN"}
            and first.text != "I"
            and first.is_alpha
            and first.idx == stop.idx + 2
            and doc.text[stop.idx + 1] == " "
        ):
            start, end = stop.idx, first.idx + len(first.text)
            lowered = first.text.lower()
            options = [
                (f", and {lowered}", SlotKind.REALISATION, "punctuation"),
                (f"; {lowered}", SlotKind.REALISATION, "punctuation"),
            ]
            slot = make_slot(start, end, doc.text[start:end], options)
            if slot:
                yield slot
    last = doc[-1] if len(doc) else None
    if (
        last is not None
        and last.text == "."
        and len(doc) > 3
        and last.idx + 1 == len(doc.text.rstrip())
    ):
        slot = make_slot(last.idx, last.idx + 1, ".", [("", SlotKind.REALISATION, "punctuation")])
        if slot:
            yield slot


def _clause_comma_slots(doc: Any) -> Iterator[Slot]:
    """The comma before "and" or "but" joining two clauses that each have their subject ("the
    Queen died in 2022 and I still think of her" / "..., and I still think of her"); never
    between two nouns ("my mum and I")."""
    for token in doc:
        if token.dep_ != "cc" or token.lower_ not in {"and", "but"} or token.i < 3:
            continue
        head = token.head
        if head.pos_ not in {"VERB", "AUX"} or head.i > token.i:
            continue
        joined = [
            c
            for c in head.children
            if c.dep_ == "conj" and c.i > token.i and c.pos_ in {"VERB", "AUX"}
        ]
        if not joined or not any(
            c.dep_ in {"nsubj", "nsubjpass", "expl"} and c.i > token.i for c in joined[0].children
        ):
            continue
        prev = doc[token.i - 1]
        end = token.idx + len(token.text)
        if prev.text == "," and prev.sent == token.sent:
            option = f" {token.text}"
            start = prev.idx
        elif (prev.is_alpha or prev.like_num) and token.idx == prev.idx + len(prev.text) + 1:
            option = f", {token.text}"
            start = prev.idx + len(prev.text)
        else:
            continue
        slot = make_slot(
            start, end, doc.text[start:end], [(option, SlotKind.REALISATION, "punctuation")]
        )
        if slot:
            yield slot


# Phrase paraphrases: everyday words and phrases with a same-meaning twin. They change whole words
# (they survive retyping, lower-casing and punctuation stripping), so they are offered as
# synonyms: friend-level fingerprints, checked in context like WordNet synonyms.
PRONOUN_TWINS = {
    "everyone": "everybody",
    "everybody": "everyone",
    "someone": "somebody",
    "somebody": "someone",
    "anyone": "anybody",
    "anybody": "anyone",
    "nobody": "no one",
}
ADVERB_TWINS = {
    "maybe": "perhaps",
    "perhaps": "maybe",
    "until": "till",
    "toward": "towards",
    "towards": "toward",
}
INTENSIFIERS = ("really", "very", "so")
NOT_INTENSIFIED = {
    "much",
    "many",
    "few",
    "little",
    "own",
    "same",
    "first",
    "last",
    "best",
    "most",
    "more",
    "less",
    "far",
    "long",
    "well",
    "that",
    "such",
}
CLAUSE_END = {".", "!", "?", ",", ";", ":"}


def _next(doc: Any, token: Any) -> Any:
    return doc[token.i + 1] if token.i + 1 < len(doc) else None


def _slot(doc: Any, first: int, last: int, options: list[str]) -> Slot | None:
    start, end, text = span_text(doc, first, last)
    return make_slot(
        start,
        end,
        text,
        [(match_case(text, o, all_caps=True), SlotKind.SYNONYM, "paraphrase") for o in options],
    )


def phrase_slots(doc: Any) -> Iterator[Slot]:
    """ "really tired" <-> "very tired" <-> "so tired", "a lot of" <-> "lots of", "everyone" <->
    "everybody", "maybe" <-> "perhaps", "a bit" <-> "a little", "kind of" <-> "sort of" (as a
    hedge), "thanks for" <-> "thank you for", a final "too" <-> "as well"."""
    for token in doc:
        low, nxt = token.lower_, _next(doc, token)
        slot: Slot | None = None
        if low in PRONOUN_TWINS and token.pos_ == "PRON":
            slot = _slot(doc, token.i, token.i, [PRONOUN_TWINS[low]])
        elif (
            low == "no"
            and nxt is not None
            and nxt.lower_ == "one"
            and nxt.pos_ in {"PRON", "NOUN", "NUM"}
            and (_next(doc, nxt) is None or _next(doc, nxt).lower_ != "of")
        ):
            slot = _slot(doc, token.i, nxt.i, ["nobody"])
        elif low in ADVERB_TWINS and token.pos_ in {"ADV", "ADP", "SCONJ"}:
            slot = _slot(doc, token.i, token.i, [ADVERB_TWINS[low]])
        elif (
            low in INTENSIFIERS
            and token.dep_ == "advmod"
            and nxt is not None
            and token.head.i == nxt.i
            and nxt.tag_ in {"JJ", "RB"}
            and nxt.lower_ not in NOT_INTENSIFIED
        ):
            after = _next(doc, nxt)
            predicative = nxt.dep_ not in {"amod"} and (
                after is None or after.lower_ not in {"that", "as"}
            )
            if low == "so" and not predicative:
                continue
            if nxt.lower_ in {"bad", "badly"}:
                continue  # "want it so bad", "be there so bad": "very bad" would change the sense
            slot = _slot(
                doc,
                token.i,
                token.i,
                [w for w in INTENSIFIERS if w != low and (w != "so" or predicative)],
            )
        elif (
            low == "a"
            and nxt is not None
            and nxt.lower_ == "lot"
            and _next(doc, nxt) is not None
            and _next(doc, nxt).lower_ == "of"
        ):
            slot = _slot(doc, token.i, nxt.i, ["lots"])
        elif low == "lots" and nxt is not None and nxt.lower_ == "of" and token.pos_ == "NOUN":
            slot = _slot(doc, token.i, token.i, ["a lot"])
        elif (
            low == "a"
            and nxt is not None
            and nxt.lower_ in {"bit", "little"}
            and _next(doc, nxt) is not None
            and _next(doc, nxt).tag_ in {"JJ", "JJR", "RBR"}
            and nxt.dep_ in {"npadvmod", "advmod", "amod"}
        ):
            slot = _slot(doc, nxt.i, nxt.i, ["little" if nxt.lower_ == "bit" else "bit"])
        elif (
            low in {"kind", "sort"}
            and nxt is not None
            and nxt.lower_ == "of"
            and _next(doc, nxt) is not None
            and _next(doc, nxt).pos_ in {"ADJ", "VERB", "ADV"}
            and _next(doc, nxt).tag_ != "VBG"
            and (token.i == 0 or doc[token.i - 1].pos_ not in {"DET", "ADJ", "NUM"})
        ):
            slot = _slot(doc, token.i, token.i, ["sort" if low == "kind" else "kind"])
        elif (
            low == "thanks"
            and (nxt is None or nxt.lower_ == "for" or nxt.text in CLAUSE_END)
            and (token.i == 0 or doc[token.i - 1].text in CLAUSE_END)
        ):
            slot = _slot(doc, token.i, token.i, ["thank you"])
        elif (
            low == "too"
            and token.dep_ == "advmod"
            and token.head.pos_ in {"VERB", "AUX"}
            and (nxt is None or nxt.text in CLAUSE_END)
            and token.i > 0
            and doc[token.i - 1].text not in CLAUSE_END
        ):
            slot = _slot(doc, token.i, token.i, ["as well"])
        if slot:
            yield slot


# Tweet slang with a plain standard form ("u" -> "you", "gonna" -> "going to", "pls" -> "please"),
# from the identification stage's curated dictionary. Forms that only add an apostrophe ("dont")
# are left out (a retyper drops it again), and so are forms whose reading is unsure or personal.
SLANG_SKIP = frozenset({
    "i", "r", "da", "def", "prob", "probs", "bro", "sis", "hun", "omg", "fav", "fave", "ya", "yu",
    "nd", "bt", "hw", "wer", "wen", "hav", "txt", "msg", "peeps", "id've", "rn", "atm", "nite",
    "urs",  # "ur" is read from the next word ("ur mom" -> "your", "ur doing" -> "you're")
})  # fmt: skip
_SLANG_WORD = re.compile(r"(?<![\w@#/.:'’-])(?:w/o|w/|b/c|[A-Za-z0-9]+)(?![\w@/'’-])")


def _letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def slang_expansions() -> dict[str, str]:
    """The identification stage's slang dictionary, less SLANG_SKIP and apostrophe-only forms."""
    return {
        informal: standard
        for informal, standard in slang_dictionary().items()
        if informal not in SLANG_SKIP and _letters(standard) != _letters(informal)
    }


YOURE_NEXT = frozenset(
    {
        "so",
        "not",
        "a",
        "an",
        "the",
        "gonna",
        "going",
        "welcome",
        "right",
        "wrong",
        "too",
        "very",
        "really",
        "such",
        "always",
        "never",
        "just",
        "still",
        "all",
        "sooo",
        "soo",
    }
)


def ur_reading(doc: Any, start: int, end: int) -> str | None:
    """ "your" or "you're" for "ur", from the word after it ("ur mom" / "ur doing"), or None."""
    span = doc.char_span(start, end)
    if span is None or span.end >= len(doc):
        return None
    nxt = doc[span.end]
    after = doc[span.end + 1] if span.end + 1 < len(doc) else None
    if nxt.lower_ in YOURE_NEXT or nxt.tag_ in {"VBG", "VBN"}:
        return "you're"
    if nxt.pos_ in {"NOUN", "PROPN"} and nxt.tag_ not in {"VBG"}:
        return "your"
    if nxt.pos_ == "ADJ" and after is not None:
        return (
            "your"
            if after.pos_ in {"NOUN", "PROPN"}
            else "you're"
            if after.is_punct or after.pos_ == "CCONJ"
            else None
        )
    return None


def slang_slots(doc: Any) -> Iterator[Slot]:
    """Tweet slang written out: "u" <-> "you", "gonna" <-> "going to", "thx" <-> "thanks"."""
    expansions = slang_expansions()
    text = doc.text
    for match in _SLANG_WORD.finditer(text):
        word = match.group()
        standard = expansions.get(word.lower())
        if word.lower() == "ur":
            standard = ur_reading(doc, match.start(), match.end())
        if standard is None or (word.isdigit()):
            continue
        slot = make_slot(
            match.start(),
            match.end(),
            word,
            [(match_case(word, standard, all_caps=True), SlotKind.SYNONYM, "slang")],
        )
        if slot:
            yield slot

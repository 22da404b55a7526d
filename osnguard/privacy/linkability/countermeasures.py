"""Style countermeasures against authorship linking (seed 003 §7.2), each text -> text:

- `spelling_normalised`: slang and typos to standard spelling (the project's slang dictionary and
  elongation rule, `identification.slang`), the seed's spell checking;
- `synonyms_substituted`: content words replaced by their most common WordNet synonym where that
  synonym is more common than the word (toward the average author), inflected like the word;
- `misspellings_injected`: standard words written the informal way ("you" -> "u", the slang
  dictionary read backwards), the seed's adding of misspellings;
- `special_characters_modified`: repeated marks collapsed, typographic quotes and dashes made
  plain, emoji and smileys removed.

`COUNTERMEASURES` names them for the evaluation and the advice.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from osnguard.privacy import resources
from osnguard.privacy.author import EMOJI
from osnguard.privacy.resources import load_once

_WORD = re.compile(r"\b[A-Za-z]+(?:'[a-z]+)?\b")
_REPEATED_MARKS = re.compile(r"([!?.])\1+")
_EMOJI_OR_SMILEY = re.compile(rf"{EMOJI.pattern}|(?<!\w)[:;=]-?[)(DPp](?!\w)")
_PLAIN = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "."})
_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}


def spelling_normalised(text: str) -> str:
    from osnguard.privacy.identification.slang import normalise

    return normalise(text).text


@load_once
def _informal_forms() -> dict[str, str]:
    """Standard word -> one informal form (the slang dictionary read backwards)."""
    from osnguard.privacy.identification.slang import dictionary

    forms: dict[str, str] = {}
    for informal, standard in sorted(dictionary().items()):
        if " " not in standard and informal.isalnum():
            forms.setdefault(standard.lower(), informal)
    return forms


def misspellings_injected(text: str) -> str:
    forms = _informal_forms()

    def swap(match: re.Match[str]) -> str:
        word = match.group(0)
        return forms.get(word.lower(), word)

    return _WORD.sub(swap, text)


def special_characters_modified(text: str) -> str:
    text = _EMOJI_OR_SMILEY.sub("", text.translate(_PLAIN))
    return re.sub(r"[ \t]{2,}", " ", _REPEATED_MARKS.sub(r"\1", text)).strip()


def synonyms_substituted(text: str) -> str:
    from wordfreq import zipf_frequency

    from osnguard.privacy.fingerprinting.synonyms import inflect, wordnet_synonyms

    doc = resources.nlp()(text)
    edits: list[tuple[int, int, str]] = []
    for token in doc:
        pos = _POS.get(token.pos_)
        if pos is None or token.is_stop or token.ent_type_ or not token.is_alpha:
            continue
        lemma = token.lemma_.lower()
        options = wordnet_synonyms(lemma, pos)
        if not options:
            continue
        best = max(options, key=lambda word: zipf_frequency(word, "en"))
        if zipf_frequency(best, "en") <= zipf_frequency(lemma, "en"):
            continue
        form = inflect(best, token.tag_, pos)
        if not form:
            continue
        if token.text[:1].isupper():
            form = form.capitalize()
        edits.append((token.idx, token.idx + len(token.text), form))
    for start, end, form in reversed(edits):
        text = text[:start] + form + text[end:]
    return text


COUNTERMEASURES: dict[str, Callable[[str], str]] = {
    "spelling": spelling_normalised,
    "synonyms": synonyms_substituted,
    "misspellings": misspellings_injected,
    "special_characters": special_characters_modified,
}

"""Fingerprint slots: what can vary, what never does, and that every alternative is well formed."""

from __future__ import annotations

import pytest

from osnguard.privacy.fingerprinting import accept_all, find_slots
from osnguard.privacy.fingerprinting.synonyms import spelling_variant

DEMO = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)


def alternatives(slots, original):
    found = [s for s in slots if s.original == original]
    assert found, f"no slot for {original!r} in {[s.original for s in slots]}"
    return [a.text for a in found[0].alternatives]


def test_demo_has_realisation_choices(check):
    slots = find_slots(DEMO, check=check)
    assert alternatives(slots, "three") == ["three", "3"]
    assert "favourite" in alternatives(slots, "favorite")
    assert alternatives(slots, "After graduating")[:2] == ["After graduating", "After I graduated"]
    assert "'s" in alternatives(slots, " is")
    for slot in slots:
        assert DEMO[slot.start : slot.end] == slot.original
        assert len({a.text for a in slot.alternatives}) == slot.size >= 2


def test_protected_spans_are_never_slots(check):
    protected = [
        (DEMO.index("Tokyo"), DEMO.index("Tokyo") + 5),
        (DEMO.index("three"), DEMO.index("three") + 11),
    ]
    slots = find_slots(DEMO, protected, check=check)
    for slot in slots:
        for start, end in protected:
            assert slot.end <= start or slot.start >= end
    assert not any(s.original == "three" for s in slots)


def test_wrong_verb_sense_is_not_offered(check):
    # "study" used without an object is "be a student", not "analyze/examine"
    slots = find_slots("I studied at a university for years.", check=check)
    assert not any(s.original == "studied" for s in slots)


def test_verbs_of_many_senses_keep_their_word():
    # "find me at work" is not "notice me at work": one sense cannot stand for such a verb
    slots = find_slots("email me or find me at work where I start at 9", check=accept_all)
    assert not any(s.original in ("find", "start") for s in slots)


def test_synonyms_are_inflected_and_capitalised(check):
    slots = find_slots("We bought a new house last year and we love it.", check=check)
    assert "purchased" in alternatives(slots, "bought")
    slots = find_slots("Bought a new house last year and we love it.", check=check)
    assert "Purchased" in alternatives(slots, "Bought")


def test_synonyms_keep_the_register_and_adverbs_keep_their_word(check):
    slots = find_slots("Finally, can you help me move on Saturday?", check=check)
    words = {a.text for s in slots for a in s.alternatives}
    assert not {"Eventually", "assist", "aid"} & words


def test_contractions_both_ways():
    slots = find_slots(
        "I do not think you are late. I'm sure we can't go.", check=accept_all, synonyms=False
    )
    assert alternatives(slots, "do not") == ["do not", "don't"]
    assert alternatives(slots, "you are") == ["you are", "you're"]
    assert alternatives(slots, "I'm") == ["I'm", "I am"]
    assert alternatives(slots, "can't") == ["can't", "cannot"]


def test_has_is_not_expanded_to_is():
    slots = find_slots("It's been growing for a year.", check=accept_all, synonyms=False)
    assert not any(s.original == "It's" for s in slots)


def test_optional_that():
    slots = find_slots("I think that she is right.", check=accept_all, synonyms=False)
    assert alternatives(slots, "that ") == ["that ", ""]
    slots = find_slots("I think she is right.", check=accept_all, synonyms=False)
    assert alternatives(slots, "") == ["", "that "]


def test_numbers_left_alone_where_they_would_read_oddly():
    slots = find_slots(
        "Three of us met at 3:30 and paid $5 for one of the 20 tickets.",
        check=accept_all,
        synonyms=False,
    )
    originals = {s.original for s in slots}
    assert not originals & {"Three", "3", "5", "one"}
    assert alternatives(slots, "20") == ["20", "twenty"]


def test_pieces_of_split_words_get_no_synonyms(check):
    slots = find_slots("I'm gonna start it over.", check=check)
    assert not any(s.original == "gon" for s in slots)


def test_spelling_variants():
    assert spelling_variant("Favorite") == "Favourite"
    assert spelling_variant("colour") == "color"
    assert spelling_variant("organized") == "organised"
    assert spelling_variant("table") is None


def test_bad_input():
    with pytest.raises(ValueError):
        find_slots(None)  # type: ignore[arg-type]
    assert find_slots("", check=accept_all) == []

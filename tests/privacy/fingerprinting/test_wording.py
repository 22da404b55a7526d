"""Wording variants of generalized phrases, phrase paraphrases, and codes weighted by word edits."""

from __future__ import annotations

import numpy as np
import pytest

from osnguard.privacy import resources
from osnguard.privacy.anonymization.wording import variants
from osnguard.privacy.fingerprinting import accept_all, fingerprint_group
from osnguard.privacy.fingerprinting.codes import Avoid, best_code, min_distance
from osnguard.privacy.fingerprinting.distance import word_distance
from osnguard.privacy.fingerprinting.realisations import phrase_slots
from osnguard.privacy.fingerprinting.slot_types import SlotKind
from osnguard.privacy.fingerprinting.slots import wording_slots
from osnguard.privacy.fingerprinting.versions import slot_tables
from osnguard.privacy.types import Choice


def test_organisation_in_a_place_has_same_level_wordings():
    assert variants("a university in Tokyo") == [
        "a Tokyo university",
        "one of the universities in Tokyo",
        "a college in Tokyo",
    ]
    us = variants("a university in the US")  # schemas.place_text names the US so
    assert (
        "an American university" in us
        and "a US university" in us
        and "a university in the United States" in us
    )
    assert "a college" in variants("a university")
    assert (
        variants("A hospital in Japan")[0] == "A Japanese hospital"
    )  # sentence start keeps its capital


def test_places_and_times():
    assert variants("in Asia") == ["somewhere in Asia"]
    assert variants("the US") == ["the United States"]
    assert variants("Japan") == []  # a bare name has no other wording at its level
    assert variants("for less than a decade", kind="temporal") == ["for under a decade"]
    assert variants("this morning", kind="temporal") == ["in the morning"]
    assert variants("every day", kind="temporal") == ["daily"]


def test_variants_never_repeat_the_phrase_or_accept_odd_input():
    for text in ["a university in Tokyo", "a company in the UK", "in Europe"]:
        found = variants(text)
        assert text not in found and len(found) == len(set(found))
    assert variants("") == [] and variants(" a university ") == []
    with pytest.raises(ValueError):
        variants(None)


def test_wording_slots_cover_only_generalized_phrases():
    text = "After graduating from a university in Tokyo, I moved to Japan."
    start = text.index("a university in Tokyo")
    choices = [
        Choice(0, "generalization", "Tokyo University", "a university in Tokyo", start, start + 21),
        Choice(
            1, "generalization", "Japan", "Japan", text.index("Japan"), text.index("Japan") + 5
        ),  # as written
    ]
    slots = wording_slots(text, choices, check=accept_all)
    assert len(slots) == 1
    slot = slots[0]
    assert (
        slot.kind == SlotKind.WORDING
        and slot.number == 0
        and slot.original == "a university in Tokyo"
    )
    assert (slot.start, slot.end) == (start, start + 21)


def test_word_edit_tables_and_weighted_codes():
    assert word_distance("a university in Tokyo", "a Tokyo university") == 3
    assert word_distance("a university in Tokyo", "a college in Tokyo") == 1
    assert word_distance("x", "x") == 0
    # one slot whose 3 values are 3 edits apart holds 3 codewords at distance 3 on its own
    table = np.array([[0, 3, 3], [3, 0, 3], [3, 3, 0]])
    code = best_code([3], 3, 3, "s", tables=[table])
    assert code is not None and code.distance == 3 and len(code) == 3
    assert min_distance(code.words, [table]) == 3
    # with Hamming distance one slot would allow only distance 1
    assert best_code([3], 3, 3, "s").distance == 1


def test_avoid_by_costs_keeps_a_new_code_away_from_earlier_versions():
    # two earlier versions; cost of each alternative of our 2 binary slots against them
    costs = [np.array([[0, 1], [1, 0]]), np.array([[0, 1], [0, 1]])]
    offsets = np.array([1, 2])  # how far they already are outside these slots
    avoid = Avoid.from_costs(costs, offsets)
    code = best_code([2, 2], 1, 3, "s", avoid)
    assert code is not None and code.distance == 3
    word = code.words[0]
    assert word.tolist() == [1, 1]  # the only word 3 away from both
    for row in range(2):
        assert offsets[row] + sum(int(c[row, v]) for c, v in zip(costs, word)) >= 3


def test_fingerprint_group_spreads_friends_over_wordings():
    text = "I studied at a university in Cambridge and I loved it."
    start = text.index("a university in Cambridge")
    base = [
        Choice(
            4,
            "generalization",
            "Harvard University",
            "a university in Cambridge",
            start,
            start + 25,
        )
    ]
    slots = wording_slots(text, base, check=accept_all)
    group = fingerprint_group(
        text, ["a", "b", "c"], base_choices=base, slots=slots, check=accept_all
    )
    assert len({v.text for v in group.versions}) == 3
    assert group.min_distance == 3  # three wordings pairwise 3 edits apart
    for version in group.versions:
        phrase = [c for c in version.choices if c.slot == 4]
        assert (
            len(phrase) == 1
            and phrase[0].kind == "generalization"
            and phrase[0].original == "Harvard University"
        )
        assert version.text[phrase[0].start : phrase[0].end] == phrase[0].text
    assert slot_tables(slots)[0].max() == 3


@pytest.mark.parametrize(
    "text, original, alternative",
    [
        ("I am so tired today.", "so", "really"),
        ("Everyone is really happy.", "really", "very"),
        ("Everyone is really happy.", "Everyone", "Everybody"),
        ("Maybe we can meet tomorrow.", "Maybe", "Perhaps"),
        ("We saw a lot of people.", "a lot", "lots"),
        ("I am a bit tired.", "bit", "little"),
        ("Thanks for the help!", "Thanks", "Thank you"),
        ("I want one too.", "too", "as well"),
    ],
)
def test_phrase_paraphrases(text, original, alternative):
    slots = list(phrase_slots(resources.nlp()(text)))
    found = [s for s in slots if s.original == original]
    assert found and alternative in [a.text for a in found[0].alternatives]


@pytest.mark.parametrize(
    "text, word",
    [
        ("It was a so good day.", "so"),  # attributive: no "so"
        ("I really like it.", "really"),  # modifies a verb: "very like" is wrong
        ("Thank you very much.", "very"),  # "really much" is odd
        ("What kind of music do you like?", "kind"),  # a noun here, not a hedge
    ],
)
def test_phrase_paraphrases_stay_out_of_the_wrong_places(text, word):
    slots = list(phrase_slots(resources.nlp()(text)))
    assert not any(s.original == word for s in slots)


def test_slang_is_written_out_but_mentions_links_and_apostrophe_only_forms_are_not():
    from osnguard.privacy.fingerprinting.realisations import slang_slots

    text = "u gonna come? pls tell @ur_pal via http://x.co/u, idk. dont worry"
    found = {
        s.original: [a.text for a in s.alternatives[1:]] for s in slang_slots(resources.nlp()(text))
    }
    assert found["u"] == ["you"] and found["gonna"] == ["going to"] and found["pls"] == ["please"]
    assert found["idk"] == ["I don't know"]
    assert (
        "ur" not in found and "dont" not in found
    )  # "your" or "you're"; an apostrophe-only difference
    assert list(found) == ["u", "gonna", "pls", "idk"]


def test_intensifier_keeps_idioms():
    slots = list(phrase_slots(resources.nlp()("I want him so bad.")))
    assert not any(s.original == "so" for s in slots)


def test_so_bad_is_left_alone_even_after_be():
    slots = list(phrase_slots(resources.nlp()("i wanna be there so bad! I love that place")))
    assert not any(s.original == "so" for s in slots)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("It is cool what ur doing.", "you're"),
        ("look at ur arms", "your"),
        ("ur not coming?", "you're"),
        ("ur new car is nice", "your"),
        ("ur every move", None),
    ],
)
def test_ur_is_read_from_the_next_word(text, expected):
    from osnguard.privacy.fingerprinting.realisations import slang_slots

    found = {
        s.original: [a.text for a in s.alternatives[1:]] for s in slang_slots(resources.nlp()(text))
    }
    assert found.get("ur") == ([expected] if expected else None)


def test_a_wording_never_echoes_the_private_name():
    # "a Tokyo university" for Tokyo University would all but name it again
    assert "a Tokyo university" not in variants(
        "a university in Tokyo", original="Tokyo University"
    )
    assert "a Cambridge university" in variants(
        "a university in Cambridge", original="Harvard University"
    )
    assert "a Japanese university" in variants("a university in Japan", original="Tokyo University")


def test_a_wider_wording_is_fingerprint_material():
    # "Manchester" has no other wording at its level, but a friend may read "England" or "the UK"
    text = "Lost my keys in Manchester, anyone seen them?"
    start = text.index("Manchester")
    choices = [Choice(0, "generalization", "Didsbury", "Manchester", start, start + 10)]
    assert wording_slots(text, choices, check=accept_all) == []
    slots = wording_slots(text, choices, check=accept_all, wider={0: ["England", "the UK"]})
    assert [a.text for a in slots[0].alternatives] == ["Manchester", "England", "the UK"]


def test_groups_offer_their_wider_wordings():
    from datetime import UTC, datetime

    from osnguard.privacy.anonymization import GroupSpec, anonymize_groups
    from osnguard.privacy.types import Category, Phrase, Profile

    text = "Lost my keys somewhere in Didsbury, anyone seen them?"
    start = text.index("Didsbury")
    phrase = Phrase(start, start + 8, "Didsbury", Category.LOCATION, "test", 1.0)
    groups = [GroupSpec("Family", 0), GroupSpec("Friends", 2), GroupSpec("Public", 4)]
    versions = anonymize_groups(
        text,
        [phrase],
        groups=groups,
        profile=Profile.from_dict({"current_city": ["Manchester"]}),
        now=datetime(2026, 11, 22, tzinfo=UTC),
    )
    assert versions[0].wider == {}  # the closest group gets the original
    assert versions[-1].text.startswith("Lost my keys somewhere in Manchester")
    assert versions[-1].wider == {0: ["England", "the UK"]}

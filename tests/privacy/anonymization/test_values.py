"""Ages, amounts and names said vaguely (anonymization/values.py)."""

from __future__ import annotations

import pytest

from osnguard.privacy.anonymization.values import (
    age_wordings,
    amount_wordings,
    name_wordings,
    sober_wordings,
)


@pytest.mark.parametrize(
    ("phrase", "after", "expected"),
    [
        ("34", "", ["thirty-something"]),
        ("16", "", ["a teenager"]),
        ("turned 19", "", ["had a birthday"]),
        ("turns 70", "", ["has a big birthday", "has a birthday"]),
        ("60th", " tomorrow", ["big birthday", "birthday"]),
        ("60th", " birthday", [""]),  # "Happy 60th birthday" -> "Happy birthday"
        ("1987", "", ["the late 1980s", "the 1980s"]),
        ("born in 1987", "", ["born in the late 1980s", "born in the 1980s"]),
        ("4 y/o", " daughter starts school", [""]),  # "my daughter"
        ("4 y/o", " is obsessed", ["kid"]),  # "my kid is obsessed"
        ("'84", "", ["the mid-80s", "the 80s"]),
        ("7", "", []),
    ],
)
def test_ages(phrase: str, after: str, expected: list[str]) -> None:
    assert age_wordings(phrase, after) == expected


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("$31,400", ["over $30k", "tens of thousands", "a lot"]),
        ("€1,850", ["nearly two grand", "over a grand", "a lot"]),  # "thousands" is 2,000+
        ("€1,000", ["a grand", "a lot"]),
        ("$100", ["a hundred"]),
        ("£4k", ["a few grand", "thousands", "a lot"]),
        ("£210k", ["six figures"]),
        ("£9k credit card debt", ["credit card debt"]),
        ("€40k of the mortgage", ["part of the mortgage"]),  # not the whole mortgage
        ("€28k gross", ["a salary"]),  # a salary's size is what it says
        ("$47", ["under $50"]),  # "very little" is a judgement, not a rounding
        ("60k", ["tens of thousands", "a lot"]),  # thousands said without their currency
        ("10k", ["five figures", "thousands", "a lot"]),  # "tens of thousands" is 20,000+
        ("€750pm", ["several hundred pm", "hundreds pm"]),
        ("60", []),  # a bare number is no amount
        # a currency said after the number: "grand" only of pounds and dollars
        ("500 quid", ["several hundred quid", "hundreds of quid"]),
        ("1,200 rand", ["over a thousand rand", "a lot"]),  # was "over thousand rand"
        ("2,300 bob", ["over two thousand bob", "thousands of bob", "a lot"]),
    ],
)
def test_amounts_are_rounded_down_to_true_statements(phrase: str, expected: list[str]) -> None:
    assert amount_wordings(phrase) == expected


@pytest.mark.parametrize(
    ("phrase", "before", "expected"),
    [
        ("Tom", "I lost my husband ", ["T.", "someone"]),
        ("@kit.r", "my partner ", ["K.", "someone"]),
        ("Dami's", "coming for ", ["D.'s", "someone's"]),
        ("Niamh and Oisín", "so proud: ", ["N. and O.", "they"]),
        ("Jake", "", ["someone"]),  # a sentence does not start with an initial
        ("Catholic", "I'm ", []),  # a word used as a name of a group, not of a person
        ("married", "let's get ", []),
        ("the Khans", "Eid Mubarak from ", ["the K. family", "the family"]),  # a family
    ],
)
def test_names_become_initials_then_someone(phrase: str, before: str, expected: list[str]) -> None:
    assert name_wordings(phrase, before) == expected


@pytest.mark.parametrize(
    ("amount", "after", "before", "expected"),
    [
        ("€40k", " of the mortgage", "I get ", ["part"]),
        ("£32k", " of debt", "", ["over £30k", "a lot"]),
        ("£9k", " credit card debt", "", [""]),  # "credit card debt"
        ("£500", " deposit", "paid a ", [""]),  # "paid a deposit"
        ("$470", " in my account", "I've got ", ["a few hundred", "hundreds"]),
        # after a determiner: "my last few grand of debt", never "my last over four grand"
        ("£4,200", " of credit card debt", "paid off my last ", ["few grand", "bit"]),
    ],
)
def test_an_amount_is_worded_for_what_follows_it(
    amount: str, after: str, before: str, expected: list[str]
) -> None:
    assert amount_wordings(amount, after, before) == expected


@pytest.mark.parametrize(
    ("age", "before", "expected"),
    [
        ("31", "I'm ", ["in my early thirties", "in my thirties", "an adult"]),
        ("45", "she's ", ["in her mid-forties", "in her forties", "an adult"]),
        ("58", "at ", ["fifty-something"]),
        # an age looked ahead to: "till I'm an adult" would be false of an adult
        ("40", "hanging over me till I'm ", ["in my early forties", "in my forties"]),
    ],
)
def test_an_age_said_of_someone_is_their_decade_of_life(
    age: str, before: str, expected: list[str]
) -> None:
    assert age_wordings(age, "", before) == expected


def test_an_amount_before_its_money_noun_goes() -> None:
    # "£38k payout and no plan" -> "payout and no plan", never "a lot payout"
    assert amount_wordings("£38k", after=" payout and no plan") == [""]


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("90 days sober", ["a few months sober", "months sober"]),
        ("Two years sober", ["a couple of years sober", "years sober"]),  # a count in letters
        ("eighteen months clean", ["over a year clean", "a long time clean"]),
    ],
)
def test_a_recovery_is_said_by_its_length_vaguely(phrase: str, expected: list[str]) -> None:
    assert sober_wordings(phrase) == expected


@pytest.mark.parametrize(
    ("age", "before", "after"),
    [
        ("60", "can't believe I'm ", " on Sunday. kids booked"),
        ("5", "she's ", " tomorrow!!"),
        ("30", "I'll be ", " in May"),
    ],
)
def test_an_age_said_with_its_day_is_the_day_of_turning_it(
    age: str, before: str, after: str
) -> None:
    # "I'm an adult on Sunday" would say the author comes of age then, and "I'm a year older"
    # would be false once a wider group's version drops "on Sunday"
    said = age_wordings(age, after, before)
    assert said[-1] == "having a birthday"
    assert ("having a big birthday" in said) == (int(age) % 10 == 0)

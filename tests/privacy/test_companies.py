"""Listed companies generalize by sector (privacy/companies.py)."""

from __future__ import annotations

import pytest

from osnguard.privacy import companies
from osnguard.privacy.anonymization.schemas import generalization_chain
from osnguard.privacy.types import Category, Phrase, Profile


def chain_texts(name: str, text: str) -> list[str]:
    start = text.index(name)
    phrase = Phrase(start, start + len(name), name, Category.WORK, "test", 0.9)
    return [
        level.text
        for level in generalization_chain(phrase, context_text=text, profile=Profile()).levels
    ]


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "Atlassian",
            "first week at Atlassian done",
            [
                "Atlassian",
                "a software company",
                "a tech company",
                "a company",
            ],
        ),
        (
            "Barclays",
            "ten years at Barclays",
            ["Barclays", "a bank", "a company"],
        ),
        ("Chase", "I work at Chase", ["Chase", "a bank", "a company"]),
        (
            "Google Dublin",
            "starting at Google Dublin",
            ["Google Dublin", "a software company in Dublin"],
        ),
    ],
)
def test_a_listed_employer_generalizes_by_sector(name: str, text: str, expected: list[str]) -> None:
    assert chain_texts(name, text)[: len(expected)] == expected


def test_names_that_are_not_a_listed_companys_are_not_read_as_one() -> None:
    assert companies.find_company("Apple Park") is None  # a campus, not Apple in a town "Park"
    assert companies.find_company("apple") is None  # lower case: the fruit
    assert companies.find_company("Irwin Mitchell") is None  # in no table: no sector is invented
    partnership = companies.find_company("Deloitte")  # in the table of partnerships
    assert partnership is not None and partnership[0].sector == "Big Four firm"


def test_every_company_has_a_sector_noun_people_use() -> None:
    table = companies.company_table()
    assert len(set(table.values())) > 1500
    sectors = {c.sector for c in table.values()}
    assert "company" in sectors and "bank" in sectors and "carmaker" in sectors
    assert all(
        " " not in c.sector or c.sector.split()[-1] in {"company", "firm", "chain"}
        for c in table.values()
    )
    assert companies.companies_within("bank") and companies.companies_within("company") == len(
        set(table.values())
    )

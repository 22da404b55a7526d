"""The disclosures API's ?status= (osnguard/disclosures/filters.py): every state when omitted or
empty, one state when given, a 400 naming the parameter for anything else, and in the schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from osnguard.disclosures.detection import disclosure_record
from osnguard.disclosures.models import CandidateDocument, Disclosure
from osnguard.privacy.attribution import Attribution

from .fixtures import befriend, make_user, post_fingerprinted

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_and_disclosures():
    """Adam with three disclosures, one in each state."""
    adam, bob = make_user("adam_filters"), make_user("bob_filters")
    befriend(adam, bob)
    found = {}
    for status in Disclosure.Status.values:
        message = post_fingerprinted(adam, [bob])
        document = CandidateDocument.objects.create(
            url=f"http://copies.example/{status}",
            text=message.versions.get().text,
            content_hash=status.ljust(64, "x"),
        )
        result = Attribution(True, 0.5, None, None, 0.0, [], verdict="undetermined")
        disclosure = disclosure_record(message=message, document=document, result=result)
        Disclosure.objects.filter(pk=disclosure.pk).update(status=status)
        found[status] = disclosure.pk
    client = APIClient()
    client.force_authenticate(adam)
    return client, found


def ids(response) -> set[int]:
    assert response.status_code == 200, response.content
    return {row["id"] for row in response.json()["results"]}


def test_every_state_without_a_status(owner_and_disclosures):
    client, found = owner_and_disclosures
    assert ids(client.get("/api/disclosures/")) == set(found.values())
    assert ids(client.get("/api/disclosures/?status=")) == set(found.values())


@pytest.mark.parametrize("status", Disclosure.Status.values)
def test_one_state(owner_and_disclosures, status):
    client, found = owner_and_disclosures
    assert ids(client.get("/api/disclosures/", {"status": status})) == {found[status]}


@pytest.mark.parametrize("value", ["bogus", "NEW", "new ", "\x00"])
def test_an_unknown_status_is_a_400_that_names_the_states(owner_and_disclosures, value):
    client, _ = owner_and_disclosures
    response = client.get("/api/disclosures/", {"status": value})
    assert response.status_code == 400
    assert response.json() == {"status": ["One of: new, confirmed, dismissed."]}


def test_the_schema_documents_status(owner_and_disclosures):
    client, _ = owner_and_disclosures
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    parameters = {p["name"]: p for p in schema["paths"]["/api/disclosures/"]["get"]["parameters"]}
    assert set(parameters["status"]["schema"]["enum"]) == set(Disclosure.Status.values)
    assert parameters["status"]["in"] == "query" and not parameters["status"].get("required")

"""Fingerprints in posts: a version's choices, the versions attribution reads, and migration posts
0003, which creates the fingerprint table on a fresh database and adopts the one the former
`fingerprints` app made (with its rows) on an existing database."""

from __future__ import annotations

import pytest
from django.db import connection, models
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import ModelState
from factories import UserFactory

from osnguard.posts.models import Fingerprint, GroupVersion, Message, Version
from osnguard.posts.selectors import fingerprint_versions_for_message
from osnguard.privacy.types import Choice

CHOICE = {"slot": 0, "kind": "synonym", "original": "hi", "text": "hello", "start": 0, "end": 5}
BEFORE = ("posts", "0002_message_posted_unchecked")
AFTER = ("posts", "0003_fingerprint")


def _message_with_two_versions() -> tuple[Message, Version, Version]:
    author, first, second = UserFactory(), UserFactory(), UserFactory()
    message = Message.objects.create(author=author, text="hi there")
    group = GroupVersion.objects.create(message=message, group_name="Friends", level=2, text="hi")
    with_choices = Version.objects.create(
        message=message, group_version=group, recipient=first, text="hello there"
    )
    without = Version.objects.create(
        message=message, group_version=group, recipient=second, text="hi there"
    )
    Fingerprint.objects.create(version=with_choices, choices=[CHOICE])
    return message, with_choices, without


@pytest.mark.django_db
def test_fingerprint_choices_are_empty_without_a_fingerprint(django_assert_num_queries):
    message, with_choices, without = _message_with_two_versions()
    assert with_choices.fingerprint_choices == [CHOICE]
    assert Version.objects.get(pk=without.pk).fingerprint_choices == []
    rows = list(Version.objects.filter(message=message).select_related("fingerprint"))
    with django_assert_num_queries(0):
        assert sorted(len(row.fingerprint_choices) for row in rows) == [0, 1]


@pytest.mark.django_db
def test_fingerprint_versions_for_message_in_the_engine_format():
    message, with_choices, without = _message_with_two_versions()
    versions = fingerprint_versions_for_message(message_id=message.pk)
    assert [(v.friend, v.group, v.text) for v in versions] == [
        (str(with_choices.recipient_id), "Friends", "hello there"),
        (str(without.recipient_id), "Friends", "hi there"),
    ]
    assert versions[0].choices == [Choice(**CHOICE)] and versions[1].choices == []


def _migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


@pytest.fixture
def back_to_the_latest_migration():
    """These tests migrate posts back to 0002; later tests need every posts table again."""
    yield
    executor = MigrationExecutor(connection)
    _migrate(max(executor.loader.graph.leaf_nodes("posts")))


@pytest.mark.django_db(transaction=True)
def test_migration_adopts_the_former_fingerprints_table_and_its_rows(back_to_the_latest_migration):
    _migrate(BEFORE)
    assert Fingerprint._meta.db_table not in connection.introspection.table_names()
    # the database as the former app left it: its table (made by its migrations 0001 and 0002)
    state = MigrationExecutor(connection).loader.project_state(BEFORE)
    state.add_model(
        ModelState(
            "fingerprints",
            "Fingerprint",
            [
                ("id", models.BigAutoField(primary_key=True)),
                ("choices", models.JSONField(default=list)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "version",
                    models.OneToOneField(
                        "posts.version", on_delete=models.CASCADE, related_name="fingerprint"
                    ),
                ),
            ],
        )
    )
    old = state.apps
    with connection.schema_editor() as editor:
        editor.create_model(old.get_model("fingerprints", "Fingerprint"))
    user = old.get_model("auth", "User").objects.create(username="former")
    message = old.get_model("posts", "Message").objects.create(author=user, text="hi")
    group = old.get_model("posts", "GroupVersion").objects.create(
        message=message, group_name="Friends", level=2, text="hi"
    )
    version = old.get_model("posts", "Version").objects.create(
        message=message, group_version=group, recipient=user, text="hello"
    )
    old.get_model("fingerprints", "Fingerprint").objects.create(version=version, choices=[CHOICE])

    _migrate(AFTER)

    assert Fingerprint.objects.get(version_id=version.pk).choices == [CHOICE]
    assert Version.objects.get(pk=version.pk).fingerprint_choices == [CHOICE]


@pytest.mark.django_db(transaction=True)
def test_migration_creates_the_table_on_a_fresh_database_and_reverses(
    back_to_the_latest_migration,
):
    _migrate(BEFORE)
    assert Fingerprint._meta.db_table not in connection.introspection.table_names()
    _migrate(AFTER)
    assert Fingerprint._meta.db_table in connection.introspection.table_names()
    _message_with_two_versions()
    assert Fingerprint.objects.count() == 1

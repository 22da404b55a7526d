"""factory_boy factories for users, groups, friendships, requests and interactions."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from osnguard.circles.models import FriendGroup, FriendRequest, Friendship, Interaction
from osnguard.circles.services import group_create_defaults, group_default_for

PASSWORD = "correct-horse-battery-9"


class UserFactory(factory.django.DjangoModelFactory):
    """A user with the five default groups (as after sign-up); password is PASSWORD."""

    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def default_groups(self, create: bool, extracted, **kwargs) -> None:
        if create and extracted is not False:
            group_create_defaults(owner=self)


class FriendGroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FriendGroup

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Group {n}")
    level = 2


class FriendRequestFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FriendRequest

    from_user = factory.SubFactory(UserFactory)
    to_user = factory.SubFactory(UserFactory)


def make_friends(
    a, b, *, a_group: FriendGroup | None = None, b_group: FriendGroup | None = None
) -> Friendship:
    """Make a and b friends directly (as an accepted request would); returns a's side."""
    mine = Friendship.objects.create(owner=a, friend=b, group=a_group or group_default_for(owner=a))
    Friendship.objects.create(owner=b, friend=a, group=b_group or group_default_for(owner=b))
    return mine


def add_interactions(owner, friend, count: int, *, days_ago: float = 1.0) -> None:
    """Record `count` interactions of owner with friend, `days_ago` days back."""
    when = timezone.now() - timezone.timedelta(days=days_ago)
    Interaction.objects.bulk_create(
        Interaction(owner=owner, friend=friend, occurred_at=when) for _ in range(count)
    )

"""The audience of a proposal as the author gives it: friend groups with a privacy level and their
friends, parsed from JSON-like data with messages that say what to fix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

MAX_RECIPIENTS = 100_000
MAX_GROUPS = 100


@dataclass
class GroupRequest:
    """A friend group of the author: its name, privacy level (higher = more general) and friends."""

    name: str
    level: int
    friends: list[str] = field(default_factory=list)


def parse_group(data: object) -> GroupRequest:
    """One group from `{"name", "level", "friends"}` (a GroupRequest is returned as it is)."""
    if isinstance(data, GroupRequest):
        return data
    if not isinstance(data, dict):
        raise ValueError(
            'each group must be an object like {"name": "Family", "level": 1, "friends": ["ann"]}'
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError('every group needs a non-empty "name"')
    level = data.get("level")
    if isinstance(level, bool) or not isinstance(level, (int, float)) or int(level) != level:
        raise ValueError(f'group {name!r}: "level" must be a whole number (1 = closest friends)')
    friends = data.get("friends", [])
    if not isinstance(friends, list) or not all(
        isinstance(f, (str, int)) and not isinstance(f, bool) for f in friends
    ):
        raise ValueError(
            f'group {name!r}: "friends" must be a list of friend ids (strings or numbers)'
        )
    ids = [str(f).strip() for f in friends]
    if any(not f for f in ids):
        raise ValueError(f"group {name!r}: a friend id is empty")
    return GroupRequest(name.strip(), int(level), ids)


def parse_groups(groups: Sequence[object] | None) -> list[GroupRequest]:
    """The groups of a request, checked: unique names, each friend in one group only, limits."""
    if groups is None:
        return []
    if not isinstance(groups, (list, tuple)):
        raise ValueError('"groups" must be a list of {"name", "level", "friends"} objects')
    if len(groups) > MAX_GROUPS:
        raise ValueError(f"too many groups ({len(groups)}); the limit is {MAX_GROUPS}")
    parsed = [parse_group(g) for g in groups]
    seen_names: set[str] = set()
    owner: dict[str, str] = {}
    for group in parsed:
        if group.name in seen_names:
            raise ValueError(f"group name {group.name!r} is used twice")
        seen_names.add(group.name)
        for friend in group.friends:
            if friend in owner:
                where = (
                    "twice in that group"
                    if owner[friend] == group.name
                    else f"in groups {owner[friend]!r} and {group.name!r}"
                )
                raise ValueError(
                    f"friend {friend!r} is listed {where}; each friend receives one version"
                )
            owner[friend] = group.name
    if len(owner) > MAX_RECIPIENTS:
        raise ValueError(f"too many recipients ({len(owner):,}); the limit is {MAX_RECIPIENTS:,}")
    return parsed

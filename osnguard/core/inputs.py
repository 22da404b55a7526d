"""Parsing of untrusted request input shared by the HTML views and the API: object ids (ASCII
digits within the database's 64-bit integer range) and JSON bodies with a nesting limit.

Python's `str.isdigit()` and `int()` accept "²" or "١٢", and ids beyond SQLite's integer range
overflow in the database driver; both used to end in 500s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

ID_MAX = 2**63 - 1  # SQLite's and PostgreSQL's bigint maximum
_ASCII_ID = re.compile(r"[0-9]{1,19}")


def id_parse(raw: object) -> int | None:
    """An object id from request input, or None when it is not one (non-ASCII digits, signs,
    spaces, or beyond the database's integer range)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw if 0 < raw <= ID_MAX else None
    if not isinstance(raw, str) or not _ASCII_ID.fullmatch(raw.strip()):
        return None
    value = int(raw.strip())
    return value if 0 < value <= ID_MAX else None


class IdField(serializers.IntegerField):
    """An object id in the API: a positive whole number in ASCII digits within 64-bit range."""

    default_error_messages = {
        "invalid": "Must be an id: a whole number written with the digits 0-9."
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", ID_MAX)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and not _ASCII_ID.fullmatch(data.strip()):
            self.fail("invalid")
        return super().to_internal_value(data)


def json_depth(value: Any) -> int:
    """How deeply lists and dicts nest in a parsed JSON value (iterative: no recursion limit)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in item)
    return deepest


class DepthLimitedJSONParser(JSONParser):
    """DRF's JSON parser, refusing bodies nested deeper than API_JSON_MAX_DEPTH with a 400 (a deep
    enough body made the standard parser raise RecursionError, a 500)."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            data = None
            too_deep = True
        else:
            too_deep = json_depth(data) > settings.API_JSON_MAX_DEPTH
        if too_deep:
            raise ParseError(
                f"JSON parse error - the body nests deeper than {settings.API_JSON_MAX_DEPTH} levels."
            )
        return data

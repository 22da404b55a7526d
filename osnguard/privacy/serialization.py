"""The one way engine results become JSON and back: `to_data` and `from_data`.

Every result type is a dataclass; the command line, the Django services and the API schema all go
through these two functions instead of hand-written `to_dict`/`from_dict` methods. Enums become
their values, tuples lists, datetimes ISO 8601 strings; `from_data` rebuilds the dataclass from its
type hints and raises `ValueError` naming the field when the data does not fit.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from datetime import datetime
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")

_WORDS = {bool: "true or false", int: "a whole number", str: "a string"}

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]


def to_data(value: Any, *, omit: frozenset[str] = frozenset()) -> Any:
    """`value` as JSON-ready data. Fields named in `omit` are left out at every depth, and a
    field's metadata `{"serialize": False}` always leaves it out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            item.name: to_data(getattr(value, item.name), omit=omit)
            for item in dataclasses.fields(value)
            if item.name not in omit and item.metadata.get("serialize", True)
        }
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(to_data(key)): to_data(item, omit=omit) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [to_data(item, omit=omit) for item in items]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}")


def from_data(cls: type[T], data: Any) -> T:
    """Rebuild a `cls` dataclass from `to_data` output (or from user JSON of the same shape)."""
    return typing.cast(T, _convert(cls, data, cls.__name__))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _convert(hint: Any, data: Any, where: str) -> Any:
    if hint is Any:
        return data
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _convert(option, data, where)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(errors[0] if len(errors) == 1 else f"{where}: unexpected value {data!r}")
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(data, Mapping):
            raise ValueError(f"{where} must be an object")
        hints = _hints(hint)
        values = {}
        for item in dataclasses.fields(hint):
            if not item.init:
                continue
            if item.name in data:
                values[item.name] = _convert(
                    hints[item.name], data[item.name], f"{where}.{item.name}"
                )
            elif (
                item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING
            ):
                raise ValueError(f"{where}.{item.name} is missing")
        return hint(**values)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            allowed = ", ".join(str(member.value) for member in hint)
            raise ValueError(f"{where} must be one of {allowed}, not {data!r}") from None
    if origin in (list, tuple, set, frozenset) or hint in (list, tuple, set, frozenset):
        if not isinstance(data, (list, tuple)):
            raise ValueError(f"{where} must be a list")
        args = get_args(hint)
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise ValueError(f"{where} must have {len(args)} items")
            return tuple(
                _convert(a, d, f"{where}[{i}]") for i, (a, d) in enumerate(zip(args, data))
            )
        item_hint = args[0] if args else Any
        items = [_convert(item_hint, d, f"{where}[{i}]") for i, d in enumerate(data)]
        return (origin or hint)(items)
    if origin is dict or hint is dict:
        if not isinstance(data, Mapping):
            raise ValueError(f"{where} must be an object")
        key_hint, value_hint = get_args(hint) or (Any, Any)
        return {
            _convert(key_hint, key, where): _convert(value_hint, value, f"{where}.{key}")
            for key, value in data.items()
        }
    if hint is datetime:
        if isinstance(data, datetime):
            return data
        try:
            return datetime.fromisoformat(str(data).replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(f"{where} must be an ISO 8601 date-time") from None
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise ValueError(f"{where} must be a number")
        return float(data)
    if hint in (bool, int, str):
        if not isinstance(data, hint) or (hint is int and isinstance(data, bool)):
            raise ValueError(f"{where} must be {_WORDS[hint]}")
        return data
    if hint is type(None):
        if data is not None:
            raise ValueError(f"{where} must be null")
        return None
    raise TypeError(f"{where}: cannot read a {hint!r}")

"""The API reference page (/api/docs/): every endpoint of the OpenAPI schema (drf-spectacular)
rendered as a plain, accessible HTML page in the app's style, with the schema to download for
tools. It replaces Swagger UI, whose markup (buttons inside buttons, low-contrast labels) cannot
meet the app's accessibility bar."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

METHODS = ("get", "post", "put", "patch", "delete")


@dataclass
class Field:
    name: str
    type: str
    required: bool
    description: str


@dataclass
class Operation:
    method: str
    path: str
    anchor: str
    description: str
    parameters: list[Field] = field(default_factory=list)
    body: list[Field] = field(default_factory=list)
    responses: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Tag:
    name: str
    operations: list[Operation] = field(default_factory=list)


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = components.get(schema["$ref"].rsplit("/", 1)[-1], {})
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return _resolve(schema["allOf"][0], components)
    return schema


def _type(schema: dict[str, Any], components: dict[str, Any]) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        resolved = _resolve(schema, components)
        if "enum" in resolved:
            return "one of " + ", ".join(map(str, resolved["enum"]))
        return name
    if schema.get("type") == "array":
        return f"list of {_type(schema.get('items', {}), components)}"
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    kind = str(schema.get("type", "object"))
    return f"{kind} ({schema['format']})" if "format" in schema else kind


def _body_fields(operation: dict[str, Any], components: dict[str, Any]) -> list[Field]:
    content = operation.get("requestBody", {}).get("content", {})
    media: dict[str, Any] = content.get("application/json") or next(iter(content.values()), {})
    schema = _resolve(media.get("schema", {}), components)
    required = set(schema.get("required", []))
    return [
        Field(name, _type(spec, components), name in required, str(spec.get("description", "")))
        for name, spec in schema.get("properties", {}).items()
        if not spec.get("readOnly")
    ]


@lru_cache(maxsize=1)
def api_reference_tags() -> tuple[Tag, ...]:
    """The schema's operations grouped by tag, in path order (built once per process)."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema.get("components", {}).get("schemas", {})
    tags: dict[str, Tag] = {}
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            name = (operation.get("tags") or ["other"])[0]
            tags.setdefault(name, Tag(name)).operations.append(
                Operation(
                    method=method.upper(),
                    path=path,
                    anchor=str(operation.get("operationId", f"{method}-{path}")),
                    description=str(operation.get("description", "")),
                    parameters=[
                        Field(
                            f"{p['name']} ({p.get('in', '')})",
                            _type(p.get("schema", {}), components),
                            bool(p.get("required")),
                            str(p.get("description", "")),
                        )
                        for p in operation.get("parameters", [])
                    ],
                    body=_body_fields(operation, components),
                    responses=[
                        (code, str(answer.get("description", "")))
                        for code, answer in operation.get("responses", {}).items()
                    ],
                )
            )
    return tuple(sorted(tags.values(), key=lambda tag: tag.name))


def api_reference(request: HttpRequest) -> HttpResponse:
    return render(request, "core/api_reference.html", {"tags": api_reference_tags()})

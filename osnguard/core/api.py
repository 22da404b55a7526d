"""Shared REST API bits: error handling and pagination.

Services raise django.core.exceptions.ValidationError; the exception handler turns it into a 400
with DRF's usual error shape, so no bad input ends in a 500. A message the engine could not check
(`UncheckedMessage`) is a 503 with `{"checked": false, "detail", "failures"}` (`unchecked_body`).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, pagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import TECHNICAL, UncheckedMessage

UNCHECKED_STATUS = 503


def unchecked_body(exc: UncheckedMessage) -> dict[str, Any]:
    """The API's answer when a message could not be checked: what happened and why, in user words
    (no server paths or tracebacks)."""
    return {
        "checked": False,
        "detail": exc.summary,
        "failures": to_data(exc.failures, omit=TECHNICAL),
    }


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus Django ValidationErrors from services as 400 responses and unchecked
    messages as 503 responses."""
    if isinstance(exc, UncheckedMessage):
        return Response(unchecked_body(exc), status=UNCHECKED_STATUS)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            detail: Any = dict(exc.message_dict.items())
            if "__all__" in detail:
                detail["non_field_errors"] = detail.pop("__all__")
        else:
            detail = {"non_field_errors": exc.messages}
        exc = exceptions.ValidationError(detail)
    return drf_exception_handler(exc, context)


class Pagination(pagination.PageNumberPagination):
    """Page-number pagination; clients may ask for up to 200 items with ?page_size=."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

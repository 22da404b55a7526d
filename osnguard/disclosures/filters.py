"""Query parameters of the disclosures API lists, as django-filter FilterSets: they narrow what the
selectors return, answer 400 naming a malformed parameter, and document it in the OpenAPI schema.
"""

from __future__ import annotations

import django_filters

from .models import Disclosure


class DisclosureFilter(django_filters.FilterSet):
    """?status=new|confirmed|dismissed (every status when omitted)."""

    status = django_filters.ChoiceFilter(
        choices=Disclosure.Status.choices,
        error_messages={"invalid_choice": f"One of: {', '.join(Disclosure.Status.values)}."},
        help_text="Only disclosures in this state; every state when omitted.",
    )

    class Meta:
        model = Disclosure
        fields = ["status"]

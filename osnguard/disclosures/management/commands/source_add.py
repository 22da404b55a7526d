"""`manage.py source_add`: register a public source for a user (or site-wide)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from osnguard.disclosures.models import Source
from osnguard.disclosures.services import source_create


class Command(BaseCommand):
    help = "Register a source to crawl (feed, page, Mastodon timeline or osnguard public posts)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--user", help="owner's username; omit for a site-wide source")
        parser.add_argument("--name", required=True)
        parser.add_argument("--kind", required=True, choices=Source.Kind.values)
        parser.add_argument("--url", default="")
        parser.add_argument("--hashtag", default="")
        parser.add_argument("--interval", type=int, default=60, help="minutes between crawls")

    def handle(self, *args: str, **options: Any) -> None:
        owner = None
        if options["user"]:
            owner = get_user_model().objects.filter(username=options["user"]).first()
            if owner is None:
                raise CommandError(f"no user {options['user']!r}")
        try:
            source = source_create(
                owner=owner,
                name=options["name"],
                kind=options["kind"],
                url=options["url"],
                hashtag=options["hashtag"],
                interval_minutes=options["interval"],
            )
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from exc
        self.stdout.write(f"source {source.pk}: {source.name} ({source.get_kind_display()})")

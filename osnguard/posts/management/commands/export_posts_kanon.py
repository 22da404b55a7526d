"""`manage.py export_posts_kanon`: export the site's public posts (or one user's posts)
k-anonymously as JSON Lines, the summary line last, as `osnguard kanon` writes them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from osnguard.posts import selectors


class Command(BaseCommand):
    help = "Export public posts (or --author's posts) k-anonymously as JSON Lines."

    def add_arguments(self, parser: CommandParser) -> None:
        how = parser.add_mutually_exclusive_group(required=True)
        how.add_argument("--k", type=int, help="every released class has at least K posts")
        how.add_argument("--simple", action="store_true", help="the simple (non-k) anonymization")
        parser.add_argument("--author", help="export this user's posts instead of public posts")
        parser.add_argument("--output", type=Path, help="write here instead of standard output")

    def handle(
        self,
        *args: Any,
        k: int | None,
        simple: bool,
        author: str | None,
        output: Path | None,
        **options: Any,
    ) -> None:
        if k is not None and k < 2:
            raise CommandError("--k must be at least 2")
        if author:
            user = get_user_model().objects.filter(username=author).first()
            if user is None:
                raise CommandError(f"no user named {author!r}")
            messages = selectors.message_list_for_author(author=user)
        else:
            messages = selectors.public_messages()
        release = selectors.message_release_unbounded(messages=messages, k=None if simple else k)
        text = release.to_json_lines()
        if output:
            output.write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
        summary = release.summary
        sizes = summary["classes"]
        self.stderr.write(
            f"{len(release.records)} of {summary['records']} posts released in {len(sizes)} "
            f"classes (smallest {min(sizes) if sizes else 0}); DM {summary['dm']}, "
            f"LM {summary['lm']}, suppressed {summary['suppressed']}"
        )

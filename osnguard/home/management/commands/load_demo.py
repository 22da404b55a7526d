"""`manage.py load_demo`: load the demo data set (Adam Ebert and ~150 friends); idempotent."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from osnguard.home.demo import DEMO_FILE, demo_load


class Command(BaseCommand):
    help = "Load the demo users (log in as adam / osnguard-demo). Safe to run again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=DEMO_FILE, help="demo data file (JSON)")
        parser.add_argument(
            "--reset", action="store_true", help="delete the demo users first and start over"
        )

    def handle(self, *args: Any, file: Path, reset: bool, **options: Any) -> None:
        started = time.monotonic()
        try:
            summary = demo_load(path=file, reset=reset)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            self.style.SUCCESS(
                f"demo ready in {time.monotonic() - started:.1f}s: {summary.users_created} users, "
                f"{summary.friendships_created} friendships and {summary.interactions_created} interactions created; "
                f"adam has {summary.friends_total} friends. Log in as adam / osnguard-demo."
            )
        )

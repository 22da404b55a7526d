"""`manage.py osnguard_doctor`: check every resource and service; say what is missing and how to fix it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from osnguard.core.doctor import run_checks


class Command(BaseCommand):
    help = "Check NLP resources, database, migrations and the Celery broker and workers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-workers", action="store_true", help="do not wait for worker pings"
        )

    def handle(self, *args: Any, no_workers: bool = False, **options: Any) -> None:
        checks = run_checks(workers=not no_workers)
        width = max(len(c.name) for c in checks)
        for check in checks:
            mark = self.style.SUCCESS("ok     ") if check.ok else self.style.ERROR("MISSING")
            self.stdout.write(f"{mark} {check.name.ljust(width)}  {check.detail}")
            if not check.ok and check.fix:
                self.stdout.write(f"        {' ' * width}  fix: {check.fix}")
        failed = [c.name for c in checks if not c.ok]
        if failed:
            self.stdout.write(self.style.WARNING(f"{len(failed)} problem(s): {', '.join(failed)}"))
            raise SystemExit(1)
        self.stdout.write(self.style.SUCCESS("everything is in place"))

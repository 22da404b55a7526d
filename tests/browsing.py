"""Real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, for browser tests.

One browser per test session (tests/conftest.py fixtures `browser` and `logged_in_page`), since
Playwright's sync API allows one running instance per thread. Screenshots go to test-artifacts/
so a person can look at what the tests saw.
"""

from __future__ import annotations

import os
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    "--disable-dev-shm-usage",
]


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

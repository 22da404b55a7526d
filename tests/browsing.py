"""Real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, for browser tests.

One browser per test session (tests/conftest.py fixtures `browser` and `logged_in_page`), since
Playwright's sync API allows one running instance per thread. Screenshots go to test-artifacts/
so a person can look at what the tests saw.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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


DESKTOP = (1280, 900)
PHONE = (390, 844)
# Browser tests of a journey run on both: parametrize with VIEWPORTS (ids "desktop", "phone").
VIEWPORTS = {"argvalues": [DESKTOP, PHONE], "ids": ["desktop", "phone"]}


def sized(page, viewport: tuple[int, int]):
    """The page at this window size (the journey's screenshots are named after it)."""
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    return page


def shot_name(name: str, viewport: tuple[int, int]) -> str:
    return name if viewport == DESKTOP else f"{name}-phone"


AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n')[1])}));
}"""


def axe_violations(page) -> list[dict]:
    if not AXE.exists():
        pytest.fail("axe-core is not installed: scripts/setup.sh --test runs npm ci")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(RUN_AXE)

"""Shifted-date test runs: with OSNGUARD_TEST_NOW set (an ISO 8601 date-time, naive = UTC), the
whole pytest session runs with its clock moved there (time-machine, ticking), and so do the Python
subprocesses the tests start (Celery workers, the web app of the fault tests).

tests/conftest.py starts the travel in pytest_configure; the clock patch is process-wide, so the
live_server thread travels too. A subprocess started through `python_command` runs under a small
launcher that travels to the parent's current (shifted) time before running the real program.
Chromium and the Playwright driver keep the real clock: a shifted run must use a date in the future,
or the cookies the server sets would already have expired for the browser.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

ENV = "OSNGUARD_TEST_NOW"
SET_AT = "OSNGUARD_TEST_NOW_SET_AT"  # for subprocesses: the real Unix time at which ENV was read
HERE = Path(__file__).resolve()

# Run by `python -c` in a subprocess: load this file by path (tests/ stays off sys.path), travel,
# then run the module or script that follows as if it had been started directly.
LAUNCHER = (
    "import importlib.util as u, runpy, sys\n"
    f"spec = u.spec_from_file_location('osnguard_timetravel', {str(HERE)!r})\n"
    "travel = u.module_from_spec(spec); spec.loader.exec_module(travel)\n"
    "travel.start(travel.destination())\n"
    "target = sys.argv.pop(1)\n"
    "if target == '-m':\n"
    "    runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)\n"
    "else:\n"
    "    sys.argv[0] = target; sys.path[0] = __import__('os').path.dirname(target) or '.'\n"
    "    runpy.run_path(target, run_name='__main__')\n"
)


def parse(value: str) -> datetime:
    """An aware datetime from an ISO 8601 string ("2028-02-29T22:30:00Z"; naive means UTC)."""
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(
            f"{ENV} must be an ISO 8601 date-time such as 2028-02-29T22:30:00Z, not {value!r}"
        ) from exc
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def destination() -> datetime | None:
    """Where OSNGUARD_TEST_NOW asks the session to travel, or None for the real clock. A subprocess
    adds the real time that passed since its parent read the clock (its own start-up), so that both
    clocks agree."""
    value = os.environ.get(ENV, "")
    if not value.strip():
        return None
    moment = parse(value)
    if os.environ.get(SET_AT):
        import time

        moment += timedelta(seconds=max(0.0, time.time() - float(os.environ[SET_AT])))
    return moment


def start(moment: datetime | None):
    """Move this process's clock to `moment` and let it tick on; returns the traveller (None if no
    travel). Travelling to a timestamp keeps the TZ environment variable (Django sets it from
    TIME_ZONE), so a run with TIME_ZONE=Europe/London keeps its zone."""
    if moment is None:
        return None
    import time_machine

    traveller = time_machine.travel(moment.timestamp(), tick=True)
    traveller.start()
    return traveller


def configure(config) -> None:
    """pytest_configure: start the session's travel (a bad OSNGUARD_TEST_NOW is a usage error)."""
    import pytest

    try:
        moment = destination()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from exc
    config._osnguard_traveller = start(moment)


def unconfigure(config) -> None:
    """pytest_unconfigure: stop the session's travel, if any."""
    traveller = getattr(config, "_osnguard_traveller", None)
    if traveller is not None:
        traveller.stop()
        config._osnguard_traveller = None


def report_header() -> str | None:
    moment = destination()
    return (
        None
        if moment is None
        else f"{ENV}: the clock starts at {moment.isoformat()} (shifted-date run)"
    )


def real_time() -> float:
    """The real Unix time, travelling or not."""
    import time

    import time_machine

    return (
        time_machine.escape_hatch.time.time()
        if time_machine.escape_hatch.is_travelling()
        else time.time()
    )


def python_command(args: list[str], env: dict[str, str]) -> list[str]:
    """The command that runs `python *args` (`-m module ...` or `script.py ...`); in a shifted run it
    goes through LAUNCHER and `env` gets the parent's current shifted time, so both clocks agree."""
    if destination() is None:
        return [sys.executable, *args]
    env[ENV] = datetime.now(UTC).isoformat()
    env[SET_AT] = repr(real_time())
    return [sys.executable, "-c", LAUNCHER, *args]

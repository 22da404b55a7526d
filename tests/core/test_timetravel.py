"""The shifted-date switch (tests/timetravel.py): OSNGUARD_TEST_NOW moves the session's clock, its
threads' and the subprocesses' the tests start, and a bad value is a usage error."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
import time_machine
import timetravel

LEAP_NIGHT = "2028-02-29T22:30:00Z"


def test_parse_reads_iso_dates_and_takes_naive_ones_as_utc():
    assert timetravel.parse(LEAP_NIGHT) == datetime(2028, 2, 29, 22, 30, tzinfo=UTC)
    assert timetravel.parse("2027-03-28T00:30") == datetime(2027, 3, 28, 0, 30, tzinfo=UTC)
    assert timetravel.parse("2027-12-31T23:00:00+01:00").astimezone(UTC).hour == 22
    with pytest.raises(ValueError, match="ISO 8601"):
        timetravel.parse("next saturday")


def test_configure_travels_the_whole_process_and_unconfigure_comes_back(monkeypatch):
    monkeypatch.setenv(timetravel.ENV, LEAP_NIGHT)
    config = SimpleNamespace()
    before = datetime.now(UTC)
    timetravel.configure(config)
    try:
        seen: list[datetime] = []
        thread = threading.Thread(target=lambda: seen.append(datetime.now(UTC)))  # like live_server
        thread.start()
        thread.join()
        target = datetime(2028, 2, 29, 22, 30, tzinfo=UTC)
        for moment in (datetime.now(UTC), seen[0]):
            assert target <= moment < target + timedelta(minutes=1)
        assert "2028-02-29T22:30:00+00:00" in timetravel.report_header()
    finally:
        timetravel.unconfigure(config)
    assert abs(datetime.now(UTC) - before) < timedelta(minutes=5)


def test_a_bad_value_is_a_usage_error(monkeypatch):
    monkeypatch.setenv(timetravel.ENV, "tomorrow-ish")
    with pytest.raises(pytest.UsageError, match="OSNGUARD_TEST_NOW"):
        timetravel.configure(SimpleNamespace())


def test_without_the_switch_subprocesses_run_plainly(monkeypatch):
    monkeypatch.delenv(timetravel.ENV, raising=False)
    env: dict[str, str] = {}
    assert timetravel.python_command(["-m", "celery", "--version"], env) == [
        sys.executable,
        "-m",
        "celery",
        "--version",
    ]
    assert env == {}


@pytest.mark.parametrize("kind", ["module", "script"])
def test_subprocesses_travel_to_the_parents_shifted_time(monkeypatch, tmp_path, kind):
    monkeypatch.setenv(timetravel.ENV, LEAP_NIGHT)
    script = tmp_path / "clock.py"
    script.write_text(
        "import datetime, sys\nprint(datetime.datetime.now(datetime.timezone.utc).isoformat(), sys.argv[1:])\n"
    )
    args = ["-m", "calendar"] if kind == "module" else [str(script), "--flag"]
    with time_machine.travel(datetime(2028, 2, 29, 22, 45, tzinfo=UTC).timestamp(), tick=True):
        env = dict(os.environ)
        command = timetravel.python_command(args, env)
    assert timetravel.parse(env[timetravel.ENV]) >= datetime(2028, 2, 29, 22, 45, tzinfo=UTC)
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    if kind == "module":  # `python -m calendar` prints the current year's calendar
        assert out.stdout.split()[0] == "2028"
    else:
        moment, argv = out.stdout.split(" ", 1)
        started = datetime.fromisoformat(moment)
        assert (
            datetime(2028, 2, 29, 22, 45, tzinfo=UTC)
            <= started
            < datetime(2028, 2, 29, 22, 47, tzinfo=UTC)
        )
        assert argv.strip() == "['--flag']"


def test_a_subprocess_adds_its_own_start_up_time(monkeypatch, tmp_path):
    """The child's clock continues the parent's: the real seconds since the parent read it count."""
    monkeypatch.setenv(timetravel.ENV, LEAP_NIGHT)
    script = tmp_path / "clock.py"
    script.write_text(
        "import datetime\nprint(datetime.datetime.now(datetime.timezone.utc).isoformat())\n"
    )
    env = dict(os.environ)
    command = timetravel.python_command([str(script)], env)
    env.update(
        {
            timetravel.ENV: "2028-02-29T22:45:00+00:00",
            timetravel.SET_AT: repr(timetravel.real_time() - 30),
        }
    )  # read 30 s ago
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    started = datetime.fromisoformat(out.stdout.strip())
    assert (
        datetime(2028, 2, 29, 22, 45, 30, tzinfo=UTC)
        <= started
        < datetime(2028, 2, 29, 22, 46, 30, tzinfo=UTC)
    )

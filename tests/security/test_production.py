"""Production settings: `check --deploy` is clean, a short secret key is refused, HTTPS is enforced
(redirect and HSTS) and every response carries the Content-Security-Policy."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        **os.environ,
        "DJANGO_ENV": "production",
        "DJANGO_ALLOWED_HOSTS": "osnguard.example",
        **env,
    }
    # DJANGO_ALLOW_ASYNC_UNSAFE: set by the browser fixture for live_server, never in production
    for name in (
        "DJANGO_DEBUG",
        "DJANGO_SECURE_SSL_REDIRECT",
        "DJANGO_HSTS_SECONDS",
        "DATABASE_URL",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    ):
        environment.pop(name, None)
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_check_deploy_is_clean_in_production(tmp_path):
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(64),
        OSNGUARD_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("key", ["short-key", "a" * 60])
def test_production_refuses_a_weak_secret_key(tmp_path, key):
    result = manage("check", DJANGO_SECRET_KEY=key, OSNGUARD_VAR_DIR=str(tmp_path))
    assert result.returncode != 0 and "at least 50 characters" in result.stderr


@pytest.mark.django_db
def test_https_redirect_and_hsts_when_enabled(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    response = client.get("/healthz/")
    assert response.status_code == 301 and response["Location"].startswith("https://")
    secure = client.get("/healthz/", secure=True)
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"].startswith("max-age=3600")
    assert "default-src 'self'" in secure["Content-Security-Policy"]
    assert secure["X-Frame-Options"] == "DENY" and secure["X-Content-Type-Options"] == "nosniff"

"""`osnguard identify`: JSON Lines in, one JSON line out per input, errors on their own line."""

from __future__ import annotations

import io
import json

import pytest

from osnguard.privacy.cli import main


def run_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: bytes, *args: str
) -> list[dict]:
    stream = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stream)
    assert main(["identify", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_one_line_out_per_line_in_and_malformed_lines_get_errors(monkeypatch, capsys) -> None:
    lines = [
        json.dumps({"text": "I live in Seattle", "now": "2024-05-01T09:00:00Z"}),
        "this is not json",
        json.dumps({"text": 5}),
        json.dumps({"text": "hi", "profile": {"shoe_size": ["9"]}}),
        json.dumps(["a list"]),
        json.dumps({"body": "wrong field"}),
        "",
        json.dumps({"text": "mail me at a@example.com", "profile": {"hometown": ["Tokyo"]}}),
    ]
    out = run_cli(monkeypatch, capsys, ("\n".join(lines) + "\n").encode() + b"\xff\xfe{}\n")
    assert len(out) == 8  # the blank line is skipped
    assert out[0]["private"] is True and out[0]["phrases"][0]["text"] == "Seattle"
    assert set(out[0]) >= {"private", "score", "phrases", "language", "warnings"}
    assert "not valid JSON" in out[1]["error"]
    assert "must be a string" in out[2]["error"]
    assert "unknown profile attribute" in out[3]["error"]
    assert "JSON object" in out[4]["error"]
    assert "unknown field" in out[5]["error"]
    assert out[6]["phrases"][0]["category"] == "contact"
    assert "UTF-8" in out[7]["error"]


def test_text_option(monkeypatch, capsys) -> None:
    out = run_cli(monkeypatch, capsys, b"", "--text", "Tokyo is the capital of Japan")
    assert out[0]["private"] is False


def test_warnings_are_printed_as_code_params_and_message(monkeypatch, capsys) -> None:
    text = "Je suis allé à Paris avec ma femme hier soir, écris-moi à jean@exemple.fr"
    [result] = run_cli(monkeypatch, capsys, b"", "--text", text)
    assert result["warnings"] == [
        {
            "code": "not_english",
            "params": {"language": "fr"},
            "message": "This message looks like it is not in English (detected 'fr'): only e-mail "
            "addresses, phone numbers, links, handles and account numbers were checked.",
        }
    ]
    assert list(result) == [
        "checked", "private", "score", "language", "phrases", "warnings", "failures"
    ]  # fmt: skip

"""Shipped models: the manifest check, atomic writes, concurrent builds, exports that score exactly
as the fitted models, and no training at run time."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from osnguard.privacy import artifacts, corpora

TOY_SPEC = artifacts.ModelSpec("toy", ("toy.json", "toy.txt"), 3, ("numpy",), (), "toy model")


def build_toy(folder: Path, payload: str) -> dict:
    built = {
        name: artifacts.write_atomically(artifacts.temporary_path(folder, name), payload * (i + 1))
        for i, name in enumerate(TOY_SPEC.files)
    }
    return artifacts.install(TOY_SPEC, built, folder)


@pytest.mark.parametrize("name", sorted(artifacts.SPECS))
def test_every_shipped_model_matches_its_manifest_entry(name):
    spec = artifacts.SPECS[name]
    result = artifacts.status(spec, artifacts.SHIPPED_DIR)
    assert result.ok, result.detail
    entry = artifacts.read_manifest(artifacts.SHIPPED_DIR)["models"][name]
    assert entry["command"] == f"osnguard train {name}"
    assert set(entry["files"]) == set(spec.files) and set(entry["data"]) == set(spec.data)
    assert all(len(digest) == 64 for digest in [*entry["files"].values(), *entry["data"].values()])
    assert entry["libraries"] and "not installed" not in entry["libraries"].values()
    assert all((artifacts.SHIPPED_DIR / file).stat().st_size > 1000 for file in spec.files)


def test_shipped_models_are_not_pickles():
    for path in artifacts.SHIPPED_DIR.iterdir():
        if path.is_file() and not path.name.startswith("."):
            assert not path.read_bytes().startswith(b"\x80"), f"{path.name} looks like a pickle"


def test_install_records_hashes_and_status_finds_every_kind_of_damage(tmp_path, monkeypatch):
    entry = build_toy(tmp_path, "a")
    assert entry["files"]["toy.json"] == artifacts.sha256_file(tmp_path / "toy.json")
    assert artifacts.status(TOY_SPEC, tmp_path).ok
    assert not list(tmp_path.glob(".*.tmp")), "temporary files left behind"

    (tmp_path / "toy.txt").write_text("tampered")
    damaged = artifacts.status(TOY_SPEC, tmp_path)
    assert (
        not damaged.ok
        and "does not match" in damaged.detail
        and "osnguard train toy" in damaged.detail
    )

    build_toy(tmp_path, "b")
    (tmp_path / "toy.txt").unlink()
    assert "missing" in artifacts.status(TOY_SPEC, tmp_path).detail

    build_toy(tmp_path, "c")
    newer = artifacts.ModelSpec("toy", TOY_SPEC.files, 4, TOY_SPEC.libraries, (), "toy model")
    assert "another version of the code" in artifacts.status(newer, tmp_path).detail

    monkeypatch.setattr(artifacts, "library_versions", lambda spec: {"numpy": "0.0.1"})
    stale = artifacts.status(TOY_SPEC, tmp_path)
    assert not stale.ok and "other libraries" in stale.detail and "numpy" in stale.detail

    other = artifacts.ModelSpec("other", ("other.json",), 1, (), (), "other model")
    assert "is not in" in artifacts.status(other, tmp_path).detail


def test_model_file_refuses_a_missing_model_with_the_rebuild_command(tmp_path, monkeypatch):
    monkeypatch.setenv("OSNGUARD_MODEL_DIR", str(tmp_path))
    with pytest.raises(artifacts.ModelUnavailable, match="osnguard train tagger"):
        artifacts.model_file(artifacts.SPECS["tagger"])
    build_toy(tmp_path, "x")
    assert artifacts.model_file(TOY_SPEC, "toy.txt") == tmp_path / "toy.txt"


def test_write_atomically_never_shows_half_a_file(tmp_path):
    path = tmp_path / "model.json"
    payloads = [json.dumps({"writer": i, "data": "x" * 200_000}) for i in range(4)]
    seen: list[str] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            if path.exists():
                seen.append(path.read_text())

    reader = threading.Thread(target=read)
    reader.start()
    writers = [
        threading.Thread(
            target=lambda p=p: [artifacts.write_atomically(path, p) for _ in range(10)]
        )
        for p in payloads
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    stop.set()
    reader.join()
    assert seen and all(text in payloads for text in seen)
    assert path.read_text() in payloads and not list(tmp_path.glob(".*.tmp"))


def _build_in_process(folder: str, payload: str) -> None:
    for _ in range(5):
        build_toy(Path(folder), payload)


def test_two_processes_building_at_once_leave_a_consistent_model(tmp_path):
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_build_in_process, args=(str(tmp_path), p)) for p in "pq"]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
    assert [p.exitcode for p in processes] == [0, 0]
    assert artifacts.status(TOY_SPEC, tmp_path).ok
    assert not list(tmp_path.glob(".*.tmp"))


def test_the_engine_never_trains_when_a_model_is_missing(tmp_path):
    """In a fresh process with an empty model folder, loading fails at once with the rebuild
    command, and nothing is written (no training)."""
    code = (
        "from osnguard.privacy.identification import classifier\n"
        "from osnguard.privacy import artifacts\n"
        "try:\n"
        "    classifier.probability('my sister lives in Tokyo')\n"
        "except artifacts.ModelUnavailable as exc:\n"
        "    print('unavailable:', exc)\n"
    )
    env = {
        **os.environ,
        "OSNGUARD_MODEL_DIR": str(tmp_path),
        "OSNGUARD_DATA_DIR": str(tmp_path / "no-data"),
    }
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "unavailable:" in result.stdout and "osnguard train classifier" in result.stdout
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == []


def test_exported_classifier_scores_exactly_as_the_fitted_pipeline():
    from osnguard.privacy.identification import classifier

    texts = [
        "my sister lives in Tokyo",
        "I love pizza",
        "my doctor said I have diabetes",
        "nice weather",
        "married my wife in Paris",
        "the game was great",
        "I work as a nurse",
        "what a goal",
    ] * 3
    labels = [1, 0, 1, 0, 1, 0, 1, 0] * 3
    fitted = classifier.build_pipeline(calibrated=True).fit(texts, labels)
    shipped = classifier._open_data(classifier.export(fitted))
    for text in ["my sister is a nurse in Paris", "great goal", "unseen words only", ""]:
        expected = float(fitted.predict_proba([text])[0][1])
        assert shipped.probability(text) == pytest.approx(expected, abs=1e-9)


def test_exported_paraphrase_model_scores_exactly_as_the_fitted_one():
    from osnguard.privacy.paraphrase.detector import Features, export, fit_model, restore
    from osnguard.privacy.paraphrase.features import feature_names

    rng = np.random.default_rng(0)
    names = feature_names(["length"])
    hand = rng.normal(size=(60, len(names)))
    labels = hand[:, 0] + 0.3 * rng.normal(size=60) > 0
    features = Features([None] * 60, [None] * 60, hand, names)
    fitted = fit_model(features, labels, names=names, folds=3)
    restored = restore(json.loads(json.dumps(export(fitted))))
    assert restored.threshold == fitted.threshold and restored.names == fitted.names
    np.testing.assert_allclose(
        restored.probabilities(features), fitted.probabilities(features), atol=1e-12
    )


def test_ppdp_is_read_as_windows_1252():
    rows = corpora.ppdp_rows()
    assert len(rows) == 2994
    assert rows[0]["Tweet"].rstrip().endswith("(30mins)\u2026")  # byte 0x85 at offset 150
    assert not any("\ufffd" in row["Tweet"] for row in rows)


def test_train_check_accepts_last_bit_float_rounding_only(tmp_path, monkeypatch):
    """`osnguard train --check`: another processor's last-bit rounding is no difference; a real
    change of a number, a key or a binary file is."""
    import json

    from osnguard.privacy import artifacts as artifacts_module
    from osnguard.privacy.commands import train

    shipped = tmp_path / "shipped"
    built = tmp_path / "built"
    shipped.mkdir()
    built.mkdir()
    monkeypatch.setattr(artifacts_module, "models_dir", lambda: shipped)
    (shipped / "m.json").write_text(json.dumps({"sigmoid": [1.5, -0.33438021923748623], "n": 3}))
    (built / "m.json").write_text(json.dumps({"sigmoid": [1.5, -0.3343802192374862], "n": 3}))
    assert train._same_numbers({"m.json": "x"}, built)
    (built / "m.json").write_text(json.dumps({"sigmoid": [1.5, -0.3343803], "n": 3}))
    assert not train._same_numbers({"m.json": "x"}, built)
    (built / "m.json").write_text(json.dumps({"sigmoid": [1.5, -0.3343802192374862], "k": 3}))
    assert not train._same_numbers({"m.json": "x"}, built)
    (shipped / "m.crfsuite").write_bytes(b"a")
    (built / "m.crfsuite").write_bytes(b"b")
    assert not train._same_numbers({"m.crfsuite": "x"}, built)

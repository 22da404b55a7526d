"""`osnguard train NAME`: build a shipped model reproducibly from the shared corpora.

Models are installed in `osnguard/privacy/models/` with their manifest entry (see `artifacts`);
`--output DIR` builds elsewhere. `--check` builds into a temporary folder and compares every file's
sha256 with the shipped manifest, so CI can prove the shipped models are what the current code and
data build. A JSON model whose bytes differ still matches when every number agrees to within
`NUMBER_TOLERANCE` (relative): processors round the last bit of a float differently (for example
a Platt-scaling coefficient ...623 against ...62), which says nothing about the code or the data.
The paraphrase detector, whose collinear MT features amplify such rounding in its weights, matches
when it decides its training pairs alike (`detector.models_agree`); the report says by how much.
The paraphrase cross-encoder's adapters need PyTorch and about 15 minutes to train
(`REQUIRES`): where PyTorch is not installed they are not rebuilt, and the check says so; the
detector's stack, rebuilt from the shipped adapters, still checks that they score its held-out
pairs as when it was fitted. Training reads the corpora from `OSNGUARD_DATA_DIR` (default
../shared/data); nothing else in the engine trains.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from osnguard.privacy import artifacts

HELP = "build the shipped models from the shared corpora (or --check that they match)"
NUMBER_TOLERANCE = 1e-9


def _trainers() -> dict[str, Callable[[Path | None], Path]]:
    from osnguard.privacy import temporal
    from osnguard.privacy.anonymization import acceptability
    from osnguard.privacy.identification import classifier, institution_kind, post_tagger, tagger
    from osnguard.privacy.paraphrase import detector, encoder_training

    return {
        "tagger": tagger.train_model,
        "post_tagger": post_tagger.train_model,
        "institution_kind": institution_kind.train_model,
        "classifier": classifier.train_model,
        "paraphrase_encoder": encoder_training.train_model,
        "paraphrase": detector.train_model,
        "temporal": temporal.train_model,
        "acceptability": acceptability.train_model,
    }


# models whose training needs a package the engine does not install, and what to run
REQUIRES = {"paraphrase_encoder": ("torch", "pip install torch==2.13.0, the CPU build")}


def _missing_requirement(name: str) -> str | None:
    """Why `name` cannot be trained here, or None."""
    if name not in REQUIRES:
        return None
    module, install = REQUIRES[name]
    if importlib.util.find_spec(module) is not None:
        return None
    return f"not rebuilt here: training it needs {module} ({install})"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name",
        choices=[*artifacts.SPECS, "all", "stale"],
        help="a model, all of them, or those whose status is not ok",
    )
    parser.add_argument(
        "--output", type=Path, help="build into this folder instead of the shipped models"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build into a temporary folder and compare with the shipped manifest; exit 1 on a difference",
    )


def run(args: argparse.Namespace) -> int:
    if args.name == "all":
        names = list(artifacts.SPECS)
    elif args.name == "stale":
        names = [name for name, spec in artifacts.SPECS.items() if not artifacts.status(spec).ok]
    else:
        names = [args.name]
    if args.check:
        with tempfile.TemporaryDirectory(prefix="osnguard-train-check-") as folder:
            return _check(names, Path(folder))
    trainers = _trainers()
    for name in names:
        missing = _missing_requirement(name)
        if missing and args.name in ("all", "stale"):
            print(f"skipped {name}: {missing}")
            continue
        if missing:
            print(f"cannot train {name}: {missing}")
            return 1
        started = time.perf_counter()
        path = trainers[name](args.output)
        print(f"trained {name} in {time.perf_counter() - started:.1f}s -> {path}")
    return 0


def _check(names: list[str], folder: Path) -> int:
    trainers = _trainers()
    shipped = artifacts.read_manifest()["models"]
    report, same = {}, True
    for name in names:
        missing = _missing_requirement(name)
        if missing:  # the models trained after it are still checked against the shipped file
            report[name] = {
                "matches": None,
                "note": missing,
                "shipped": shipped.get(name, {}).get("files"),
            }
            continue
        trainers[name](folder)
        built = artifacts.read_manifest(folder)["models"][name]
        entry = shipped.get(name, {})
        differences = [
            f"{key} differs"
            for key in ("files", "data", "libraries", "format")
            if built.get(key) != entry.get(key)
        ]
        note = ""
        if differences == ["files differs"]:
            if _same_numbers(built["files"], folder):
                differences, note = [], "equal to within float rounding"
            elif name in AGREEMENT_CHECKS:
                agree, note = AGREEMENT_CHECKS[name](folder)
                if agree:
                    differences = []
        report[name] = {
            "matches": not differences,
            "differences": differences,
            **({"note": note} if note else {}),
            "built": built["files"],
            "shipped": entry.get("files"),
        }
        same &= not differences
    print(json.dumps(report, indent=1))
    if not same:
        print(
            "shipped models differ from what the code and data build: run `osnguard train all` and commit"
        )
    return 0 if same else 1


def _paraphrase_agrees(folder: Path) -> tuple[bool, str]:
    from osnguard.privacy.paraphrase import detector

    (name,) = detector.SPEC.files
    return detector.models_agree(folder / name, artifacts.models_dir() / name)


# models whose rebuilt numbers may differ across processors, with how to tell they still agree
AGREEMENT_CHECKS: dict[str, Callable[[Path], tuple[bool, str]]] = {"paraphrase": _paraphrase_agrees}


def _same_numbers(files: dict[str, str], folder: Path) -> bool:
    """Every built file is JSON equal to the shipped one, numbers to within NUMBER_TOLERANCE."""
    shipped_folder = artifacts.models_dir()
    for name in files:
        if not name.endswith(".json"):
            return False
        try:
            built = json.loads((folder / name).read_text(encoding="utf-8"))
            shipped = json.loads((shipped_folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if not _close(built, shipped):
            return False
    return True


def _close(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=NUMBER_TOLERANCE, abs_tol=NUMBER_TOLERANCE)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    return a == b

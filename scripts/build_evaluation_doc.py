"""Assemble docs/evaluation.md from the summary below and the per-area reports in docs/evaluation/.

Each area's report (its figures, protocol and the command that prints each figure) is kept in
docs/evaluation/<area>.md by whoever owns that area; this script only puts them in one file.
Usage: .venv/bin/python scripts/build_evaluation_doc.py
"""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"
ORDER = [
    "identification",
    "identification-rules",
    "realistic",
    "temporal",
    "anonymization",
    "fingerprinting",
    "paraphrase",
    "attribution",
    "web",
]


def main() -> None:
    parts = [(DOCS / "evaluation" / "_summary.md").read_text().rstrip()]
    for name in ORDER:
        body = (DOCS / "evaluation" / f"{name}.md").read_text().rstrip()
        parts.append(f"<!-- from docs/evaluation/{name}.md -->\n\n" + body)
    extra = sorted(
        p.stem
        for p in (DOCS / "evaluation").glob("*.md")
        if not p.stem.startswith("_") and p.stem not in ORDER
    )
    for name in extra:
        parts.append(
            f"<!-- from docs/evaluation/{name}.md -->\n\n"
            + (DOCS / "evaluation" / f"{name}.md").read_text().rstrip()
        )
    (DOCS / "evaluation.md").write_text("\n\n---\n\n".join(parts) + "\n")
    print(f"wrote {DOCS / 'evaluation.md'}")


if __name__ == "__main__":
    main()

"""Language gate: langdetect (shipped) against lingua-language-detector, on short English posts.

Identification runs its English-only recognizers only when `detect_language` says "en", so a post
wrongly called non-English loses every private phrase but contact details. This prints, for the
English posts of the realistic set, the ppdp tweets and the MSRP sentences, how many reach the
statistical detector (the cheap English test and the too-short rule decide the rest) and how many
of those each detector calls non-English, with the same acceptance rule, plus the time per call.
lingua is not a dependency: `pip install lingua-language-detector` to run this.
Usage: .venv/bin/python bench/language.py
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

from langdetect import DetectorFactory, detect_langs
from langdetect.lang_detect_exception import LangDetectException
from lingua import LanguageDetectorBuilder

from osnguard.privacy.corpora import ppdp_rows
from osnguard.privacy.identification.pipeline import MIN_LANGDETECT_LETTERS, _plainly_english

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def english_posts() -> dict[str, list[str]]:
    realistic = [
        json.loads(line)["text"]
        for line in (DATA / "realistic" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    ppdp = [row["Tweet"] for row in ppdp_rows()]
    msrp = []
    for line in (
        (DATA / "msrp" / "msr_paraphrase_test.txt").read_text(encoding="utf-8-sig").splitlines()[1:]
    ):
        parts = line.split("\t")
        msrp += parts[3:5]
    return {"realistic": realistic, "ppdp": ppdp, "msrp": msrp}


def reaches_detector(text: str) -> bool:
    letters = re.sub(r"(https?://|www\.)\S+|[@#]\w+|[^\w]|\d|_", "", text)
    if _plainly_english(text, letters):
        return False
    if len(letters) < MIN_LANGDETECT_LETTERS:
        latin = sum(1 for c in letters if c.isascii())
        if not letters or latin / len(letters) > 0.5:
            return False
    return True


def with_langdetect(text: str) -> list[tuple[str, float]]:
    DetectorFactory.seed = 0
    try:
        return [(item.lang, item.prob) for item in detect_langs(text[:5000])]
    except LangDetectException:
        return []


LINGUA = LanguageDetectorBuilder.from_all_languages().with_preloaded_language_models().build()


def with_lingua(text: str) -> list[tuple[str, float]]:
    ranked = LINGUA.compute_language_confidence_values(text[:5000])
    return [(value.language.iso_code_639_1.name.lower(), value.value) for value in ranked]


def non_english(ranked: list[tuple[str, float]]) -> bool:
    """The pipeline's rule: trust a non-English guess only when English is all but excluded."""
    if not ranked:
        return False
    probs = dict(ranked)
    top, prob = ranked[0]
    return top != "en" and probs.get("en", 0.0) < 0.2 and prob >= 0.7


def main() -> None:
    detectors: dict[str, Callable[[str], list[tuple[str, float]]]] = {
        "langdetect": with_langdetect,
        "lingua": with_lingua,
    }
    report: dict[str, object] = {}
    for name, posts in english_posts().items():
        gated = [p for p in posts if reaches_detector(p)]
        row: dict[str, object] = {"posts": len(posts), "reach_detector": len(gated)}
        for detector, function in detectors.items():
            started = time.perf_counter()
            wrong = sum(non_english(function(p)) for p in gated)
            elapsed = time.perf_counter() - started
            row[f"{detector}_called_non_english"] = wrong
            row[f"{detector}_ms_per_call"] = round(1000 * elapsed / max(1, len(gated)), 2)
        report[name] = row
    print(json.dumps(report))


if __name__ == "__main__":
    main()

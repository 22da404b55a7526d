"""Readers for the shared temporal corpora: TimeML (.tml, TempEval-3) and TweeTIME.

TimeML documents come back as their plain TEXT section with gold TIMEX3 annotations as character
offsets into it, and the document creation time (DCT) that anchors relative expressions.
Splits: `tbaq` (TimeBank + AQUAINT) is for training and tuning; `te3-platinum` is the test set.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from osnguard.privacy.resources import corpus_path

TAG = re.compile(r"<(/?)(\w+)([^>]*)>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


@dataclass(frozen=True)
class Timex:
    """A gold TIMEX3: offsets into the document text, type and value."""

    start: int
    end: int
    text: str
    type: str
    value: str


@dataclass
class TimeMLDocument:
    name: str
    text: str
    dct: datetime
    timexes: list[Timex] = field(default_factory=list)


def parse_timeml(markup: str, name: str = "") -> TimeMLDocument:
    """Plain text of the TEXT section, its TIMEX3s as offsets, and the DCT."""
    dct_match = re.search(r"<DCT>.*?value=\"(\d{4}-\d{2}-\d{2})", markup, re.S)
    if not dct_match:
        raise ValueError(f"{name or 'document'}: no document creation time (DCT) found")
    dct = datetime.fromisoformat(dct_match.group(1)).replace(hour=12)
    body_match = re.search(r"<TEXT>(.*?)</TEXT>", markup, re.S)
    body = body_match.group(1) if body_match else markup
    pieces: list[str] = []
    length = 0
    open_timex: tuple[int, dict[str, str]] | None = None
    timexes: list[Timex] = []
    position = 0
    for tag in TAG.finditer(body):
        chunk = html.unescape(body[position : tag.start()])
        pieces.append(chunk)
        length += len(chunk)
        position = tag.end()
        closing, tag_name = tag.group(1), tag.group(2)
        if tag_name != "TIMEX3":
            continue
        if not closing:
            open_timex = (length, dict(ATTRIBUTE.findall(tag.group(3))))
        elif open_timex is not None:
            start, attributes = open_timex
            text = "".join(pieces)[start:length]
            timexes.append(
                Timex(start, length, text, attributes.get("type", ""), attributes.get("value", ""))
            )
            open_timex = None
    pieces.append(html.unescape(body[position:]))
    return TimeMLDocument(name=name, text="".join(pieces), dct=dct, timexes=timexes)


def read_timeml(path: Path) -> TimeMLDocument:
    return parse_timeml(path.read_text(encoding="utf-8"), name=path.name.split(".tml")[0])


def tbaq_documents() -> list[TimeMLDocument]:
    """TempEval-3 training data (TimeBank + AQUAINT), sorted by name."""
    folder = corpus_path("timeml", "tbaq")
    return [read_timeml(p) for p in sorted(folder.glob("*/*.tml"), key=lambda p: p.name)]


def platinum_documents() -> list[TimeMLDocument]:
    """TempEval-3 platinum test documents: gold annotations, text taken from the raw input files."""
    gold_folder = corpus_path("timeml", "te3-platinum")
    input_folder = corpus_path("timeml", "te3-platinum-input")
    documents = []
    for path in sorted(gold_folder.glob("*.tml")):
        gold = read_timeml(path)
        raw = input_folder / f"{path.name}.TE3input"
        if raw.exists():
            plain = parse_timeml(raw.read_text(encoding="utf-8"), name=gold.name)
            if plain.text != gold.text:
                raise ValueError(f"{gold.name}: raw input text differs from the gold text")
        documents.append(gold)
    return documents


@dataclass(frozen=True)
class Tweet:
    """A TweeTIME tweet: text, creation date and the gold set of dates it refers to."""

    text: str
    created: date
    gold_dates: frozenset[str]


def read_tweetime(split: str) -> list[Tweet]:
    """TweeTIME `dev` (tuning) or `test` (evaluation) tweets."""
    if split not in ("dev", "test"):
        raise ValueError("TweeTIME split must be 'dev' or 'test'")
    path = corpus_path("tweetime", f"data_{split}_input_final.txt")
    tweets = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", parts[1].strip()):
            continue
        gold = parts[2].strip()
        dates = frozenset() if gold == "None" else frozenset(d.strip() for d in gold.split(","))
        tweets.append(Tweet(parts[0], date.fromisoformat(parts[1].strip()), dates))
    return tweets

"""Readers for the shared temporal corpora: TimeML (.tml, TempEval-3, read with lxml) and TweeTIME.

TimeML documents come back as their plain TEXT section with gold TIMEX3 annotations as character
offsets into it, and the document creation time (DCT) that anchors relative expressions.
Splits: `tbaq` (TimeBank + AQUAINT) is for training and tuning; `te3-platinum` is the test set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from lxml import etree

from osnguard.privacy.resources import corpus_path

# no DTDs, no external or custom entities, no network: the corpora are data, not programs
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
DATE_VALUE = re.compile(r"\d{4}-\d{2}-\d{2}")


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
    where = name or "document"
    # an XML parser turns line ends into "\n"; a character reference keeps the corpus's "\r"
    # (offsets count it); the declaration goes, as the markup is text already, and so does the
    # white space around the root element, where a character reference is not allowed
    body = re.sub(r"^\s*(?:<\?xml[^>]*\?>)?\s*", "", markup).rstrip().replace("\r", "&#13;")
    try:
        root = etree.fromstring(body, parser=_PARSER)
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"{where}: not well-formed TimeML: {exc}") from exc
    dct = _creation_time(root)
    if dct is None:
        raise ValueError(f"{where}: no document creation time (DCT) found")
    section = root.find("TEXT")
    pieces: list[str] = []
    timexes: list[Timex] = []
    _read_text(root if section is None else section, pieces, timexes)
    return TimeMLDocument(name=name, text="".join(pieces), dct=dct, timexes=timexes)


def _creation_time(root: etree._Element) -> datetime | None:
    """The DCT: the first date value in the DCT element, at noon."""
    section = root.find("DCT")
    if section is None:
        return None
    for element in section.iter():
        found = DATE_VALUE.match(element.get("value", ""))
        if found:
            return datetime.fromisoformat(found.group()).replace(hour=12)
    return None


def _read_text(element: etree._Element, pieces: list[str], timexes: list[Timex]) -> None:
    """Append the text inside `element` to `pieces` (its tags dropped), and each TIMEX3 in it
    to `timexes` with its offsets in that text."""
    pieces.append(element.text or "")
    for child in element:
        if not isinstance(child.tag, str):  # a comment or processing instruction: not text
            pieces.append(child.tail or "")
            continue
        start = sum(map(len, pieces))
        _read_text(child, pieces, timexes)
        if child.tag == "TIMEX3":
            end = sum(map(len, pieces))
            text = "".join(pieces)[start:end]
            timexes.append(Timex(start, end, text, child.get("type", ""), child.get("value", "")))
        pieces.append(child.tail or "")


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

"""Reading sentence pairs in the MSRP format (Microsoft Research Paraphrase Corpus).

Each line is `Quality <TAB> #1 ID <TAB> #2 ID <TAB> #1 String <TAB> #2 String`, Quality 1 for a
paraphrase and 0 otherwise. The shared copies are UTF-8 with a BOM and have NO header line, so
line 1 is data. For user files we also accept the original header line (skipped), an empty or
"?" Quality (unlabelled) and two-column `sentence <TAB> sentence` lines (unlabelled).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from osnguard.privacy.resources import corpus_path


@dataclass(frozen=True)
class Pair:
    """One sentence pair; `label` is True/False, or None when the file gives no label."""

    a: str
    b: str
    label: bool | None = None
    ids: tuple[str, str] = ("", "")
    line: int = 0  # line number in the file it was read from


def _decode(raw: bytes, number: int, path: Path) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(
            f"{path}, line {number}: not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column "
            f"{exc.start + 1}); save the file as UTF-8"
        ) from None


def parse_line(line: str, number: int, path: Path | str = "<pairs>") -> Pair | None:
    """One line as a Pair; None for a blank line or the original header; ValueError if malformed."""
    line = line.rstrip("\r\n")
    if not line.strip():
        return None
    fields = line.split("\t")
    if len(fields) == 2:
        return Pair(fields[0], fields[1], line=number)
    if len(fields) != 5:
        raise ValueError(
            f"{path}, line {number}: expected 5 tab-separated fields (Quality, #1 ID, #2 ID, "
            f"#1 String, #2 String) or 2 (two sentences), found {len(fields)}"
        )
    quality = fields[0].strip()
    if number == 1 and quality.lower() == "quality":
        return None
    if quality in ("", "?"):
        label = None
    elif quality in ("0", "1"):
        label = quality == "1"
    else:
        raise ValueError(
            f"{path}, line {number}: Quality must be 0, 1, ? or empty, got {quality!r}"
        )
    return Pair(fields[3], fields[4], label, (fields[1], fields[2]), number)


def read_pairs(path: str | Path) -> list[Pair]:
    """All pairs of an MSRP-format file; a ValueError names the first bad line."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    pairs: list[Pair] = []
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            text = _decode(raw, number, path)
            if number == 1:
                text = text.removeprefix("\ufeff")
            pair = parse_line(text, number, path)
            if pair is not None:
                pairs.append(pair)
    return pairs


def msrp_split(split: str) -> list[Pair]:
    """The shared MSRP `train` or `test` split."""
    if split not in ("train", "test"):
        raise ValueError(f"MSRP split must be 'train' or 'test', got {split!r}")
    return read_pairs(corpus_path("msrp", f"msr_paraphrase_{split}.txt"))

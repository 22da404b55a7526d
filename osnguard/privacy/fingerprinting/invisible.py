"""The invisible fingerprint layer: a recipient's code written in format characters that do not
show, survive copy and paste, and are read back from a partial or lightly edited copy (issue 15).

**Alphabet.** U+2061..U+2064 (function application, invisible times, invisible separator,
invisible plus): default-ignorable format characters (Unicode category Cf) with no glyph, no
line-break opportunity of their own (class AL, so text wraps where it did) and no effect on
shaping, since they only ever follow the last letter of a word, before the space or punctuation
that already ends it. Screen readers and text-to-speech skip default-ignorable characters;
`spoken` is that reading, and equals the visible text.

**Code.** A 16-bit code per recipient and its CRC-16 (CCITT), 32 bits, cut into four bytes. Each
byte travels as a chunk of five symbols (2 bits each): the chunk's index (0-3), then the byte.
Chunks follow each other from word end to word end, cycling through the four indices, so any four
consecutive words of a copy carry the whole code, and a long message carries it many times over
(a lost word costs one vote, not the code). A message with fewer than four words puts several
chunks at its word ends. `read` votes per index and accepts only a code whose CRC checks: a chance
match needs 16 random bits to agree (1 in 65,536).
"""

from __future__ import annotations

import binascii
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

SYMBOLS = ("\u2061", "\u2062", "\u2063", "\u2064")
_VALUE = {symbol: value for value, symbol in enumerate(SYMBOLS)}
CHUNK = 5  # one index symbol and four data symbols (a byte)
CHUNKS = 4  # a 16-bit code and its 16-bit CRC
CODE_BITS = 16
_RUN = re.compile(f"[{''.join(SYMBOLS)}]+")
_WORD_END = re.compile(r"(?<=[^\W\d_])(?![^\W\d_])")  # after a word's last letter


@dataclass(frozen=True)
class Reading:
    """What a text's invisible layer says: the code (None when no code checks) and how many
    chunks were read."""

    code: int | None
    chunks: int


def check_code(code: object) -> int:
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 2**CODE_BITS:
        raise ValueError(f"an invisible code is a whole number from 0 to {2**CODE_BITS - 1}")
    return code


def codeword(code: int) -> bytes:
    """The four bytes a code travels as: the code, then its CRC-16."""
    data = check_code(code).to_bytes(2, "big")
    return data + binascii.crc_hqx(data, 0xFFFF).to_bytes(2, "big")


def _chunk(index: int, byte: int) -> str:
    digits = [index, (byte >> 6) & 3, (byte >> 4) & 3, (byte >> 2) & 3, byte & 3]
    return "".join(SYMBOLS[d] for d in digits)


def strip(text: str) -> str:
    """The text without its invisible layer (what it looks like, and what attribution compares)."""
    return _RUN.sub("", text)


def spoken(text: str) -> str:
    """The text as a screen reader or text-to-speech reads it: every default-ignorable format
    character skipped (the check that the layer changes nothing a person perceives)."""
    return "".join(ch for ch in text if not _default_ignorable(ch))


def _default_ignorable(ch: str) -> bool:
    point = ord(ch)
    return (
        0x200B <= point <= 0x200F
        or 0x2060 <= point <= 0x206F
        or point in (0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFEFF)
        or 0xFE00 <= point <= 0xFE0F
        or 0xE0000 <= point <= 0xE0FFF
    )


def positions(text: str) -> list[int]:
    """Where chunks go: the end of every word (after its last letter)."""
    return [m.start() for m in _WORD_END.finditer(text)]


def embed(
    text: str, code: int, *, keep_whole: Iterable[tuple[int, int]] = ()
) -> tuple[str, list[tuple[int, int]]]:
    """`text` with `code` written at its word ends (none strictly inside a `keep_whole` span, so
    a fingerprint choice reads as it is written), and the insertions made, as (offset in `text`,
    number of characters inserted there), for moving offsets that point into `text`. A text
    without a word is returned unchanged."""
    text = strip(text)
    word = codeword(code)
    spans = list(keep_whole)
    places = [p for p in positions(text) if not any(s < p < e for s, e in spans)]
    if not places:
        return text, []
    per_place = [0] * len(places)
    for n in range(max(len(places), CHUNKS)):
        per_place[n % len(places)] += 1
    pieces: list[str] = []
    inserted: list[tuple[int, int]] = []
    cursor = chunk = 0
    for place, count in zip(places, per_place):
        marks = "".join(_chunk(i % CHUNKS, word[i % CHUNKS]) for i in range(chunk, chunk + count))
        chunk += count
        pieces.append(text[cursor:place])
        pieces.append(marks)
        inserted.append((place, len(marks)))
        cursor = place
    pieces.append(text[cursor:])
    return "".join(pieces), inserted


def shift(offset: int, inserted: Iterable[tuple[int, int]], *, end: bool = False) -> int:
    """An offset into the text before `embed` moved to the marked text. A span's end stays before
    marks inserted exactly at it (`end=True`), so the marks after a word stay outside its span."""
    return offset + sum(
        length for place, length in inserted if place < offset or (place == offset and not end)
    )


def read(text: str) -> Reading:
    """The code a (possibly partial or edited) copy carries, by a vote per chunk index."""
    votes: list[Counter[int]] = [Counter() for _ in range(CHUNKS)]
    chunks = 0
    for run in _RUN.findall(text):
        for start in range(0, len(run) - CHUNK + 1, CHUNK):
            digits = [_VALUE[s] for s in run[start : start + CHUNK]]
            if digits[0] >= CHUNKS:
                continue
            byte = (digits[1] << 6) | (digits[2] << 4) | (digits[3] << 2) | digits[4]
            votes[digits[0]][byte] += 1
            chunks += 1
    if chunks == 0 or not all(votes):
        return Reading(None, chunks)
    for candidate in _candidates(votes):
        if binascii.crc_hqx(candidate[:2], 0xFFFF).to_bytes(2, "big") == candidate[2:]:
            return Reading(int.from_bytes(candidate[:2], "big"), chunks)
    return Reading(None, chunks)


def _candidates(votes: list[Counter[int]]) -> Iterable[bytes]:
    """Codewords by vote: the majority first, then (for copies mixing two recipients' marks) every
    combination of the two leading bytes per index."""
    leading = [[b for b, _ in counter.most_common(2)] for counter in votes]
    yield bytes(options[0] for options in leading)
    stack: list[list[int]] = [[]]
    for options in leading:
        stack = [[*prefix, b] for prefix in stack for b in options]
    for combo in stack:
        yield bytes(combo)


def unshift(offset: int, text: str) -> int:
    """An offset into a marked text moved to the text without its marks."""
    return offset - sum(len(run) for run in _RUN.findall(text[:offset]))


def message_codes(seed: str, count: int) -> list[int]:
    """Distinct codes for a message's `count` recipients, offset by the message (its `seed`) so
    that two messages rarely give the same code to anyone."""
    if count > 2**CODE_BITS:
        raise ValueError(f"the invisible layer holds at most {2**CODE_BITS} recipients a message")
    offset = binascii.crc_hqx(seed.encode("utf-8"), 0) if seed else 0
    return [(offset + i) % 2**CODE_BITS for i in range(count)]

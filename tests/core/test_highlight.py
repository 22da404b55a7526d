"""Highlighting: a text cut into plain and marked segments at (possibly overlapping) spans."""

from __future__ import annotations

from osnguard.core.highlight import Segment, segments


def test_spans_become_marked_segments_between_plain_ones():
    assert segments("I live in Tokyo now", [(10, 15)]) == [
        Segment("I live in ", False),
        Segment("Tokyo", True),
        Segment(" now", False),
    ]


def test_overlapping_unsorted_and_touching_spans_merge():
    text = "abcdefghij"
    assert segments(text, [(5, 7), (0, 2), (1, 3), (7, 8)]) == [
        Segment("abc", True),
        Segment("de", False),
        Segment("fgh", True),
        Segment("ij", False),
    ]


def test_empty_and_out_of_range_spans_are_clipped_or_dropped():
    assert segments("abc", [(2, 2), (5, 9), (-3, 1), (2, 99)]) == [
        Segment("a", True),
        Segment("b", False),
        Segment("c", True),
    ]
    assert segments("abc", []) == [Segment("abc", False)]
    assert segments("", [(0, 1)]) == []

"""Readers of the TimeML and TweeTIME corpora."""

from __future__ import annotations

from datetime import date

import pytest

from osnguard.privacy.temporal.corpus import parse_timeml, platinum_documents, read_tweetime

SAMPLE = """<TimeML><DCT><TIMEX3 tid="t0" type="DATE" value="2013-03-22">March 22, 2013</TIMEX3></DCT>
<TEXT>Flu &amp; colds <EVENT eid="e1">peaked</EVENT> <TIMEX3 tid="t1" type="DATE" value="2013-03-22">Friday</TIMEX3>.</TEXT></TimeML>"""


def test_timeml_text_offsets_and_dct():
    document = parse_timeml(SAMPLE, name="sample")
    assert document.text == "Flu & colds peaked Friday."
    [timex] = document.timexes
    assert document.text[timex.start : timex.end] == "Friday" == timex.text
    assert (timex.type, timex.value) == ("DATE", "2013-03-22")
    assert document.dct.date() == date(2013, 3, 22)


def test_a_document_without_creation_time_is_refused():
    with pytest.raises(ValueError, match="creation time"):
        parse_timeml("<TimeML><TEXT>no dct</TEXT></TimeML>")


def test_timeml_keeps_carriage_returns_and_nested_markup_in_offsets():
    markup = (
        '<?xml version="1.0" ?>\r\n<TimeML><DCT><TIMEX3 value="1998-08-07T06:18">x</TIMEX3></DCT>'
        '<TEXT>\r\nOn <TIMEX3 type="DATE" value="1998-08-06">'
        '<EVENT eid="e1">Thursday</EVENT> night</TIMEX3> <!-- note --> &lt;ok&gt;</TEXT></TimeML>'
    )
    document = parse_timeml(markup)
    assert document.text == "\r\nOn Thursday night  <ok>"
    [timex] = document.timexes
    assert (timex.start, timex.end, timex.text) == (5, 19, "Thursday night")
    assert document.dct.isoformat() == "1998-08-07T12:00:00"


def test_malformed_timeml_is_a_value_error():
    with pytest.raises(ValueError, match="not well-formed"):
        parse_timeml("<TimeML><DCT>", name="broken")


def test_platinum_gold_offsets_match_the_raw_input():
    documents = platinum_documents()
    assert len(documents) == 20
    assert sum(len(d.timexes) for d in documents) == 138
    for document in documents:
        for timex in document.timexes:
            assert document.text[timex.start : timex.end] == timex.text


def test_tweetime_splits():
    assert len(read_tweetime("test")) == 200
    assert len(read_tweetime("dev")) == 49
    with pytest.raises(ValueError):
        read_tweetime("train")

"""`osnguard paraphrase` and the MSRP pair reader."""

from __future__ import annotations

import json

import pytest

from osnguard.privacy.cli import main
from osnguard.privacy.paraphrase.msrp import msrp_split, read_pairs

LINES = [
    "1\t1\t2\tThe study is being published today in the journal Science\tTheir findings were published today in Science.",
    "0\t3\t4\tThe study is being published today in the journal Science\tI made pancakes for breakfast.",
]


def write(tmp_path, lines, name="pairs.txt", bom=True):
    path = tmp_path / name
    path.write_bytes(("\ufeff" if bom else "").encode() + "\n".join(lines).encode("utf-8") + b"\n")
    return path


def test_shared_msrp_has_no_header_line():
    train, test = msrp_split("train"), msrp_split("test")
    assert (len(train), sum(p.label for p in train)) == (4076, 2753)
    assert (len(test), sum(p.label for p in test)) == (1725, 1147)
    assert train[0].ids == ("702876", "702977") and train[0].line == 1


def test_reader_accepts_header_unlabelled_and_two_column_lines(tmp_path):
    header = "Quality\t#1 ID\t#2 ID\t#1 String\t#2 String"
    path = write(tmp_path, [header, LINES[0], "?\t5\t6\ta\tb", "one\ttwo", ""], bom=False)
    pairs = read_pairs(path)
    assert [p.label for p in pairs] == [True, None, None]
    assert (pairs[2].a, pairs[2].b) == ("one", "two")


@pytest.mark.parametrize(
    "content, message",
    [
        (b"1\t1\t2\tgood\t\xff\xfebad\n", "line 1: not valid UTF-8"),
        (b"1\t1\t2\tonly four\n", "expected 5 tab-separated fields"),
        (b"yes\t1\t2\ta\tb\n", "Quality must be"),
    ],
)
def test_reader_errors_name_the_line(tmp_path, content, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=message):
        read_pairs(path)


def test_cli_prints_accuracy_and_writes_scores(tmp_path, capsys):
    pairs, out = write(tmp_path, LINES), tmp_path / "scores.jsonl"
    assert main(["paraphrase", "--pairs", str(pairs), "--out", str(out), "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out) == {"accuracy": 1.0, "f1": 1.0, "n": 2}
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["paraphrase"] for r in records] == [True, False]
    assert records[0]["probability"] > records[1]["probability"]
    tsv = tmp_path / "scores.tsv"
    assert main(["paraphrase", "--pairs", str(pairs), "--out", str(tsv), "--quiet"]) == 0
    assert tsv.read_text().splitlines()[0] == "id1\tid2\tprobability\tparaphrase\tlabel"


def test_cli_without_labels_counts_paraphrases(tmp_path, capsys):
    pairs = write(tmp_path, ["a cat sat on the mat\ta cat sat on the mat"])
    assert main(["paraphrase", "--pairs", str(pairs), "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out) == {"n": 1, "paraphrases": 1}


def test_cli_bad_input_is_a_clear_error(tmp_path, capsys):
    huge = write(tmp_path, ["1\t1\t2\t" + "word " * 200_000 + "\tword"], name="huge.txt")
    assert main(["paraphrase", "--pairs", str(huge), "--quiet"]) == 2
    assert "line 1, #1 String is 1,000,000 characters" in capsys.readouterr().err
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"1\t1\t2\t\xc3\x28\tok\n")
    assert main(["paraphrase", "--pairs", str(binary), "--quiet"]) == 2
    assert "not valid UTF-8" in capsys.readouterr().err
    assert main(["paraphrase", "--pairs", str(tmp_path / "missing.txt"), "--quiet"]) == 2
    empty = write(tmp_path, [""], name="empty.txt")
    assert main(["paraphrase", "--pairs", str(empty), "--quiet"]) == 2
    assert "no sentence pairs" in capsys.readouterr().err


def test_accurate_by_default_and_fast_on_request(tmp_path, capsys):
    path = write(tmp_path, LINES)
    scores = {}
    for flag in ([], ["--fast"]):
        out = tmp_path / f"scores{len(flag)}.jsonl"
        assert main(["paraphrase", "--pairs", str(path), "--quiet", "--out", str(out), *flag]) == 0
        assert json.loads(capsys.readouterr().out.strip()) == {"accuracy": 1.0, "f1": 1.0, "n": 2}
        scores[bool(flag)] = [
            json.loads(line)["probability"] for line in out.read_text().splitlines()
        ]
    assert scores[False] != scores[True]  # the stack and the hand-built model score differently

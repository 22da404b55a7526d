"""Mondrian partitioning over taxonomy paths: every class has at least k records (property
tests over random hierarchies), released values are ancestors of every member's value, and the
utility figures follow their definitions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from osnguard.privacy.publishing import mondrian
from osnguard.privacy.publishing.mondrian import NOT_STATED, ROOT

ATTRIBUTES = ("region", "job", "age")
# paths drawn from a small random tree: up to three levels of branching a-c
node = st.sampled_from("abc")
path = st.one_of(
    st.just(NOT_STATED),
    st.lists(node, min_size=0, max_size=3).map(tuple),
)
row = st.fixed_dictionaries(dict.fromkeys(ATTRIBUTES, path))


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(row, min_size=0, max_size=60), k=st.integers(min_value=1, max_value=12))
def test_every_class_has_at_least_k_records_and_releases_ancestors(rows, k):
    released, suppressed = mondrian.mondrian_release(rows, ATTRIBUTES, k)
    keep = [i for i in range(len(rows)) if i not in suppressed]
    groups = mondrian.classes(released, keep)
    if len(rows) < k:
        assert suppressed == list(range(len(rows))) and groups == []
        return
    assert suppressed == []
    assert sorted(i for members in groups for i in members) == list(range(len(rows)))
    assert all(len(members) >= k for members in groups)
    for i, values in enumerate(rows):
        for attribute in ATTRIBUTES:
            node_ = released[i][attribute]
            assert values[attribute][: len(node_)] == node_  # an ancestor, never a sibling
    sizes = [len(members) for members in groups]
    if k >= 2:
        assert mondrian.unique_share(sizes, len(keep)) == 0.0


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(row, min_size=1, max_size=40))
def test_k_of_one_releases_every_value_as_stated(rows):
    released, _ = mondrian.mondrian_release(rows, ATTRIBUTES, 1)
    distinct = {tuple(sorted(r.items())) for r in rows}
    groups = mondrian.classes(released, range(len(rows)))
    assert len(groups) == len(distinct)


def test_partition_splits_on_the_children_of_the_common_ancestor():
    rows = [{"region": ("AS", "JP", "Tokyo")}] * 3 + [{"region": ("AS", "JP", "Osaka")}] * 3
    rows += [{"region": ("AS", "JP", "Kyoto")}] + [{"region": ("EU", "FR", "Paris")}] * 3
    released, _ = mondrian.mondrian_release(rows, ["region"], 3)
    shown = [released[i]["region"] for i in range(len(rows))]
    # Kyoto alone is too few: pooled into the smallest child, which is released as Japan
    assert shown[:3] == [("AS", "JP")] * 3 and shown[6] == ("AS", "JP")
    assert shown[3:6] == [("AS", "JP", "Osaka")] * 3
    assert shown[7:] == [("EU", "FR", "Paris")] * 3
    assert sorted(len(m) for m in mondrian.classes(released, range(len(rows)))) == [3, 3, 4]


def test_a_split_that_would_leave_a_class_below_k_is_not_made():
    rows = [{"region": ("AS", "JP", "Tokyo")}] * 6 + [{"region": ("EU", "FR", "Paris")}] * 2
    released, _ = mondrian.mondrian_release(rows, ["region"], 3)
    assert {released[i]["region"] for i in range(8)} == {ROOT}


def test_fewer_rows_than_k_are_all_suppressed():
    _released, suppressed = mondrian.mondrian_release([{"job": ("a",)}], ["job"], 2)
    assert suppressed == [0]
    assert mondrian.discernibility([], 1, 1) == 1


def test_discernibility_and_loss_follow_their_definitions():
    assert mondrian.discernibility([3, 2], 0, 5) == 13
    assert mondrian.discernibility([3], 2, 5) == 9 + 10
    rows = [{"job": ("p", "a")}, {"job": ("p", "b")}, {"job": ("q",)}, {"job": NOT_STATED}]
    released = [{"job": ("p",)}, {"job": ("p",)}, {"job": ("q",)}, {"job": NOT_STATED}]
    lm, per = mondrian.loss(rows, released, ["job"], range(4))
    # domain m = 3 values; ("p",) covers 2 -> (2-1)/3 for two rows, ("q",) as stated -> 0
    assert per["job"] == pytest.approx((1 / 3 + 1 / 3 + 0) / 3, abs=1e-4)
    assert lm == per["job"]


def test_simple_anonymization_generalizes_by_fixed_rules():
    assert mondrian.simple_node("gender", ("female",)) == ROOT
    assert mondrian.simple_node("age", ("20-39", "20-29", "27")) == ("20-39", "20-29")
    assert mondrian.simple_node("region", ("AS", "JP", "Tokyo")) == ("AS", "JP")
    assert mondrian.simple_node("region", NOT_STATED) == NOT_STATED


def test_k_must_be_positive():
    with pytest.raises(ValueError):
        mondrian.partition([], ["job"], 0)

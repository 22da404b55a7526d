"""Train the paraphrase cross-encoder's adapters on MSRP train (a developer's step, PyTorch).

`osnguard train paraphrase_encoder` fine-tunes all-MiniLM-L6-v2 as a cross-encoder with low-rank
adapters (LoRA, rank 8, on every dense layer) plus its layer norms, token-type embeddings,
pooler and a one-logit head, on four fifths of MSRP train (each pair in both orders, three
epochs, AdamW, linear warm-up and decay). The fifth held out (`held_out_rows`) is what the
detector's stack is fitted on, so no train pair's stacked feature comes from a model that saw it.
It needs PyTorch (`pip install torch==2.13.0`, the CPU build) and takes about 15 minutes on two
cores; the engine reads the result with numpy (`encoder.PairEncoder`), never with PyTorch.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import numpy as np

from osnguard.privacy import artifacts
from osnguard.privacy.paraphrase.encoder import (
    LORA_LAYERS,
    SPEC,
    base_model_dir,
    held_out_rows,
    padded,
)
from osnguard.privacy.paraphrase.msrp import msrp_split

RANK = 8
ALPHA = 16
EPOCHS = 3
LEARNING_RATE = 1e-3
BATCH = 16
SEED = 0


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise artifacts.ModelUnavailable(
            "training the paraphrase cross-encoder needs PyTorch: "
            "pip install torch==2.13.0 (the CPU build; about 15 minutes on two cores)"
        ) from None
    return torch


def train_model(folder: Path | None = None) -> Path:
    """Fine-tune on MSRP train minus the held-out fifth and install the adapters in `folder`."""
    torch = _torch()
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    torch.manual_seed(SEED)
    torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
    rng = random.Random(SEED)
    base = base_model_dir()
    weights = {
        k.removeprefix("bert."): torch.tensor(v.astype(np.float32))
        for k, v in load_file(str(base / "model.safetensors")).items()
    }
    tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))
    tokenizer.enable_truncation(max_length=128)
    tokenizer.no_padding()
    pairs = msrp_split("train")
    held = set(held_out_rows(len(pairs)))
    kept = [p for i, p in enumerate(pairs) if i not in held]
    examples = [(p.a, p.b, float(bool(p.label))) for p in kept]
    examples += [(b, a, label) for a, b, label in examples]
    model = _cross_encoder(torch, weights)
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(trainable, lr=LEARNING_RATE, weight_decay=0.01)
    steps = EPOCHS * math.ceil(len(examples) / BATCH)
    warm = int(0.06 * steps)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser,
        lambda s: min((s + 1) / max(warm, 1), max(0.0, (steps - s) / max(steps - warm, 1))),
    )
    for _ in range(EPOCHS):
        model.train()
        rng.shuffle(examples)
        for start in range(0, len(examples), BATCH * 20):  # similar lengths batched together
            chunk = sorted(
                examples[start : start + BATCH * 20], key=lambda e: len(e[0]) + len(e[1])
            )
            batches = [chunk[i : i + BATCH] for i in range(0, len(chunk), BATCH)]
            rng.shuffle(batches)
            for batch in batches:
                ids, types, mask = _encode(torch, tokenizer, [(a, b) for a, b, _ in batch])
                labels = torch.tensor([e[2] for e in batch])
                loss = torch.nn.functional.binary_cross_entropy_with_logits(
                    model(ids, types, mask), labels
                )
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
                schedule.step()
    tuned = {k: v.detach().numpy() for k, v in model.named_parameters() if v.requires_grad}
    tuned["scale"] = np.array(ALPHA / RANK, np.float32)
    (name,) = SPEC.files
    out = folder or artifacts.models_dir()
    temporary = artifacts.temporary_path(out, name)
    with temporary.open("wb") as handle:
        np.savez(handle, **tuned)
    artifacts.install(SPEC, {name: temporary}, out)
    return out / name


def _encode(torch: Any, tokenizer: Any, pairs: list[tuple[str, str]]) -> tuple[Any, Any, Any]:
    ids, types, mask = padded(tokenizer.encode_batch(pairs))
    return torch.from_numpy(ids), torch.from_numpy(types), torch.from_numpy(mask)


def _cross_encoder(torch: Any, weights: dict[str, Any]) -> Any:
    """The BERT cross-encoder in PyTorch, with the names `encoder._merge` reads back."""
    nn, functional = torch.nn, torch.nn.functional

    class Adapted(nn.Module):  # type: ignore[misc,name-defined]
        def __init__(self, weight: Any, bias: Any) -> None:
            super().__init__()
            self.weight = nn.Parameter(weight, requires_grad=False)
            self.bias = nn.Parameter(bias, requires_grad=False)
            outputs, inputs = weight.shape
            self.a = nn.Parameter(torch.randn(RANK, inputs) / math.sqrt(inputs))
            self.b = nn.Parameter(torch.zeros(outputs, RANK))

        def forward(self, x: Any) -> Any:
            low_rank = (x @ self.a.T @ self.b.T) * (ALPHA / RANK)
            return functional.linear(x, self.weight, self.bias) + low_rank

    def layer_norm(name: str) -> Any:
        norm = nn.LayerNorm(weights[f"{name}.weight"].shape[0], eps=1e-12)
        norm.weight = nn.Parameter(weights[f"{name}.weight"].clone())
        norm.bias = nn.Parameter(weights[f"{name}.bias"].clone())
        return norm

    class CrossEncoder(nn.Module):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.word = nn.Parameter(
                weights["embeddings.word_embeddings.weight"], requires_grad=False
            )
            self.pos = nn.Parameter(
                weights["embeddings.position_embeddings.weight"], requires_grad=False
            )
            self.typ = nn.Parameter(weights["embeddings.token_type_embeddings.weight"].clone())
            self.eln = layer_norm("embeddings.LayerNorm")
            self.layers = nn.ModuleList()
            count = 1 + max(int(k.split(".")[2]) for k in weights if k.startswith("encoder.layer."))
            for n in range(count):
                p = f"encoder.layer.{n}"
                layer = nn.ModuleDict(
                    {
                        key: Adapted(weights[f"{p}.{name}.weight"], weights[f"{p}.{name}.bias"])
                        for key, name in LORA_LAYERS.items()
                    }
                )
                layer["ln1"] = layer_norm(f"{p}.attention.output.LayerNorm")
                layer["ln2"] = layer_norm(f"{p}.output.LayerNorm")
                self.layers.append(layer)
            size = self.typ.shape[1]
            self.pooler = nn.Linear(size, size)
            self.pooler.weight = nn.Parameter(weights["pooler.dense.weight"].clone())
            self.pooler.bias = nn.Parameter(weights["pooler.dense.bias"].clone())
            self.head = nn.Linear(size, 1)
            nn.init.normal_(self.head.weight, std=0.02)
            nn.init.zeros_(self.head.bias)
            self.drop = nn.Dropout(0.1)
            self.heads = 12

        def forward(self, ids: Any, types: Any, mask: Any) -> Any:
            batch, length = ids.shape
            x = self.drop(self.eln(self.word[ids] + self.pos[:length][None] + self.typ[types]))
            blocked = (1.0 - mask)[:, None, None, :] * -1e9
            size = x.shape[-1] // self.heads
            for layer in self.layers:
                q, k, v = (
                    layer[key](x).view(batch, length, self.heads, size).transpose(1, 2)
                    for key in ("q", "k", "v")
                )
                attention = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(size) + blocked, -1)
                context = (self.drop(attention) @ v).transpose(1, 2).reshape(batch, length, -1)
                x = layer["ln1"](x + self.drop(layer["o"](context)))
                x = layer["ln2"](x + self.drop(layer["out"](functional.gelu(layer["i"](x)))))
            pooled = torch.tanh(self.pooler(x[:, 0]))
            return self.head(self.drop(pooled)).squeeze(-1)

    return CrossEncoder()

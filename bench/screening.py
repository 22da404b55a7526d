"""Screening at scale: documents/s of the retrieval index against 10,000 stored messages of 150
versions each, and its recall against the exhaustive comparison on planted leaks.

    .venv/bin/python bench/screening.py                  # 10,000 messages, 300 leaks, 2,000 docs
    .venv/bin/python bench/screening.py --messages 500   # a quick run

Stored messages are real texts (ppdp tweets, MSRP and TAB sentences); each gets 150 versions by a
cheap random WordNet synonym substitution (the index only sees words, so the fingerprint code
does not matter here). Crawled documents are a stream of planted leaks (the attacks of
bench/leak_attacks.py applied to a random stored version) and texts that are not stored.

Exhaustive comparison: every document against every version of every stored message with the
attribution's lexical pre-check (a sparse matrix product, independent of the index), then the
full `attribute()` on the messages that pass. Recall = share of those disclosures the index
shortlisted. Throughput is measured single-process for the shortlist alone and for shortlist +
`attribute()` on each shortlisted message (versions prepared once, as a worker would cache them).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import logging
import os
import pstats
import random
import re
import resource
import sys
import time
from pathlib import Path

import numpy as np
from scipy import sparse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import leak_attacks as la
from osnguard.privacy import attribution, resources
from osnguard.privacy.retrieval import MIN_SHARED, THETA, ScreeningIndex, terms
from osnguard.privacy.types import Version


def tab_sentences() -> list[str]:
    """Sentences of 8-40 words from the TAB court cases (to reach 10,000 stored messages)."""
    sentences = []
    with open(resources.corpus_path("tab", "tab_entity_data_144.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            for sentence in re.split(r"(?<=[.!?])\s+", json.loads(line)["text"]):
                sentence = " ".join(sentence.split())
                if 8 <= len(sentence.split()) <= 40:
                    sentences.append(sentence)
    return sentences


def all_texts() -> list[str]:
    """Every distinct text available: ppdp private tweets, MSRP sentences, TAB sentences."""
    messages = la.load_messages()
    texts = (
        [m.text for m in messages]
        + [m.same_topic for m in messages if m.same_topic]
        + tab_sentences()
    )
    seen: set[str] = set()
    return [t for t in texts if not (t in seen or seen.add(t))]


def synonym_table(words: set[str]) -> dict[str, list[str]]:
    wn = resources.wordnet()
    table = {}
    for word in words:
        options = []
        for synset in wn.synsets(word)[:2]:
            for name in synset.lemma_names():
                name = name.lower()
                if name.isalpha() and name != word and name not in options:
                    options.append(name)
        if options:
            table[word] = options[:3]
    return table


def cheap_versions(
    text: str, table: dict[str, list[str]], rng: random.Random, count: int = 150
) -> list[str]:
    tokens = text.split(" ")
    slots = [i for i, t in enumerate(tokens) if t.lower() in table][:10]
    versions = []
    for _ in range(count):
        out = list(tokens)
        for i in slots:
            out[i] = rng.choice([tokens[i], *table[tokens[i].lower()]])
        versions.append(" ".join(out))
    return versions


def resident_mb() -> float:
    """This process's resident memory now (Linux /proc), in MB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def index_memory(versions: list[list[str]]) -> int:
    """The resident memory a detect worker's index takes: RSS before and after building it from
    texts already in memory, keeping nothing else."""
    gc.collect()
    before = resident_mb()
    index = ScreeningIndex()
    for message_id, texts_ in enumerate(versions):
        index.add_terms(message_id, [terms(t) for t in texts_])
    for term_id in list(index._postings):  # as after many queries: every posting also an array
        index._array(term_id)
    gc.collect()
    grown = resident_mb() - before
    n_versions = sum(len(v) for v in versions)
    print(
        f"index of {len(versions):,} messages, {n_versions:,} versions: {grown:,.0f} MB resident "
        f"({grown / (n_versions / 1e6):,.0f} MB per million stored versions)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--leaks", type=int, default=300)
    parser.add_argument(
        "--documents", type=int, default=2_000, help="documents timed for throughput"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--lexical-only", action="store_true", help="disclosure without the paraphrase detector"
    )
    parser.add_argument(
        "--index-memory",
        action="store_true",
        help="only measure the resident memory of the index (per million stored versions)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="print the N costliest functions of the timed run",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    rng = random.Random(args.seed)

    texts = all_texts()
    rng.shuffle(texts)
    if len(texts) <= args.messages:
        raise SystemExit(f"only {len(texts)} texts available; ask for fewer --messages")
    stored, outside = texts[: args.messages], texts[args.messages :]
    table = synonym_table(
        {t.lower() for text in stored for t in text.split(" ") if t.isalpha() and len(t) > 3}
    )

    started = time.perf_counter()
    versions = [cheap_versions(text, table, rng) for text in stored]
    generated = time.perf_counter() - started
    if args.index_memory:
        return index_memory(versions)
    started = time.perf_counter()
    index = ScreeningIndex()
    version_terms: list[list[frozenset[str]]] = []
    for message_id, texts_ in enumerate(versions):
        per_version = [terms(t) for t in texts_]
        version_terms.append(per_version)
        index.add_terms(message_id, per_version)
    built = time.perf_counter() - started
    size = len(index.to_bytes())
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    n_versions = sum(len(v) for v in versions)
    print(
        f"stored: {len(stored):,} messages x 150 versions = {n_versions:,} versions "
        f"(generated in {generated:.0f}s)"
    )
    print(
        f"index build: {built:.0f}s ({n_versions / built:,.0f} versions/s), serialised {size / 1e6:.2f} MB, "
        f"peak RSS of this process {rss:,.0f} MB"
    )

    # Documents: planted leaks and texts that are not stored.
    leaks = []
    attacks = list(la.ATTACKS.items())
    for i in range(args.leaks):
        message_id = rng.randrange(len(stored))
        name, attack = attacks[i % len(attacks)]
        leaks.append((message_id, name, attack(rng.choice(versions[message_id]), rng)))
    others = rng.sample(outside, min(len(outside), args.documents))

    # Exhaustive pre-check: a sparse version x term matrix, independent of the index.
    vocabulary: dict[str, int] = {}
    rows, cols, sizes, owner = [], [], [], []
    for message_id, per_version in enumerate(version_terms):
        for vt in per_version:
            row = len(sizes)
            sizes.append(len(vt))
            owner.append(message_id)
            for term in vt:
                rows.append(row)
                cols.append(vocabulary.setdefault(term, len(vocabulary)))
    matrix = sparse.csc_matrix(
        (np.ones(len(rows), dtype=np.int32), (rows, cols)), shape=(len(sizes), len(vocabulary))
    )  # column slices are cheap
    sizes_arr, owner_arr = np.array(sizes), np.array(owner)
    del version_terms

    def exhaustive_precheck(text: str) -> set[int]:
        text_terms = [vocabulary[t] for t in terms(text) if t in vocabulary]
        n_terms = len(terms(text))
        if not text_terms or not n_terms:
            return set()
        shared = np.asarray(matrix[:, text_terms].sum(axis=1)).ravel()
        # required_shared() for every version at once
        need = np.maximum(
            np.minimum(MIN_SHARED, sizes_arr),
            np.ceil(THETA * np.minimum(sizes_arr, n_terms) - 1e-9),
        ).astype(int)
        need[sizes_arr == 0] = 10**9
        return set(owner_arr[shared >= need].tolist())

    lexical = args.lexical_only
    detector = None if lexical else attribution.default_detector()
    prepared_cache: dict[int, attribution.PreparedMessage] = {}

    def prepared(message_id: int) -> attribution.PreparedMessage:
        if message_id not in prepared_cache:
            prepared_cache[message_id] = attribution.prepare(
                [
                    Version(f"friend{i:03d}", f"group{i // 30 + 1}", t)
                    for i, t in enumerate(versions[message_id])
                ]
            )
        return prepared_cache[message_id]

    found_by_exhaustive = found_by_index = planted_found = 0
    missed: list[str] = []
    for message_id, name, text in leaks:
        candidates = exhaustive_precheck(text)
        results = attribution.attribute_many(
            {m: prepared(m) for m in candidates}, text, detector=detector, lexical_only=lexical
        )
        disclosed = {m for m, result in results.items() if result.disclosure}
        shortlist = set(index.shortlist(text))
        found_by_exhaustive += len(disclosed)
        found_by_index += len(disclosed & shortlist)
        planted_found += message_id in shortlist
        if disclosed - shortlist:
            missed.append(f"{name}: {text[:80]}")
    recall = found_by_index / found_by_exhaustive if found_by_exhaustive else 1.0
    print(
        f"planted leaks: {len(leaks)}; disclosures found by the exhaustive comparison: {found_by_exhaustive}, "
        f"of which the index shortlisted {found_by_index} (recall {recall:.3f}); "
        f"planted message in the shortlist: {planted_found}/{len(leaks)}"
    )
    for line in missed[:5]:
        print("  missed:", line)

    # Throughput, one process: the stream is the non-stored texts plus the planted leaks.
    stream = others + [text for _, _, text in leaks]
    rng.shuffle(stream)
    stream = stream[: args.documents]
    started = time.perf_counter()
    shortlisted = [index.shortlist(text) for text in stream]
    screen = time.perf_counter() - started
    lengths = [len(s) for s in shortlisted]
    print(
        f"shortlist only: {len(stream) / screen:,.0f} documents/s over {len(stream)} documents "
        f"(mean shortlist {np.mean(lengths):.2f}, max {max(lengths)})"
    )
    sample = stream[: min(len(stream), 500)]
    for text in sample:  # warm the prepared-versions cache, as a long-running worker would have
        for message_id in index.shortlist(text):
            prepared(message_id)
    profiler = cProfile.Profile() if args.profile else None
    started = time.perf_counter()
    if profiler:
        profiler.enable()
    for text in sample:  # one batched detector call per document
        attribution.attribute_many(
            {m: prepared(m) for m in index.shortlist(text)},
            text,
            detector=detector,
            lexical_only=lexical,
        )
    full = time.perf_counter() - started
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
    how = "lexical overlap only" if lexical else "the paraphrase detector"
    print(
        f"shortlist + attribute() with {how}: {len(sample) / full:,.0f} documents/s "
        f"over {len(sample)} documents"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

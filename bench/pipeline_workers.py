"""Detection throughput of the Celery pipeline on Redis with 1 and 2 worker processes.

    .venv/bin/python bench/pipeline_workers.py --messages 300 --documents 400 --workers 1 2

Builds a throwaway database (SQLite in a temporary folder, or --database-url) holding
`--messages` real messages (ppdp tweets, MSRP sentences) of an author with 150 friends, each
message with 150 fingerprinted versions (bench/leak_attacks.synonym_versions). Then it stores
`--documents` crawled documents, half of them planted leaks (the five light attacks on a random
version) and half texts that are not stored, and runs the `detect_document` task for every
document through real worker processes (solo pool, one process each) on a private Redis.

Prints one JSON line per worker count: documents/s over the whole run (including each worker
building its screening index), documents/s once every worker was warm, and how many planted
leaks became disclosures naming the right friend.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_redis(folder: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return process, f"redis://127.0.0.1:{port}/0"


def build(args: argparse.Namespace) -> tuple[int, list[tuple[int, str | None]]]:
    """Store the messages and documents; return the author id and (document id, leaker id)."""
    from django.contrib.auth import get_user_model

    from bench import leak_attacks as la
    from osnguard.circles.models import FriendGroup, Friendship
    from osnguard.disclosures.crawler.extract import content_hash
    from osnguard.disclosures.models import CandidateDocument
    from osnguard.posts.services import GroupDraft, VersionDraft, message_store
    from osnguard.privacy.serialization import to_data

    User = get_user_model()
    rng = random.Random(args.seed)
    groups = la.make_groups(150, 5)
    author = User.objects.create_user(username="bench-author", password="!")
    friend_users = {
        name: User.objects.create_user(username=name, password="!")
        for g in groups
        for name in g["friends"]
    }
    for g in groups:
        group = FriendGroup.objects.create(owner=author, name=g["name"], level=g["level"])
        Friendship.objects.bulk_create(
            Friendship(owner=author, friend=friend_users[f], group=group) for f in g["friends"]
        )
    texts = [m.text for m in la.load_messages()]
    rng.shuffle(texts)
    stored: list[list] = []
    spare = iter(texts)
    for text in spare:
        if len(stored) == args.messages:
            break
        versions = la.synonym_versions(text, groups, rng)
        if versions is None:
            continue
        message_store(
            author=author,
            text=text,
            fingerprinted=True,
            private=True,
            groups=[GroupDraft(name=g["name"], level=g["level"], text=text) for g in groups],
            versions=[
                VersionDraft(
                    recipient_id=friend_users[v.friend].pk,
                    group_name=v.group,
                    text=v.text,
                    choices=to_data(v.choices),
                )
                for v in versions
            ],
        )
        stored.append(versions)
    documents: list[tuple[int, str | None]] = []
    attacks = [la.ATTACKS[name] for name in la.LIGHT_ATTACKS]
    for i in range(args.documents):
        if i % 2 == 0:
            version = rng.choice(rng.choice(stored))
            text, leaker = (
                rng.choice(attacks)(version.text, rng),
                str(friend_users[version.friend].pk),
            )
        else:
            text, leaker = next(spare), None
        row, created = CandidateDocument.objects.get_or_create(
            content_hash=content_hash(text),
            defaults={"url": f"http://bench.test/{i}", "text": text},
        )
        if created:
            documents.append((row.pk, leaker))
    return author.pk, documents


def run(
    workers: int,
    documents: list[tuple[int, str | None]],
    env: dict[str, str],
    tmp: Path,
    redis_url: str,
    timeout: float,
) -> dict:
    from celery import Celery

    from osnguard.disclosures.models import CandidateDocument, Disclosure, Notification

    Disclosure.objects.all().delete()
    Notification.objects.all().delete()
    CandidateDocument.objects.update(screened_at=None)
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "osnguard.celery",
                "worker",
                "-Q",
                "detect",
                "--pool",
                "solo",
                "--without-heartbeat",
                "--without-gossip",
                "--without-mingle",
                "-n",
                f"bench{workers}-{i}@%h",
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=env,
            stdout=open(tmp / f"worker{workers}-{i}.log", "w"),  # noqa: SIM115 (the worker keeps it)
            stderr=subprocess.STDOUT,
        )
        for i in range(workers)
    ]
    sender = Celery("bench-sender", broker=redis_url)
    started = time.time()
    try:
        for document_id, _ in documents:
            sender.send_task(
                "osnguard.disclosures.tasks.detect_document", args=[document_id], queue="detect"
            )
        ids = [d for d, _ in documents]
        while CandidateDocument.objects.filter(pk__in=ids, screened_at__isnull=True).exists():
            if time.time() - started > timeout:
                raise SystemExit(f"timed out after {timeout:.0f}s; see {tmp}/worker*.log")
            time.sleep(0.5)
        elapsed = time.time() - started
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
        sender.close()
    stamps = sorted(
        CandidateDocument.objects.filter(pk__in=ids).values_list("screened_at", flat=True)
    )
    warm_index = min(len(stamps) - 1, 4 * workers)  # after every worker has built its index
    warm = (stamps[-1] - stamps[warm_index]).total_seconds()
    found = {(d.document_id, str(d.suspect_id)) for d in Disclosure.objects.all()}
    planted = [(d, leaker) for d, leaker in documents if leaker]
    return {
        "workers": workers,
        "documents": len(documents),
        "seconds": round(elapsed, 1),
        "documents_per_second": round(len(documents) / elapsed, 1),
        "documents_per_second_warm": round((len(stamps) - 1 - warm_index) / warm, 1)
        if warm > 0
        else None,
        "planted_leaks": len(planted),
        "planted_named_right": sum((d, leaker) in found for d, leaker in planted),
        "disclosures": Disclosure.objects.count(),
        "disclosures_on_unrelated": Disclosure.objects.filter(
            document_id__in=[d for d, leaker in documents if not leaker]
        ).count(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--documents", type=int, default=400)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    args = parser.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="osnguard-bench-"))
    redis, redis_url = start_redis(tmp)
    env = dict(os.environ.items())
    env.update(
        {
            "OSNGUARD_VAR_DIR": str(tmp / "var"),
            "REDIS_URL": redis_url,
            "DATABASE_URL": args.database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
            "DJANGO_SETTINGS_MODULE": "osnguard.settings",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        }
    )
    os.environ.update(env)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        built = time.time()
        _, documents = build(args)
        print(
            json.dumps(
                {
                    "built_in_seconds": round(time.time() - built, 1),
                    "messages": args.messages,
                    "versions_per_message": 150,
                    "documents": len(documents),
                }
            ),
            flush=True,
        )
        for workers in args.workers:
            print(
                json.dumps(run(workers, documents, env, tmp, redis_url, args.timeout)), flush=True
            )
    finally:
        redis.terminate()
        redis.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

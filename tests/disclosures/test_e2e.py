"""End to end with real worker processes: crawl a feed, a web page and a Mastodon-like API on
127.0.0.1, detect and attribute the leaked versions, notify the owner, and never duplicate.
Once over real Redis and once over the embedded filesystem broker."""

from __future__ import annotations

import pytest
from workers import start_worker, stop_worker, wait_for, worker_log

from osnguard.disclosures.models import CandidateDocument, CrawlJob, Disclosure, Notification

from .leakworld import all_finished, build_world, send_crawls, sender_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
PIPELINE_TIMEOUT = 240


def isolated_redis(redis_url: str, db: int) -> str:
    """The same server, another database number, so queues of other tests never mix in."""
    import redis

    base = redis_url.rsplit("/", 1)[0]
    url = f"{base}/{db}"
    redis.Redis.from_url(url).flushdb()
    return url


def run_pipeline(tmp_path, server, broker_url: str | None):
    world = build_world(server)
    env = {"CRAWLER_ALLOWED_NETWORKS": "127.0.0.0/8"}
    if broker_url:
        env["REDIS_URL"] = broker_url
        sender = sender_for(broker_url)
    else:
        sender = sender_for("filesystem", var_dir=tmp_path / "worker-var")
    worker = start_worker(tmp_path, "crawl,detect,default", env, pool="prefork", concurrency=2)
    try:
        jobs = send_crawls(sender, world.sources)
        try:
            wait_for(lambda: all_finished(jobs), timeout=PIPELINE_TIMEOUT, what="the crawls")
        except AssertionError:
            print(worker_log(tmp_path))
            raise
        for job in CrawlJob.objects.filter(pk__in=[j.pk for j in jobs]):
            assert job.status == CrawlJob.Status.DONE, (job.source.name, job.error)
        disclosures = {
            d.source.name: d for d in Disclosure.objects.select_related("source", "suspect")
        }
        assert set(disclosures) == {"Gossip blog", "Forum thread", "Social"}, worker_log(tmp_path)
        for name, place in (
            ("Gossip blog", "feed"),
            ("Forum thread", "page"),
            ("Social", "mastodon"),
        ):
            assert disclosures[name].suspect == world.leakers[place], (
                name,
                disclosures[name].explanation,
            )
        for disclosure in disclosures.values():
            assert disclosure.owner == world.adam and disclosure.message == world.message
            assert disclosure.verdict == "friend" and disclosure.evidence
        assert Notification.objects.filter(user=world.adam, kind="disclosure").count() == 3
        documents = CandidateDocument.objects.count()

        again = send_crawls(sender, world.sources)  # a re-crawl finds the same texts again
        wait_for(lambda: all_finished(again), timeout=PIPELINE_TIMEOUT, what="the re-crawls")
        assert Disclosure.objects.count() == 3
        assert Notification.objects.filter(kind="disclosure").count() == 3
        assert CandidateDocument.objects.count() == documents
    finally:
        stop_worker(worker)
        sender.close()


@pytest.mark.redis
def test_pipeline_over_redis(tmp_path, server, redis_url):
    run_pipeline(tmp_path, server, isolated_redis(redis_url, 5))


def test_pipeline_over_the_embedded_broker(tmp_path, server):
    run_pipeline(tmp_path, server, None)

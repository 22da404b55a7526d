"""Faults on real Redis: a worker killed mid-crawl loses nothing, and with Redis stopped the web
app keeps serving, says clearly that crawls wait, and crawls resume once Redis is back."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time

import pytest
import requests
from timetravel import python_command
from workers import ROOT, start_worker, stop_worker, test_database_url, wait_for, worker_log

from osnguard.disclosures.models import CrawlJob, Disclosure, Notification

from .leakworld import all_finished, build_world, send_crawls, sender_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.redis]


@pytest.fixture
def fast_password_hashing():
    """Real password hashing here: the web app under test runs in its own process and settings."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PrivateRedis:
    """A redis-server of this test's own, so it can be stopped without harming other tests."""

    def __init__(self, folder) -> None:
        self.port, self.folder, self.process = free_port(), folder, None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed: scripts/setup.sh --test installs it")
        self.process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, timeout=10, what="redis-server")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def test_worker_killed_mid_crawl_loses_nothing(tmp_path, server, redis_url):
    redis = PrivateRedis(tmp_path)
    redis.start()
    try:
        world = build_world(server)
        fast_feed = server.routes["/feed.xml"]

        def slow_feed(request):
            time.sleep(6)  # long enough to kill the worker while it waits
            fast_feed(request)

        server.routes["/feed.xml"] = slow_feed
        env = {
            "REDIS_URL": redis.url,
            "CRAWLER_ALLOWED_NETWORKS": "127.0.0.0/8",
            "CELERY_VISIBILITY_TIMEOUT": "4",
            "CELERY_UNACKED_RESTORE_INTERVAL": "1",
            "CELERY_UNACKED_RESTORE_THROTTLE": "1",
        }
        sender = sender_for(redis.url)
        worker = start_worker(tmp_path, "crawl,detect,default", env, pool="prefork", concurrency=1)
        try:
            (job,) = send_crawls(sender, world.sources[:1])
            wait_for(
                lambda: CrawlJob.objects.get(pk=job.pk).status == CrawlJob.Status.RUNNING,
                timeout=120,
                what="the crawl to start",
            )
            stop_worker(worker, kill=True)  # SIGKILL: no chance to acknowledge or clean up
            for child in _children_of(worker.pid):
                os.kill(child, 9)
            assert CrawlJob.objects.get(pk=job.pk).status == CrawlJob.Status.RUNNING
            server.routes["/feed.xml"] = fast_feed
            worker = start_worker(
                tmp_path, "crawl,detect,default", env, pool="prefork", concurrency=1, name="worker2"
            )
            try:
                wait_for(lambda: all_finished([job]), timeout=180, what="the redelivered crawl")
            except AssertionError:
                print(worker_log(tmp_path, "worker2"))
                raise
            job.refresh_from_db()
            assert job.status == CrawlJob.Status.DONE
            assert Disclosure.objects.filter(suspect=world.leakers["feed"]).count() == 1
            assert Notification.objects.filter(kind="disclosure").count() == 1
        finally:
            stop_worker(worker)
            sender.close()
    finally:
        redis.stop()


def _children_of(pid: int) -> list[int]:
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [int(x) for x in out.split()]


def start_web(tmp_path, redis_url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(
        {
            "DATABASE_URL": test_database_url(),
            "REDIS_URL": redis_url,
            "OSNGUARD_VAR_DIR": str(tmp_path / "web-var"),
            "CRAWLER_ALLOWED_NETWORKS": "127.0.0.0/8",
            "DJANGO_SETTINGS_MODULE": "osnguard.settings",
        }
    )
    log = open(tmp_path / "web.log", "w")
    command = python_command(
        ["manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"], env
    )  # shifted runs
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            return requests.get(f"{base}/healthz/", timeout=1).status_code == 200
        except requests.RequestException:
            return False

    wait_for(up, timeout=60, what="the web app")
    return process, base


def log_in(base: str, username: str, password: str) -> requests.Session:
    session = requests.Session()
    session.get(f"{base}/accounts/login/", timeout=10)
    response = session.post(
        f"{base}/accounts/login/",
        timeout=10,
        data={
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": session.cookies["csrftoken"],
        },
        headers={"Referer": f"{base}/accounts/login/"},
    )
    assert response.status_code == 200 and "sessionid" in session.cookies
    return session


def test_redis_outage_keeps_the_web_app_serving_and_crawls_resume(tmp_path, server):
    redis = PrivateRedis(tmp_path)
    redis.start()
    web, base = start_web(tmp_path, redis.url)
    worker = None
    try:
        world = build_world(server)
        source = world.sources[0]
        session = log_in(base, "adam", "a-long-passphrase-1")

        redis.stop()
        for path in (
            "/disclosures/",
            "/disclosures/sources/",
            f"/disclosures/sources/{source.pk}/",
            "/feed/",
            "/",
        ):
            assert session.get(f"{base}{path}", timeout=10).status_code == 200, path
        page = session.post(
            f"{base}/disclosures/sources/{source.pk}/action/",
            timeout=20,
            data={"action": "crawl", "csrfmiddlewaretoken": session.cookies["csrftoken"]},
            headers={"Referer": base},
        )
        assert page.status_code == 200 and "task queue is unavailable" in page.text
        job = CrawlJob.objects.get(source=source)
        assert job.status == CrawlJob.Status.QUEUED and "unavailable" in job.error

        redis.start()
        worker = start_worker(
            tmp_path,
            "crawl,detect,default",
            {"REDIS_URL": redis.url, "CRAWLER_ALLOWED_NETWORKS": "127.0.0.0/8"},
        )
        sender = sender_for(redis.url)
        sender.send_task(
            "osnguard.disclosures.tasks.crawl_requeue_stuck", queue="crawl"
        )  # what beat does
        try:
            wait_for(lambda: all_finished([job]), timeout=180, what="the resumed crawl")
        except AssertionError:
            print(worker_log(tmp_path))
            raise
        sender.close()
        assert Disclosure.objects.filter(suspect=world.leakers["feed"]).count() == 1
    finally:
        if worker is not None:
            stop_worker(worker)
        web.terminate()
        web.wait(timeout=10)
        redis.stop()

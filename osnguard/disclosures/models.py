"""Sources that are crawled, crawl jobs with their progress, the candidate documents found,
the disclosures detected in them, and the notifications sent about them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Source(models.Model):
    """A public place crawled for copies of messages; owner None means site-wide (admins)."""

    class Kind(models.TextChoices):
        FEED = "feed", "RSS/Atom feed"
        PAGE = "page", "Web page"
        MASTODON_PUBLIC = "mastodon_public", "Mastodon public timeline"
        MASTODON_TAG = "mastodon_tag", "Mastodon hashtag timeline"
        OSNGUARD_PUBLIC = "osnguard_public", "Public posts on osnguard"

    class Status(models.TextChoices):
        NEVER = "never", "Not crawled yet"
        OK = "ok", "OK"
        NOT_MODIFIED = "not_modified", "Unchanged since last crawl"
        RETRYING = "retrying", "Failed, retrying"
        ERROR = "error", "Failed"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="sources",
    )
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    url = models.URLField(max_length=2000, blank=True)
    hashtag = models.CharField(max_length=100, blank=True)
    interval_minutes = models.PositiveIntegerField(default=60)
    enabled = models.BooleanField(default=True)
    etag = models.CharField(max_length=500, blank=True)
    last_modified = models.CharField(max_length=100, blank=True)
    last_crawled_at = models.DateTimeField(null=True, blank=True)
    next_crawl_at = models.DateTimeField(null=True, blank=True)
    last_status = models.CharField(max_length=20, choices=Status.choices, default=Status.NEVER)
    last_error = models.TextField(blank=True)
    consecutive_failures = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["enabled", "next_crawl_at"])]

    def __str__(self) -> str:
        return self.name


class SourceError(models.Model):
    """One failed crawl of a source, kept for the source's page (transient ones are retried)."""

    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="errors")
    occurred_at = models.DateTimeField(auto_now_add=True)
    message = models.TextField()
    transient = models.BooleanField(default=False)

    class Meta:
        ordering = ["-occurred_at", "-id"]

    def __str__(self) -> str:
        return f"source {self.source_id}: {self.message[:80]}"


class CrawlJob(models.Model):
    """One crawl of one source, with progress counts the UI shows while it runs."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="jobs")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    fetched = models.PositiveIntegerField(default=0)
    new_documents = models.PositiveIntegerField(default=0)
    screened = models.PositiveIntegerField(default=0)
    matched = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"crawl {self.pk} of source {self.source_id} ({self.status})"


class CandidateDocument(models.Model):
    """A crawled text, stored once per content hash however often and wherever it is seen."""

    source = models.ForeignKey(
        Source, on_delete=models.SET_NULL, null=True, related_name="documents"
    )
    crawl_job = models.ForeignKey(
        CrawlJob, on_delete=models.SET_NULL, null=True, blank=True, related_name="documents"
    )
    url = models.URLField(max_length=2000)
    title = models.CharField(max_length=300, blank=True)
    text = models.TextField()
    content_hash = models.CharField(max_length=64, unique=True)
    published_at = models.DateTimeField(null=True, blank=True)
    first_seen_at = models.DateTimeField(auto_now_add=True)
    # when every detection shard has screened it (DETECT_SHARDS; one bit per shard done)
    screened_at = models.DateTimeField(null=True, blank=True)
    screened_shards = models.BigIntegerField(default=0)

    class Meta:
        ordering = ["-first_seen_at", "-id"]

    def __str__(self) -> str:
        return self.title or self.url


class Disclosure(models.Model):
    """A candidate document judged to disclose a message, with who is suspected and why."""

    class Verdict(models.TextChoices):
        FRIEND = "friend", "A friend is identified"
        GROUP = "group", "Only the group is identified"
        UNDETERMINED = "undetermined", "Undetermined"

    class Status(models.TextChoices):
        NEW = "new", "New"
        CONFIRMED = "confirmed", "Confirmed"
        DISMISSED = "dismissed", "Dismissed as false alarm"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="disclosures"
    )
    message = models.ForeignKey(
        "posts.Message", on_delete=models.CASCADE, related_name="disclosures"
    )
    document = models.ForeignKey(
        CandidateDocument, on_delete=models.CASCADE, related_name="disclosures"
    )
    source = models.ForeignKey(
        Source, on_delete=models.SET_NULL, null=True, blank=True, related_name="disclosures"
    )
    source_url = models.URLField(max_length=2000)
    excerpt = models.TextField()
    verdict = models.CharField(max_length=16, choices=Verdict.choices)
    suspect = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="suspected_disclosures",
    )
    suspect_version = models.ForeignKey(
        "posts.Version", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    suspect_group = models.CharField(max_length=60, blank=True)
    score = models.FloatField()
    margin = models.FloatField()
    evidence = models.JSONField(default=list)
    explanation = models.TextField(blank=True)
    # the fingerprint layers attribution read: "invisible" (format characters carrying the
    # recipient's code), "linguistic" (the wording)
    layers = models.JSONField(default=list, blank=True)
    # how far this leak supports each recipient over chance, in nats ({user id: nats}, positive
    # only; attribution/tracing.py): summed over an owner's leaks to trace a friend across them
    support = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.NEW)
    # the suspect's group before the owner moved them away because of this leak (for undo; a
    # second move request for the same leak does nothing)
    moved_from = models.ForeignKey(
        "circles.FriendGroup", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    detected_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-detected_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["message", "document"], name="disclosure_unique_message_document"
            ),
        ]
        indexes = [models.Index(fields=["owner", "-detected_at"])]

    def __str__(self) -> str:
        return f"message {self.message_id} found at {self.source_url} ({self.verdict})"

    @property
    def visible_source(self) -> Source | None:
        """The source to name to the owner: their own or a site-wide one, never another user's."""
        source = self.source
        if source is not None and source.owner_id in (None, self.owner_id):
            return source
        return None


class Notification(models.Model):
    """A message to a user in the app (and by e-mail, per their preference)."""

    class Kind(models.TextChoices):
        DISCLOSURE = "disclosure", "A message of yours was found in public"
        SOURCE_FAILING = "source_failing", "A source keeps failing"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    disclosure = models.ForeignKey(
        Disclosure, on_delete=models.CASCADE, null=True, blank=True, related_name="notifications"
    )
    source = models.ForeignKey(
        Source, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "disclosure"],
                name="notification_once_per_disclosure",
                condition=models.Q(disclosure__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.title


class NotificationPreference(models.Model):
    """How a user wants to hear about one kind of notification: in the app, by e-mail, both."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    kind = models.CharField(max_length=20, choices=Notification.Kind.choices)
    in_app = models.BooleanField(default=True)
    email = models.BooleanField(default=True)
    # one e-mail a day listing what happened, instead of one e-mail per notification
    email_digest = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="notification_preference_unique")
        ]

    def __str__(self) -> str:
        channels = [name for name, on in (("in app", self.in_app), ("e-mail", self.email)) if on]
        return f"{self.kind} for user {self.user_id}: {' and '.join(channels) or 'off'}"

"""REST API for sources, crawls, disclosures, dashboard figures and notifications.

Every query is scoped to the signed-in user; other users' ids answer 404. Rules live in services.
"""

from __future__ import annotations

from dataclasses import asdict

from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from osnguard.accounts.selectors import user_display_name
from osnguard.core.api import Pagination
from osnguard.core.inputs import IdField
from osnguard.core.requests import request_user

from . import notifications, selectors, services
from .filters import DisclosureFilter
from .models import CrawlJob, Disclosure, Notification, Source


class SourceSerializer(serializers.ModelSerializer):
    site_wide = serializers.SerializerMethodField()

    class Meta:
        model = Source
        fields = [
            "id",
            "name",
            "kind",
            "url",
            "hashtag",
            "interval_minutes",
            "enabled",
            "site_wide",
            "last_status",
            "last_error",
            "last_crawled_at",
            "next_crawl_at",
            "consecutive_failures",
        ]
        read_only_fields = [
            "last_status",
            "last_error",
            "last_crawled_at",
            "next_crawl_at",
            "consecutive_failures",
        ]

    def get_site_wide(self, source: Source) -> bool:
        return source.owner_id is None


class SourceInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    kind = serializers.ChoiceField(choices=Source.Kind.choices, required=False)
    url = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    hashtag = serializers.CharField(max_length=100, required=False, allow_blank=True)
    interval_minutes = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)
    enabled = serializers.BooleanField(required=False)


class SourceCreateSerializer(SourceInputSerializer):
    """A new source needs a name and a kind (a missing one used to reach the service as a 500)."""

    name = serializers.CharField(max_length=120)
    kind = serializers.ChoiceField(choices=Source.Kind.choices)


class CrawlJobSerializer(serializers.ModelSerializer):
    matched = serializers.SerializerMethodField(
        help_text="Disclosures of your own messages found by this crawl (never other users')."
    )

    class Meta:
        model = CrawlJob
        fields = [
            "id",
            "source",
            "status",
            "fetched",
            "new_documents",
            "screened",
            "matched",
            "error",
            "created_at",
            "started_at",
            "finished_at",
        ]

    def get_matched(self, job: CrawlJob) -> int:
        return getattr(job, "viewer_matched", 0)


class DisclosureSerializer(serializers.ModelSerializer):
    suspect = serializers.SerializerMethodField()
    # DRF's metaclass takes declared fields off the class; the stubs see Field.source here.
    source = serializers.SerializerMethodField(  # type: ignore[assignment]
        help_text="Your own or a site-wide source that found it, else null."
    )
    message_id = serializers.IntegerField(source="message.id")

    class Meta:
        model = Disclosure
        fields = [
            "id",
            "message_id",
            "source",
            "source_url",
            "excerpt",
            "verdict",
            "suspect",
            "suspect_group",
            "score",
            "margin",
            "evidence",
            "explanation",
            "status",
            "detected_at",
        ]

    def get_source(self, disclosure: Disclosure) -> int | None:
        source = disclosure.visible_source
        return source.pk if source else None

    def get_suspect(self, disclosure: Disclosure) -> dict | None:
        user = disclosure.suspect
        if user is None:
            return None
        return {
            "id": user.pk,
            "username": user.username,
            "name": user_display_name(user=user),
        }


class DisclosureStatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Disclosure.Status.choices)


class NotificationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Notification
        fields = ["id", "kind", "title", "body", "disclosure", "read_at", "created_at"]


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=IdField(),
        required=False,
        max_length=1000,
        help_text="Notification ids; omit to mark all read.",
    )


class PreferenceSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Notification.Kind.choices)
    in_app = serializers.BooleanField()
    email = serializers.BooleanField()


class MoveSuspectResultSerializer(serializers.Serializer):
    friend = serializers.IntegerField()
    group = serializers.CharField()
    level = serializers.IntegerField()


class CountRowSerializer(serializers.Serializer):
    # DRF's metaclass takes declared fields off the class; the stubs see Field.label here.
    label = serializers.CharField()  # type: ignore[assignment]
    count = serializers.IntegerField()
    key = serializers.CharField()


class StatsSerializer(serializers.Serializer):
    by_friend = CountRowSerializer(many=True)
    by_group = CountRowSerializer(many=True)
    by_source = CountRowSerializer(many=True)
    timeline = CountRowSerializer(many=True)


class SourceListApi(generics.ListAPIView):
    """Your sources and the site-wide ones; POST registers a source."""

    serializer_class = SourceSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Source]:
        return selectors.source_list(user=request_user(self.request))

    @extend_schema(request=SourceCreateSerializer, responses={201: SourceSerializer})
    def post(self, request: Request) -> Response:
        data = SourceCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = {k: v for k, v in data.validated_data.items() if k != "enabled"}
        source = services.source_create(owner=request_user(request), **fields)
        return Response(SourceSerializer(source).data, status=status.HTTP_201_CREATED)


class SourceDetailApi(APIView):
    serializer_class = SourceSerializer

    def get(self, request: Request, source_id: int) -> Response:
        return Response(
            SourceSerializer(
                selectors.source_get(user=request_user(request), source_id=source_id)
            ).data
        )

    def patch(self, request: Request, source_id: int) -> Response:
        source = selectors.source_get(
            user=request_user(request), source_id=source_id, writable=True
        )
        data = SourceInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        source = services.source_update(source=source, **data.validated_data)
        return Response(SourceSerializer(source).data)

    def delete(self, request: Request, source_id: int) -> Response:
        services.source_delete(
            source=selectors.source_get(
                user=request_user(request), source_id=source_id, writable=True
            )
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class SourceCrawlApi(APIView):
    """Queue a crawl now; answers with the crawl job to poll for progress."""

    serializer_class = CrawlJobSerializer

    def post(self, request: Request, source_id: int) -> Response:
        source = selectors.source_get(
            user=request_user(request), source_id=source_id, writable=True
        )
        job = services.crawl_job_request(source=source, requested_by=request_user(request))
        job = selectors.crawl_job_get(
            user=request_user(request), job_id=job.pk
        )  # with the viewer's counts
        return Response(CrawlJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class CrawlJobDetailApi(APIView):
    serializer_class = CrawlJobSerializer

    def get(self, request: Request, job_id: int) -> Response:
        return Response(
            CrawlJobSerializer(
                selectors.crawl_job_get(user=request_user(request), job_id=job_id)
            ).data
        )


class DisclosureListApi(generics.ListAPIView):
    """Disclosures of your messages, newest first; ?status= narrows them to one state."""

    serializer_class = DisclosureSerializer
    pagination_class = Pagination
    queryset = Disclosure.objects.none()  # the model, for the schema; rows come from selectors
    filter_backends = [DjangoFilterBackend]
    filterset_class = DisclosureFilter

    def get_queryset(self) -> QuerySet[Disclosure]:
        return selectors.disclosure_list(owner=request_user(self.request))


class DisclosureDetailApi(APIView):
    serializer_class = DisclosureSerializer

    def get(self, request: Request, disclosure_id: int) -> Response:
        return Response(
            DisclosureSerializer(
                selectors.disclosure_get(owner=request_user(request), disclosure_id=disclosure_id)
            ).data
        )

    def patch(self, request: Request, disclosure_id: int) -> Response:
        disclosure = selectors.disclosure_get(
            owner=request_user(request), disclosure_id=disclosure_id
        )
        data = DisclosureStatusSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.disclosure_set_status(disclosure=disclosure, status=data.validated_data["status"])
        return Response(DisclosureSerializer(disclosure).data)


class DisclosureMoveSuspectApi(APIView):
    """Move the suspected friend to your next stricter group."""

    serializer_class = MoveSuspectResultSerializer

    def post(self, request: Request, disclosure_id: int) -> Response:
        disclosure = selectors.disclosure_get(
            owner=request_user(request), disclosure_id=disclosure_id
        )
        friendship = services.disclosure_move_suspect_to_stricter_group(disclosure=disclosure)
        return Response(
            {
                "friend": friendship.friend_id,
                "group": friendship.group.name,
                "level": friendship.group.level,
            }
        )


class DisclosureStatsApi(APIView):
    """Dashboard figures: per friend, per group, per source, and per day for 30 days."""

    serializer_class = StatsSerializer

    def get(self, request: Request) -> Response:
        user = request_user(request)
        return Response(
            {
                "by_friend": [asdict(r) for r in selectors.leaks_by_friend(owner=user)],
                "by_group": [asdict(r) for r in selectors.leaks_by_group(owner=user)],
                "by_source": [asdict(r) for r in selectors.leaks_by_source(owner=user)],
                "timeline": [asdict(r) for r in selectors.leak_timeline(owner=user)],
            }
        )


class NotificationListApi(generics.ListAPIView):
    serializer_class = NotificationSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Notification]:
        return selectors.notification_list(user=request_user(self.request))


class NotificationReadApi(APIView):
    serializer_class = MarkReadSerializer

    def post(self, request: Request) -> Response:
        data = MarkReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        count = notifications.notification_mark_read(
            user=request_user(request), notification_ids=data.validated_data.get("ids")
        )
        return Response(
            {
                "marked": count,
                "unread": selectors.notification_unread_count(user=request_user(request)),
            }
        )


class NotificationPreferenceApi(APIView):
    serializer_class = PreferenceSerializer

    def get(self, request: Request) -> Response:
        rows = [
            notifications.notification_preference_get(user=request_user(request), kind=k)
            for k in Notification.Kind.values
        ]
        return Response([{"kind": p.kind, "in_app": p.in_app, "email": p.email} for p in rows])

    def put(self, request: Request) -> Response:
        data = PreferenceSerializer(data=request.data, many=True)
        data.is_valid(raise_exception=True)
        for item in data.validated_data:
            notifications.notification_preference_set(user=request_user(request), **item)
        return self.get(request)

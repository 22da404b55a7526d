"""REST API for messages: the author's own messages (with the original and every version) and a
recipient's feed (their own version only). Compose endpoints live beside them in `compose_api`.
"""

from __future__ import annotations

from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from osnguard.core.api import Pagination

from . import selectors, services
from .models import MESSAGE_MAX_LENGTH, GroupVersion, Message, Version


class AuthorSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.SerializerMethodField()

    def get_name(self, user) -> str:
        return user.get_full_name() or user.get_username()


class FeedItemSerializer(serializers.ModelSerializer):
    """A recipient's view of a post: their own version, never the original."""

    author = AuthorSerializer(source="message.author")
    message_id = serializers.IntegerField(source="message.id")

    class Meta:
        model = Version
        fields = ["id", "message_id", "author", "text", "created_at"]


class GroupVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = GroupVersion
        fields = ["group_name", "level", "text", "info_loss", "k", "choices"]


class AuthorVersionSerializer(serializers.ModelSerializer):
    recipient = AuthorSerializer()
    group = serializers.CharField(source="group_version.group_name")
    choices = serializers.SerializerMethodField()

    class Meta:
        model = Version
        fields = ["id", "recipient", "group", "text", "choices"]

    def get_choices(self, version) -> list:
        fingerprint = getattr(version, "fingerprint", None)
        return fingerprint.choices if fingerprint else []


class MessageSummarySerializer(serializers.ModelSerializer):
    version_count = serializers.IntegerField(source="versions.count", read_only=True)

    class Meta:
        model = Message
        fields = ["id", "text", "audience", "private", "fingerprinted", "min_distance", "created_at",
                  "version_count"]


class MessageDetailSerializer(serializers.ModelSerializer):
    groups = GroupVersionSerializer(source="group_versions", many=True)

    class Meta:
        model = Message
        fields = ["id", "text", "audience", "private", "phrases", "fingerprinted", "min_distance",
                  "warnings", "created_at", "groups"]


class FeedListApi(generics.ListAPIView):
    """Posts addressed to you, each as your own version."""

    serializer_class = FeedItemSerializer
    pagination_class = Pagination

    def get_queryset(self):
        return selectors.feed_for_user(user=self.request.user)


class FeedDetailApi(APIView):
    serializer_class = FeedItemSerializer

    def get(self, request: Request, version_id: int) -> Response:
        version = selectors.version_get_for_recipient(user=request.user, version_id=version_id)
        return Response(FeedItemSerializer(version).data)


class MessageListApi(generics.ListAPIView):
    """Your own messages, originals included."""

    serializer_class = MessageSummarySerializer
    pagination_class = Pagination

    def get_queryset(self):
        return selectors.message_list_for_author(author=self.request.user)


class MessageDetailApi(APIView):
    serializer_class = MessageDetailSerializer

    def get(self, request: Request, message_id: int) -> Response:
        message = selectors.message_get_for_author(author=request.user, message_id=message_id)
        return Response(MessageDetailSerializer(message).data)


class MessageVersionsApi(generics.ListAPIView):
    """Every recipient's version of one of your messages, with its fingerprint choices."""

    serializer_class = AuthorVersionSerializer
    pagination_class = Pagination

    def get_queryset(self):
        message = selectors.message_get_for_author(author=self.request.user, message_id=self.kwargs["message_id"])
        return selectors.message_versions_for_author(message=message)


class AnalyzeInputSerializer(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False, max_length=MESSAGE_MAX_LENGTH)


class ComposeInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MESSAGE_MAX_LENGTH)
    audience = serializers.ChoiceField(choices=Message.Audience.choices, default=Message.Audience.FRIENDS)
    fingerprint_all = serializers.BooleanField(default=False)
    group_texts = serializers.DictField(child=serializers.CharField(max_length=MESSAGE_MAX_LENGTH), required=False,
                                       help_text="Edited text per group name.")


class EngineResultSerializer(serializers.Serializer):
    """The engine's JSON, as `osnguard identify` / `osnguard anonymize` print it."""

    def to_representation(self, instance):
        return instance.to_dict()


class AnalyzeApi(APIView):
    """Identify the private phrases of a draft against your profile (same JSON as `osnguard identify`)."""

    serializer_class = AnalyzeInputSerializer

    def post(self, request: Request) -> Response:
        data = AnalyzeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        text = data.validated_data["text"]
        if not text.strip():
            return Response({"private": False, "score": 0.0, "phrases": [], "language": None,
                             "warnings": ["The text is empty."]})
        return Response(services.message_analyze(author=request.user, text=text).to_dict())


class MessageProposalApi(APIView):
    """What each group and friend would receive, without posting."""

    serializer_class = ComposeInputSerializer

    def post(self, request: Request) -> Response:
        data = ComposeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.message_propose(
            author=request.user, text=data.validated_data["text"],
            group_texts=data.validated_data.get("group_texts"),
            fingerprint_all=data.validated_data["fingerprint_all"],
        )
        return Response(result.to_dict())


class MessageCreateApi(MessageListApi):
    """GET lists your messages; POST posts one (each friend gets their own version)."""

    def post(self, request: Request) -> Response:
        data = ComposeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = services.message_post(
            author=request.user, text=data.validated_data["text"], audience=data.validated_data["audience"],
            group_texts=data.validated_data.get("group_texts"), fingerprint_all=data.validated_data["fingerprint_all"],
        )
        return Response(MessageDetailSerializer(message).data, status=201)

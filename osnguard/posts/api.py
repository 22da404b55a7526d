"""REST API for messages: the author's own messages (with the original and every version) and a
recipient's feed (their own version only), the compose endpoints (analyze, proposal, post), and
the k-anonymous exports of your posts and (administrators) the site's public posts, and "How
recognisable is your writing" (`WritingExposureApi`).

A message the engine could not check is answered 503 with `{"checked": false, "detail",
"failures": [{detector, kind, reason}]}` by analyze, proposal and post alike (see
osnguard.core.api); posting it anyway takes `post_unchecked: true`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from osnguard.core.api import UNCHECKED_STATUS, Pagination
from osnguard.core.limits import engine_slot
from osnguard.core.requests import request_user
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import TECHNICAL

from . import selectors, services
from .models import MESSAGE_MAX_LENGTH, GroupVersion, Message, Version


class AuthorSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.SerializerMethodField()

    def get_name(self, user: User) -> str:
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

    def get_choices(self, version: Version) -> list[dict[str, Any]]:
        return version.fingerprint_choices


class CheckFailureSerializer(serializers.Serializer):
    detector = serializers.CharField(
        help_text='The part that could not run: a detector ("tagger", "temporal", '
        '...), "classifier", "spacy", "wordnet" or "language".'
    )
    kind = serializers.ChoiceField(
        choices=["missing", "error"],
        help_text="missing: not installed, or a model or resource is absent; "
        "error: it failed on this message.",
    )
    reason = serializers.CharField(help_text="What could not be checked, in plain words.")


class UncheckedSerializer(serializers.Serializer):
    """The 503 answer when the engine could not check the message: nothing was analysed as
    complete, proposed or posted."""

    checked = serializers.BooleanField(help_text="Always false.")
    detail = serializers.CharField()
    failures = CheckFailureSerializer(many=True)


UNCHECKED_RESPONSE = OpenApiResponse(
    UncheckedSerializer,
    description="The message could not be checked for private details (a detector, the classifier, spaCy or "
    "WordNet failed). Nothing was stored. Retry later; to post anyway, send post_unchecked: true.",
)


class MessageSummarySerializer(serializers.ModelSerializer):
    version_count = serializers.IntegerField(source="versions.count", read_only=True)

    class Meta:
        model = Message
        fields = [
            "id",
            "text",
            "audience",
            "private",
            "fingerprinted",
            "min_distance",
            "posted_unchecked",
            "created_at",
            "version_count",
        ]
        extra_kwargs = {
            "private": {
                "help_text": "Identification's verdict; null when the message was not checked."
            },
            "posted_unchecked": {
                "help_text": "You posted the original to every friend although it "
                "could not be checked."
            },
        }


class MessageDetailSerializer(serializers.ModelSerializer):
    groups = GroupVersionSerializer(source="group_versions", many=True)
    check_failures = CheckFailureSerializer(
        many=True,
        read_only=True,
        help_text="Why the message could not be checked (posted unchecked).",
    )

    class Meta:
        model = Message
        fields = [
            "id",
            "text",
            "audience",
            "private",
            "phrases",
            "fingerprinted",
            "min_distance",
            "warnings",
            "posted_unchecked",
            "check_failures",
            "created_at",
            "groups",
        ]
        extra_kwargs = MessageSummarySerializer.Meta.extra_kwargs


class FeedListApi(generics.ListAPIView):
    """Posts addressed to you, each as your own version."""

    serializer_class = FeedItemSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Version]:
        return selectors.feed_for_user(user=request_user(self.request))


class FeedDetailApi(APIView):
    serializer_class = FeedItemSerializer

    def get(self, request: Request, version_id: int) -> Response:
        version = selectors.version_get_for_recipient(
            user=request_user(request), version_id=version_id
        )
        return Response(FeedItemSerializer(version).data)


class MessageListApi(generics.ListAPIView):
    """Your own messages, originals included."""

    serializer_class = MessageSummarySerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Message]:
        return selectors.message_list_for_author(author=request_user(self.request))


class MessageDetailApi(APIView):
    serializer_class = MessageDetailSerializer

    def get(self, request: Request, message_id: int) -> Response:
        message = selectors.message_get_for_author(
            author=request_user(request), message_id=message_id
        )
        return Response(MessageDetailSerializer(message).data)


class MessageVersionsApi(generics.ListAPIView):
    """Every recipient's version of one of your messages, with its fingerprint choices."""

    serializer_class = AuthorVersionSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Version]:
        message = selectors.message_get_for_author(
            author=request_user(self.request), message_id=self.kwargs["message_id"]
        )
        return selectors.message_versions_for_author(message=message)


class AnalyzeInputSerializer(serializers.Serializer):
    text = serializers.CharField(
        allow_blank=True, trim_whitespace=False, max_length=MESSAGE_MAX_LENGTH
    )


class ComposeInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MESSAGE_MAX_LENGTH)
    audience = serializers.ChoiceField(
        choices=Message.Audience.choices, default=Message.Audience.FRIENDS
    )
    fingerprint_all = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Fingerprint even a message with nothing private; defaults to your profile's setting.",
    )
    group_texts = serializers.DictField(
        child=serializers.CharField(max_length=MESSAGE_MAX_LENGTH),
        required=False,
        help_text="Edited text per group name; an edit replaces that group's choices.",
    )
    choices = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField(min_value=0)),
        required=False,
        help_text='Per group, per phrase key ("start:end" in the message), the degree of the option to use, '
        "as listed in the proposal's groups[].phrase_choices[].options.",
    )
    readings = serializers.DictField(
        child=serializers.CharField(max_length=100),
        required=False,
        help_text="Per ambiguous phrase key, the reading to follow (a key from the proposal's readings[].options).",
    )
    rejected_synonyms = serializers.ListField(
        child=serializers.ListField(
            child=serializers.CharField(max_length=100), min_length=2, max_length=2
        ),
        required=False,
        max_length=services.MAX_REJECTED,
        help_text='["word", "synonym"] pairs never to use in this message\'s versions.',
    )
    reviewed_at = serializers.DateTimeField(
        required=False,
        help_text="The proposal's review.now: time phrases are generalized relative to it "
        "(at most an hour old).",
    )
    digest = serializers.CharField(
        required=False,
        max_length=64,
        help_text="The proposal's review.digest: posting fails unless the versions are exactly those reviewed.",
    )


class PostInputSerializer(ComposeInputSerializer):
    post_unchecked = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Only when the message cannot be checked for private details (the proposal or post answered "
        "503): post the original text, unchanged, to every friend, and record that choice on the "
        "message. A message that can be checked is posted as usual.",
    )


def _review_arguments(data: dict) -> dict:
    keys = ("group_texts", "choices", "readings", "rejected_synonyms", "reviewed_at")
    return {key: data[key] for key in keys if key in data}


class OptionSerializer(serializers.Serializer):
    degree = serializers.IntegerField()
    text = serializers.CharField(
        help_text="The wording; empty for a removed (suppressed) time phrase."
    )
    kind = serializers.ChoiceField(
        choices=["original", "generalization", "temporal", "suppression", "mask", "description"],
        help_text="mask and description hide a contact detail or identifier ('07911 …', 'my number').",
    )
    info_loss = serializers.FloatField()
    k = serializers.IntegerField(allow_null=True, help_text="How many alternatives it hides among.")
    fre = serializers.FloatField(help_text="Naturalness (Fre).")
    natural = serializers.BooleanField()
    available = serializers.BooleanField(
        help_text="False when the option would cut into another phrase."
    )


class PhraseChoiceSerializer(serializers.Serializer):
    key = serializers.CharField(help_text='The phrase\'s span in the message, "start:end".')
    phrase = serializers.CharField()
    category = serializers.CharField()
    degree = serializers.IntegerField(help_text="The option this group uses.")
    default = serializers.IntegerField(help_text="The option the engine proposes for this group.")
    options = OptionSerializer(many=True)


class WordAlternativesSerializer(serializers.Serializer):
    original = serializers.CharField()
    alternatives = serializers.ListField(child=serializers.CharField(allow_blank=True))


class ProposalGroupSerializer(serializers.Serializer):
    name = serializers.CharField()
    level = serializers.IntegerField()
    text = serializers.CharField()
    info_loss = serializers.FloatField()
    k = serializers.IntegerField(allow_null=True)
    choices = serializers.ListField(child=serializers.DictField())
    friends = serializers.IntegerField()
    capacity = serializers.IntegerField()
    min_distance = serializers.IntegerField(allow_null=True)
    generated_text = serializers.CharField(help_text="The group's text before any edit.")
    edited = serializers.BooleanField()
    phrase_choices = PhraseChoiceSerializer(many=True)
    synonyms = WordAlternativesSerializer(
        many=True, help_text="Fingerprint synonyms in use (rejectable)."
    )
    realisations = WordAlternativesSerializer(
        many=True, help_text="Other realisations in use (contractions, ...)."
    )


class ReadingOptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    description = serializers.CharField()


class ReadingSerializer(serializers.Serializer):
    key = serializers.CharField()
    phrase = serializers.CharField()
    reading = serializers.CharField(allow_null=True)
    options = ReadingOptionSerializer(many=True)


class ProposalVersionSerializer(serializers.Serializer):
    friend = serializers.CharField()
    group = serializers.CharField()
    text = serializers.CharField()
    choices = serializers.ListField(child=serializers.DictField())


class ReviewStateSerializer(serializers.Serializer):
    now = serializers.DateTimeField()
    digest = serializers.CharField()


class ProposalSerializer(serializers.Serializer):
    """A proposal: every group's text and options, every friend's version, and the review state."""

    private = serializers.BooleanField()
    phrases = serializers.ListField(child=serializers.DictField())
    groups = ProposalGroupSerializer(many=True)
    versions = ProposalVersionSerializer(
        many=True, help_text="One page of the friends' versions (?versions_page=)."
    )
    versions_total = serializers.IntegerField(help_text="How many friends get a version.")
    versions_page = serializers.IntegerField()
    versions_pages = serializers.IntegerField()
    capacity = serializers.IntegerField()
    min_distance = serializers.IntegerField(allow_null=True)
    warnings = serializers.ListField(child=serializers.CharField())
    readings = ReadingSerializer(many=True, help_text="Ambiguous phrases and their readings.")
    rejected_synonyms = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField())
    )
    fingerprint_all = serializers.BooleanField()
    review = ReviewStateSerializer(help_text="Send back as reviewed_at and digest when posting.")


class EngineResultSerializer(serializers.Serializer):
    """The engine's JSON, as `osnguard identify` / `osnguard anonymize` print it."""

    def to_representation(self, instance: Any) -> Any:
        return instance.to_dict()


class AnalyzeResultSerializer(serializers.Serializer):
    """The analysis of a checked draft (the 200 answer of analyze)."""

    checked = serializers.BooleanField(help_text="Always true here; an unchecked draft is a 503.")
    private = serializers.BooleanField(
        help_text="Whether the message as a whole tells people something about you."
    )
    score = serializers.FloatField(help_text="How sure (>= 0.5 iff private).")
    language = serializers.CharField(allow_null=True)
    phrases = serializers.ListField(
        child=serializers.DictField(),
        help_text="Private phrases: start, end, text, category, reason, detectors, ...",
    )
    warnings = serializers.ListField(child=serializers.CharField())
    failures = CheckFailureSerializer(many=True, help_text="Always empty here.")


class AnalyzeApi(APIView):
    """Identify the private phrases of a draft against your profile (same JSON as `osnguard identify`,
    with `checked: true`); 503 when the engine could not check it."""

    serializer_class = AnalyzeInputSerializer

    @extend_schema(
        request=AnalyzeInputSerializer,
        responses={200: AnalyzeResultSerializer, UNCHECKED_STATUS: UNCHECKED_RESPONSE},
    )
    def post(self, request: Request) -> Response:
        data = AnalyzeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        text = data.validated_data["text"]
        if not text.strip():
            return Response(
                {
                    "checked": True,
                    "private": False,
                    "score": 0.0,
                    "phrases": [],
                    "language": None,
                    "warnings": ["The text is empty."],
                    "failures": [],
                }
            )
        with engine_slot():
            result = services.message_analyze(author=request_user(request), text=text)
        result.require_checked()  # UncheckedMessage: 503 (osnguard.core.api)
        return Response(to_data(result, omit=TECHNICAL))


class VersionsPageSerializer(serializers.Serializer):
    versions_page = serializers.IntegerField(min_value=1, max_value=10**6, default=1)


def proposal_page(data: dict, *, page: int) -> dict:
    """A proposal with one page of the friends' versions: a proposal for a thousand friends used
    to answer 17 MB. Group texts and options stay whole; they are per group, not per friend."""
    size = max(1, settings.PROPOSAL_VERSIONS_PAGE_SIZE)
    versions = data["versions"]
    data["versions_total"] = len(versions)
    data["versions_pages"] = max(1, -(-len(versions) // size))
    data["versions_page"] = page
    data["versions"] = versions[(page - 1) * size : page * size]
    return data


class MessageProposalApi(APIView):
    """What each group and friend would receive with your review choices applied, without posting."""

    serializer_class = ComposeInputSerializer

    @extend_schema(
        request=ComposeInputSerializer,
        responses={200: ProposalSerializer, UNCHECKED_STATUS: UNCHECKED_RESPONSE},
        parameters=[
            OpenApiParameter(
                "versions_page",
                int,
                description="Page of friends' versions (PROPOSAL_VERSIONS_PAGE_SIZE each).",
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = ComposeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        page = VersionsPageSerializer(data=request.query_params)
        page.is_valid(raise_exception=True)
        with engine_slot():
            proposal = services.message_propose(
                author=request_user(request),
                text=data.validated_data["text"],
                fingerprint_all=data.validated_data.get("fingerprint_all"),
                **_review_arguments(data.validated_data),
            )
        return Response(
            proposal_page(proposal.to_dict(), page=page.validated_data["versions_page"])
        )


class MessageCreateApi(MessageListApi):
    """GET lists your messages; POST posts one (each friend gets their own version), with the same
    review choices as the proposal."""

    @extend_schema(
        request=PostInputSerializer,
        responses={201: MessageDetailSerializer, UNCHECKED_STATUS: UNCHECKED_RESPONSE},
    )
    def post(self, request: Request) -> Response:
        data = PostInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with engine_slot():
            message = services.message_post(
                author=request_user(request),
                text=data.validated_data["text"],
                audience=data.validated_data["audience"],
                fingerprint_all=data.validated_data.get("fingerprint_all"),
                digest=data.validated_data.get("digest"),
                post_unchecked=data.validated_data["post_unchecked"],
                **_review_arguments(data.validated_data),
            )
        return Response(MessageDetailSerializer(message).data, status=201)


class ExportQuerySerializer(serializers.Serializer):
    k = serializers.IntegerField(
        min_value=2, max_value=1000, required=False, allow_null=True, default=5
    )
    simple = serializers.BooleanField(default=False)


class ExportSummarySerializer(serializers.Serializer):
    k = serializers.IntegerField(allow_null=True)
    method = serializers.ChoiceField(choices=["mondrian", "simple"])
    records = serializers.IntegerField()
    classes = serializers.ListField(child=serializers.IntegerField())
    dm = serializers.IntegerField()
    lm = serializers.FloatField()
    lm_by_attribute = serializers.DictField(child=serializers.FloatField())
    unique = serializers.FloatField()
    suppressed = serializers.IntegerField()


class ExportSerializer(serializers.Serializer):
    summary = ExportSummarySerializer()
    # each {"id", "text", "quasi_identifiers", "sensitive", "class"}, as `osnguard kanon` writes
    records = serializers.ListField(child=serializers.DictField())


class _ExportApi(APIView):
    """Posts released k-anonymously (`?k=5`, or `?simple=true`): the summary (class sizes, DM,
    LM, unique share, suppressed) and every released record, as `osnguard kanon` writes them."""

    serializer_class = ExportSerializer

    def messages(self, request: Request) -> QuerySet[Message]:
        raise NotImplementedError

    @extend_schema(parameters=[ExportQuerySerializer], responses={200: ExportSerializer})
    def get(self, request: Request) -> Response:
        query = ExportQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        k = None if query.validated_data["simple"] else query.validated_data["k"] or 5
        with engine_slot():
            release = selectors.message_release(messages=self.messages(request), k=k)
        return Response({"summary": release.summary, "records": release.records})


class MyPostsExportApi(_ExportApi):
    """Your own posts, released k-anonymously (with your profile as author attributes)."""

    def messages(self, request: Request) -> QuerySet[Message]:
        return selectors.message_list_for_author(author=request_user(request))


class PublicPostsExportApi(_ExportApi):
    """The site's public posts, released k-anonymously; site administrators only."""

    permission_classes = [IsAdminUser]

    def messages(self, request: Request) -> QuerySet[Message]:
        return selectors.public_messages()


class WritingExposureSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=["none", "pending", "ready", "not_enough", "failed"],
        help_text='"none" until the first check is asked for.',
    )
    computed_at = serializers.DateTimeField(allow_null=True)
    result = serializers.DictField(
        help_text="community, posts, words, neighbours (distances only), d, d_source, k_at_d, k, "
        "d_for_k, standouts; for not_enough: words, community, min_words"
    )
    advice = serializers.ListField(child=serializers.CharField())


def _exposure_payload(user: User) -> dict[str, Any]:
    exposure, advice = selectors.writing_exposure_with_advice(user=user)
    if exposure is None:
        return {"status": "none", "computed_at": None, "result": {}, "advice": []}
    return {
        "status": exposure.status,
        "computed_at": exposure.computed_at,
        "result": exposure.result,
        "advice": advice,
    }


class WritingExposureApi(APIView):
    """How recognisable your writing is among the site's public posts (seed 003). POST queues a
    fresh check (a Celery task) and answers 202; poll GET until the status is not "pending"."""

    @extend_schema(responses=WritingExposureSerializer)
    def get(self, request: Request) -> Response:
        return Response(WritingExposureSerializer(_exposure_payload(request_user(request))).data)

    @extend_schema(request=None, responses={202: WritingExposureSerializer})
    def post(self, request: Request) -> Response:
        user = request_user(request)
        services.writing_exposure_request(user=user)
        return Response(WritingExposureSerializer(_exposure_payload(user)).data, status=202)

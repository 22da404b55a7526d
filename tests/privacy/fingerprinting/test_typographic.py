"""The typographic fingerprint layer (fingerprinting/typographic.py) and its use in posting and
attribution (issue 15)."""

from __future__ import annotations

import itertools
import unicodedata

import pytest

from osnguard.privacy.attribution import attribute
from osnguard.privacy.fingerprinting import invisible, typographic
from osnguard.privacy.fingerprinting.typographic import SiteKind
from osnguard.privacy.proposal import anonymize
from osnguard.privacy.types import Choice, Version

POST = "my amma's 60th tomorrow 🎉 doing a small pooja at 6pm. can't wait 🙏 it's been years"


def normalised(text: str) -> str:
    """What a platform that normalises text leaves (bench/leak_attacks.py `normalised`)."""
    text = unicodedata.normalize("NFKC", text)
    return " ".join("".join(ch for ch in text if unicodedata.category(ch) != "Cf").split())


def kinds(text: str) -> list[tuple[str, str]]:
    return [(str(site.kind), site.key[1]) for site in typographic.sites(text)]


def test_sites_are_apostrophes_emoji_sentence_starts_and_clock_times() -> None:
    assert kinds(POST) == [
        ("capital", "my"),
        ("apostrophe", "amma's"),
        ("emoji space", "🎉"),
        ("emoji form", "🎉"),
        ("capital", "doing"),  # a clause after an emoji
        ("clock space", "6pm"),
        ("clock", "6pm"),
        ("capital", "can't"),
        ("apostrophe", "can't"),
        ("emoji space", "🙏"),
        ("emoji form", "🙏"),
        ("capital", "it's"),
        ("apostrophe", "it's"),
        ("final stop", "years"),
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Paris looks stunning. May is lovely. I'm home", SiteKind.CAPITAL),  # names and "I"
        ("Proud 🏳️‍🌈 and 👍🏽 and ❄️", SiteKind.EMOJI_FORM),  # sequences, text-style emoji
        ("At 10 a.m. sharp", SiteKind.CLOCK),  # only "am"/"pm" written as one word
    ],
)
def test_names_emoji_sequences_and_dotted_times_are_left_alone(text: str, kind: SiteKind) -> None:
    assert all(site.kind != kind for site in typographic.sites(text))


def versions_of(text: str, friends: int, seed: str = "post-1") -> list[Version]:
    at = text.find("small")
    choices = [Choice(1, "synonym", "small", "small", at, at + 5)] if at >= 0 else []
    plain = [Version(f"f{i}", "g", text, list(choices)) for i in range(friends)]
    return typographic.style_versions(plain, seed)


def test_friends_sharing_a_text_get_patterns_far_apart_that_read_the_same() -> None:
    styled = versions_of(POST, 8)
    signatures = [typographic.signature(v.text) for v in styled]
    assert len({str(sorted(s.items())) for s in signatures}) == 8
    for version in styled:
        # the same words, letters and emoji: only apostrophes, selectors, spaces, case and the
        # last full stop move
        assert invisible.spoken(version.text).casefold().replace("’", "'").replace(
            " ", ""
        ).removesuffix(".") == POST.casefold().replace(" ", "")
        for choice in version.choices:  # a choice still reads as written
            assert version.text[choice.start : choice.end] == choice.text == "small"


def test_the_patterns_survive_normalisation() -> None:
    for version in versions_of(POST, 8):
        assert typographic.signature(normalised(version.text)) == typographic.signature(
            version.text
        )


def test_the_friends_who_share_a_pattern_change_from_post_to_post() -> None:
    def shared(seed: str) -> set[tuple[str, str]]:
        styled = versions_of("see you all at the lake 🎉", 40, seed)  # 16 patterns
        return {
            (a.friend, b.friend) for a, b in itertools.combinations(styled, 2) if a.text == b.text
        }

    first, second = shared("post-1"), shared("post-2")
    assert first and second and len(first & second) < len(first) / 2


def test_a_mixed_pattern_is_strong_evidence_and_a_uniform_one_weak() -> None:
    styled = versions_of(POST, 8)
    signatures = [typographic.signature(v.text) for v in styled]
    scores, compared = typographic.log_likelihoods(signatures, signatures[3])
    assert compared == 14 and max(range(8), key=scores.__getitem__) == 3
    ranked = sorted(scores, reverse=True)
    assert ranked[0] - ranked[1] > 2.0

    def spread(observed: str) -> float:
        found = typographic.signature(observed)
        apostrophes = {k: v for k, v in found.items() if k[0] == SiteKind.APOSTROPHE}
        scores, _ = typographic.log_likelihoods(signatures, apostrophes)
        return max(scores) - min(scores)

    # every apostrophe curled by a tool says less about anyone than a mix of styles
    mixed = POST.replace("can't", "can’t")
    assert spread(POST.replace("'", "’")) < spread(mixed) / 2


def test_sentence_starts_a_version_capitalised_are_read_back() -> None:
    # the author wrote both sentence starts in lower case; versions that capitalise them must
    # still show the sites when read, or a copy of one cannot be told from the others
    text = "anybody else think the trailer looks mid? rewatching it to decide"
    styled = versions_of(text, 4)
    assert {v.text[0] for v in styled} == {"a", "A"}
    signatures = [typographic.signature(v.text) for v in styled]
    for index, version in enumerate(styled):
        scores, compared = typographic.log_likelihoods(
            signatures, typographic.signature(normalised(version.text))
        )
        assert compared >= 2 and max(range(4), key=scores.__getitem__) == index


def test_the_space_before_a_closing_emoji_is_read_after_a_full_stop_too() -> None:
    assert ("emoji space", "🎉") in kinds("see you there. 🎉")
    spaces = [s.style for s in typographic.sites("see you there.🎉") if s.kind == "emoji space"]
    assert spaces == [1]
    # a closing flag is an emoji too: the space before it and the full stop are sites
    assert kinds("years of study finally paid off 🇯🇵") == [
        ("capital", "years"),
        ("final stop", "off"),
        ("emoji space", "🇯🇵"),
    ]


def test_nothing_is_compared_when_the_copy_has_none_of_the_sites() -> None:
    signatures = [typographic.signature(v.text) for v in versions_of(POST, 4)]
    assert typographic.log_likelihoods(signatures, typographic.signature("hello there")) == (
        [0.0] * 4,
        0,
    )


GROUPS = [{"name": "Friends", "level": 2, "friends": [f"friend{i}" for i in range(30)]}]


@pytest.fixture(scope="module")
def posted() -> list[Version]:
    return anonymize(
        POST, profile={}, now="2026-11-25T10:00:00", groups=GROUPS, fingerprint_all=True
    ).versions


def test_posting_writes_the_layer_and_the_author_can_leave_it_out(posted) -> None:
    plain = anonymize(
        POST,
        profile={},
        now="2026-11-25T10:00:00",
        groups=GROUPS,
        fingerprint_all=True,
        typographic=False,
        invisible=False,
    ).versions
    styled = {str(sorted(typographic.signature(v.text).items())) for v in posted}
    assert len(styled) > 8
    # left out, every site is as the author wrote it
    for version in plain:
        assert all(set(styles) == {0} for styles in typographic.signature(version.text).values())
    for version in posted:
        for choice in version.choices:
            assert version.text[choice.start : choice.end] == choice.text


def test_one_seed_for_every_post_still_draws_new_patterns_per_post() -> None:
    # `osnguard anonymize` callers may pass the same "seed" for all their posts
    def sharing(text: str) -> set[tuple[str, str]]:
        versions = anonymize(
            text,
            profile={},
            now="2026-11-25T10:00:00",
            groups=GROUPS,
            fingerprint_all=True,
            invisible=False,
            seed="same for all",
        ).versions
        pattern = {
            v.friend: [
                (k[0], styles) for k, styles in sorted(typographic.signature(v.text).items())
            ]
            for v in versions
        }
        return {(a, b) for a in pattern for b in pattern if a < b and pattern[a] == pattern[b]}

    first = sharing("see you at the lake 🎉")
    second = sharing("see you at the pub 🎉")
    assert first and second and len(first & second) < len(first) / 2


def test_attribution_reads_the_layer_from_a_normalised_copy(posted) -> None:
    leaker = posted[7]
    result = attribute(posted, normalised(leaker.text), lexical_only=True)
    assert result.disclosure and "typographic" in result.layers
    assert "invisible" not in result.layers
    assert result.ranking[0].friend == leaker.friend
    # friends whose wording is the leaker's but whose typography is not rank below
    same_words = {
        v.friend
        for v in posted
        if invisible.strip(v.text).casefold().replace("’", "'")
        == invisible.strip(leaker.text).casefold().replace("’", "'")
        and v.friend != leaker.friend
    }
    top = result.ranking[0].log_likelihood
    assert all(s.log_likelihood < top - 1.0 for s in result.ranking if s.friend in same_words)


def test_chat_acronyms_take_either_case_and_never_overlap_another_site() -> None:
    text = "lol that's so true. idk, OK? RN on shift and lolz"
    found = typographic.sites(text)
    assert [(str(s.kind), s.key[1]) for s in found if s.kind == SiteKind.ACRONYM] == [
        ("acronym", "lol"),
        ("acronym", "idk"),
        ("acronym", "ok"),
    ]
    spans = sorted((s.start, s.end) for s in found if s.end > s.start)
    assert all(a_end <= b_start for (_, a_end), (b_start, _) in itertools.pairwise(spans))
    styled = versions_of(text, 16)
    assert {v.text.split(" ")[0] for v in styled} == {"lol", "LOL"}


@pytest.mark.parametrize(
    ("text", "styles"),
    [
        ("see you there", ["see you there", "see you there."]),
        ("done. 🎉🎉", ["done 🎉🎉", "done. 🎉🎉"]),
    ],
)
def test_the_last_full_stop_is_a_site_before_the_closing_emoji(
    text: str, styles: list[str]
) -> None:
    final = [s for s in typographic.sites(text) if s.kind == SiteKind.FINAL_STOP]
    assert len(final) == 1
    assert [typographic.restyle(text, [(final[0], style)])[0] for style in (0, 1)] == styles


@pytest.mark.parametrize(
    "text", ["who's coming??", "meet at 8 p.m.", "#NewBeginnings", "bring snacks etc.", "x.com"]
)
def test_no_full_stop_site_after_other_punctuation_tags_or_abbreviations(text: str) -> None:
    assert all(s.kind != SiteKind.FINAL_STOP for s in typographic.sites(text))


@pytest.mark.parametrize(
    ("text", "kind", "styled"),
    [
        ("working 2 jobs, still broke", SiteKind.COUNT, "working two jobs, still broke"),
        ("me and my dad, every year", SiteKind.AMPERSAND, "me & my dad, every year"),
    ],
)
def test_counts_and_ands_have_two_forms_read_alike(text: str, kind: SiteKind, styled: str) -> None:
    site = next(s for s in typographic.sites(text) if s.kind == kind)
    assert typographic.restyle(text, [(site, 1 - site.style)])[0] == styled


@pytest.mark.parametrize(
    "text", ["at 8 tomorrow", "£3 coffees", "row 4 seats", "selling 2 Tame Impala tix", "3am"]
)
def test_no_count_site_in_times_amounts_identifiers_or_names(text: str) -> None:
    assert all(s.kind != SiteKind.COUNT for s in typographic.sites(text))


@pytest.mark.parametrize(
    ("text", "kind", "styled"),
    [
        ("doors at 8pm, come early", SiteKind.CLOCK_SPACE, "doors at 8 pm, come early"),
        ("we said 'I do' at the hall", SiteKind.QUOTE, "we said \u2018I do\u2019 at the hall"),
        ('she said "no way" to me', SiteKind.QUOTE, "she said \u201cno way\u201d to me"),
        ("running my 3rd marathon", SiteKind.ORDINAL, "running my third marathon"),
        ("€6,500 on the credit card", SiteKind.THOUSANDS, "€6500 on the credit card"),
        ("a £32k loan for a degree", SiteKind.THOUSANDS_K, "a £32K loan for a degree"),
        ("oxtail sunday at my grandma's", SiteKind.PROPER_CASE, "oxtail Sunday at my grandma's"),
        ("ten years today #anniversary", SiteKind.HASHTAG, "ten years today #Anniversary"),
        ("after 10 years of waiting", SiteKind.COUNT, "after ten years of waiting"),
        ("so proud!! see you there", SiteKind.MARK_RUN, "so proud!!! see you there"),
        ("so sad... see you", SiteKind.ELLIPSIS, "so sad.... see you"),
        ("so sad...she was 62", SiteKind.ELLIPSIS_SPACE, "so sad... she was 62"),
        ("guess i'll wear it", SiteKind.LOWER_I, "guess I'll wear it"),
        ("my Dad . He was kind", SiteKind.MARK_SPACE, "my Dad. He was kind"),
    ],
)
def test_times_quotes_ordinals_amounts_and_names_have_two_forms_read_alike(
    text: str, kind: SiteKind, styled: str
) -> None:
    site = next(s for s in typographic.sites(text) if s.kind == kind)
    restyled = typographic.restyle(text, [(site, 1 - site.style)])[0]
    assert restyled == styled
    # the copy's form is read back at the same key, in the other style
    back = [s for s in typographic.sites(normalised(restyled), reading=True) if s.key == site.key]
    assert [s.style for s in back] == [1 - site.style]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("my parents' house and the kids' room", SiteKind.QUOTE),  # possessives, not quotes
        ("back on Monday 5th, flat 3rd floor", SiteKind.ORDINAL),  # dates and addresses
        ("born in 1987, pin 0142", SiteKind.THOUSANDS),  # years and codes
        ("may the best team win in march", SiteKind.PROPER_CASE),  # words too
        ("#SundayFunday vibes", SiteKind.HASHTAG),  # a hashtag with its own capitals
        ("wow!!!! what?! ok!", SiteKind.MARK_RUN),  # long runs, mixed marks, a single mark
        ("wait.. what..... ok", SiteKind.ELLIPSIS),  # two dots, five: another site's forms
        ("i.e. the plan, I said", SiteKind.LOWER_I),  # an abbreviation, a capital the author wrote
        ("my Dad. He was kind .", SiteKind.MARK_SPACE),  # no space written; the post's end
    ],
)
def test_no_site_where_the_other_form_would_change_what_is_said(text: str, kind: SiteKind) -> None:
    assert all(s.kind != kind for s in typographic.sites(text))


@pytest.mark.parametrize("text", ["7 years ago today we met", "fun day. 3rd round tomorrow"])
def test_no_count_or_ordinal_site_opens_a_sentence(text: str) -> None:
    # the letters would open the sentence in lower case ("seven years ago today")
    assert all(s.kind not in (SiteKind.COUNT, SiteKind.ORDINAL) for s in typographic.sites(text))

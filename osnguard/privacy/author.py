"""Who a clause speaks of: the one notion of author reference every detector shares.

Posts usually omit their subject ("gym every monday at 6am", "Leaving for Tokyo tomorrow"), so
"is this about the author?" cannot mean "is there an I in the sentence". `author_reference(text,
start, end, doc=...)` looks at the clause that governs text[start:end] (through spaCy's parse) and
says how it refers to the author:

- FIRST_PERSON: I, me, my ... in the clause, or in its sentence when the clause has no subject;
- WE: we, us, our, let's;
- CLOSE_PERSON: the subject is someone close to the author ("mum is in hospital", "the kids
  start school") or the author's own thing named without a determiner ("house will be empty";
  for a phrase inside the subject, any bare common noun: "second round of chemo done");
- SUBJECTLESS: a clause with no subject, or a verbless fragment between punctuation or emoji
  (whatever the parse says) ("off to the lake every other
  weekend", "school run at 8");
- IMPERATIVE: a sentence that starts with a bare verb whose agent is the author ("wish me luck"
  is first person anyway; "pray for my mum"), except requests to readers ("RSVP by Sunday",
  "vote on Thursday");
- None: the clause has a subject of its own that is someone or something else ("Tokyo was
  founded in 1603", "it is rainy tomorrow", "his mum is visiting", "polling day is Thursday").

Without a parse, only first-person words and sentence boundaries are used. The functions take
the spaCy `Doc` as a parameter, so this module needs no resource of its own.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})
CLAUSE_DEPS = frozenset({"conj", "advcl", "ccomp", "xcomp", "relcl", "acl", "parataxis"})

FIRST_PERSON_SINGULAR = frozenset(
    {"i", "i'm", "im", "i've", "ive", "i'll", "i'd", "me", "my", "mine", "myself", "meself"}
)
FIRST_PERSON_PLURAL = frozenset(
    {"we", "we're", "we've", "we'll", "we'd", "us", "our", "ours", "ourselves", "let's", "lets"}
)
# spaCy splits contractions: "I'm" -> "I" + "'m"; these are the pieces that carry the person.
_WORDS = re.compile(r"(?<![\w'])([a-z]+(?:'[a-z]+)?)(?![\w'])", re.I)
_SENTENCE_END = re.compile(r"[.!?\n]+")

# People close to the author when named as a subject without another owner.
CLOSE_PEOPLE = frozenset(
    {
        "mum", "mom", "mam", "mama", "mommy", "mummy", "ma", "dad", "daddy", "papa", "pa", "father",
        "mother", "parents", "folks", "sister", "sis", "brother", "bro", "siblings", "son",
        "daughter", "kids", "kid", "children", "child", "baby", "babies", "twins", "husband",
        "wife", "hubby", "wifey", "partner", "boyfriend", "girlfriend", "bf", "gf", "fiance",
        "fiancé", "fiancee", "fiancée", "grandma", "grandpa", "granny", "grandad", "granddad",
        "nan", "nana", "gran", "grandmother", "grandfather", "grandparents", "auntie", "aunty",
        "aunt", "uncle", "cousin", "niece", "nephew", "family", "fam", "in-laws", "bestie", "amma",
        "appa", "ammi", "abbu", "baba", "abuela", "abuelo", "nonna", "nonno", "oma", "opa",
        "godson", "goddaughter", "godchild", "grandson", "granddaughter", "grandkids",
        "grandchildren", "stepson", "stepdaughter", "stepmum", "stepmom", "stepdad", "lo",
        # grandparents, aunts and uncles as families across the English-speaking world say them
        "gogo", "mkhulu", "ouma", "oupa", "lola", "lolo", "tita", "tito", "tia", "tio", "tía",
        "tío", "bibi", "babu", "dadi", "nani", "nanna", "yiayia", "bubbe", "savta", "bhaiya",
        "bhaiyya", "didi", "behen", "paati", "thatha", "athai", "chithi", "periyamma", "periyappa",
        "chithappa", "khala", "khalu", "jiddo", "jeddo", "teta", "sitti", "sitto", "dadu", "phuphi",
        "chacha", "chachi", "mausi", "taiji", "umma", "hooyo", "aabe", "kuya", "halmeoni",
        "harabeoji", "obaachan", "papou", "pappou", "zayde", "zaidy", "bubby", "bubbie",
        "abuelita", "abuelito", "mormor", "farmor", "morfar", "farfar", "babcia", "dziadek",
        "bhabhi", "kuia", "mamaw", "papaw", "meemaw", "gramps", "mammy", "momma", "mamma",
        # steps, halves, god-parents and spouses' families
        "stepfather", "stepmother", "stepsister", "stepbrother", "half-sister", "half-brother",
        "godmother", "godfather", "mother-in-law", "father-in-law", "sister-in-law",
        "brother-in-law", "missus", "spouse", "ex-wife", "ex-husband", "bub", "bubba", "bubs",
        "poppa", "grandpop"
    }
)  # fmt: skip
# Determiners and possessives that make a person or thing someone else's ("his mum", "a son")
NOT_THE_AUTHORS = frozenset({"his", "her", "their", "your", "ur", "its", "a", "an", "some"})
# Things of the author's that posts name without "my" ("house will be empty for two weeks").
OWN_THINGS = frozenset(
    {
        "house", "home", "flat", "apartment", "place", "room", "car", "flight", "train", "shift",
        "appointment", "surgery", "op", "scan", "exam", "exams", "interview", "wedding", "birthday",
        "party", "holiday", "vacation", "trip", "class", "lesson", "lessons", "meeting", "date",
        "practice", "training", "session", "sessions", "rehearsal", "gig", "match", "game",
        # events of a life a post announces ("redundancy confirmed today", "visa approved")
        "redundancy", "promotion", "offer", "diagnosis", "results", "divorce", "engagement",
        "visa", "application", "mortgage", "contract", "notice", "resignation", "leave",
        "treatment", "graduation", "move", "lease", "transfer", "placement", "probation",
        "citizenship", "passport", "payout", "settlement", "operation", "procedure", "recovery",
        "funeral", "rosary", "wake", "memorial", "burial", "ceremony", "service", "christening",
        # treatments a post names as its subject ("Chemo round 4 done this morning")
        "chemo", "chemotherapy", "radiotherapy", "dialysis", "therapy", "round", "cycle", "ivf",
        "physio", "rehab", "bloods", "biopsy", "mri", "transfusion", "infusion",
        "job", "new job", "first day", "last day",
        # money and work patterns that are the poster's own ("Rent went up $80 a week AGAIN")
        "rent", "salary", "paycheck", "paycheque", "payslip", "wages", "overdraft", "rota",
        "deposit", "bond", "budget",
        # meals and outings named bare ("dinner at Brae then walked along the Yarra till midnight")
        "dinner", "lunch", "breakfast", "brunch", "drinks",
        "rotation", "roster",
        # papers of a divorce ("Decree absolute came through this morning")
        "decree", "absolute", "nisi", "papers",
        # conditions and debts a post names as its subject ("OCD has been loud this week",
        # "Bankruptcy discharged today")
        "ocd", "anxiety", "depression", "adhd", "ptsd", "endo", "endometriosis", "migraine",
        "migraines", "psoriasis", "eczema", "asthma", "bankruptcy", "iva",
        # procedures a post names as its subject ("Colonoscopy prep starts at 6pm tonight")
        "prep", "consult", "extraction", "colonoscopy", "endoscopy", "mammogram", "vasectomy",
    }
)  # fmt: skip
# Events of the author's life a post names with "the" ("The funeral is on Friday")
OWN_EVENTS = frozenset(
    {
        "funeral", "rosary", "wake", "memorial", "vigil", "viewing", "burial", "cremation",
        "service", "ceremony", "wedding", "christening", "baptism", "reception", "party",
        "surgery", "operation", "procedure", "appointment", "interview", "move", "scan",
    }
)  # fmt: skip
# Imperatives addressed to readers: their time is the reader's deadline, not the author's plan.
READER_REQUESTS = frozenset(
    {
        "rsvp", "reply", "respond", "vote", "register", "apply", "submit", "sign", "book", "order",
        "call", "text", "email", "dm", "message", "send", "donate", "remember", "note", "check",
        "buy", "grab", "get", "tune", "watch", "listen", "read", "subscribe", "follow", "share",
        "enter", "bring"
    }
)  # fmt: skip
# Openers of a notice to readers ("Reminder that registration closes on the 20th"): what it
# times is theirs to act on, unless the clause says I or we
READER_NOTICES = frozenset({"reminder", "psa", "fyi", "notice"})


class AuthorReference(StrEnum):
    """How a clause refers to the author of the message."""

    FIRST_PERSON = "first person"
    WE = "we"
    CLOSE_PERSON = "close person"
    SUBJECTLESS = "subjectless"
    IMPERATIVE = "imperative"


def person_of(words: list[str]) -> AuthorReference | None:
    """FIRST_PERSON or WE when the words have such a pronoun (singular first), else None."""
    lowered = [word.lower().replace("\u2019", "'") for word in words]
    if any(word in FIRST_PERSON_SINGULAR for word in lowered):
        return AuthorReference.FIRST_PERSON
    # "US" in capitals is the country
    if any(
        word in FIRST_PERSON_PLURAL and original != "US" for word, original in zip(lowered, words)
    ):
        return AuthorReference.WE
    return None


def text_person(text: str) -> AuthorReference | None:
    """FIRST_PERSON or WE when the text has such a pronoun (`person_of` on its words)."""
    return person_of(_WORDS.findall(text))


def sentence_bounds(text: str, start: int, end: int, doc: Any = None) -> tuple[int, int]:
    """[start, end) of the sentence holding text[start:end] (spaCy's sentences when parsed)."""
    if doc is not None:
        for sentence in doc.sents:
            if sentence.start_char <= start < sentence.end_char:
                return sentence.start_char, max(sentence.end_char, end)
    left = 0
    for match in _SENTENCE_END.finditer(text, 0, start):
        left = match.end()
    following = _SENTENCE_END.search(text, end)
    return left, following.start() if following else len(text)


def _is_verb(token: Any) -> bool:
    return bool(token.pos_ in {"VERB", "AUX"} and token.dep_ not in {"aux", "auxpass"})


def _governor(tokens: list[Any]) -> Any:
    """The nearest verb above the span's tokens (the span's own verb counts), else the root."""
    token = min(tokens, key=lambda t: len(list(t.ancestors)))
    while True:
        if _is_verb(token):
            return token
        if token.head.i == token.i:
            return token
        token = token.head


def _subject(verb: Any) -> Any | None:
    """The subject token of a verb; a verb conjoined to another shares that one's subject."""
    seen = 0
    while verb is not None and seen < 10:
        # the nearest subject: "update: venue booked, caterer booked, fiancé still hasn't picked
        # a suit" parses "update" as a second subject of "picked"
        for child in sorted(verb.children, key=lambda c: abs(verb.i - c.i)):
            # an emoji parsed as a noun ("done at the Christie ✅ feeling rough") is no subject
            # nor is a feeling word that opens a subjectless post ("Nervous for the interview
            # Tuesday, been here since 2009"): the parser's guess, not who speaks
            if (
                child.dep_ in SUBJECT_DEPS
                and any(c.isalpha() for c in child.text)
                and not _sentence_between(child, verb)
                and not (child.pos_ == "ADJ" and child.i == child.sent.start)
            ):
                return child
        if verb.dep_ in {"conj", "xcomp"} and verb.head.i != verb.i:
            verb = verb.head
            seen += 1
            continue
        return None
    return None


def _sentence_between(subject: Any, verb: Any) -> bool:
    """A full stop lies between them: the parser joined two sentences ("Tax return done. Made
    £48k last year"), so the noun is no subject of the verb."""
    low, high = sorted((subject.i, verb.i))
    return any(t.text in {".", "!", "?", "..."} for t in subject.doc[low + 1 : high])


OBJECT_PRONOUNS = frozenset({"me", "us"})


def _clause_words(verb: Any) -> list[str]:
    """The words of a verb's own clause: its subtree without embedded clauses that have a
    subject of their own."""
    words: list[str] = []
    stack = [verb]
    while stack:
        token = stack.pop()
        words.append(token.text)
        for child in token.children:
            if child.dep_ in CLAUSE_DEPS and any(
                c.dep_ in SUBJECT_DEPS and c.lower_ not in OBJECT_PRONOUNS for c in child.children
            ):
                continue  # ("they made [me a team leader]": a small clause, the verb's object)
            stack.append(child)
    return words


def _subject_reference(subject: Any) -> AuthorReference | None:
    words = [token.text for token in subject.subtree]
    person = person_of(words)
    if person is not None:
        return person
    if subject.lower_ in ("he", "she") and names_close_person(subject.doc):
        return AuthorReference.CLOSE_PERSON  # "newborn life. she was born at 4:12am"
    head = subject.lower_  # the head noun, not the last word of its subtree ("shift at X")
    if head in CLOSE_PEOPLE | OWN_THINGS:
        # ("Tonight's AA meeting": a time's possessive owns nothing)
        owners = {
            c.lower_
            for c in subject.children
            if c.dep_ in {"det", "poss"} and c.lower_ not in TIME_OWNERS
        }
        others = owners & NOT_THE_AUTHORS
        # "Sarah's dad": a possessor who is not close makes the person someone else's
        others |= {
            c.lower_ for c in subject.children if c.dep_ == "poss" and c.pos_ == "PROPN"
        } - CLOSE_PEOPLE
        if not others and (head in CLOSE_PEOPLE or not owners):
            return AuthorReference.CLOSE_PERSON
    if subject.text.lower() in CLOSE_PEOPLE and not list(subject.children):
        return AuthorReference.CLOSE_PERSON
    if _close_possessor(subject):
        return AuthorReference.CLOSE_PERSON  # "Mum's surgery went well", "our son's baptism is"
    if (
        head in CLINICIANS
        and subject.head.lemma_ in REPORTING_VERBS
        and not any(
            c.dep_ in {"det", "poss"} and c.lower_ in NOT_THE_AUTHORS for c in subject.children
        )
    ):
        return AuthorReference.CLOSE_PERSON  # "Dermatologist says it's psoriasis": to the patient
    return None


# A clinician's verdict reported in a post is given to its author ("GP reckons it's a sprain")
CLINICIANS = frozenset(
    {
        "doctor", "doc", "gp", "dermatologist", "consultant", "specialist", "oncologist",
        "surgeon", "nurse", "physio", "midwife", "dentist", "psychiatrist", "neurologist",
        "cardiologist", "rheumatologist", "endocrinologist", "gastroenterologist", "optician",
        "paediatrician", "pediatrician", "obgyn", "gyno", "gynaecologist", "gynecologist",
    }
)  # fmt: skip
REPORTING_VERBS = frozenset(
    {"say", "think", "reckon", "confirm", "diagnose", "tell", "suspect", "believe", "want"}
)


def _close_possessor(noun: Any) -> bool:
    """The noun belongs to someone close and to no one else's: "Mum's surgery", "my son's
    baptism" (not "his son's baptism", "Sarah's surgery")."""
    for owner in noun.children:
        little_one = owner.lower_ == "one" and any(c.lower_ == "little" for c in owner.children)
        if owner.dep_ == "poss" and owner.lower_ in ("his", "her") and names_close_person(noun.doc):
            return True  # "My son's IEP is Thursday. his diagnosis came through in spring"
        # "Aunty Ngozi's 60th": a name after a word of kin is a close person's
        titled = owner.dep_ == "poss" and any(
            c.lower_ in CLOSE_PEOPLE and c.i < owner.i for c in owner.children
        )
        if titled:
            return True
        if owner.dep_ != "poss" or not (owner.lower_ in CLOSE_PEOPLE or little_one):
            continue
        owners = {c.lower_ for c in owner.children if c.dep_ in {"det", "poss"}}
        if not owners & NOT_THE_AUTHORS:
            return True
    return False


def _misparsed_compound(subject: Any, verb: Any) -> bool:
    """A singular noun "subject" right before a verb that does not agree with it ("forest run",
    "school run", "park walk"): the parse split a noun compound, the post names an event."""
    # a "past tense" that is the base form ("run") is a noun the tagger misread; true past
    # forms the same as the base ("the storm hit") are not
    base_as_past = (
        verb.tag_ == "VBD" and verb.lower_ == verb.lemma_.lower() and verb.lower_ not in SAME_PAST
    )
    return bool(
        subject.tag_ in ("NN", "NNP")
        and (verb.tag_ in ("VBP", "VB") or base_as_past)
        and verb.i == subject.i + 1
        and not any(child.dep_ in VERB_ONLY_DEPS for child in verb.children)
    )


# Plural times, which the parser sometimes makes the subject of the next verb
HABIT_TIMES = frozenset(
    {
        "mornings", "afternoons", "evenings", "nights", "weekends", "weekdays", "mondays",
        "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
        # a day said as the subject ("... and tonight is one of them"): a time, no one
        "today", "tonight", "tomorrow", "yesterday",
    }
)  # fmt: skip
# What only a verb has ("anyone else's sertraline make them yawn" is a question, not a name)
VERB_ONLY_DEPS = frozenset({"aux", "auxpass", "dobj", "ccomp", "xcomp", "attr", "acomp", "dative"})


# Verbs whose past is their base form
SAME_PAST = frozenset(
    [
        "hit",
        "put",
        "set",
        "cut",
        "let",
        "shut",
        "spread",
        "cost",
        "hurt",
        "quit",
        "read",
        "bet",
        "burst",
        "cast",
        "split",
        "upset",
    ]
)


# Times said with a possessive before a thing ("Tonight's meeting", "Sunday's service")
TIME_OWNERS = frozenset(
    {"tonight", "today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday",
     "friday", "saturday", "sunday", "week", "weekend", "year", "month", "day", "night",
     "morning", "evening", "season", "summer", "winter", "spring", "autumn"}
)  # fmt: skip
# Words for the author's own child when a post names no other ("newborn life")
OWN_CHILD_WORDS = frozenset(
    {"newborn", "bub", "bubba", "little one", "lo", "youngest", "eldest", "oldest"}
)


def names_close_person(doc: Any) -> bool:
    """The message names someone close to the author, not someone else's ("my sister",
    "newborn life"; not "his mum"): a "he" or "she" in it is most likely that person."""
    for token in doc:
        if token.lower_ in OWN_CHILD_WORDS:
            return True
        if token.lower_ in CLOSE_PEOPLE:
            owners = {c.lower_ for c in token.children if c.dep_ in ("det", "poss")}
            if not owners & {"his", "her", "their", "your", "ur", "a", "an", "some"}:
                return True
    return False


def _inside(token: Any, start: int, end: int) -> bool:
    """text[start:end] lies within the token's subtree."""
    subtree = list(token.subtree)
    return bool(subtree[0].idx <= start and end <= subtree[-1].idx + len(subtree[-1].text))


def _is_bare(subject: Any) -> bool:
    """A common-noun subject without determiner or possessive: the author's own thing in a post
    ("second round of chemo done", "house will be empty")."""
    sentence_initial = subject.pos_ == "PROPN" and subject.is_sent_start  # "Round 4 of chemo"
    return bool(
        (subject.pos_ == "NOUN" or sentence_initial)
        and not any(child.dep_ in {"det", "poss"} for child in subject.children)
    )


# Participles of arrangements, which a tagger may read as a past ("hip replacement booked")
ARRANGED = frozenset(
    {"booked", "scheduled", "confirmed", "accepted", "approved", "arranged", "sorted",
     "cancelled", "canceled", "postponed", "rescheduled", "signed", "done", "finalised", "sent",
     "submitted", "posted", "paid", "filed", "packed", "ordered", "installed", "renewed"}
)  # fmt: skip
# People a news headline's participle is said of ("man arrested in Leeds")
HEADLINE_PEOPLE = frozenset(
    {"man", "woman", "boy", "girl", "teen", "teenager", "person", "people", "driver", "police",
     "officer", "suspect", "pensioner", "student", "child", "baby", "mother", "father"}
)  # fmt: skip


def _headline_participle(verb: Any, subject: Any) -> bool:
    """ "hip replacement booked at ...", "offer accepted": a bare thing and a past participle with
    no auxiliary, how one posts one's own news; not a person's ("man arrested in Leeds")."""
    if verb.tag_ not in ("VBN", "VBD") or any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False
    if verb.tag_ == "VBD" and (
        verb.lower_ not in ARRANGED or any(c.dep_ == "dobj" for c in verb.children)
    ):
        return False  # ("hip replacement booked": the tagger's past is the participle)
    return subject.pos_ == "NOUN" and subject.lemma_.lower() not in HEADLINE_PEOPLE | CLOSE_PEOPLE


def _first_word(sentence: Any) -> Any:
    """The sentence's first token that is no punctuation or space, or None."""
    return next((t for t in sentence if not t.is_punct and not t.is_space), None)


def _is_reader_request(sentence: Any) -> bool:
    first = _first_word(sentence)
    return bool(first is not None and first.lower_ in READER_REQUESTS)


def _is_wish(verb: Any) -> bool:
    """ "may this year bring ...": an optative "may" opening the clause."""
    may = next((c for c in verb.children if c.dep_ == "aux" and c.lower_ == "may"), None)
    return may is not None and (may.i == 0 or not may.nbor(-1).is_alpha)


def _emoji_between(subject: Any, verb: Any) -> bool:
    """An emoji stands between a subject and its verb: two sentences the parser joined."""
    low, high = sorted((subject.i, verb.i))
    return any(EMOJI.search(t.text) for t in subject.doc[low + 1 : high])


def _is_reader_notice(sentence: Any) -> bool:
    first = _first_word(sentence)
    return bool(first is not None and first.lower_ in READER_NOTICES)


def _starts_with_bare_verb(sentence: Any) -> bool:
    first = _first_word(sentence)
    return bool(first is not None and first.tag_ == "VB" and first.dep_ == "ROOT")


# Chat asides a parser takes for a clause's subject ("Tbh being a single dad is hard")
CHAT_OPENERS = frozenset({"tbh", "ngl", "imo", "imho", "tbf", "honestly", "lol", "lowkey", "fr"})


def author_reference(text: str, start: int, end: int, doc: Any = None) -> AuthorReference | None:
    """How the clause governing text[start:end] refers to the author, or None when it speaks of
    someone or something else (see the module docstring). `doc` is spaCy's parse of `text`."""
    left, right = sentence_bounds(text, start, end, doc)
    sentence_person = text_person(text[left:right])
    if doc is None:
        return sentence_person
    tokens = [t for t in doc if t.idx < end and t.idx + len(t.text) > start]
    if not tokens:
        return sentence_person
    verb = _governor(tokens)
    sentence = verb.sent
    subject = _subject(verb) if _is_verb(verb) else None
    if subject is not None and _misparsed_compound(subject, verb):
        subject = None  # "Karura forest run every Saturday": an event's name, no clause
    if subject is not None and subject.lower_ in HABIT_TIMES:
        subject = None  # "running Tues/Thurs/Sat mornings round the park": a time, no one
    if subject is not None and subject.lower_ in CHAT_OPENERS:
        subject = None  # "Tbh being a single dad of 2 ...": an aside the parser took for one
    if subject is not None and _emoji_between(subject, verb):
        subject = None  # "New job alert 🚨 starting as ...": the emoji ends the headline
    if _is_sign_off(verb) and (
        subject is None or any(t.text == "," for t in verb.doc[subject.i : verb.i])
    ):
        return AuthorReference.IMPERATIVE  # "..., see you guys in 2 weeks": the author's return
    clause_person = person_of(_clause_words(verb)) if _is_verb(verb) else None
    if subject is None and clause_person is None and _is_wish(verb):
        return None  # "... 🪔✨ may this year bring light to your homes": a wish to readers
    if clause_person is None and sentence_person is None and _is_reader_notice(sentence):
        return None  # "Reminder that voter registration closes on the 20th!"
    if subject is None:
        if clause_person is None and sentence_person is None and _is_reader_request(sentence):
            return None
        if _is_verb(verb) and _starts_with_bare_verb(sentence) and verb == sentence.root:
            return clause_person or sentence_person or AuthorReference.IMPERATIVE
        if not _is_verb(verb) and any(_is_verb(t) and t.dep_ == "ROOT" for t in sentence):
            # a phrase hanging off a verbless root inside a verbal sentence: use the sentence
            return sentence_person or AuthorReference.SUBJECTLESS
        return clause_person or sentence_person or AuthorReference.SUBJECTLESS
    by_subject = _subject_reference(subject)
    if (
        by_subject is None
        and subject.tag_ == "VBG"
        and subject.dep_ == "csubj"
        and not any(c.dep_ in ("nsubj", "nsubjpass") for c in subject.children)
    ):
        # "Dropping Leo at his dad's every other Friday is the worst part of the week": an
        # activity with no one else doing it is the author's
        by_subject = AuthorReference.SUBJECTLESS
    if by_subject is None and _asks_for_a_recommendation(subject, verb, sentence):
        by_subject = AuthorReference.FIRST_PERSON  # "Anyone got recs for a good therapist?"
    if by_subject is None and _shared_with_readers(subject):
        by_subject = AuthorReference.FIRST_PERSON  # "anyone else's kid get the letter?"
    if by_subject is None and _invites_readers(subject, sentence):
        by_subject = AuthorReference.FIRST_PERSON  # "who's around Fitzroy on Saturday?"
    proper = any(t.pos_ == "PROPN" and t.ent_type_ not in {"DATE", "TIME"} for t in tokens)
    if by_subject is None and not proper and _inside(subject, start, end) and _is_bare(subject):
        by_subject = AuthorReference.CLOSE_PERSON  # "second round of chemo done"
    if by_subject is None and _is_bare(subject) and _headline_participle(verb, subject):
        # "hip replacement booked at the Nuffield for 3rd March": the author's own news
        by_subject = AuthorReference.CLOSE_PERSON
    if by_subject is None and _is_own_thing(subject) and text_person(text) is not None:
        by_subject = AuthorReference.CLOSE_PERSON  # "Sunday service hit different" + "my ..."
    if by_subject is None and subject.lower_ in {"it", "there", "this", "that"}:
        by_subject = sentence_person  # "It's been 3 years today since I lost my husband"
    if by_subject is None and subject.lower_ in {"this", "that"} and subject.i == sentence.start:
        by_subject = _previous_sentence_reference(text, sentence, doc)  # "Rent went up. that's"
    if by_subject is not None:
        return clause_person if clause_person is not None else by_subject
    if clause_person is None and verb.dep_ in {"ccomp", "xcomp"} and verb.head.i < verb.i:
        # "my grandad had his hip replaced": the clause it completes; not a clause before its
        # "head" ("The clocks go back on Sunday, don't forget!": two sentences the parse joined)
        head = verb.head
        return author_reference(text, head.idx, head.idx + len(head.text), doc)
    if clause_person is None and in_verbless_chunk(doc, start, end):
        return AuthorReference.SUBJECTLESS  # the parser hung a fragment on the next clause
    return clause_person


SIGN_OFF_VERBS = frozenset({"see", "catch"})
READERS = frozenset({"you", "ya", "u", "yall", "y'all", "youse"})


def _is_sign_off(verb: Any) -> bool:
    """ "see you all in 3 weeks", "catch ya Friday": the author meeting readers again, whatever
    the parser took for the verb's subject."""
    if verb.lower_ not in SIGN_OFF_VERBS:
        return False
    return any(
        child.lower_ in READERS or any(g.lower_ in READERS for g in child.children)
        for child in verb.children
        if child.dep_ in ("dobj", "dative")
    )


ASKING_VERBS = frozenset({"know", "got", "get", "have", "recommend", "suggest"})


def _asks_for_a_recommendation(subject: Any, verb: Any, sentence: Any) -> bool:
    """ "Anyone know a good dentist near Chatswood?": a question to readers about what the
    asker needs, which is the asker's."""
    return (
        subject.lower_ in {"anyone", "anybody", "anyone's"}
        and verb.lower_ in ASKING_VERBS
        and "?" in sentence.text
    )


def _shared_with_readers(subject: Any) -> bool:
    """ "anyone else's kid get the letter about the nits?", "anybody else's train cancelled?": the
    asker has the same, so what is said of it is the asker's."""
    doc = subject.doc
    owners = [c for c in subject.children if c.dep_ == "poss"]
    if subject.lower_ in {"anyone", "anybody"}:
        owners.append(subject)  # the parser may make "anyone" the subject and "kid" its modifier
    return any(
        owner.lower_ in {"anyone", "anybody"}
        and owner.i + 2 < len(doc)
        and doc[owner.i + 1].lower_ == "else"
        and doc[owner.i + 2].lower_ in {"'s", "’s"}
        for owner in owners
    )


# What a question asks of readers who would join the asker ("who's around", "anyone free")
INVITATION_WORDS = frozenset({"around", "about", "free", "keen", "down", "joining", "coming"})


def _invites_readers(subject: Any, sentence: Any) -> bool:
    """ "who's around Fitzroy on Saturday arvo?", "anyone free Thursday night?": a question that
    invites readers to join the asker, whose plan its place and time are."""
    return (
        subject.lower_ in {"who", "anyone", "anybody"}
        and "?" in sentence.text
        and any(t.lower_ in INVITATION_WORDS for t in sentence if t.i > subject.i)
    )


def _previous_sentence_reference(text: str, sentence: Any, doc: Any) -> AuthorReference | None:
    """How the sentence before this one refers to the author: a sentence opening with "that" or
    "this" speaks of what the one before said ("Rent went up $80 a week. that's $4,160 a year")."""
    if sentence.start == 0:
        return None
    root = doc[sentence.start - 1].sent.root
    return author_reference(text, root.idx, root.idx + len(root.text), doc)


# An emoji, which ends a clause as posts write them
EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\U0001F1E6-\U0001F1FF]")  # with flags
_CHUNK_END = re.compile(
    rf"[,.](?!\d)|(?<!\d)[,.]|[;:!?\n()\u2014\u2013]|{EMOJI.pattern}"
)  # "3,000" and "7.30" do not end a chunk


def in_verbless_chunk(doc: Any, start: int, end: int, *, phrase_excluded: bool = False) -> bool:
    """text[start:end] lies in a stretch between punctuation or emoji that has no verb: a post's
    fragment ("night shift at Kenyatta from 8pm to 8am, then ..."), whatever the parse says."""
    text = doc.text
    left = max((m.end() for m in _CHUNK_END.finditer(text, 0, start)), default=0)
    following = _CHUNK_END.search(text, end)
    right = following.start() if following else len(text)
    chunk = [t for t in doc if left <= t.idx < right]
    # (with `phrase_excluded`, the phrase's own words are not the chunk's verb: "hair appt fri
    # 3pm", where "fri" is tagged a verb)
    verbs = [t for t in chunk if not (phrase_excluded and start <= t.idx < end)]
    return bool(chunk) and not any(t.pos_ in {"VERB", "AUX"} for t in verbs)


# Events held for everyone, which a bare subject names without being the author's
PUBLIC_EVENTS = frozenset(
    {"voting", "polling", "election", "elections", "referendum", "census", "registration",
     "clocks", "sale", "sales"}
)  # fmt: skip


def _is_own_thing(subject: Any) -> bool:
    """A common-noun subject without a determiner that nobody else owns ("Sunday service",
    "my shift"; not "the museum", "his hip", "a study", "Tokyo")."""
    if subject.pos_ != "NOUN" and not (
        subject.pos_ == "PROPN" and subject.ent_type_ in {"DATE", "TIME"}
    ):
        return False
    if {subject.lower_, *(c.lower_ for c in subject.children if c.dep_ == "compound")} & (
        PUBLIC_EVENTS
    ):
        return False  # "polling day is Thursday", "early voting starts Monday": everyone's
    for child in subject.children:
        if child.dep_ == "poss" and child.lower_ not in FIRST_PERSON_SINGULAR | FIRST_PERSON_PLURAL:
            return False
        if (
            child.dep_ == "det"
            and child.pos_ != "NOUN"  # ("NHS waiting list": the parser's determiner is a name)
            and not (child.lower_ == "the" and subject.lower_ in OWN_EVENTS)
        ):
            return False  # ("The rosary is Thursday at 7" in a post about the author's abuela)
    return True


def speaks_of_author(text: str, doc: Any = None) -> bool:
    """Some sentence of the message refers to its author (first person, "we", a close person, a
    subjectless clause or fragment, or an imperative that is not a request to readers)."""
    if doc is None:
        return text_person(text) is not None
    for sentence in doc.sents:
        root = sentence.root
        if author_reference(text, root.idx, root.idx + len(root.text), doc) is not None:
            return True
    return False


__all__ = [
    "EMOJI",
    "TIME_OWNERS",
    "AuthorReference",
    "author_reference",
    "in_verbless_chunk",
    "names_close_person",
    "person_of",
    "sentence_bounds",
    "speaks_of_author",
]

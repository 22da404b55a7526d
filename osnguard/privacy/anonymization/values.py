"""Ages, birth years, amounts of money and people's names said vaguely: wordings for phrases that
have no generalization chain ("34" is not an instance of anything).

Each function takes the phrase as written (and what follows it in the message, where that
decides the wording) and returns its wordings most specific first, each true of the original:
- ages: "34" -> "thirty-something"; "turns 70" -> "has a big birthday" -> "has a birthday";
  "1987" -> "the late 1980s" -> "the 1980s"; "60th" -> "big birthday" -> "birthday";
- amounts: "$31,400" -> "over $30k" -> "tens of thousands"; "€1,850" -> "nearly two grand" ->
  "thousands"; an amount of something loses the amount ("£9k credit card debt" -> "credit card
  debt", "€40k of the mortgage" -> "part of the mortgage");
- names and handles: "Tom" -> "T." -> "someone"; "@kit.r" -> "K." -> "someone".
An empty list means no rule reads the phrase; the caller falls back to its chain.
"""

from __future__ import annotations

import math
import re

from osnguard.privacy.anonymization.schemas import is_adjective
from osnguard.privacy.lexicon import (
    AMOUNT_RANGE_JOINER,
    CURRENCY_WORDS,
    LENGTH_STATES,
    LOAN_TERMS,
    MONTHS,
    NUMBER_NAMES,
    PAID_PERIOD,
    WEEKS_ALONG,
    WEIGHT_CHANGE,
)

AGE_NUMBER = re.compile(
    r"(?P<n>\d{1,3})(?P<unit>\s*(?:y/?o|yo|yrs? old|years? old|years? of age))?", re.I
)
AGE_EVENT = re.compile(r"(?P<verb>turned|turns|turning|turn)\s+(?P<n>\d{1,3})", re.I)
ORDINAL = re.compile(r"(?P<n>\d{1,3})(?:st|nd|rd|th)", re.I)
YEAR = re.compile(r"\(?(?P<year>(?:19|20)\d\d|'\d\d)\)?")
CHILD_AFTER = re.compile(
    r"\s+(?:daughter|son|kid|child|boy|girl|twins?|niece|nephew|grandson|granddaughter|"
    r"grandkid|toddler|baby|little one|cousin|sister|brother)s?\b",
    re.I,
)
BORN_IN = re.compile(r"(?P<words>born\s+in\s+)(?P<year>(?:19|20)\d\d)", re.I)

CURRENCY = r"(?:[£$€₹¥₦]|(?:US|AU|CA|NZ)\$|R(?=\s?\d)|KSh\s?|Rs\.?\s?)"
AMOUNT = re.compile(
    rf"(?P<cur>{CURRENCY})?\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s?(?P<scale>k|m|bn|grand|K|M)?(?:\b|(?=pcm|pm|pw|ph|p/))"
    r"(?P<rest>.*)",
    re.S,
)
APPROXIMATELY = re.compile(r"^(?:about|around|roughly|approx\.?|approximately|~)\s*", re.IGNORECASE)
# The period an amount is paid by, written after it
PERIOD = re.compile(PAID_PERIOD, re.I)
SALARY_UNITS = re.compile(
    r"^(?:gross|net|a year|per year|per annum|pa|p\.a\.|/yr|/year|a month|LPA|CTC)\b", re.I
)


# "I'm 31", "she's 41": the age said of someone, who is then "in my/her thirties"
AGE_OF = re.compile(
    r"\b(?P<who>I'm|I am|Im|i'm|im|he's|he is|she's|she is|they're|they are|you're|you are|"
    r"(?:I|he|she|they|you)(?:'ll| will) be)\s+$",
    re.IGNORECASE,
)
MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
# An age said as the day's news opening a post ("18 today!!!", "40 tomorrow, send help")
TODAY_AFTER = re.compile(r"\s+(?:today|tomorrow|tmrw)\b", re.IGNORECASE)
# A day after the age said of someone: the day they turn it ("I'm 60 on Sunday", "she's 5
# tomorrow"), which a wider age would misdate ("I'm an adult on Sunday")
BIRTHDAY_AFTER = re.compile(
    rf"\s+(?:on\s+(?:the\s+)?\w+|this\s+\w+|next\s+\w+|tomorrow|tmrw|today|tonight|"
    rf"in\s+(?:a\s+(?:week|month|fortnight)|\w+\s+(?:days|weeks|months)|{MONTH_NAMES}))\b",
    re.IGNORECASE,
)
AGE_AHEAD = re.compile(
    r"\b(?:till|until|til|by the time|before|once)\s+(?:i'?m|i am|she'?s|he'?s|they'?re)\s+$",
    re.IGNORECASE,
)
POSSESSIVE_OF = {"i": "my", "im": "my", "he": "his", "she": "her", "they": "their", "you": "your"}


def _decade_of_life(n: int, before: str, unit: str | None) -> list[str]:
    """ "I'm 31" -> "in my early thirties" -> "in my thirties" -> "an adult"."""
    said = AGE_OF.search(before)
    if said is None or unit:
        return []
    who = re.match(r"[a-z]+", said.group("who").lower())
    owner = POSSESSIVE_OF.get(who.group(0) if who else "", "my")
    decade = NUMBER_NAMES[n // 10 * 10].removesuffix("y") + "ies"
    last = n % 10
    part = "early " if last <= 3 else ("late " if last >= 7 else "mid-")
    if AGE_AHEAD.search(before):
        # "till I'm 40" -> "till I'm in my forties": an age looked ahead to is no adulthood
        return [f"in {owner} {part}{decade}", f"in {owner} {decade}"]
    return [f"in {owner} {part}{decade}", f"in {owner} {decade}", "an adult"]


def age_wordings(text: str, after: str = "", before: str = "") -> list[str]:
    """An age, an age event ("turns 70"), a birthday ordinal ("60th") or a birth year; `before`
    and `after` are the text around it."""
    text = text.strip()
    if re.fullmatch(r"sweet\s+(?:16|sixteen)|quincea[ñn]era", text, re.IGNORECASE):
        return ["big birthday", "birthday"]  # "Sweet 16 for our twins" -> "Big birthday for ..."
    event = AGE_EVENT.fullmatch(text)
    if event:
        n, verb = int(event.group("n")), event.group("verb").lower()
        if verb == "turned":
            return ["had a birthday"]
        tense = "having" if verb == "turning" else ("have" if verb == "turn" else "has")
        big = [f"{tense} a big birthday"] if n % 10 == 0 or n == 18 else []
        return [*big, f"{tense} a birthday"]
    ordinal = ORDINAL.fullmatch(text)
    if ordinal:
        if re.match(r"\s*(?:birthday|bday|b-day)\b", after, re.I):
            return [""]  # "Happy 10th birthday" -> "Happy birthday"
        n = int(ordinal.group("n"))
        return ["big birthday", "birthday"] if n % 10 == 0 or n == 18 else ["birthday"]
    year = YEAR.fullmatch(text)
    if year:
        return decade_wordings(year.group("year"), parenthesised=text.startswith("("))
    born = BORN_IN.fullmatch(text)
    if born:  # "born in 1987" -> "born in the late 1980s"
        return [
            born.group("words") + w
            for w in decade_wordings(born.group("year"), parenthesised=False)
        ]
    age = AGE_NUMBER.fullmatch(text)
    if age:
        n = int(age.group("n"))
        if not age.group("unit") and AGE_OF.search(before) and BIRTHDAY_AFTER.match(after):
            # "I'm 50 next month" -> "I'm having a big birthday next month": the day of turning
            # it, true still when the day is dropped ("I'm a year older" would not be)
            return [*(["having a big birthday"] if n % 10 == 0 else []), "having a birthday"]
        if not age.group("unit") and not before.strip() and TODAY_AFTER.match(after):
            return ["a year older"]  # "18 today!!!": a birthday, not "A teenager this week"
        if 20 <= n < 100:
            return _decade_of_life(n, before, age.group("unit")) or [
                f"{NUMBER_NAMES[n // 10 * 10]}-something"
            ]
        if 13 <= n < 20:
            if not age.group("unit"):
                # "for the first time at 18" -> "at a young age" ("at a teenager" would not read)
                return ["a young age"] if re.search(r"\bat\s+$", before) else ["a teenager"]
            # "my 16 year old daughter" -> "my teenage daughter"; "my 16 year old just passed"
            # -> "my teenager just passed"
            return ["teenage"] if CHILD_AFTER.match(after) else ["teenager"]
        if age.group("unit"):  # "my 4 y/o" -> "my kid"; "my 4 y/o daughter" -> "my daughter"
            if CHILD_AFTER.match(after):
                return [""]
            # "..., 8 years old and doing his own injections" -> "..., young and doing ...": said
            # of someone already named, after a comma or a copula
            predicate = re.search(r"(?:,|\b(?:is|'s|’s|am|are|was|were))\s+$", before, re.I)
            return ["young"] if predicate else ["kid"]
        return []
    return []


def decade_wordings(year: str, *, parenthesised: bool) -> list[str]:
    """ "1987" -> "the late 1980s" -> "the 1980s"; "'89" -> "the late 80s" -> "the 80s"."""
    digits = year.lstrip("'")
    decade = digits[:-1] + "0"
    last = int(digits[-1])
    part = "early" if last <= 3 else ("mid" if last <= 6 else "late")
    separator = "-" if part == "mid" else " "
    words = [f"the {part}{separator}{decade}s", f"the {decade}s"]
    return [f"({w})" for w in words] if parenthesised else words


# Money nouns an amount can stand before ("£9k credit card debt", "a £500 deposit"): without the
# amount the sentence still reads right and says what, not how much.
MONEY_WORDS = (
    "debt debts loan loans deposit rent mortgage salary bonus bill bills fine fee fees savings "
    "overdraft payment payments raise pay budget refund tax donation tip prize grant pension "
    " income arrears payout severance settlement package windfall inheritance cheque check "
    "invoice winnings profit fund funds pot charge charges penalty surcharge"
)
MONEY_NOUNS = frozenset(MONEY_WORDS.split())
COUNTED_MONEY_NOUNS = frozenset(
    [
        "loan",
        "deposit",
        "bill",
        "fine",
        "fee",
        "payment",
        "raise",
        "bonus",
        "refund",
        "tip",
        "prize",
        "grant",
        "cheque",
        "check",
        "invoice",
        "charge",
        "penalty",
        "surcharge",
        "payout",
    ]
)
_WORDS_AFTER = re.compile(r"\s+([a-z-]+)(?:\s+([a-z-]+))?(?:\s+([a-z-]+))?")
_OF_SOMEONES = re.compile(r"\s+of\s+(?:the|my|our|his|her|their|your)\b", re.IGNORECASE)
_OF = re.compile(r"\s+of\s+[a-z]", re.IGNORECASE)


def _money_noun_follows(after: str) -> bool:
    """A money noun within the next three words, none of them a preposition ("credit card debt")."""
    found = _WORDS_AFTER.match(after)
    for word in (w for w in (found.groups() if found else ()) if w):
        if word in MONEY_NOUNS:
            return True
        if word in (
            "in", "on", "of", "for", "to", "from", "at", "and", "or", "left", "a", "the", "after",
            "before", "per", "each", "every", "an",
        ):  # fmt: skip
            return False  # ("£2,140 after tax": the tax is no noun the amount describes)
    return False


AMOUNT_RANGE = re.compile(
    rf"(?P<low>[^\s-][^-–—]*?\d[^-–—]*?)\s*{AMOUNT_RANGE_JOINER}\s*(?P<high>\S.*\d.*)"
)


def _range_wordings(low: str, high: str, after: str, before: str) -> list[str]:
    """ "£31k to £34.5k" -> "over £30k"; "£950 to £1,100 a month" -> "several hundred to over a
    grand a month": each end's wordings aligned from the vaguest, and one wording where it is
    true of both ends ("£40k-£45k" -> "tens of thousands", not "tens of thousands to over £40k")."""
    lows, highs = amount_wordings(low, "", before), amount_wordings(high, after, "")
    if not lows or not highs:
        return []
    steps = max(len(lows), len(highs))
    lows = [lows[0]] * (steps - len(lows)) + lows
    highs = [highs[0]] * (steps - len(highs)) + highs
    out: list[str] = []
    for one, two in zip(lows, highs):
        if one == two or one in highs:
            wording = one
        elif two in lows:
            wording = two
        else:
            wording = f"{one} to {two}"
        if wording not in out:
            out.append(wording)
    return out


def amount_wordings(text: str, after: str = "", before: str = "") -> list[str]:
    """An amount of money, alone or of something ("£32k of debt"); with the text around it, the
    amount alone: "€40k [of the mortgage]" -> "part", "£32k [of debt]" -> "a lot", "£9k [credit
    card debt]" -> "" (taken out)."""
    loan = LOAN_TERMS.fullmatch(text.strip())
    if loan:
        # "30 yr fixed at 6.1%" -> "a fixed rate", "4.5% variable" -> "a variable rate"
        kind = (loan.group("kind") or loan.group("rate")).lower()
        if kind in ("loan", "mortgage", "term"):
            noun = "mortgage" if kind == "mortgage" else "loan"
            if re.search(r"\b(?:a|an|my|our|the)\s+$", before, re.IGNORECASE):
                return [f"long {noun}", noun]  # "and a 30 year mortgage" -> "a long mortgage"
            return [f"a long {noun}", f"a {noun}"]
        return [f"a {kind} rate" if kind in ("fixed", "variable", "tracker") else "a rate"]
    both = AMOUNT_RANGE.fullmatch(text.strip())
    if both:
        return _range_wordings(both.group("low"), both.group("high"), after, before)
    if text.strip()[:1] in ("-", "−"):
        # "my Monzo shows -£340" -> "shows a few hundred in the red": a balance below zero
        return [f"{w} in the red" for w in amount_wordings(text.strip()[1:], after, before)]
    # "about $8k", "nearly £2,000": the wordings below are vague already
    text = APPROXIMATELY.sub("", text.strip())
    found = AMOUNT.fullmatch(text.strip())
    named = CURRENCY_WORD_AFTER.match(found.group("rest")) if found else None
    if found and named and not found.group("cur"):
        # "500 quid", "2,300 bob", "15k pesos": the currency said after the number
        value = _value(found.group("num"), found.group("scale"))
        if value is None:
            return []
        word, rest = named.group(1), found.group("rest")[named.end() :].strip()
        words = _said_with(_magnitude_wordings(value, ""), word)
        if rest and PERIOD.fullmatch(" " + rest):
            return [f"{w} {rest}" for w in words]
        return [] if rest else [*words, *(["a lot"] if 1000 <= value < 100_000 else [])]
    if not found or not (found.group("cur") or found.group("scale")):
        return []  # a bare number is no amount; "60k saved" is, without its currency
    value = _value(found.group("num"), found.group("scale"))
    if value is None:
        return []
    rest = found.group("rest").strip()
    cur = (found.group("cur") or "").strip()
    if rest and PERIOD.fullmatch(" " + rest):
        # "$80 a week" -> "under $100 a week", "$4,160 a year" -> "thousands a year": the period
        # stays, the amount is rounded
        joiner = "" if rest.startswith("/") else " "
        return [f"{w}{joiner}{rest}" for w in _magnitude_wordings(value, cur)]
    if rest and not SALARY_UNITS.match(rest):
        thing = re.sub(r"^of\s+", "", rest)
        if thing.lower().startswith(("the ", "my ", "our ", "his ", "her ", "their ")):
            return [f"part of {thing}"]
        return [thing]
    words = _magnitude_wordings(value, cur)
    if rest:  # a salary ("€28k gross", "₹18 LPA"): its size is the private part
        return ["a salary"]
    if _DETERMINED.search(before) and _OF.match(after):
        # "paid off my last £4,200 of debt" -> "my last few grand of debt" -> "my last bit of
        # debt": after a determiner, "over four grand" or "a lot" would not read
        return (["few grand"] if 2000 <= value < 10_000 else []) + ["bit"]
    if _DETERMINED.search(before) and not _money_noun_follows(after):
        # "took £1,150 of my £1,600", "paid the £50": the amount is the noun there ("of my a
        # lot" would not read)
        return ["money"]
    if (
        re.search(r"\b(?:a|an)\s+$", before, re.IGNORECASE)
        and re.match(r"\s+[A-Za-z]", after)
        and not _money_noun_follows(after)  # ("a £500 deposit" -> "a deposit")
    ):
        # "a £2,300 Klarna debt" -> "a four-figure Klarna debt" -> "a Klarna debt": the amount
        # describes the noun after it ("a over two grand debt" would not read); three to seven
        # figures, whose words take "a"
        digits = len(str(int(value)))
        figures = NUMBER_NAMES[digits] if 3 <= digits <= 7 else None
        article_agrees = re.search(r"\ba\s+$", before, re.IGNORECASE) is not None
        return ([f"{figures}-figure"] if figures and article_agrees else []) + [""]
    if _OF.match(after) or _OF_SOMEONES.match(after):
        # "tens of thousands of debt" lacks its currency: only rounded amounts read there
        words = [w for w in words if not re.search(r"(?:hundreds|thousands|millions|figures)$", w)]
    if _OF_SOMEONES.match(after):
        words.append("part")
    elif _OF.match(after):
        words.append("a lot")
    elif _money_noun_follows(after):
        # "£9k credit card debt" -> "credit card debt", "a £500 deposit" -> "a deposit": the
        # noun says what, the amount goes ("thousands in credit card debt" reads as a headline);
        # a countable noun keeps a determiner ("bounced AGAIN, £143 charge" -> "a charge")
        noun = after.split(maxsplit=1)[0].lower().strip(".,!?;:") if after.split() else ""
        if (
            noun in COUNTED_MONEY_NOUNS
            and before.strip()
            and not re.search(r"[.!?]\s*$", before)  # (a headline keeps its bare noun)
            and not re.search(
                r"\b(?:a|an|the|my|our|his|her|their|your|this|that)\s+$", before, re.IGNORECASE
            )
        ):
            return ["a"]
        return [""]
    elif (
        1000 <= value < 100_000
        and not SALARY_UNITS.match(after.strip())
        and not after.startswith("/")  # "$1,650/mo": never "a lot/mo"
    ):
        words.append("a lot")  # "saved €6,500" -> "saved thousands" -> "saved a lot"
    return words


# A currency said after the number ("500 quid", "2,300 bob")
CURRENCY_WORD_AFTER = re.compile(rf"\s*({CURRENCY_WORDS})\b", re.I)
GRAND_CURRENCIES = frozenset({"quid", "pounds", "dollars", "bucks"})  # "a few grand" says them


def _said_with(words: list[str], currency: str) -> list[str]:
    """Rounded wordings said with a currency named after the number: "a few hundred quid",
    "hundreds of naira", "over two thousand bob" ("grand" only of pounds and dollars)."""
    said = []
    for word in words:
        if word.endswith("grand") and currency.lower() not in GRAND_CURRENCIES:
            word = re.sub(r"\bgrand$", "thousand", word)  # "over a grand" -> "over a thousand"
        if word in ("five figures", "six figures") or word.endswith("grand"):
            said.append(word)
        elif re.search(r"(?:hundreds|thousands|millions)$", word):
            said.append(f"{word} of {currency}")
        else:
            said.append(f"{word} {currency}")
    return said


_DETERMINED = re.compile(
    r"\b(?:my|our|his|her|their|your|the)(?:\s+(?:last|first|final|remaining|extra|whole))?\s+$",
    re.IGNORECASE,
)


def _value(number: str, scale: str | None) -> float | None:
    try:
        value = float(number.replace(",", ""))
    except ValueError:
        return None
    factor = {"k": 1e3, "grand": 1e3, "m": 1e6, "bn": 1e9}.get((scale or "").lower(), 1.0)
    return value * factor


def _magnitude_wordings(value: float, cur: str) -> list[str]:
    """Rounded, then the order of magnitude; each true of the amount ("thousands" is two
    thousand or more, "a few grand" more than one)."""
    if value < 100:
        # "$47 in my account" -> "under $50"
        bound = 10 * math.ceil(value / 10) if value < 20 else 50 if value < 50 else 100
        return [f"under {cur}{bound}"] if value < bound else []
    if value < 200:
        return ["a hundred" if value == 100 else "over a hundred"]
    if value < 1000:
        return ["a few hundred" if value < 500 else "several hundred", "hundreds"]
    if value < 10_000:
        thousands = value / 1000
        up = math.ceil(thousands)
        if thousands == 1:
            first = "a grand"
        elif thousands == int(thousands):
            first = "a few grand" if thousands <= 4 else "several grand"
        elif (up - thousands) / up <= 0.1:
            first = f"nearly {_count_word(up)} grand"
        else:
            first = f"over {_count_word(int(thousands))} grand"
        wider = "thousands" if value >= 2000 else "over a grand" if value > 1000 else None
        return [first, *([wider] if wider and wider != first else [])]
    if value < 20_000:
        # "hit 10k" is no "tens of thousands" (twenty thousand or more): five figures, thousands
        return (
            [f"over {cur}10k", "five figures"] if value > 10_000 else ["five figures", "thousands"]
        )
    if value < 100_000:
        floor = int(value // 10_000) * 10
        rounded = [f"over {cur}{floor}k"] if value > floor * 1000 else []
        return [*rounded, "tens of thousands"]
    if value < 1_000_000:
        return ["six figures"]
    return ["millions"]


def _count_word(n: int) -> str:
    """ "a" for one, else the number's word ("two grand")."""
    return "a" if n == 1 else NUMBER_NAMES[n]


NAME_TOKEN = re.compile(r"@?([^\W\d_])[\w.'’-]*", re.UNICODE)


def looks_like_name(text: str) -> bool:
    """A handle, or capitalised words none of which is an English adjective ("Catholic",
    "Spanish" are words used as names of groups, not of people)."""
    words = text.replace("’", "'").removesuffix("'s").split()
    if not words:
        return False
    if all(w.startswith("@") for w in words if w not in ("and", "&")):
        return True
    names = [w for w in words if w not in ("and", "&")]
    return all(w[:1].isupper() for w in names) and not any(is_adjective(w) for w in names)


# The author's account named before its handle ("my venmo is", "my insta:")
ACCOUNT_NAMED_BEFORE = re.compile(r"\bmy\s+[\w ]{2,20}?\s*(?:is|:)\s*$", re.IGNORECASE)
# A family by its surname in the plural, as identification reads it ("the Khans", "the Joneses")
FAMILY_BY_SURNAME = re.compile(r"the\s+(?P<initial>[A-Z])[\w'’-]*s")
DOCTOR_TITLE = re.compile(r"(?:dr\.?|prof\.?|doctor|professor)\s+(?=[A-Z])", re.IGNORECASE)
KIN_TITLE = re.compile(
    r"(?:aunty|auntie|aunt|uncle|cousin|grandma|grandpa|nana|nanna|granny|gran|tita|tito|tia|tio|"
    r"tía|tío)\s+(?=[A-Z])",
    re.IGNORECASE,
)
# A possessive right before a name ("Holy Communion for our Sofia")
OWNER_BEFORE_NAME = re.compile(
    r"\b(?:my|our|his|her|their|your)\s+(?:(?:little|baby|wee|big|darling|beautiful|lovely)\s+)?$",
    re.IGNORECASE,
)
# Nouns a family name stands before ("the whole Okafor family"): "someone family" would not read
FAMILY_AFTER = re.compile(r"\s+(?:family|families|clan|household|fam|lot|side)\b", re.IGNORECASE)


# A request to pay or reach the author right before a handle ("Venmo me @kayla-m-88")
OWN_HANDLE_BEFORE = re.compile(
    r"\b(?:venmo|paypal|cashapp|zelle|revolut|monzo|pay|text|dm|message|add|follow)\s+me\s+"
    r"(?:at\s+|on\s+)?$",
    re.IGNORECASE,
)


def name_wordings(text: str, before: str = "", after: str = "") -> list[str]:
    """A person's name or handle: its initials ("T.", "N. and O."), then "someone". A sentence
    does not start with an initial ("J. and I are flying" reads as a typo): there only
    "someone". A family name before "family" keeps its initial only ("the whole O. family")."""
    text = text.strip()
    if text.startswith("@") and ACCOUNT_NAMED_BEFORE.search(before):
        return ["in my bio"]  # "my venmo is @kayla-ruiz-22" -> "my venmo is in my bio"
    if text.startswith("@") and OWN_HANDLE_BEFORE.search(before):
        return [""]  # "Venmo me @kayla-m-88 for ..." -> "Venmo me for ...": the author's own
    family = FAMILY_BY_SURNAME.fullmatch(text)
    if family is not None:  # "from the Khans" -> "from the K. family" -> "from the family"
        return [f"the {family.group('initial').upper()}. family", "the family"]
    owned = OWNER_BEFORE_NAME.search(before) is not None and text[:1].isupper()
    if not looks_like_name(text) and not owned:  # ("our Mere starts": a name, whatever "mere" is)
        return []
    opening = not before.strip() or before.rstrip().endswith((".", "!", "?", "\n"))
    possessive = ""
    if re.search(r"['’]s$", text):
        text, possessive = text[:-2], "'s"
    doctor = DOCTOR_TITLE.match(text)
    if doctor:
        # "Dr. Ní Bhriain at last" -> "Dr. N. B. at last": the title is the news, not the name
        letters = " ".join(w[0].upper() + "." for w in text[doctor.end() :].split())
        return [f"{doctor.group(0)}{letters}{possessive}"] if letters else []
    title = KIN_TITLE.match(text)
    if title:
        # "Aunty Fatima's" -> "Aunty F.'s": the family title is no part of the name
        rest = name_wordings(text[title.end() :] + possessive, before + title.group(0), after)
        return [f"{title.group(0)}{w}" for w in rest if not w.startswith("someone")] + (
            ["a relative's" if possessive else "a relative"]
        )
    parts = re.split(r"\s+(?:and|&)\s+", text)
    if not text:
        return []
    initials = []
    for part in parts:
        tokens = [NAME_TOKEN.fullmatch(token) for token in part.split()]
        if not tokens or not all(tokens):
            return []
        initials.append(" ".join(t.group(1).upper() + "." for t in tokens if t))
    if len(parts) == 1 and (FAMILY_AFTER.match(after) or OWNER_BEFORE_NAME.search(before)):
        # ("our Zara" -> "our Z."; "our someone" would not read)
        wordings = [initials[0] + possessive]
    elif len(parts) == 1:
        wordings = [initials[0] + possessive, "someone" + possessive]
    else:
        wordings = [" and ".join(initials) + possessive, "their" if possessive else "they"]
    return wordings[1:] if opening else wordings


PREGNANCY_STAGE = re.compile(rf"(?i){WEEKS_ALONG}")
_COUNT_WORDS = {name: n for n, name in NUMBER_NAMES.items() if n >= 1} | {"a": 1}
SOBER_LENGTH = re.compile(
    rf"(?i)(?P<n>\d{{1,4}}|{'|'.join(sorted(_COUNT_WORDS, key=len, reverse=True))})\s*"
    r"(?P<unit>days?|weeks?|months?|years?|yrs?)\s+"
    rf"(?P<state>{'|'.join(LENGTH_STATES)})"
)
_UNIT_DAYS = {"d": 1, "w": 7, "m": 30.44, "y": 365.25}


def sober_wordings(text: str, before: str = "", after: str = "") -> list[str]:
    """How long a recovery has lasted, said vaguely: "90 days sober" -> "a few months sober" ->
    "sober"; "2 years clean" -> "a couple of years clean" -> "years clean"."""
    found = SOBER_LENGTH.fullmatch(text.strip())
    if found is None:
        return []
    count = found.group("n").lower()
    number = int(_COUNT_WORDS.get(count, count))
    days = number * _UNIT_DAYS[found.group("unit")[0].lower()]
    state = found.group("state")
    if number > 1 and not found.group("unit").lower().endswith("s"):
        return [state]  # "2 year sober anniversary" -> "sober anniversary": said as an adjective
    if days >= 3 * 365:
        lengths = ["years"]
    elif days >= 700:
        lengths = ["a couple of years", "years"]
    elif days >= 365:
        lengths = ["over a year", "a long time"]
    elif days >= 60:
        lengths = ["a few months", "months"]
    elif days >= 14:
        lengths = ["a few weeks", "weeks"]
    else:
        lengths = ["a few days", "days"]
    return [f"{length} {state}" for length in lengths]


def vague_count(n: int) -> str:
    """A count said vaguely: 2 -> "a couple of", 3-6 -> "a few", more -> "several", "many"."""
    if n <= 2:
        return "a couple of"
    if n <= 6:
        return "a few"
    return "several" if n <= 12 else "many"


def weight_wordings(text: str) -> list[str]:
    """A change of weight, vaguely: "down 3 stone" -> "down a few stone" -> "lost weight";
    "20lbs lighter" -> "20-odd lbs lighter" -> "lighter"."""
    found = WEIGHT_CHANGE.fullmatch(text.strip())
    if not found:
        return []
    number = float(found.group("n") or found.group("n2"))
    unit = found.group("unit") or found.group("unit2")
    if number >= 10:
        some = f"{int(number // 10 * 10)}-odd {unit}"
    else:
        some = f"{vague_count(min(int(number), 6))} {unit}"  # ("several stone" would not read)
    verb, after = (found.group("verb") or "").lower(), (found.group("after") or "").lower()
    gained = verb in ("gained", "put on") or after in ("heavier", "up")
    if verb:
        return [f"{found.group('verb')} {some}", "put on weight" if gained else "lost weight"]
    return [f"{some} {found.group('after')}", "heavier" if gained else "lighter"]


def stage_wordings(text: str, before: str = "", after: str = "") -> list[str]:
    """A stage said by its length, vaguely: a pregnancy's (`pregnancy_wordings`), a recovery's or
    a couple's (`sober_wordings`); or a change of weight (`weight_wordings`)."""
    if WEIGHT_CHANGE.fullmatch(text.strip()):
        return weight_wordings(text)
    if AFTER_BIRTH.match(after):
        return _since_birth_wordings(text)  # "2 weeks post-partum": no longer "along"
    return pregnancy_wordings(text) or sober_wordings(text)


# After a length of weeks: the time since a birth ("2 weeks post-partum"), not a pregnancy's stage
AFTER_BIRTH = re.compile(
    r"\s*(?:post[- ]?partum|post[- ]?natal|pp\b|after (?:the )?birth|since (?:the )?birth|"
    r"post[- ]?(?:c[- ]?section|section)\b|after (?:my |the |a )?c[- ]?section)",
    re.IGNORECASE,
)


def _since_birth_wordings(text: str) -> list[str]:
    """ "2 weeks [post-partum]" -> "a couple of weeks": the length, vaguely."""
    found = PREGNANCY_STAGE.fullmatch(text.strip())
    if found is None:
        return []
    weeks = int(found.group("weeks"))
    if weeks <= 2:
        return ["a couple of weeks", "weeks"]
    return ["a few weeks", "weeks"] if weeks < 8 else ["a few months", "months"]


def pregnancy_wordings(text: str) -> list[str]:
    """A pregnancy's stage in weeks, said in months: "16 weeks" -> "over three months along" ->
    "a few months along"; after "at", by its trimester ("at 19 weeks" -> "in the second
    trimester"; "at 11 weeks" -> "early on")."""
    found = PREGNANCY_STAGE.fullmatch(text.strip())
    if found is None:
        return []
    weeks = int(found.group("weeks"))
    months = weeks * 7 / 30.44
    whole, up = math.floor(months), math.ceil(months)
    if weeks < 6:
        first = "a few weeks"
    elif up - months <= 0.3 and up > whole:
        first = f"almost {_count_word(up)} months"
    else:
        first = f"over {_count_word(whole)} month" + ("s" if whole > 1 else "")
    if found.group("at"):
        # "we lost the baby at 11 weeks" -> "early on"; "at 19 weeks" -> "in the second
        # trimester"
        if weeks < 14:
            return ["early on"]
        trimester = "second" if weeks < 28 else "third"
        return [f"in the {trimester} trimester", "during the pregnancy"]
    wider = "a few weeks along" if weeks < 8 else "a few months along" if weeks <= 20 else None
    return [f"{first} along", wider or "months along"]


__all__ = [
    "age_wordings",
    "amount_wordings",
    "name_wordings",
    "pregnancy_wordings",
    "sober_wordings",
    "stage_wordings",
    "vague_count",
    "weight_wordings",
]

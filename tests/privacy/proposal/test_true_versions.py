"""Friends' versions must stay true and read right: the false statements and broken wordings
found by reading the group versions of new posts (issue 14). Each case is a rule about how people
write, checked on every group above the closest."""

from __future__ import annotations

import re

import pytest

from osnguard.privacy.proposal import anonymize

GROUPS = [
    {"name": name, "level": level, "friends": []}
    for name, level in (("Family", 0), ("Best", 1), ("Friends", 2), ("Acq", 3), ("Public", 4))
]
NOW = "2027-03-10T12:00:00"


def versions(text: str, *, now: str = NOW, profile: dict | None = None) -> list[str]:
    result = anonymize(text, profile=profile or {}, now=now, groups=GROUPS)
    return [group.text for group in result.groups[1:]]


@pytest.mark.parametrize(
    ("text", "now", "profile", "never"),
    [
        # a verb the parser took for a noun: "IVF" is no modifier of "starts"
        ("3rd round of IVF starts monday. trying not to get my hopes up", NOW, {}, "of starts"),
        # an adjective between a possessive and the noun: no article of its own
        ("Back in Lagos for my brother's traditional wedding next Saturday", NOW, {}, "al a "),
        # an operating theatre is no building; a godson no baby
        ("call the clinic, I'm in theatre from 9", NOW, {"work": ["Surgeon"]}, "building"),
        ("Confirmation for my godson at St Patrick's Cathedral on Sunday", NOW, {}, "baby"),
        # weekdays are not every day
        ("gym every weekday at 6am before the school run", NOW, {}, "every morning"),
        # an emoji (a flag too) ends the clause of a past verb: the stay is ahead
        (
            "Just landed in Nairobi for my cousin's wedding 🇰🇪 staying at my aunt's till the 20th",
            "2027-08-09T15:00:00",
            {},
            "July",
        ),
        # a name after "my sponsor" is a person, not a place
        ("Six months clean today. Thank you NA and my sponsor Dave", NOW, {}, "Myanmar"),
        # a role named by its head noun, not an activity
        ("First week as a teaching assistant at St Joseph's done", NOW, {}, "a teaching"),
        # "from outside X": both prepositions go with the place
        (
            "whoever took my bike from outside Waitrose on Banbury Rd, I hope you step on lego",
            NOW,
            {},
            "from,",
        ),
        # an ordinal before a noun is no date
        ("Finally passed my driving test on the 4th attempt lmao", NOW, {}, "test attempt"),
        # a time that is the subject of its sentence is said as a noun
        ("Tomorrow is my first day at the new job", NOW, {}, "Soon is"),
        ("this week is going to be long", NOW, {}, "lately is"),
        # a subject of study is no school
        ("my daughter got into Oxford to read Law!!!", NOW, {}, "a school"),
        # an event's verb is no noun it modifies; a district number stays with its city
        ("My husband's deployment ends in March", "2027-01-05T21:00:00", {}, "partner's ends"),
        ("Type 1 diabetic for 20 years and my new pump is great", NOW, {}, "sick person"),
        # "have till X": without the time, "have to" says something else
        ("Our landlord is selling, we have till end of Feb to find somewhere", NOW, {}, "have to"),
        ("officially a British citizen as of this morning", NOW, {}, "as of recently"),
        ("Class of 2012 reunion at Ateneo next month", NOW, {}, "years ago"),
        # a family word said as a name after a verb or preposition takes an owner, and one
        # person who is gone is a relative, never the family
        ("It's been a year since we lost dad. miss you", NOW, {}, "lost parent"),
        ("It's been a year since we lost dad. miss you", NOW, {}, "our family"),
        ("First Eid without mum. went to her grave after prayers", NOW, {}, "without parent"),
        # an arranged passive is ahead; a small town far away is not the county the user means
        ("My boss just told me I'm being made redundant on Friday", NOW, {}, "last week"),
        (
            "broken into last night while I was at my parents in Kent",
            NOW,
            {"current_city": ["London"]},
            "Washington",
        ),
        # a particle is not the time's preposition; "years on" needs its length
        ("my flat got broken into last night while I was out", NOW, {}, "broken while"),
        ("Diagnosed with MS at 27. three years on and I just ran a half marathon", NOW, {}, ". on"),
        # a degree, not multiple sclerosis, when one graduates with it
        ("Graduating from Stanford with my MS in June", NOW, {}, "condition"),
        # a party before a time word is no adjective; "since" a year is no "years ago"
        ("Voting Labour tomorrow for the first time since 1997", NOW, {}, "political this"),
        ("Voting Labour tomorrow for the first time since 1997", NOW, {}, "since years ago"),
        ("My 16 year old just passed her driving test", NOW, {}, "My teenage "),
        ("Dropping mum at Heathrow Terminal 5 for her flight", NOW, {}, "terminal 5"),
        ("Lunch with my grandad every Sunday since nan died", NOW, {}, "since grandparent"),
        # an adjective or a party between the article and the noun: one article
        ("Our Hindu wedding is on 14 Feb", NOW, {}, "Our a "),
        ("I've been a Liberal Democrat member for 15 years", NOW, {}, "a a "),
        ("Happy 30th to my wife, 8 years together and still laughing", NOW, {}, ", together"),
        # a street is in its city; a time spent is said as a noun; a faith is no people
        ("lunch with my brothers on Edgware Road", NOW, {"current_city": ["London"]}, "on London"),
        ("We are spending Easter with my mum in Cork", "2027-03-20T12:00:00", {}, "spending soon"),
        ("Our Hindu wedding is on 14 Feb", NOW, {}, "Asian"),
        ("Just moved into halls at Manchester Met", NOW, {}, "buildings"),
        # a request is ahead; up at 4:45 is the morning; every second Saturday is no weekly thing
        ("Can someone cover my shift Sunday 7 to 3?", "2027-05-05T12:00:00", {}, "last weekend"),
        ("Up at 4:45 for my shift at Pret, home by 2", NOW, {}, "afternoon"),
        ("Every second Saturday I volunteer at the food bank", NOW, {}, "Every weekend"),
        ("Spent all of last week in hospital with my daughter", NOW, {}, "all of unwell"),
        ("walked from Pamplona to Puente la Reina today, feet destroyed", NOW, {}, " to,"),
        ("our iftar at the mosque is every Saturday this month", NOW, {}, "is regularly"),
        # a district after an institution is no bank; a place one swims "at" is one one is in
        ("Just got hired as a nurse at St. Luke's in BGC!!", NOW, {}, "a bank"),
        ("Arvo swim at Manly then dinner", NOW, {"current_city": ["Sydney"]}, "at north"),
        ("landed at JFK an hour ago", NOW, {}, "at New York"),
        ("My team at Apple Park is hiring, DM me", NOW, {}, "hospital"),
        (
            "Working from the office in Rijswijk till Friday then back to Aberdeen",
            NOW,
            {},
            "a company",
        ),
        (
            "Our church in Wandsworth is doing a food drive",
            NOW,
            {"current_city": ["London"]},
            "Wandsworth",
        ),
        # one article; a state "until May" is ahead; a train named by its time
        ("My son has a dentist appointment at 3:30", NOW, {}, "a an "),
        ("My husband is deployed until May and I'm solo parenting", NOW, {}, "last year"),
        ("My husband is deployed until May and I'm solo parenting", NOW, {}, "deployed in May"),
        ("Woke up at 5 to catch the 6:10 to Edinburgh", NOW, {}, "the early in"),
        # a landing after a past clause is still ahead; a state's length keeps the state
        (
            "My wife's visa came through after 11 months, she lands in Heathrow on the 20th",
            NOW,
            {},
            "February",
        ),
        ("Got the all clear today, 5 years in remission", NOW, {}, "years 🎉"),
        ("Our son came out to us last night", NOW, {}, "news to us"),
        # before dawn, not in the afternoon
        ("first suhoor at 4:30 tomorrow, pray for me", "2027-02-07T21:00:00", {}, "afternoon"),
        # a fond word after a possessive makes a person of a town's name
        ("Our little Amara started nursery today and didn't look back", NOW, {}, "Iraq"),
        # a verbless fragment after a comma takes no past tense from the clause before it
        (
            "Landed at JFK, Uber to my cousin's in Astoria, back to London on the 28th",
            "2027-12-18T17:00:00",
            {},
            "November",
        ),
        # "6am" nearby makes "at 5:40" a morning; the day is the one named, not today
        (
            "Picking up my dad from Heathrow T5 at 6am Friday, his flight lands at 5:40",
            "2027-08-10T12:00:00",
            {},
            "evening",
        ),
        (
            "Picking up my dad from Heathrow T5 at 6am Friday, his flight lands at 5:40",
            "2027-08-10T12:00:00",
            {},
            "today",
        ),
        # a compass word and a city that name a district of the city
        ("moved to Bushwick last year", NOW, {"current_city": ["New York"]}, "east New York"),
        # a consultant in a hospital is a doctor; scans are plural
        (
            "Saw my consultant at the Royal Marsden this morning, scans are clear",
            NOW,
            {},
            "authority",
        ),
        (
            "Saw my consultant at the Royal Marsden this morning, scans are clear",
            NOW,
            {},
            "an appointment are",
        ),
        # an amount after "my" is a noun
        ("Payday and rent took £1,150 of my £1,600. the maths isn't mathing", NOW, {}, "my a lot"),
        ("Payday and rent took £1,150 of my £1,600. the maths isn't mathing", NOW, {}, "my other"),
        # a part of the day that describes a noun stays a modifier
        (
            "after dawn prayers at East London Mosque we're off to my aunt's",
            NOW,
            {},
            "today prayers",
        ),
        # "to" before a month, "it's" before a festival
        (
            "my husband's deployment got extended to February so it's Christmas on FaceTime again",
            "2027-10-01T12:00:00",
            {},
            "to in ",
        ),
        (
            "my husband's deployment got extended to February so it's Christmas on FaceTime again",
            "2027-10-01T12:00:00",
            {},
            "it's in ",
        ),
        # an app is no place to leave out
        (
            "my husband's deployment got extended to February so it's Christmas on FaceTime again",
            "2027-10-01T12:00:00",
            {},
            "Christmas again",
        ),
        # "as of" goes with its time
        (
            "Officially a Canadian citizen as of this morning 🇨🇦",
            "2027-06-10T14:00:00",
            {},
            "as of 🇨🇦",
        ),
        # a length and a day joined by "and" are two times, and the "and" stays
        (
            "Living with type 1 diabetes for 20 years and today my HbA1c is the best it's ever been",
            NOW,
            {},
            "years my",
        ),
        (
            "Living with type 1 diabetes for 20 years and today my HbA1c is the best it's ever been",
            NOW,
            {},
            "decades my",
        ),
        # a county the gazetteer lacks is no Canadian town ("Cornwall", "Surrey")
        ("off to Cornwall next week", NOW, {}, "Canada"),
        ("weekend in Surrey with the in-laws", NOW, {}, "Canada"),
        # Lent is no festival; alcohol no medication; a month-long campaign no date
        ("Lent starts Wednesday and I'm giving up chocolate", NOW, {}, "festival"),
        ("Been off the booze for 100 days. never felt better", NOW, {}, "medication"),
        ("we're doing Dry January and my husband has already cracked", NOW, {}, "lately"),
        # a stage reached keeps its count ("I'm a while" would not read)
        (
            "I'm 16 weeks today and finally stopped throwing up",
            "2027-04-01T12:00:00",
            {},
            "I'm a while",
        ),
        (
            "I'm 16 weeks today and finally stopped throwing up",
            "2027-04-01T12:00:00",
            {},
            "I'm weeks",
        ),
        # what is set for a date is ahead, whatever the clause before it says
        (
            "Got a call back from Barclays for the grad scheme, interview is the 19th at 2pm",
            "2027-03-05T12:00:00",
            {},
            "February",
        ),
        # a sentence's first word is no place that anchors the others ("Got", India)
        ("Got a call back from Barclays, interview is in Canary Wharf", NOW, {}, "a wharf"),
        # a new clause ends what a treatment word says of the name after it
        (
            "My mum's 3 weeks out from her knee replacement and already back at Zumba",
            NOW,
            {},
            "hospital",
        ),
        # a range of days of the month that names no month runs into the next one
        (
            "Out of office from the 23rd till the 3rd, emails will wait",
            "2027-12-15T12:00:00",
            {},
            "January",
        ),
        # a facility with its place named after it is there, not in the author's town
        (
            "I work nights at the Amazon warehouse in Tilbury, 10 hour shifts",
            NOW,
            {"current_city": ["Basildon"]},
            "Basildon",
        ),
        # a capitalised head that is part of a name is no kind of place
        (
            "swimming lessons for the kids Tuesdays 4:30-5:15 at Ponds Forge",
            NOW,
            {"current_city": ["Sheffield"]},
            "forge",
        ),
        # a religion's noun after "a"; a teenage age after "at"
        ("been a vegetarian since 2009 and a Hindu my whole life", NOW, {}, "a religious my"),
        (
            "Registered to vote for the first time at 18 and proudly voting Labour on the 4th",
            "2027-06-20T12:00:00",
            {},
            "at a teenager",
        ),
        # a plan joined to what was done is ahead
        (
            "Registered to vote for the first time at 18 and proudly voting Labour on the 4th",
            "2027-06-20T12:00:00",
            {},
            "earlier this month",
        ),
        # the scope of a superlative stays true
        (
            "my grandad turns 100 next Sunday, he's the oldest man in Tipperary!",
            NOW,
            {},
            "oldest man!",
        ),
        (
            "my grandad turns 100 next Sunday, he's the oldest man in Tipperary!",
            NOW,
            {},
            "in Ireland",
        ),
        # a comparison keeps its word; a time by the sun says no day
        ("My daughter has never slept more than 2 hours straight", NOW, {}, "slept a couple"),
        ("we met at sunset on the beach", "2027-06-10T09:00:00", {}, "this evening"),
        ("up before dawn for the hike", "2027-06-10T09:00:00", {}, "Thursday"),
        # "can't" is ahead; a ward is no hospital; a name's name is no kind of place
        (
            "Can't make it Thursday, I've got an interview at 11",
            "2027-03-01T12:00:00",
            {},
            "last week",
        ),
        (
            "Shout out to the nurses on Ward 12 at the Royal Victoria",
            NOW,
            {"current_city": ["Belfast"]},
            "on the hospital",
        ),
        (
            "Shout out to the nurses on Ward 12 at the Royal Victoria",
            NOW,
            {"current_city": ["Belfast"]},
            "a victoria",
        ),
        # a loss is said as one
        (
            "we lost our baby at 19 weeks last month. please be gentle with us",
            "2027-05-05T12:00:00",
            {},
            "lost our baby",
        ),
        # "my team" keeps its owner; "broke me" is no money; a flag names the country
        ("got laid off from Meta this morning along with half my team", NOW, {}, "half colleagues"),
        ("got laid off from Meta this morning along with half my team", NOW, {}, "organization"),
        (
            "I teach Year 6 at a primary in Walthamstow and SATs week nearly broke me",
            NOW,
            {},
            "struggling",
        ),
        ("I'm so broke until payday", NOW, {}, "so struggling"),
        (
            "finally got my Irish passport through my granny from Mayo 🇮🇪",
            NOW,
            {"current_city": ["Boston"]},
            "Maryland",
        ),
        # a post that looks forward ("so nervous") puts an untensed weekday ahead
        (
            "Bar mitzvah at Bevis Marks on Saturday morning, my nephew is so nervous",
            "2027-05-03T12:00:00",
            {},
            "last weekend",
        ),
        # a university named by its city is no region
        ("My daughter got into Edinburgh to study vet medicine", NOW, {}, "into Scotland"),
        # a known town where one lives is the town, never its university
        ("we live in Cambridge", NOW, {}, "university"),
        ("we live at 12 Elm Street in Cambridge", NOW, {}, "university"),
        # a long shift stays a shift
        (
            "Dropping the kids at school then straight to the depot, 12 hour shift",
            NOW,
            {},
            "depot, shift",
        ),
        # a panic attack is no illness
        ("I can finally leave the house without a panic attack", NOW, {}, "illness"),
        ("I can finally leave the house without a panic attack", NOW, {}, "health condition"),
        # a kin title goes with its name
        ("Mum and I did the Race for Life in memory of Aunty Bev", NOW, {}, "family Bev"),
        ("Mum and I did the Race for Life in memory of Aunty Bev", NOW, {}, "relative Bev"),
        # an address's town stays, "my address" is no place
        (
            "new place is 14 Banksia St Coburg",
            NOW,
            {"current_city": ["Melbourne"]},
            "my address Coburg",
        ),
        (
            "Back on the tools Monday after 8 weeks off with my back",
            "2027-02-26T20:00:00",
            {},
            "Back off with",
        ),
        # a fasting month said as a fast where it is no time, as a month where it is
        (
            "Ramadan starts Tuesday so I'm not coming to brunch for a month",
            NOW,
            {},
            "A month starts",
        ),
        ("first Ramadan as a revert, so grateful", NOW, {}, "first the fast"),
        ("iftar at my khalto's every Thursday this Ramadan", NOW, {}, "this fast"),
        # a polytechnic is no university, Year 2 of it no primary school
        (
            "first day back at Ngee Ann Poly tmr, Year 2 already",
            NOW,
            {"current_city": ["Singapore"]},
            "university",
        ),
        (
            "first day back at Ngee Ann Poly tmr, Year 2 already",
            NOW,
            {"current_city": ["Singapore"]},
            "primary",
        ),
        # one person after "the best" is a family member, never "the best family"
        ("Happy birthday to the best dad in the world", NOW, {}, "best family in"),
        ("dinner with the in-laws tonight", NOW, {}, "family member"),
        # a range keeps its first hour; a clock time beside a routine is of no one day
        ("gym 6-7am every weekday before work, then standups at 9:30", NOW, {}, "gym 6-"),
        ("gym 6-7am every weekday before work, then standups at 9:30", NOW, {}, "this morning"),
        ("Anyone selling tickets for Burna Boy at the O2?", NOW, {}, "tickets for someone"),
        # days joined by slashes are a timetable, never the coming week
        ("Dog walker needed: Mon/Wed/Fri 12-1 while I'm at work", NOW, {}, "next week"),
        ("Dog walker needed: Mon/Wed/Fri 12-1 while I'm at work", NOW, {}, "this month"),
        # an abbreviation's full stop that ended the sentence stays after its wording
        ("Dog walker needed from 5 Jan. text me on 07911 123456", NOW, {}, "January text"),
        # a rotation of shifts is one routine, never a duration and a stray number
        ("21 days on, 21 off on the rig again", NOW, {}, "21 off"),
        # a plural possessive agrees with its singular wording; a possessive keeps its noun's owner
        ("Off to Canberra to lobby for the Teals' climate bill", NOW, {}, "party' "),
        ("sleeping at Jake's place tonight", NOW, {}, "at place"),
        ("reference 'Hamburg' by Friday pls", NOW, {}, "'s"),
        # a street dropped before its area: the area keeps a preposition
        ("so the house on Latrobe Terrace, Paddington is empty", NOW, {}, "house,"),
        # a town after a venue and a comma is where the venue is
        ("ceremony at 1pm at St Ia's Church, St Ives, then drinks", NOW, {}, "church, "),
        # the town and postcode of an address go with it, wherever it ends
        ("14 Banksia St Coburg VIC 3058 is our new place", NOW, {}, "3058"),
        # a hospital named "Memorial" is no memorial; a union rep no congressman
        (
            "Mama's chemo starts Monday at Tata Memorial",
            NOW,
            {"current_city": ["Pune"]},
            "memorial",
        ),
        ("Proud to say I'm a union rep at the depot now", NOW, {}, "congressman"),
        # a ward's number goes with it; a family word that owns something keeps "my"
        ("night shift on ward 7 again tonight", NOW, {"work": ["Nurse"]}, " 7 "),
        ("missing maa's kaju katli so much", NOW, {}, "missing parent"),
        # a moment near midnight is no night's stretch
        ("should be home around quarter to midnight x", NOW, {}, "all night"),
        ("should be home around quarter to midnight x", NOW, {}, "overnight"),
        # a day that is the subject of a clause after "and" is said as a noun
        ("On call every other weekend and tonight is one of them", NOW, {}, "soon is"),
        # an identifier named just before: never "my account is my account"
        ("yes my account is 12-3456-7890123-00 if you're sending money", NOW, {}, "is my account"),
        ("my number is 07911 123456 if anyone needs it", NOW, {}, "is my mobile"),
        # how far into a course: "a while in", never "a while of"
        ("Week 2 of radiotherapy done, tired but ok", NOW, {}, "while of"),
        ("Couch to 5k? week 6 and my shins hate me", NOW, {}, "a while and"),
        # "since" a month is behind, whatever the tense says
        ("counting down since September lol", "2027-11-02T12:00:00", {}, "next year"),
        # a capitalised family word inside a sentence is a name: it takes "my"
        ("explained to my 6yo why Grandpa can't come this year", NOW, {}, "why grandparent"),
        # two places worded alike: the second is "elsewhere in", never a move to where one was
        ("moving from Wellington to Christchurch in August", NOW, {}, "to New Zealand"),
        # batch 11: a named procedure keeps its whole name; a range's first day is in its month;
        # a singular verb after a mental health word; a school year beside a school
        ("on the waiting list for top surgery at Leeds", NOW, {}, "top a"),
        ("funeral from 2 to 9 Dec. no work emails please", "2027-11-25T12:00:00", {}, "from 2 to"),
        ("honestly my anxiety is way better", NOW, {}, "issues is"),
        ("my son starts Year 1 at Oakfield Primary on Wednesday", NOW, {}, "another school"),
        ("3rd miscarriage this year, taking a break", NOW, {}, "3rd miscarriage"),
        ("first election since I got my citizenship in 2025", NOW, {}, "citizenship"),
        # a saint's name with "'s" is a church or a school, never the town "St Anne" (Alderney)
        ("Holy Communion this Saturday at St Anne's, Kildare", NOW, {}, "Europe"),
        # a duration wished happy is an anniversary
        ("Happy 1 year to the love of my life 🥂", NOW, {}, "Happy a while"),
        # batch 12: a train named by its time, just gone; a day said short with no verb
        (
            "Anyone else on the 6:42 from Woking? stuck for 40 mins",
            "2027-09-08T07:25:00",
            {},
            "evening",
        ),
        ("hair appt fri 3pm", "2027-03-15T19:00:00", {}, "last week"),
        # a date, then a rota from it: two times
        (
            "offshore rotation starts 1st of June, 2 weeks on 2 weeks off",
            "2027-04-20T12:00:00",
            {},
            "starts weeks",
        ),
        ("Ethan's bar mitzvah at the shul Saturday morning", NOW, {}, "bar in"),
        ("Back on the ward at 7pm, 4th night shift", NOW, {"work": ["nurse"]}, "a person"),
        ("Our ward sister just resigned #nurselife", NOW, {"work": ["nurse"]}, "Our sister"),
        ("My dad (lifelong Tory) hasn't spoken to me", NOW, {}, "activist"),
        ("advice on school and insulin pumps?", NOW, {}, "mechanis"),
        ("my last exam (Econometrics) on the 17th", NOW, {}, "school"),
        ("Rent went up $80 a week AGAIN", NOW, {}, "up a week"),
        ("Rent went up again. that's $4,160 a year", NOW, {}, "salary"),
        (
            "Anyone from the Cape Town Pride committee?",
            NOW,
            {"current_city": ["Cape Town"]},
            "the the",
        ),
        (
            "Anyone from the Cape Town Pride committee?",
            NOW,
            {"current_city": ["Cape Town"]},
            "a South",
        ),
        ("Voted Green for the first time today", NOW, {}, "Voted for the first"),
        # batch 13: a family name before "family"; "back in" a year; a service said as a job
        ("Aunty's 60th, the whole Okafor family is flying in. I'm MC", NOW, {}, "someone family"),
        ("can't believe she said yes back in 2019", NOW, {}, "back years"),
        ("I'm doing my reservist next week, so no badminton", NOW, {}, "soldier"),
        ("we lost our baby at 19 weeks last month", NOW, {}, "19 weeks"),
        ("20 weeks today and we found out it's a girl!! due end of July", NOW, {}, "end of in"),
        # batch 14: a contracted "has" after a family word said as a name; study, not work
        ("Dad's been in the ICU since Tuesday after a stroke", NOW, {}, "Parent's"),
        ("PhD viva passed!!! 4 years at Trinity, 212 pages", NOW, {}, "at work"),
        ("I'm on the picket line outside the school from 7am", NOW, {}, "rally"),
        ("90 days sober tomorrow 💪", NOW, {}, "90 days"),
        # batch 15: a name that says which station; a couple's length
        ("I'll be near Flinders St station from 10", NOW, {}, "near station"),
        ("we are celebrating 10 years together this Friday", NOW, {}, "10 years"),
        ("6 months on T today 🥳 voice is finally dropping", NOW, {}, "on T"),
        # batches 16-17: a family word is no country, the idiom's "the wife" no person
        ("my brother's bringing his girlfriend to meet Abba on Friday", NOW, {}, "Africa"),
        ("me and the wife renewed our vows at the church on Saturday", NOW, {}, "person"),
        ("Tutoring maths every Sunday at the library, £25/hr, DM me", NOW, {}, "£25/hr"),
        # a name in another language far from the author is no city; a hyphenated modifier
        # stays whole; the part of a time goes with its date
        ("see you at Nkoyo on Friday for cocktails", NOW, {"current_city": ["Abuja"]}, "Mexico"),
        ("full time job and now a part-time MSc at Birkbeck", NOW, {}, "part-postgraduate"),
        ("I'll be in the office for onboarding the week of the 14th 🎉", NOW, {}, "week of 🎉"),
        # batch 18: an airport code far from the author is no town; the first of two places is
        # not dropped alone; an amount's bound goes with it; a paramedic is no assistant
        (
            "my cousin is looking for a room in Obs or Woodstock, max R6000, she starts at UCT",
            NOW,
            {"current_city": ["Cape Town"]},
            "Russia",
        ),
        (
            "my cousin is looking for a room in Obs or Woodstock, max R6000, she starts at UCT",
            NOW,
            {"current_city": ["Cape Town"]},
            "room or",
        ),
        (
            "my cousin is looking for a room in Obs or Woodstock, max R6000, she starts at UCT",
            NOW,
            {"current_city": ["Cape Town"]},
            "max,",
        ),
        ("First shift as a paramedic done!! 12 hours, 9 jobs", NOW, {}, "assistant"),
        ("Anyone got recs for a good therapist in Leeds?", NOW, {}, "person"),
        # batch 20: a family by its surname is no religious group; a condition's ward is no
        # person in care; a job's title no verb; an exam with its level keeps its name
        ("Eid Mubarak from the Khans 🌙 prayers at the masjid", NOW, {}, "religious group"),
        ("Mum's been moved to the stroke ward at the infirmary", NOW, {}, "person"),
        ("Starting at Orange on Monday as a network engineer", NOW, {}, "a working"),
        ("Registered for my Mandarin HSK 4 exam in Taipei", NOW, {}, "exam 4 exam"),
        ("burnout got me. signed off work for 6 weeks", NOW, {}, "away work"),
        # batch 21: a house phone is no mobile; a person no town; a trip given is ahead
        ("Call the house on 021 4567 890 if my mobile's dead", NOW, {}, "on my mobile"),
        ("fasting today, Raj is fasting too which is the cutest thing", NOW, {}, "New York"),
        (
            "Turned 50 yesterday and the kids surprised me with a trip to Lisbon in May",
            "2027-02-15T08:30:00",
            {},
            "last year",
        ),
        # batch 22: a range of days stays one phrase; a saint's name no initials or possessive;
        # a can't-make day is ahead and "the next morning" follows it; an old name of a far
        # city is no town near Dublin; a college named after a king is no head of state
        ("orientation in Columbus June 14-16, dorm next", "2027-04-02T17:00:00", {}, "-16"),
        ("Nana's funeral is Friday at 11, St Patrick's in Dundalk", NOW, {}, "S. P."),
        ("12 week scan at St Thomas' went perfectly", NOW, {}, "hospital's"),
        (
            "Can't make pub quiz Thursday, I've got my citizenship test at 9 the next morning",
            "2027-01-25T18:00:00",
            {},
            "last week",
        ),
        (
            "Can't make pub quiz Thursday, I've got my citizenship test at 9 the next morning",
            "2027-01-25T18:00:00",
            {},
            "tomorrow",
        ),
        (
            "Our Lily starts big school on Monday, St Joseph's Primary in Fairview",
            NOW,
            {"current_city": ["Dublin"]},
            "California",
        ),
        ("Got a place at King's to do Medicine!!!!", NOW, {}, "head of state"),
        ("my credit score finally broke 700 after paying off my debt", NOW, {}, "my debt finally"),
        # batch 23: the author's own account is said to be in their bio, no person's initial
        ("my venmo is @kayla-ruiz-22 if anyone still owes for the cabin", NOW, {}, "is K."),
        # batch 24: "since" an event in June is behind; "tonight" told at 7am in the past is
        # the night just over; an age with its day is the day of turning it; a day and clock
        # naming a class stay its description; a shift at a place named after a city is work
        (
            "my gogo can't walk since her stroke in June",
            "2026-08-08T15:00:00",
            {},
            "next year",
        ),
        ("ED was a zoo tonight, 3rd night shift in a row", "2026-07-18T07:40:00", {}, "evening"),
        ("ED was a zoo tonight, 3rd night shift in a row", "2026-07-18T07:40:00", {}, "later"),
        ("can't believe I'm 60 on Sunday", "2026-11-04T20:30:00", {}, "adult"),
        ("can't believe I'm 60 on Sunday", "2026-11-04T20:30:00", {}, "sixties"),
        (
            "shoutout to the Wednesday 6am bootcamp crew",
            "2026-08-19T09:15:00",
            {},
            "the this morning",
        ),
        (
            "shoutout to the Wednesday 6am bootcamp crew",
            "2026-08-19T09:15:00",
            {},
            "recently bootcamp",
        ),
        ("Night shift at Royal Perth again", NOW, {"work": ["nurse"]}, "a company"),
        # batch 25: adjectives opening a clause take no article; "mum life" is no one's; a
        # postcode goes with its address; a sign with its amount; "the Bay of Plenty"
        ("💍 traditional wedding in Owerri in December", NOW, {}, "traditional a "),
        ("Yoga at 6, school pickup at 3:15, dinner, bed. mum life 🙃", NOW, {}, "my parent life"),
        ("invites to 14 Kereru Lane, Karori, Wellington 6012 please", NOW, {}, "6012"),
        ("my account shows -£340 again, overdraft hell", NOW, {}, "-a few"),
        ("my account shows -£340 again, overdraft hell", NOW, {}, "-hundreds"),
        ("I'm teaching te reo at the kura in Rotorua", NOW, {}, "in Bay of Plenty"),
        # batch 26: a routine of three days is no single Friday; weeks after a birth are not
        # "along"; a counselling service is no hospital; India's institutes are universities
        ("School run, then dialysis 8-12 Mon Wed Fri at the Royal Free", NOW, {}, "Friday"),
        ("School run, then dialysis 8-12 Mon Wed Fri at the Royal Free", NOW, {}, "this week"),
        ("2 weeks post-partum and the night feeds are no joke", NOW, {}, "along"),
        ("Counselling on Tuesdays 6-7 at Relate has saved my marriage", NOW, {}, "hospital"),
        ("Convocation at IIT Bombay on the 10th!!!", NOW, {}, "a school"),
        ("back in Nairobi by Monday for the 9am ward round", NOW, {}, "Monday morning ward"),
        # batch 27: a great city's district named like a town as big is no city of the profile's;
        # a solicitor is no applicant; over a year is no "months"; every other Friday no weekend;
        # a sentence deleted whole leaves one full stop
        (
            "20 years since we met at uni in Salamanca and he still can't cook",
            NOW,
            {"current_city": ["Madrid"]},
            "Madrid",
        ),
        ("starting as a junior solicitor at a firm in Leeds", NOW, {}, "applicant"),
        ("Sobriety check: 400 days without a drink today", NOW, {}, "months without"),
        ("every other Friday we do pizza night", NOW, {}, "weekend"),
        (
            "Payroll says my last day at Woolies is Friday the 14th. 11 years. Not sure what's next",
            "2026-08-04T18:00:00",
            {},
            "..",
        ),
        # batch 28: a clock by a day other than today is no evening for having passed today;
        # "Mum's 70th" at the start is "My parent's"
        (
            "5th round of interviews at Atlassian tomorrow 10:30 🙏",
            "2026-04-27T21:00:00",
            {},
            "night",
        ),
        ("Mum's 70th at the Hilton in Kuala Lumpur next weekend", NOW, {}, "Parent's"),
        # batch 29: a weekly meeting is no "today"; "coming out as bi" is no "talking"; a child
        # is no "our someone"; an island is no removal that leaves "Heading,"; a study cafe no
        # school; "team lead" no "colleagues lead"; a length looked ahead to no adulthood; what
        # a wait took stays
        (
            "Thank you to everyone at the Tuesday night meeting in Kitchener ❤️",
            "2026-10-06T22:00:00",
            {},
            "today meeting",
        ),
        ("Coming out as bi at 34 is weird but here we are", NOW, {}, "Talking"),
        ("Our Zara is starting P1 at St Ninian's on Monday", NOW, {}, "someone"),
        ("Our Zara is starting P1 at St Ninian's on Monday", NOW, {}, "company"),
        (
            "Heading to Gran Canaria next Thursday, house sitter sorted",
            NOW,
            {"current_city": ["Belfast"]},
            "Heading,",
        ),
        (
            "3 months of 5am study sessions at the Starbucks on Queen West finally paid off",
            NOW,
            {"current_city": ["Toronto"]},
            "school",
        ),
        ("Working from home is impossible, my team lead thinks I'm skiving", NOW, {}, "colleagues"),
        ("that's $38k hanging over me till I'm 40 at this rate", NOW, {}, "an adult"),
        ("Took me 2 hours to get from Brixton to Camden today", NOW, {}, "me to get"),
        # batch 30: a first Ramadan is no first month; a discipline takes no article and its head
        # alone is another course; "next Easter" is no "next the holidays"; a support charity is
        # no hospital; what is left is no whole length; a train's time is no evening
        ("Our first Ramadan as a married couple 🌙", NOW, {}, "first month"),
        ("just got my acceptance from UCD for Veterinary Medicine!!!", NOW, {}, "for Medicine"),
        ("just got my acceptance from UCD for Veterinary Medicine!!!", NOW, {}, "a medicine"),
        ("my sister's getting married in Accra next Easter", NOW, {}, "next the"),
        ("Huge thanks to the team at Maggie's in Glasgow for the wig fitting", NOW, {}, "hospital"),
        ("5 more years of study here I come", NOW, {}, "Years of"),
        (
            "Anyone taking the 6.42 from Haywards Heath tomorrow?",
            "2026-01-04T21:00:00",
            {},
            "evening",
        ),
        # batch 31: ten thousand is no "tens of thousands"; a stretch on its first morning is no
        # "lately"; "our little Noah" is no "our little someone"; "an out lesbian" no "an out
        # LGBTQ+"
        ("Just hit 10k in my Vanguard ISA", NOW, {}, "tens of"),
        (
            "Night shifts Mon-Thu this week so if I don't reply that's why",
            "2026-03-02T09:00:00",
            {},
            "lately",
        ),
        ("Our little Noah was diagnosed with type 1 diabetes last night", NOW, {}, "someone"),
        ("First Pride as an out lesbian 🏳️‍🌈 marching on Saturday", NOW, {}, "LGBTQ+ 🏳"),
        # batch 32: "sober-curious" is no "in recovery-curious"; "8pm onwards" no "in the evening
        # onwards"; "a school specialist school"; "any other Nigerian"
        ("I've been sober-curious since January", NOW, {}, "-curious"),
        ("having a little party at The Crown, 8pm onwards, all welcome x", NOW, {}, "onwards"),
        ("he starts at Oak Tree specialist school in September", NOW, {}, "school specialist"),
        ("Any other Yorubas in Houston?", NOW, {}, "Nigerian in"),
        # batch 33: a midwife is no nurse; an airport no media company; an aunt's title no
        # initial; a length after an event no date years ahead
        ("Officially a qualified midwife as of today!!!", NOW, {}, "nurse"),
        ("Got my PR approved!!! 5 years after landing at Pearson", NOW, {}, "media"),
        ("Iftar at Aunty Fatima's tonight, then taraweeh", NOW, {}, "A. F."),
        ("Got my PR approved!!! 5 years after landing at Pearson", NOW, {}, "in a few years"),
        # batch 34: an IVA is no Madagascar; "the 1st of next month" no "early October of";
        # "Dr. Ní Bhriain at last" no "Someone at last"; steroids no "back"
        ("my IVA finally finishes in August after 5 years", NOW, {}, "Madagascar"),
        ("Moving into my first flat on the 1st of next month", NOW, {}, " of,"),
        ("Passed with minor corrections!!! Dr. Ní Bhriain at last", NOW, {}, "Someone"),
        ("My MS relapsed so I'm back on steroids for 5 days", NOW, {}, "back for"),
        # batch 35: "Dad's heart surgery" no "Parent's surgery"; a range no "over £30k to over
        # £30k"; "half a century" no "half decades"; "Hoi An" no "H. An"; a prayer no "Someone
        # khair"; a book no festival
        ("Dad's heart surgery went well this morning", NOW, {}, "Parent's"),
        ("Pay rise came through 🙌 £31k to £34.5k, not life changing", NOW, {}, "to over"),
        ("I'm 50 next month 😳 half a century. Party on the 14th", NOW, {}, "half decades"),
        ("Hostel in Hanoi for 3 nights then the sleeper bus to Hoi An", NOW, {}, "H. An"),
        ("Mosque fundraiser went amazing. Jazakallah khair everyone", NOW, {}, "Someone"),
        ("Rainy Sunday, pot of tea, rewatching Pride and Prejudice", NOW, {}, "festival"),
        # batch 36: a day off no week off; a working week no coming Monday; a railway company no
        # "rail"; a shop one is in no "company"; a particle no preposition to remove; a child's
        # age no "kid" as an adjective
        ("my therapist said rest. so I'm taking Friday off", NOW, {}, "week off"),
        ("Mon-Fri 6am till 2pm at the warehouse, send caffeine", NOW, {}, "Monday"),
        ("12 years at Network Rail and I've just handed my notice in", NOW, {}, "a rail"),
        ("if you see me crying in Tesco you'll know why", NOW, {}, "a company"),
        ("the renal team want me in on Tuesday. not panicking", NOW, {}, "want me."),
        (
            "my son got diagnosed last week, 8 years old and doing his own injections",
            NOW,
            {},
            "kid and",
        ),
        # batch 37: "my mother in law's" no "my parent's in law's"; "Mum and Dad" no "parent and
        # parent"; "Bipolar 2" no "Mental health issues 2"; a festival no company; a length
        # opening a sentence never leaves it opening on "and"
        ("Dropped the kids at my mother in law's in Ikeja", NOW, {}, "in law's"),
        ("moving back on the 15th to be closer to Mum and Dad", NOW, {}, "parent and"),
        ("Bipolar 2 diagnosis at 34, after years of anxiety", NOW, {}, " 2 diagnosis"),
        ("Back in Kolkata for Durga Puja after 6 years away", NOW, {}, "company"),
        ("First semester of nursing school done ✅", NOW, {}, "of a school"),
        ("First semester done ✅ 3.8 GPA and I survived anatomy", NOW, {}, "discipline"),
        # batch 38: a length of sobriety can be hidden with it
        ("Been sober 18 months and I still think about a pint", NOW, {}, "18 months"),
        # "2 days a week" no "a while"; "sober 18 months" no "in recovery months"; a Saturday
        # ahead no "last weekend" after "she's dead set"
        ("they've agreed to let me work from home 2 days a week", NOW, {}, "a while"),
        ("Been sober 18 months and I still think about a pint", NOW, {}, "recovery months"),
        (
            "Open day at St Andrew's on Saturday with my daughter, she's dead set on it",
            NOW,
            {},
            "last",
        ),
        # batch 39: "on Mondays" no "on weekdays"; a believer no "person"; Freshers no
        # "Person"; "10 years married today" no "for this week"
        ("Hot desk at the office on Mondays now, the commute is brutal", NOW, {}, "weekdays"),
        ("Been a Jehovah's Witness my whole life and just told the elders", NOW, {}, "a person"),
        ("Moved to Leeds for uni 3 weeks ago. Freshers was a blur", NOW, {}, "Person"),
        ("10 years married today and still my best friend", NOW, {}, "for this week"),
        ("then the school run. Wednesdays are a war crime", NOW, {}, "Once a week are"),
        # a name that officially names a city is not another's alternate spelling, and a
        # person's name is no place the post points to ("Dave" is a spelling of Dawei)
        (
            "Happy 25th anniversary to my husband Dave ❤️ Cancun here we come next week",
            "2026-04-02T20:00:00",
            {},
            "China",
        ),
        # a subject of study after a determiner is a shop
        (
            "Day 3 of the Adderall shortage at my pharmacy. my ADHD brain is not ok",
            NOW,
            {},
            "science",
        ),
        # maths is no science in school talk, and no subject is "a discipline"
        ("Failed my maths exam again, resit in June", NOW, {}, "science"),
        # "No. 14 ..." is a neighbour's house, never the author's address
        (
            "Parcel for No. 14 Ashgrove Road got left at ours again, grab it after 5 x",
            NOW,
            {},
            "my address",
        ),
        (
            "Parcel for No. 14 Ashgrove Road got left at ours again, grab it after 5 x",
            NOW,
            {},
            "No. my",
        ),
        # a length before "post-op" is kept with it ("post-op from my ..." would open the post)
        ("Feeling good. Three months post-op from my gastric sleeve", NOW, {}, ". post-op"),
        # a mortgage's term is no length of time
        (
            "Closing on our first house on the 15th!! 30 yr fixed at 6.1%, pray for us",
            NOW,
            {},
            "Decades",
        ),
        # a weekend's mornings are not every morning
        ("I work weekend mornings at the bakery on the high street", NOW, {}, "every morning"),
        # batch 42: an ordinal that counts a noun is no birthday; a course is no field of
        # science; FIFO is how one works; a deed one volunteered for is ahead, as is a plan said
        # with a gerund; a people is no language; lengths "into" and "on" stay; an amount before
        # a noun; one's own handle; a time in a length-since clause is that day's; plurals and
        # chains are nobody's name
        ("Finally cleared UPSC prelims on my 4th attempt!!", NOW, {}, "birthday"),
        ("520 points or bust for Medicine in UCD", NOW, {}, "science"),
        (
            "FIFO life: 2 weeks on at the mine in Karratha, 1 week home in Perth",
            NOW,
            {},
            "inventory",
        ),
        ("FIFO life: 2 weeks on at the mine in Karratha, 1 week home in Perth", NOW, {}, ": on at"),
        (
            "Signed up today and already volunteered to leaflet Ward 9 on Saturday morning",
            "2026-01-14T21:00:00",
            {},
            "last weekend",
        ),
        (
            "Doing my isiXhosa oral exam at UCT on Monday, enkosi to my gogo 🙏",
            "2026-10-28T20:00:00",
            {},
            "recently",
        ),
        (
            "Wedding introduction on Saturday. Igbo aunties ready to inspect me 😂",
            NOW,
            {},
            "language",
        ),
        ("Update: 6 weeks into my psychiatric day programme at the Priory.", NOW, {}, ": into"),
        ("Got a CCJ for a £2,300 Klarna debt I didn't know existed", NOW, {}, "a over"),
        ("Got a CCJ for a £2,300 Klarna debt I didn't know existed", NOW, {}, "a a "),
        (
            "Venmo me @kayla-m-88 for the house, it's $310 each for 3 nights in Nashville",
            NOW,
            {},
            "me someone",
        ),
        ("Ten years since I came out to my mom in a Denny's parking lot at 2am.", NOW, {}, "today"),
        ("Ten years since I came out to my mom in a Denny's parking lot at 2am.", NOW, {}, "D.'s"),
        ("Twins turned 5 yesterday and start kindergarten in 3 weeks.", NOW, {}, "Someone"),
        # batch 43: an age said as the day's news is a birthday; a state in hospital keeps its
        # words after a copula; a shift named by its day and hours is a noun; "on T"; worship
        # before a place; a counted weekday; a length spent somewhere stays
        ("18 today!!! finally legal in the uk 🥳 drinks tonight who's in", NOW, {}, "teenager"),
        (
            "Can someone cover my shift? my nan's in hospital in Margate, send prayers",
            NOW,
            {},
            "'s, send",
        ),
        (
            "Can someone cover my Sat 7-3 at Pret? my nan's poorly",
            "2026-12-11T19:00:00",
            {},
            "my tomorrow",
        ),
        ("trans and 3 months on T today 🎉 voice is dropping", NOW, {}, "months this week"),
        (
            "Tithing 10% of my first paycheck at Hillsong this Sunday, God is good 🙏",
            NOW,
            {},
            "at work",
        ),
        (
            "Retired today after 38 years with Network Rail. first Monday off since 1988",
            NOW,
            {},
            "first this",
        ),
        (
            "Retired today after 38 years with Network Rail. first Monday off since 1988",
            NOW,
            {},
            "Retired this week with",
        ),
        (
            "Got the keys to my council flat in Peckham after 4 years on the waiting list",
            NOW,
            {},
            "London on the",
        ),
        (
            "mri results back. its MS. relapsing remitting. neuro says we start ocrevus",
            NOW,
            {},
            ". type.",
        ),
        # batch 44: a bank one has a mortgage with is no person, and a mortgage no application;
        # a start and a length say how long; a helpline is no one's line; today's festival is
        # this year's; a rite named "Nine Night" is no length; an analyst no "expert"; a group's
        # name stays whole
        ("Finally keys collected!! 5 years of waiting. Mortgage with DBS sia", NOW, {}, "someone"),
        (
            "Finally keys collected!! 5 years of waiting. Mortgage with DBS sia",
            NOW,
            {},
            "pplication",
        ),
        (
            "Deploying to Kuwait in March for 9 months. hubby's got the kids",
            "2026-01-20T20:00:00",
            {},
            "in several",
        ),
        (
            "lost £14k in 2 years. GamCare helpline is 0808 8020 133 if anyone needs it",
            NOW,
            {},
            "my line",
        ),
        (
            "Balik kampung to Ipoh for Hari Raya, 5 hour jam as usual 🙃",
            "2026-03-19T20:00:00",
            {},
            "last year",
        ),
        (
            "Nine Night for Granny on Friday at ours in Handsworth, all welcome from 7",
            NOW,
            {},
            "nights",
        ),
        (
            "Resigned today after 6 years. starting at Paystack on the 1st as a senior analyst",
            NOW,
            {},
            "expert",
        ),
        (
            "me and my girlfriend are marching with Dykes on Bikes at Pride 🏳️‍🌈",
            NOW,
            {},
            "with on Bikes",
        ),
        (
            "Self-excluded from every betting site today. lost £14k in 2 years.",
            NOW,
            {},
            "Quit from",
        ),
        # batch 45: an age said with its day stays true without the day; a stage said with "on";
        # hours a night; a pharmacy is no hospital; a phrasal verb keeps its particle; days in a
        # row are a timetable; a singular length is an adjective; a mission is no hospital; a
        # possessive's "last weekend" is her final one; an airport is no person; a grammar
        # school no university; a hyphenated kin word owns no "my"
        ("I'm 50 next month and my kids have booked me a weekend away", NOW, {}, "a year older"),
        (
            "Baby's sleeping 3 hours a night at best, I'm on day 4 of no proper sleep",
            NOW,
            {},
            "days of no",
        ),
        (
            "Baby's sleeping 3 hours a night at best, I'm on day 4 of no proper sleep",
            NOW,
            {},
            "sleeping hours",
        ),
        (
            "Flu jab and Covid booster at Superdrug on the high street after work",
            NOW,
            {},
            "hospital",
        ),
        (
            "Offer accepted!!! mortgage approval for €380k came through this morning 🏡",
            NOW,
            {},
            "came 🏡",
        ),
        ("gym every mon wed fri at 6am with my PT, down 9kg since january", NOW, {}, "wed Friday"),
        (
            "2 year sober anniversary on Sunday and my sponsor is taking me for pancakes",
            NOW,
            {},
            "years sober anniversary",
        ),
        (
            "Kenyan passport renewal appointment at the High Commission on Tuesday at 10",
            NOW,
            {},
            "hospital",
        ),
        (
            "Hen do in Magaluf for Priya's last weekend as a single woman, leaving Gatwick 6am Friday",
            "2026-06-09T20:00:00",
            {},
            "recently",
        ),
        ("Hen do in Magaluf, 14 of us, leaving Gatwick 6am Friday 😎", NOW, {}, "someone"),
        ("My son got into Manchester Grammar!!! so proud", NOW, {}, "university"),
        (
            "Our little Eilidh was christened on Sunday in her great-gran's gown 💕",
            NOW,
            {},
            "great-my",
        ),
        # batch 46: radiation is treatment; an identifier after its own kind's word; an emoji
        # ends the clause of a past verb after it; a school is in no town only called so by
        # another name; "dad of 3" is no name; "Off to" a trip is ahead; what a colon announces
        # stays; a youth group is no company and what it "is doing" is ahead; everyday words
        (
            "Finished my last round of radiation at MD Anderson today and rang the bell",
            NOW,
            {},
            "issue",
        ),
        (
            "Flatmates: rent goes to my IBAN DE89 3704 0044 0532 0130 00 by the 3rd",
            NOW,
            {},
            "IBAN my",
        ),
        (
            "Teaching my last lesson at Ridgeway Academy before maternity leave on Friday 🤰 the kids made me a card",
            "2026-05-20T20:00:00",
            {},
            "last week",
        ),
        ("Teaching my last lesson at Ridgeway Academy before maternity leave", NOW, {}, "Plympton"),
        ("dad of 3, divorced, 44, and apparently now on Hinge. send help", NOW, {}, "my parent of"),
        (
            "Off to Lourdes with my nan for her 80th in May, she's wanted to go her whole life 🙏",
            "2026-01-15T20:00:00",
            {},
            "last year",
        ),
        (
            "Got my green card interview date: Jan 12 at USCIS Newark. 6 years in the making",
            NOW,
            {},
            "date:.",
        ),
        (
            "Our church youth group is doing a sponsored sleepout on the 28th for the shelter 🙏",
            "2026-11-10T20:00:00",
            {},
            "company",
        ),
        (
            "Our church youth group is doing a sponsored sleepout on the 28th for the shelter 🙏",
            "2026-11-10T20:00:00",
            {},
            "October",
        ),
        (
            "Started HRT patches today after 18 months of perimenopause hell. 51 and done suffering",
            NOW,
            {},
            "issue",
        ),
        ("Started HRT patches today after 18 months of perimenopause hell.", NOW, {}, "a while of"),
        # coordinated items of one kind are said by that kind, plural: jabs are no "Medication"
        (
            "Flu jab and Covid booster at Superdrug on the high street after work",
            NOW,
            {},
            "Medication",
        ),
        # batch 47: a counted festival is no date; a fragment takes no other clause's tense; a
        # length before "since" stays; a model's year is no time; a role opening a post is no
        # name; a treatment's clinic is no hospital
        (
            "First Christmas without Dad. Going to midnight mass with Mum",
            NOW,
            {},
            "First this week",
        ),
        (
            "PhD viva on the 14th at Imperial, my supervisor says I'm ready. I am not ready.",
            "2027-01-05T20:00:00",
            {},
            "December",
        ),
        (
            "Kidney transplant anniversary today, 5 years since my brother gave me his 💜",
            NOW,
            {},
            ", since my",
        ),
        (
            "Bought my first car today! 2019 Corsa, £7,800 from a dealer in Bolton",
            NOW,
            {},
            "Years ago",
        ),
        (
            "Landlord's putting the rent up by £150 from April and my Universal Credit won't cover it",
            NOW,
            {},
            "Someone",
        ),
        (
            "3 weeks post-op from my ACL reconstruction and physio at Kingsland twice a week",
            NOW,
            {},
            "hospital",
        ),
        # batch 48: a site's place; a phrasal verb's particle; a dangling negation; "in years";
        # an officer's rank; an infirmary as a company; kente without its article
        ("Resumed at Access Bank Yaba branch today", "2026-02-02T18:00:00", {}, "work branch"),
        ("Resumed today as a customer service officer", NOW, {}, "serviceman"),
        ("NS book in at Pulau Tekong on Sunday night", "2026-01-07T20:00:00", {}, "book on"),
        ("NS book in at Pulau Tekong on Sunday night", "2026-01-07T20:00:00", {}, "book this"),
        ("payday isn't till the 28th. Beans on toast week", "2026-11-17T20:00:00", {}, "isn't."),
        ("Finally paid off $38k in 6 years.", NOW, {}, "in years"),
        ("Night shift at the Royal Infirmary again tonight", NOW, {}, "company"),
        ("I will be wearing kente AND a kilt to my wedding", NOW, {}, "wearing traditional"),
        ("I will be wearing kente AND a kilt to my wedding", NOW, {}, "wearing outfit"),
        ("meet at Gloucester Road 10am Sat", "2026-04-22T20:00:00", {}, "morning Sat"),
        ("Got a new job!! so happy", NOW, {}, "new job"),
        ("Just got my PR card in the mail!!", NOW, {}, "PR card"),
        ("Half Ghanaian, half Scottish, and proud", NOW, {}, "Scottish"),
        # batch 49: a bare length after a place; a plural after "an"; a subject in a language's
        # sense; a greeting's festival alone; a deployment as work
        ("Been in Dubai 8 years on an employment visa", NOW, {}, "Dubai years"),
        ("Been in Dubai 8 years on an employment visa", NOW, {}, "a papers"),
        ("Starting my PGCE at Goldsmiths, secondary English", NOW, {}, "secondary British"),
        ("Starting my PGCE at Goldsmiths, secondary English", NOW, {}, "language"),
        ("Ramadan Kareem from our family to yours 🌙", "2027-02-08T17:00:00", {}, "fast Kareem"),
        ("My husband's deployment ends in April.", "2026-02-01T20:00:00", {}, "work ends"),
        ("Dialysis 3x a week at Fresenius in Plano", NOW, {}, "company"),
        ("Dialysis 3x a week at Fresenius in Plano", NOW, {}, "work"),
        ("Email me for the PTA bake sale rota", NOW, {}, "me bake"),
        # batch 50: a job centre and a police force as companies; a stage without its disease;
        # "till at least soon"; a county of England read as a town in Illinois
        ("and the Jobcentre appointment is Tuesday at 10:40", "2026-05-04T20:00:00", {}, "company"),
        ("First shift tonight, Hampshire Constabulary, wish me luck", NOW, {}, "company"),
        ("First shift tonight, Hampshire Constabulary, wish me luck", NOW, {}, "Illinois"),
        ("Just got confirmed: stage 2 breast cancer.", NOW, {}, "stage 2 a"),
        ("Just got confirmed: stage 2 breast cancer.", NOW, {}, "stage 2 illness"),
        ("so I'm housebound till at least Thursday.", "2026-02-16T20:00:00", {}, "least soon"),
        # batch 51: a stage after a birth is no pregnancy's; a therapist is no counsellor; a
        # bishop no priest; a range of weeks cut in half; a phrasal verb's "in"; a bank as a
        # company; an emoji left after its comma
        ("7 weeks post C-section and still can't lift the car seat", NOW, {}, "along"),
        ("Therapist says it's complex PTSD.", NOW, {}, "Counsellor"),
        ("Bishop confirmed me at St Aidan's on Sunday", NOW, {}, "priest"),
        ("Balikbayan box shipped to my lola, 6-8 weeks by sea", NOW, {}, "6-"),
        ("got the keys to our flat!! moving in Saturday", "2026-07-15T20:00:00", {}, "moving this"),
        ("Mortgage offer from Nationwide came through", NOW, {}, "company"),
        ("Renewing my vows in Santorini next June, 25 years this year 💙", NOW, {}, ", 💙"),
        # batch 52: a morning train read as the evening's; "at" before a city; a site's employer
        # as "work"; an amount's noun left bare; a religious meal's article
        (
            "Back to work tomorrow, drop-off at 7:45 then the 8:12 to Euston",
            "2026-01-11T20:00:00",
            {},
            "evening",
        ),
        ("Six weeks of jury service at Snaresbrook starting Monday.", NOW, {}, "at London"),
        ("Junior solicitor at Irwin Mitchell's Sheffield office", NOW, {}, "work office"),
        ("Direct debit bounced AGAIN, £143 charge. Santander I'm begging you", NOW, {}, ", charge"),
        ("Our Guru Nanak Jayanti langar at the Gurdwara", NOW, {}, "Jayanti a"),
        ("Took my dad for his hearing test, he's finally getting aids at 78", NOW, {}, "condition"),
        # batch 53: a loan read as a rate; "booked for" a month read as when it was booked; an
        # amount a verb needs; a business's place left without its preposition
        ("Settlement's 14 November, $520k, 30 year loan with Westpac", NOW, {}, "rate"),
        ("Umrah booked for February with my parents", "2026-11-10T20:00:00", {}, "booked in"),
        ("My payslip says £2,140 after tax for 160 hours.", NOW, {}, "says after"),
        ("Bday dinner for my twins at Nando's Cardiff Bay, they're 7", NOW, {}, "twins Wales"),
        # batch 54: "as soon as soon"; an adjective said as an adverb; a ladder's "work" after a
        # name; four days said as a week
        ("first placement could be as soon as next week", NOW, {}, "as soon as soon"),
        ("lamotrigine + weekly CBT at the Maudsley", NOW, {}, "regularly"),
        ("then 9-5 at the Leeds Building Society call centre, then tea", NOW, {}, "Society work"),
        ("I'm in Abuja till Sunday", "2026-08-12T20:00:00", {}, "about a week"),
        # batch 55: a festival's fair as a time; a park read as a place of worship; a dawn
        # flight as the evening; walking out read as walking; a syndrome's name as a person's
        ("Took the kids to the Eid fair at Small Heath Park", NOW, {}, "the the"),
        ("Took the kids to the Eid fair at Small Heath Park", NOW, {}, "worship"),
        ("flying from Bristol at 6:05 Saturday, send coffee", "2026-10-21T20:00:00", {}, "evening"),
        ("Walked out of my job at the Starbucks on Deansgate today", NOW, {}, "Walked at"),
        ("Youngest got his Down's syndrome diagnosis confirmed today", NOW, {}, "D.'s"),
        # batch 56: a holiday that describes a shift as a date; a job starting after notice as
        # past; a medicine read as a person; a venue's acronym left behind; a dismissal's object
        # after its wording; a party's office as an employer; a comma left at the end
        (
            "Working the Halloween closing shift at the Target",
            "2026-10-30T12:00:00",
            {},
            "the this",
        ),
        (
            "Gave notice at Woolies today, starting as an apprentice in Geelong on the 2nd",
            "2026-02-16T17:00:00",
            {},
            "earlier",
        ),
        ("neuro wants to start me on Aimovig shots in June", NOW, {}, "A. shots"),
        ("neuro wants to start me on Aimovig shots in June", NOW, {}, "someone shots"),
        ("Matric dance tonight at the Durban ICC and my date just bailed", NOW, {}, "ICC"),
        ("Tribunal is listed for March, 2 years after they sacked me", NOW, {}, "let go me"),
        ("Stuffing envelopes at Plaid Cymru HQ in Cardiff all weekend", NOW, {}, "a hq"),
        ("6 months seizure free today, I can reapply for my licence", NOW, {}, "illness free"),
        (
            "Sukkah's up in the backyard in Outremont, first Sukkot as a homeowner",
            NOW,
            {},
            "Sukkah",
        ),
        ("night shift then an 8am lecture at UCL", NOW, {}, "an morning"),
        ("Reading about the 1918 flu pandemic, the parallels are wild", NOW, {}, "years ago flu"),
        # batch 57: a grandparent as a place; a London venue in Johannesburg; a park as work; an
        # overdraft as a person; a festival's eve as a place; "in early this month"; "a
        # training"; a national day's shift
        ("Anzac Day dawn service at the Shrine with Pop tomorrow", NOW, {}, "Central Asia"),
        (
            "Bonfire Night at Alexandra Palace, then back to Wood Green for curry",
            NOW,
            {},
            "Johannesburg",
        ),
        (
            "Allotment committee gave me plot 14B at Wardown after 3 years on the waiting list",
            NOW,
            {},
            "at work",
        ),
        ("Just paid Fuliza back, 2,300 bob. Never again", NOW, {}, "someone"),
        ("Just paid Fuliza back, 2,300 bob. Never again", NOW, {}, "F."),
        ("Reunion dinner at Ah Ma's place in Klang on CNY eve", NOW, {}, "the eve"),
        ("My payout came through this week", "2026-03-02T20:00:00", {}, "in early this"),
        ("mam says it's that or an apprenticeship", NOW, {}, "a training"),
        ("Got my Canada Day shift at the Timmies swapped", NOW, {}, "Canada shift"),
        # batch 58: "Got into" left without its school; a workplace's street as a portage; a
        # currency said after a scale left alone ("sent, pesos"); "couples
        # treatment"; a season where no place tells the hemisphere
        (
            "Got into the Royal Academy of Music for cello!! Starting in September",
            NOW,
            {},
            "Got for",
        ),
        ("I could make my shift at the Esso on Portage, -34 with windchill", NOW, {}, "portage"),
        ("Padala for Mama sent, 15k pesos this month, so proud of myself", NOW, {}, "sent, pesos"),
        (
            "Couples counseling every Tuesday evening, 6 sessions in and we're still married",
            NOW,
            {},
            "treatment",
        ),
        (
            "Sold the Hilux on Gumtree, Corolla life till bub arrives in March",
            "2026-11-10T20:00:00",
            {},
            "spring",
        ),
        # batch 59: marshes as a person; a church as a school; a charge nurse as a manager;
        # "since this week"; a stoma's reversal as a "Reversal"
        ("Tore my Achilles at five-a-side on Hackney Marshes, surgery on Friday", NOW, {}, "H. M."),
        ("Started the Alpha course at St Aldates on Wednesday nights", NOW, {}, "school"),
        ("Promoted to charge nurse on Ward 22 at St George's", NOW, {}, "manager"),
        (
            "Mummy has been cooking since Tuesday for the introduction",
            "2026-09-23T20:00:00",
            {},
            "since this week",
        ),
        ("Stoma reversal at Mass General on the 4th, I'm so ready", NOW, {}, "Reversal"),
        # batch 60: a clinic as a tax assessor; a pond in Jamaica; "Düzce de los Muertos"; a
        # union as a party; a temple's visits as "a service visits"; a pier as England; an
        # amputation as an illness; "primary 2"
        ("Egg retrieval at the Lister on Monday, 14 follicles", NOW, {}, "tax"),
        ("Text me if you find Biscuit, she got out near Jamaica Pond 😭", NOW, {}, "Queens"),
        ("Building Abuela's ofrenda for Día de los Muertos this weekend", NOW, {}, "Düzce"),
        ("Elected branch secretary for Unite at the depot today", NOW, {}, "party"),
        ("3 days of water fights and temple visits with the family", NOW, {}, "a service visits"),
        ("Walked along Brighton Pier today", NOW, {}, "England"),
        ("Chips on Brighton Pier with the kids today", NOW, {}, "England"),
        ("First fitting for my prosthetic leg, 7 months after the amputation", NOW, {}, "illness"),
        ("kids start at the local primary in Term 2", NOW, {}, "primary 2"),
        # batch 61: a care home's name as a small town abroad; a party ("do") on Friday as last
        # Friday; "Easter Sunday" half worded; "PSLF" as a company
        (
            "Moving my mom into long-term care at Bethany in Red Deer on the 1st",
            "2026-08-20T20:00:00",
            {},
            "Oregon",
        ),
        (
            "Retirement do for Da in the Hibernian in Mallow on Friday, 41 years with Irish Rail",
            "2026-11-02T20:00:00",
            {},
            "last week",
        ),
        (
            "Baptism at Kings Church on Easter Sunday, 41 and finally doing it",
            NOW,
            {},
            "holidays Sunday",
        ),
        ("Loan forgiveness approved after 10 years of PSLF payments", NOW, {}, "company payments"),
    ],
)
def test_no_group_reads_a_false_or_broken_wording(
    text: str, now: str, profile: dict, never: str
) -> None:
    for version in versions(text, now=now, profile=profile):
        assert never not in version, version


@pytest.mark.parametrize(
    "text",
    [
        "6 months on Ozempic and down 3 stone.",
        "12 years at Network Rail and I've handed my notice in",
    ],
)
def test_a_length_opening_a_sentence_is_never_taken_out_from_under_it(text: str) -> None:
    """ "12 years at Network Rail and ...": without its length the sentence would open on a
    preposition (" at work and ...")."""
    for version in versions(text):
        assert not re.match(r"\s*(?:and|at|on)\b", version, re.IGNORECASE), version


@pytest.mark.parametrize("text", ["my dad's cooking is the best", "visiting my grandma in Cork"])
def test_a_family_word_of_gender_is_said_without_it_by_every_group(text: str) -> None:
    """ "dad" -> "parent": the gender the word discloses is hidden, and no group gets the vaguer
    "family" by default (it stays in the review)."""
    for version in versions(text):
        assert "parent" in version or "grandparent" in version, version


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Finally got my Irish citizenship after 8 years here!", "Irish citizenship"),
        ("Mortgage approved!!! 🏡 adulting unlocked", "Mortgage"),
        ("Took my shahada last Friday 🤍 keep it between us", "Took my shahada"),
        ("HE PROPOSED 💍😭 at sunset yesterday", "HE PROPOSED"),
        ("I'm nonbinary and my family finally gets it", "nonbinary"),
        ("Quit vaping 2 weeks ago and I would fight a pigeon rn", "vaping"),
        ("mammogram came back clear, thank god", "mammogram"),
        ("Two kids, full time job and now a part-time MSc", "full time"),
        ("Day 5 of the hunger strike outside the Home Office", "hunger strike"),
        # batch 20
        ("physio says I can ditch the crutches by Friday", "crutches"),
        ("Canvassing for Labour in Hove every Saturday", "Canvassing"),
        ("Eid Mubarak from the Khans 🌙", "Eid Mubarak"),
        ("passed my IELTS with a 7.5!!!", "IELTS"),
        ("I'm off sick till the 20th with the flu", "off sick"),
        ("Two years sober today, never thought I'd make it", "Two years"),
        ("went to shul for Kol Nidre, first one without Zaidy", "Kol Nidre"),
        # batch 23
        ("my venmo is @kayla-ruiz-22 if anyone still owes for the cabin", "@kayla-ruiz-22"),
        ("Cancer scan results Thursday. Trying not to spiral", "Cancer scan"),
        ("Somebody at my office just found out I'm Jewish", "Jewish"),
        # batch 29
        ("We've got 60k saved for the deposit", "60k"),
        ("Holy Communion for our Sofia on Sunday", "Holy Communion"),
        ("my son joined the Army last year", "Army"),
        ("Can't believe it's 10 years since I moved to Toronto", "10 years"),
        ("Dad's in for his triple bypass tomorrow at 8", "bypass"),
        ("Lost about $8k in crypto this year", "8k"),
        ("Kia ora whānau, our Mere starts kōhanga reo on Monday", "Mere"),
        ("My MS relapsed so I'm back on steroids", "MS relapsed"),
    ],
)
def test_a_found_phrase_can_be_hidden_from_the_public(text: str, phrase: str) -> None:
    """Identified phrases with no wider word were sent to every group as written."""
    assert phrase not in versions(text)[-1]


def test_the_start_of_the_authors_time_phrase_reads_as_written() -> None:
    """ "every evening this week" -> "every evening" for the closest group above Family: the
    author's own words, cut between words, are never vetoed as unnatural."""
    assert "every evening," in versions("Canvassing in Brighton every evening this week, DM me")[0]


def test_a_range_of_days_in_a_named_week_is_said_by_that_week() -> None:
    """ "from Mon to Fri next week" -> "next week" (the days were read in two weeks)."""
    assert (
        "next week"
        in versions("I'm on leave from Mon to Fri next week", now="2027-03-03T12:00:00")[0]
    )


def test_a_festival_that_says_when_is_said_as_holidays() -> None:
    assert (
        "till after the holidays"
        in versions(
            "taking a break till after Diwali. please don't ask", now="2027-09-15T12:00:00"
        )[0]
    )


def test_a_removal_at_the_end_leaves_no_comma() -> None:
    # batch 56: "first day at work in Scotland the morra," once the hours went
    for version in versions(
        "Awfy nervous, first day at Tesco Extra in Kirkcaldy, 7 till 3", now=NOW
    ):
        assert not version.endswith(","), version

"""Whole-pipeline identification of posts written as people write them: the causes found by
writing new posts after the dev set was studied (possessive family words, ages said with the
day they are reached, universities by their town's name, subjects of study, short day names in
ranges, parses that join two sentences, short posts langdetect misreads)."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification import identify
from osnguard.privacy.identification.pipeline import detect_language

NOW = "2027-03-10T12:00:00"


def phrases(text: str, profile: dict | None = None) -> list[tuple[str, str]]:
    result = identify(text, profile=profile, now=NOW)
    return [(p.text, str(p.category)) for p in result.phrases]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a close person's possession is the family's ("Mum's", "our little one's")
        ("Mum's knee replacement went well", ("knee replacement", "health")),
        ("Dad's surgery went well", ("surgery", "health")),
        ("Our little one's baptism is at Holy Trinity this Sunday", ("baptism", "religion")),
        ("My son's baptism is on Sunday", ("baptism", "religion")),
        # an age with the day it is reached, an age said in words
        ("Can't believe I'm 40 on Thursday", ("40", "age")),
        ("where did my thirties go", ("thirties", "age")),
        # universities named like their towns, subjects named like places
        ("my daughter got into Oxford to read Law!!!", ("Oxford", "education")),
        ("my daughter got into Oxford to read Law!!!", ("Law", "education")),
        ("10 yr reunion at Harvard this weekend", ("Harvard", "education")),
        # a church named without "church", beside a rite
        ("christening at Holy Trinity on Sunday", ("Holy Trinity", "religion")),
        # a company the tagger takes for a people ("-ian")
        ("I just started at Atlassian", ("Atlassian", "work")),
        # thousands said after a verb of pay
        ("I'm 26, earning 32k and living with my parents", ("32k", "finance")),
        # a parse that joins two sentences does not hide the second one's author
        ("Tax return done. Made £48k last year freelancing", ("£48k", "finance")),
        ("Tax return done. Made £48k last year freelancing", ("last year", "time")),
        # short day names in ranges and lists, "the next fortnight"
        ("I'm in the office Mon-Fri", ("Mon-Fri", "time")),
        ("running Tues/Thurs/Sat mornings round the park", ("Tues/Thurs/Sat mornings", "time")),
        ("off work with sciatica for the next fortnight", ("for the next fortnight", "time")),
        ("starting meds next week", ("meds", "health")),
        # an address written the French way, a short day name, half term
        (
            "New address: 14 Rue des Lilas, 75019 Paris",
            ("14 Rue des Lilas, 75019 Paris", "contact"),
        ),
        ("back in the office Weds", ("Weds", "time")),
        ("Looking after my nephews all half term", ("all half term", "time")),
        # institutions: the kind said first, a school named "Primary", the ICU is the lexicon's
        ("her bat mitzvah is at Temple Beth El", ("Temple Beth El", "religion")),
        ("parents evening at Ravenscroft Primary at 6:30", ("Ravenscroft Primary", "education")),
        ("my mom is in the ICU at Cedars-Sinai with pneumonia", ("Cedars-Sinai", "health")),
        ("my mom is in the ICU at Cedars-Sinai with pneumonia", ("ICU", "health")),
        ("chemo round 4 of 6 done at the Christie", ("the Christie", "health")),
        # a name after a person noun of the author's
        ("Thank you NA and my sponsor Dave", ("Dave", "identity")),
        ("Type 1 diabetic for 20 years", ("Type 1 diabetic", "health")),
        # a local number right after "text", a postcode, a handle with dashes
        ("Text 555-0143 if you find Biscuit", ("555-0143", "contact")),
        (
            "Our new address is 221B Baker Street, London NW1 6XE",
            ("221B Baker Street, London NW1 6XE", "contact"),
        ),
        # the whole name of an institution holding a profile word; context words of study
        (
            "Jummah at Regent's Park Mosque then lunch",
            ("Regent's Park Mosque", "religion"),
        ),
        ("Starting my PGCE at Goldsmiths in September", ("Goldsmiths", "education")),
        ("I'm a nurse at St Vincent's", ("St Vincent's", "work")),
        ("back with my parents after the divorce, 41 and starting over", ("41", "age")),
        ("I've been a Liberal Democrat member for 15 years", ("Liberal Democrat", "politics")),
        # a fond word after a possessive: a child's name, not a town
        ("Our little Amara started nursery today", ("Amara", "identity")),
        ("my beloved Tunde turns 40 today", ("Tunde", "identity")),
        ("our little Hackney flat is freezing", ("Hackney", "location")),
        # a family's name
        ("Eid Mubarak from the whole Hussain family", ("Hussain", "identity")),
        # an employer after a redundancy
        ("Just been told I'm on the redundancy list at Aviva", ("Aviva", "work")),
        # a city's university, got into to study
        ("My daughter got into Edinburgh to study vet medicine", ("Edinburgh", "education")),
        # an age by which something happened; kinds of job; an op; gambling support
        ("bi and proud, took me till 34 to say it out loud", ("34", "age")),
        ("on the night bus home from my cleaning job", ("my cleaning job", "work")),
        ("Mum's hip op is at St James's on Wednesday", ("hip op", "health")),
        ("5 years clean today. GamCare saved my life", ("GamCare", "health")),
        # a hospital the tagger took for a person, after a treatment and "at"
        ("Finished my last round of radiotherapy at Velindre this morning", ("Velindre", "health")),
        # years at a name right after it: a workplace
        ("been at Tesco 6 years and today I got made up to shift manager!!", ("Tesco", "work")),
        (
            "been at Tesco 6 years and today I got made up to shift manager!!",
            ("shift manager", "work"),
        ),
        ("Got my first paycheck from Amazon today", ("Amazon", "work")),
        ("Lent starts Wednesday and I'm giving up chocolate", ("Lent", "religion")),
        # an Irish address with its Eircode; duty at a hospital's acronym
        (
            "mine is 7 Harbour View, Cobh, P24 X2Y3",
            ("7 Harbour View, Cobh, P24 X2Y3", "contact"),
        ),
        ("Kal se night duty at AIIMS for 2 weeks", ("AIIMS", "work")),
        ("Kal se night duty at AIIMS for 2 weeks", ("night duty", "work")),
        ("Matric results out and my boy got 6 distinctions", ("Matric results", "education")),
        # a stage of pregnancy is no age; a place moved to is a place whatever the context
        ("we lost our baby at 19 weeks last month", ("lost our baby", "health")),
        ("we lost our baby at 19 weeks last month", ("last month", "time")),
        ("first Shabbat dinner at ours since we moved to Finchley", ("Finchley", "location")),
        # how long since, then when: two times
        (
            "Flying home to Manila for the first time in 4 years on the 16th!!!",
            ("in 4 years", "time"),
        ),
        (
            "Flying home to Manila for the first time in 4 years on the 16th!!!",
            ("on the 16th", "time"),
        ),
        ("Nikah is booked!!! 14th of August at Regent's Park Mosque", ("Nikah", "religion")),
        # a feeling word opening a subjectless post is no subject
        (
            "Nervous for the citizenship interview at USCIS Tuesday 10:30am, been here since 2009 from Manila",
            ("since 2009", "time"),
        ),
        (
            "Nervous for the interview Tuesday 10:30am, been here since 2009 from Manila",
            ("Manila", "location"),
        ),
        # immigration status, and an office named after it
        (
            "Nervous for the citizenship interview at USCIS on Tuesday",
            ("citizenship interview", "ethnicity"),
        ),
        ("Nervous for the citizenship interview at USCIS on Tuesday", ("USCIS", "ethnicity")),
        ("my Tier 2 visa runs out in March", ("Tier 2 visa", "ethnicity")),
        # a bank by the words around it, savings by their fund
        ("Moved my savings out of Monzo into a Marcus account", ("Monzo", "finance")),
        ("switched my mortgage to Nationwide last month", ("Nationwide", "finance")),
        ("£12k emergency fund done finally", ("£12k", "finance")),
        # shifts and trades
        ("arvo shift at Woolies done, heading to Cronulla", ("arvo shift", "work")),
        ("Bricklaying at 52 isn't getting easier", ("Bricklaying", "work")),
        # a name with its kin title
        (
            "Mum and I did the Race for Life in Hyde Park this morning in memory of Aunty Bev 💗",
            ("Aunty Bev", "identity"),
        ),
        # when, then how long one was away: two times
        ("Back on the tools Monday after 8 weeks off with my back", ("Monday", "time")),
        ("Back on the tools Monday after 8 weeks off with my back", ("after 8 weeks", "time")),
        # an address whose town follows the street with no comma
        ("new place is 14 Banksia St Coburg", ("14 Banksia St Coburg", "contact")),
        # a polytechnic by its short name, an age in a birthday wish after a comma
        ("first day back at Ngee Ann Poly tmr, Year 2 already", ("Ngee Ann Poly", "education")),
        (
            "Happy birthday to the best dad in the world, 70 today and still beating me at golf",
            ("70", "age"),
        ),
        # the first hour of a range goes with it
        ("gym 6-7am every weekday before work", ("6-7am every weekday", "time")),
        ("4 weeks post op from my ACL reconstruction", ("ACL reconstruction", "health")),
        ("my girlfriend and I just signed the lease", ("girlfriend", "relationship")),
        # a duration in a clause whose verb has the author as its object
        ("2 years at Woolies and they finally made me a team leader", ("2 years", "time")),
        ("2 years at Woolies and they finally made me a team leader", ("team leader", "work")),
        # a name beside the author is a person; a common first name after "for"
        ("me and Marco got engaged on Saturday", ("Marco", "identity")),
        ("me and Marco got engaged on Saturday", ("got engaged", "relationship")),
        ("covering for Sophie all week, she's off sick", ("Sophie", "identity")),
        ("Sophie's off sick so I'm covering", ("Sophie's", "identity")),
        # family words of every register; a ward with its number; a health word with its head
        ("my mother is in hospital again", ("mother", "gender")),
        ("missing maa's cooking so much", ("maa", "gender")),
        ("night shift on ward 7 again tonight", ("ward 7", "work")),
        ("first proper meal since the gastric sleeve op", ("gastric sleeve op", "health")),
        ("Filed my first tax return as a freelancer", ("freelancer", "work")),
        ("Shabbat dinner at ours, bringing the good challah", ("challah", "religion")),
        # a day as the subject of the next clause is a time, no one; initials of a university
        (
            "On call every other weekend at Groote Schuur and tonight is one of them",
            ("every other weekend", "time"),
        ),
        ("9 years after graduating from UQ. free at last", ("UQ", "education")),
        ("job at Apple starts Monday!", ("Apple", "work")),
        # an account number after "is"; how far into a course
        (
            "my account is 12-3456-7890123-00 if you're sending money",
            ("12-3456-7890123-00", "finance"),
        ),
        ("Week 2 of radiotherapy done", ("Week 2", "time")),
        ("sober curious month 2, and my anxiety is better", ("month 2", "time")),
        ("Holy Communion for our Sofia this Saturday", ("Sofia", "identity")),
        ("Got the keys to our council flat today!!", ("council flat", "finance")),
        ("sertraline makes me yawn all day. week 3 and I'm a zombie", ("week 3", "time")),
        # batch 12: the author's own rent as a bare subject, and the sentence after it
        ("Rent in Wellington went up $80 a week AGAIN", ("$80 a week", "finance")),
        ("Rent went up again. that's $4,160 a year", ("$4,160 a year", "finance")),
        # short day names that are no other word; a hospital named "General"
        ("can't make book club thurs, sorry", ("thurs", "time")),
        ("got my colonoscopy at Mass General at 8am", ("Mass General", "health")),
        ("staying at my tita's place till the 20th", ("tita", "gender")),
        ("I've been clean for 2 years today", ("been clean", "health")),
        ("Lost my phone at the march on Saturday", ("at the march", "politics")),
        ("offshore rotation starts 1st of June, 2 weeks on 2 weeks off", ("1st of June", "time")),
        (
            "offshore rotation starts 1st of June, 2 weeks on 2 weeks off",
            ("offshore rotation", "work"),
        ),
        ("Back on the ward at 7pm. #nurselife", ("#nurselife", "work")),
        ("then my last exam (Econometrics) on the 17th", ("Econometrics", "education")),
        # a town before its Pride is the town; a profile word says what a longer term is
        (
            "Anyone from the Cape Town Pride committee around?",
            ("Pride committee", "sexuality"),
        ),
        # batch 13: festivals of the lunar calendars as times; an event with "the"
        ("taking a break till after Diwali. please don't ask", ("till after Diwali", "time")),
        ("flying home for Eid, back on the 20th", ("for Eid", "time")),
        (
            "My abuela passed away on Sunday. The rosary is Thursday at 7, everyone welcome",
            ("Thursday at 7", "time"),
        ),
        ("finally told my parents. dad said he knew since I was 12", ("12", "age")),
        ("I'm doing my reservist next week, so no badminton", ("my reservist", "work")),
        ("abeg who get charger for Yaba side? I get interview tomorrow", ("Yaba", "location")),
        ("Y'all my daughter got into Spelman!!!", ("Spelman", "education")),
        ("Aunty Ngozi's 60th is Saturday in Enugu. I'm MC", ("Aunty Ngozi", "identity")),
        # a pregnancy's stage is health, the day after it a time
        ("I'm 16 weeks today and finally stopped throwing up", ("16 weeks", "health")),
        ("I'm 16 weeks today and finally stopped throwing up", ("today", "time")),
        ("we lost our baby at 19 weeks last month", ("at 19 weeks", "health")),
        ("baby is due end of July and we're not ready", ("end of July", "time")),
        # batch 14: a time's possessive owns nothing; recovery and pregnancy with their lengths
        ("Tonight's AA meeting moved to St Luke's hall", ("AA meeting", "health")),
        ("90 days sober tomorrow 💪", ("90 days sober", "health")),
        ("37 weeks and the car seat is in, hospital bag packed", ("37 weeks", "health")),
        ("we were by the Pyramid stage Sat night, gutted we missed you", ("Sat night", "time")),
        ("passed my driving test on the 3rd attempt!! 17 and finally free", ("17", "age")),
        ("Graduated today with a first class in Law!!!", ("Law", "education")),
        ("PhD viva passed!!! 4 years at Trinity, 212 pages", ("Trinity", "education")),
        ("we're moving in September!! D7 visa approved", ("D7 visa", "ethnicity")),
        ("being the only Black girl in my engineering cohort", ("Black girl", "ethnicity")),
        ("my first fast since the surgery hit different", ("first fast", "religion")),
        ("I'm on the picket line outside Leeds General from 7am", ("Leeds General", "health")),
        # batch 15: a couple's length; a clinic's initials after a treatment and its number;
        # a school whose kind is said first; the post's treatment places "at the <Name>"
        ("we are celebrating 10 years together this Friday", ("10 years together", "relationship")),
        ("IUI #2 this morning at CRGH. losing my mind", ("CRGH", "health")),
        (
            "Kids start at Gaelscoil Bhaile Átha Cliath in September",
            ("Gaelscoil Bhaile Átha Cliath", "education"),
        ),
        (
            "HIV undetectable for 5 years now. Thanks to the team at the Mortimer Market Centre",
            ("the Mortimer Market Centre", "health"),
        ),
        ("Anyone else at the Women's March tomorrow? I'll be there", ("Women's March", "politics")),
        ("two week wait starts now and I'm losing my mind", ("two week wait", "health")),
        # batch 16: a school by its last word, a weekday in the plural ends a name, a strike
        # and a rite the lexicon lacked
        ("mum screamed in the car park at Hollins High", ("Hollins High", "education")),
        (
            "physio at the Spire Tuesdays and Thursdays at 8 for my back",
            ("Tuesdays and Thursdays at 8", "time"),
        ),
        ("Day 5 of the hunger strike outside the Home Office", ("hunger strike", "politics")),
        ("Qurbani sorted through the mosque, alhamdulillah", ("Qurbani", "religion")),
        # batch 17: a doctor named in a post about care, a rate by the hour, the nearest of two
        # subjects, a church the priest after it names, shifts, quitting
        ("mammogram came back clear. thank you Dr Mensah", ("Dr Mensah", "health")),
        ("Tutoring maths every Sunday at the library, £25/hr, DM me", ("£25/hr", "finance")),
        (
            "Wedding planning update: venue booked (Cripps Barn, 22 May 2028), caterer booked, "
            "fiancé still hasn't picked a suit",
            ("fiancé", "relationship"),
        ),
        (
            "renewed our vows at St Columba's in Derry on our 25th, same priest that married us",
            ("St Columba's", "religion"),
        ),
        ("Back on nights at the Royal London from Monday", ("on nights", "work")),
        ("Quit vaping 2 weeks ago and I would fight a pigeon rn", ("Quit vaping", "health")),
        # batch 18: a deposit is the poster's own, an amount ends on its last digit, welfare
        (
            "Deposit for the flat in Rathmines is €2,800 and they want 3 months upfront",
            ("€2,800", "finance"),
        ),
        ("looking for a room in Obs, max R6000, she starts in Feb", ("R6000", "finance")),
        ("Housing benefit got cut again and I have MS", ("Housing benefit", "finance")),
        (
            "my ex still hasn't paid child maintenance since August",
            ("child maintenance", "finance"),
        ),
        ("First shift done!! Thank you to my crewmate Sipho", ("crewmate", "work")),
        # a meal named bare is the poster's: what follows in its sentence times their evening
        (
            "date #4 was lovely?? dinner at Brae then walked along the Yarra till midnight",
            ("till midnight", "time"),
        ),
        # batch 19: asking readers for what one needs is one's own; a kin word at "X's" is a
        # family member's home; a bank "of" a place is an employer; a driving test
        ("Anyone got recs for a good therapist in Leeds?", ("therapist", "health")),
        ("Diwali at Nani's in Leicester this year", ("Nani", "gender")),
        (
            "Two weeks into my new job at the Bank of Ireland and I still get lost",
            ("the Bank of Ireland", "work"),
        ),
        ("Passed my driving test first time!!!", ("driving test", "education")),
        # batch 20: a question inviting readers to join is the asker's plan; an Australian part
        # of the day; a rota by bare numbers; a family by its surname signing off; a word of the
        # author's work that is its clause's subject; a condition's ward; "anyone else's X" is
        # the asker's too
        ("ok who's around Fitzroy on Saturday arvo?", ("on Saturday arvo", "time")),
        ("anyone free Thursday night?", ("Thursday night", "time")),
        ("Back on nights from tomorrow, 4 on 3 off", ("4 on 3 off", "time")),
        ("Eid Mubarak from the Khans 🌙", ("the Khans", "identity")),
        ("went to shul for Kol Nidre, first one without Zaidy", ("Kol Nidre", "religion")),
        ("went to shul for Kol Nidre, first one without Zaidy", ("Zaidy", "gender")),
        ("Mum's been moved to the stroke ward at the infirmary", ("stroke ward", "health")),
        ("told me in that detox unit I'd never make it", ("detox unit", "health")),
        ("Starting Monday as a network engineer", ("network engineer", "work")),
        ("anyone else's chemo make them this tired?", ("chemo", "health")),
        # batch 21: thousands beside a word of pay; migration's paperwork; a transition's HRT
        ("Salary negotiation went well: 68k base plus bonus, up from 52k", ("68k", "finance")),
        ("Salary negotiation went well: 68k base plus bonus, up from 52k", ("52k", "finance")),
        (
            "PR approved!!! 6 years and one very patient immigration lawyer later",
            ("immigration lawyer", "ethnicity"),
        ),
        ("2 years on oestrogen this month and I finally feel like me", ("on oestrogen", "gender")),
        # batch 22: a saint's name at a funeral is a church; a range of days in a month; an
        # aside before a gerund is no subject; converts, school starts, jury duty
        ("Nana's funeral is Friday at 11, St Patrick's in Dundalk", ("St Patrick's", "religion")),
        ("orientation in Columbus June 14-16, can't wait", ("June 14-16", "time")),
        (
            "Tbh being a single dad in Auckland is not for the faint hearted",
            ("Auckland", "location"),
        ),
        ("first Ramadan as a revert, 3 fasts down", ("revert", "religion")),
        ("Our Lily starts big school on Monday 😭", ("big school", "education")),
        ("3 weeks of jury duty starting the 6th, my boss is thrilled", ("jury duty", "work")),
        # batch 23: a post mixing languages is read as English; the author's own account; a
        # hospital one is taken to; an age opening a sentence; a strike, an office, a breakup
        ("mi abuela cumple 90 mañana!! flying into Guadalajara tonight", ("abuela", "gender")),
        (
            "my venmo is @kayla-ruiz-22 if anyone still owes for the cabin",
            ("@kayla-ruiz-22", "identity"),
        ),
        (
            "Cancer scan results Thursday. Mum's coming with me to the Christie",
            ("the Christie", "health"),
        ),
        ("Blood pressure meds upped again. 42 and on three different tablets", ("42", "age")),
        ("Day 3 of the strike at the depot, give us a honk", ("the strike", "politics")),
        ("Somebody at my office just found out I'm Jewish", ("my office", "work")),
        ("Breaking up with someone after 7 years is wild", ("Breaking up", "relationship")),
        # batch 24: a salary one is "on"; a grandmother in South African English is family;
        # lung disease, heart bypasses, the oncology ward
        ("starting in the Leeds office in September on 42k", ("42k", "finance")),
        ("my gogo can't walk since her stroke in June", ("stroke", "health")),
        ("my dad has copd and won't stop smoking", ("copd", "health")),
        ("home a week after my triple bypass", ("triple bypass", "health")),
        # batch 25: a landlord's price is rent; a suburb, a city and a postcode are one address;
        # a balance below zero keeps its sign; rangoli, baby showers, school pickups
        ("my landlord wants $2,450 for a bachelor now", ("$2,450", "finance")),
        (
            "invites to 14 Kereru Lane, Karori, Wellington 6012 please",
            ("14 Kereru Lane, Karori, Wellington 6012", "contact"),
        ),
        ("my account shows -£340 again, overdraft hell", ("-£340", "finance")),
        ("made the rangoli anyway, first Diwali without my parents", ("rangoli", "religion")),
        ("school pickup at 3:15 then netball, every day", ("school pickup", "education")),
        # batch 26: a close person's "his" in the next sentence; a day list by spaces; a plural
        # day with its clock; India's institutes; a verb's "through" is not the time's
        (
            "My son's IEP meeting is Thursday at 2. his ASD diagnosis came through last spring",
            ("last spring", "time"),
        ),
        ("dialysis 8-12 Mon Wed Fri at the Royal Free", ("8-12 Mon Wed Fri", "time")),
        ("the GA meeting at St Luke's Thursdays 7pm is where I'll be", ("Thursdays 7pm", "time")),
        ("Convocation at IIT Bombay on the 10th!!!", ("IIT Bombay", "education")),
        ("my Apple Watch caught my AFib before the cardiologist did", ("AFib", "health")),
        ("my daughter got her HSC results today!!!", ("HSC results", "education")),
        # batch 27: every second weekend; a compass word goes with its place; smear tests,
        # moving in together, a dependant's visa, the Camino
        ("Kids are at their dad's every second weekend now", ("every second weekend", "time")),
        ("at our South Philly office every Tuesday", ("South Philly", "location")),
        ("colposcopy next Tuesday, trying not to spiral", ("colposcopy", "health")),
        ("me and my girlfriend moved in together!!!", ("moved in together", "relationship")),
        ("my H-1B runs out in August and my wife's on an H-4", ("H-4", "ethnicity")),
        (
            "Walking the Camino from Sarria next month for my dad",
            ("Walking the Camino", "religion"),
        ),
        # batch 28: ALS, anaemia
        ("My husband's ALS is progressing. nights are the hardest", ("ALS", "health")),
        ("Been vegan 6 years and just found out I'm anaemic lol", ("anaemic", "health")),
        # batch 29: South Asian sibling words, school years and the school after them, a count
        # written with its unit, a holiday island, an emoji after a town, a future age, a
        # chain's branch where one studies, ranks and armies, money idioms, dental and genetic
        # words, professional exams
        ("missing my bhaiya who's stuck in Bangalore for work", ("bhaiya", "gender")),
        ("So proud of my little bro", ("little bro", "gender")),
        ("Our Zara is starting P1 at St Ninian's on Monday", ("P1", "education")),
        ("Our Zara is starting P1 at St Ninian's on Monday", ("St Ninian's", "education")),
        ("my youngest starts 1st grade at Lincoln Elementary", ("Lincoln Elementary", "education")),
        ("3hrs from Ikeja to VI for a meeting. I'm tired", ("3hrs", "time")),
        ("did 3yrs at Deloitte before this", ("Deloitte", "work")),
        ("Heading to Gran Canaria next week, can't wait", ("Gran Canaria", "location")),
        ("Thank you to everyone at the meeting in Kitchener ❤️", ("Kitchener", "location")),
        ("that's $38k hanging over me till I'm 40 at this rate", ("40", "age")),
        (
            "I passed my CPA exam!!! 3 months of study sessions at the Starbucks on Queen West",
            ("the Starbucks on Queen West", "location"),
        ),
        ("my little bro just got commissioned as a 2nd Lt in the Indian Army", ("2nd Lt", "work")),
        (
            "my little bro just got commissioned as a 2nd Lt in the Indian Army",
            ("the Indian Army", "work"),
        ),
        ("Wife's been made redundant so we're tightening belts", ("tightening belts", "finance")),
        ("cracked a molar on a crisp 😭", ("cracked a molar", "health")),
        ("I'm a carrier for the BRCA2 gene like mum was", ("BRCA2 gene", "health")),
        ("Big news: I passed my CPA exam on the first try!!!", ("CPA exam", "education")),
        (
            "Working from home is impossible, my team lead thinks I'm skiving",
            ("my team lead", "work"),
        ),
        (
            "6 years teaching 3rd grade in Tulsa and I still make less",
            ("teaching 3rd grade", "work"),
        ),
        # batch 30: what is left of a length, a train by its time, a name's "'s" as "is", a bank's
        # charge, heart surgery, a refused visa, a traditional outfit
        ("5 more years of study here I come", ("5 more years", "time")),
        ("Anyone taking the 6.42 from Haywards Heath tomorrow?", ("6.42", "time")),
        ("Mia's 16 today 🎂 how?!", ("16", "age")),
        ("Switched banks after they charged me £35 for going 20p overdrawn", ("£35", "finance")),
        ("Dad's in for his triple bypass tomorrow at 8", ("triple bypass", "health")),
        ("Gutted. Visa refused again, 3rd time.", ("Visa refused", "ethnicity")),
        ("I need to sort a kente for my engagement ceremony", ("kente", "ethnicity")),
        # batch 31: rent by "pm", money the author holds, days of a month as a range, where one
        # teaches, the children's hospital
        ("spare room, €750pm bills incl, available from Dec 1st", ("€750pm", "finance")),
        ("Payday tomorrow and I have £3.20 until then", ("£3.20", "finance")),
        ("Just hit 10k in my Vanguard ISA", ("10k", "finance")),
        ("me and the lads are off to Magaluf for Dev's stag do 21st-25th", ("21st-25th", "time")),
        ("Teaching my first class at Wits next semester", ("Wits", "work")),
        (
            "Our little Noah was diagnosed last night. Still in the Children's in Brum.",
            ("the Children's", "health"),
        ),
        # batch 32: a letter is no organisation ("on T" is the phrase), a school named with its
        # kind after it, money words, a hyphenated word whole, plural peoples
        ("3 years on T today 🎉 and my mum finally calls me her son", ("on T", "gender")),
        (
            "My son's EHCP got approved 😭 he starts at Oak Tree specialist school in September",
            ("Oak Tree specialist school", "education"),
        ),
        ("Lost about $8k in crypto this year and my wife doesn't know", ("in crypto", "finance")),
        ("HUGE news: we bought our first house!!!", ("bought our first house", "finance")),
        ("tomorrow my sister graduates from medical school", ("medical school", "education")),
        ("I've been sober-curious since January", ("sober-curious", "health")),
        ("Any other Yorubas in Houston? Looking for a church", ("Yorubas", "ethnicity")),
        # batch 33: the week after next, an airport by its own name, deployments, naming
        # ceremonies, a length counted from an event
        ("Back to Manila the week after next for my lola's 90th", ("the week after next", "time")),
        ("5 years after landing at Pearson with one suitcase", ("Pearson", "location")),
        ("My bf is deploying to Estonia for 6 months on Monday", ("deploying", "work")),
        (
            "our baby's naming ceremony is on Saturday at my in-laws",
            ("naming ceremony", "religion"),
        ),
        ("Got my PR approved!!! 5 years after landing at Pearson", ("5 years", "time")),
        # batch 34: a name after "our" before its verb, after "little man"; benefits and lenders;
        # a birthday that says the age; working from home; painkillers; te reo preschool
        ("Kia ora whānau, our Mere starts kōhanga reo on Monday", ("Mere", "identity")),
        ("Kia ora whānau, our Mere starts kōhanga reo on Monday", ("kōhanga reo", "education")),
        ("Happy 1st birthday to our little man Kai 🎂", ("Kai", "identity")),
        ("Klarna's chasing me for £640 and I can't pay till payday", ("Klarna", "finance")),
        (
            "getting my Medicaid renewal rejected? I'm on $14.50 an hour",
            ("Medicaid renewal", "finance"),
        ),
        ("Sweet 16 for our twins tomorrow!!!", ("Sweet 16", "age")),
        ("my brother took his life 2 years ago", ("took his life", "health")),
        ("Moving into my flat on the 1st of next month", ("on the 1st of next month", "time")),
        # batch 35: a first name's own life event, care that is a transition's, a place whose
        # name ends in a small word, a prayer formula, an amount range as one phrase
        ("Ama's christening at St Anne's on Sunday, her first one", ("christening", "religion")),
        ("Theo's heart op went well!! surgeons were incredible", ("heart op", "health")),
        ("started HRT 6 months ago, first time out as a woman 🏳️‍⚧️", ("HRT", "gender")),
        ("Hostel in Hanoi then the sleeper bus to Hoi An", ("Hoi An", "location")),
        (
            "raised £2,300 for the mosque. Jazakallah khair everyone",
            ("Jazakallah khair", "religion"),
        ),
        ("Pay rise came through 🙌 £31k to £34.5k", ("£31k to £34.5k", "finance")),
        ("Reminder: my flight lands at 6 on Friday", ("at 6 on Friday", "time")),
        # batch 36: care teams, notice handed in, dental mishaps, the new year, a post opening on
        # how long since an event, a working week's routine
        ("the renal team want me in on Tuesday", ("renal team", "health")),
        ("I've just handed my notice in. Next chapter!", ("handed my notice in", "work")),
        ("cracked a crown on a Quality Street 🦷", ("cracked a crown", "health")),
        ("so we're relocating in the new year 🙌", ("in the new year", "time")),
        ("8 months since the divorce was finalised and I've booked a trip", ("8 months", "time")),
        ("Mon-Fri 6am till 2pm at the warehouse", ("Mon-Fri 6am till 2pm", "time")),
        # batch 37: in-laws unhyphenated, "Ma", parents said together, bipolar by type, a
        # festival no employer
        ("Dropped the kids at my mother in law's in Ikeja", ("mother in law", "relationship")),
        ("Back home after 6 years away, Ma cried at the airport", ("Ma", "gender")),
        ("moving back to be closer to Mum and Dad", ("Mum and Dad", "gender")),
        ("Bipolar 2 diagnosis at 34, relief and grief", ("Bipolar 2 diagnosis", "health")),
        ("Back in Kolkata for Durga Puja after 6 years away", ("Durga Puja", "religion")),
        # batch 38: a headline's emoji ends it; a hyphenated name whole; sober for a length; a
        # student's life; Friday prayers; a listed company no school; a district no mosque
        (
            "New job alert 🚨 starting as a paralegal at Slater and Gordon on Monday",
            ("on Monday", "time"),
        ),
        ("then my shift at the Co-op till 10", ("the Co-op", "work")),
        ("Been sober 18 months and I still think about a pint", ("18 months", "time")),
        ("Lecture at 9, lab from 2 till 6. student life", ("student", "education")),
        ("Friday prayers then off to Auntie's", ("Friday prayers", "religion")),
        ("3rd year of my apprenticeship at Rolls-Royce in Bristol", ("Rolls-Royce", "work")),
        ("then off to Auntie's in Sparkhill for the party", ("Sparkhill", "location")),
        ("booked a surprise meal at the Ivy in Harrogate", ("the Ivy", "location")),
        ("Chemo round 3 of 6 done at the Beatson today", ("Beatson", "health")),
        # batch 39: a friend's home by her first name; a marriage's length with it
        ("Divorce papers signed. Champagne at Jess's tonight 🥂", ("Jess's", "identity")),
        (
            "Divorce papers signed. 11 years married, 2 kids, and I'm free",
            ("11 years married", "relationship"),
        ),
        # batch 40: one's own news as a headline ("... booked at X for Y"); a shaadi; a booster
        (
            "Finally off the waiting list!!! hip replacement booked at the Nuffield for 3rd March",
            ("for 3rd March", "time"),
        ),
        ("Back to Lahore for my brother's shaadi next month", ("shaadi", "relationship")),
        ("just had my booster and now my arm is dead", ("my booster", "health")),
        # batch 41: one's own parcel as a headline; a last day at a company after years there;
        # a kind of employer; a loan's term and rate; a change of weight; recurring parts of
        # days; a course's day; a length after a bare subject the parser misread
        ("Balikbayan box finally sent to Mama in Iloilo 📦", ("Iloilo", "location")),
        ("Balikbayan box finally sent to Mama in Iloilo 📦", ("Mama", "gender")),
        ("Last day at Intel in Leixlip tomorrow after 11 years.", ("Intel", "work")),
        ("My last day at Google in Dublin is Friday", ("Google", "work")),
        ("starting with a small medtech in Galway in January", ("medtech", "work")),
        (
            "Closing on our first house!! 30 yr fixed at 6.1%, pray for us",
            ("30 yr fixed at 6.1%", "finance"),
        ),
        ("Three months post-op and 4 stone down", ("4 stone down", "health")),
        ("6 months on Ozempic and down 3 stone. yes I'm aware", ("down 3 stone", "health")),
        ("Hiring a tutor for my son, weekday evenings. DM me", ("weekday evenings", "time")),
        ("Day 3 of the Adderall shortage at my pharmacy.", ("Day 3", "time")),
        ("Three months post-op from my sleeve. NHS waiting list took 2 years", ("2 years", "time")),
        ("Just finished NYSC camp in Iseyin and got posted to Ibadan", ("NYSC", "work")),
        # batch 42: a people before a person noun; South African languages; oral exams; a
        # disability plan; a day programme; a synagogue named after a rite; a party no place;
        # court judgments and being debt free
        ("Igbo aunties ready to inspect me 😂 my wedding is Saturday", ("Igbo", "ethnicity")),
        ("Doing my isiXhosa oral exam at UCT on Monday", ("isiXhosa", "language")),
        ("Doing my isiXhosa oral exam at UCT on Monday", ("oral exam", "education")),
        ("Just got my NDIS plan approved after 8 months of fighting", ("NDIS plan", "health")),
        (
            "6 weeks into my psychiatric day programme at the Priory",
            ("psychiatric day programme", "health"),
        ),
        ("Our daughter's bat mitzvah at Holy Blossom is in 3 weeks", ("Holy Blossom", "religion")),
        ("Signed up as a Green Party member today", ("Green Party", "politics")),
        ("Got a CCJ for a £2,300 Klarna debt I didn't know existed", ("CCJ", "finance")),
        ("3 years of ramen and side gigs, debt free at 31!!", ("debt free", "finance")),
        # batch 43: a tenure with an employer; worship at a church; a first name that is also a
        # small town; a mortgage rate; MS treatments; a shift's day and hours
        ("Retired today after 38 years with Network Rail.", ("Network Rail", "work")),
        ("Tithing 10% of my first paycheck at Hillsong this Sunday", ("Hillsong", "religion")),
        ("Dinner with Sam after 3 years with my ex", ("Sam", "identity")),
        ("we closed on our condo!!! 6.8% rate but we're homeowners baby", ("6.8% rate", "finance")),
        ("neuro says we start ocrevus in jan. ok 🙂", ("ocrevus", "health")),
        ("Can someone cover my Sat 7-3 at Pret? my nan's poorly", ("Sat 7-3", "time")),
        # batch 44: a bank one banks with; Welsh and Māori words; rites; a queer group's name;
        # self-exclusion; benefits
        ("Finally keys collected!! Mortgage with DBS sia", ("DBS", "finance")),
        ("my Monzo shows -£340 and payday is Friday", ("Monzo", "finance")),
        (
            "Cymraeg lessons every Tuesday at the library, my taid would be proud",
            ("Cymraeg", "language"),
        ),
        (
            "Cymraeg lessons every Tuesday at the library, my taid would be proud",
            ("taid", "gender"),
        ),
        ("Nine Night for Granny on Friday at ours, all welcome from 7", ("Nine Night", "religion")),
        ("Made extra duas for my mum tonight 🤲", ("duas", "religion")),
        ("me and my girlfriend are marching with Dykes on Bikes", ("Dykes on Bikes", "sexuality")),
        (
            "Self-excluded from every betting site today. lost £14k in 2 years.",
            ("Self-excluded", "health"),
        ),
        ("my UC payment came in 4 days late again and rent's due", ("UC payment", "finance")),
        # batch 45: pregnancy sickness; weekdays in a row; an airport one leaves from; a mission
        ("Hyperemesis is no joke, 14 weeks and still all day sickness", ("Hyperemesis", "health")),
        ("gym every mon wed fri at 6am with my PT", ("every mon wed fri at 6am", "time")),
        ("Hen do in Magaluf, 14 of us, leaving Gatwick 6am Friday 😎", ("Gatwick", "location")),
        (
            "passport renewal appointment at the High Commission on Tuesday",
            ("the High Commission", "location"),
        ),
        # batch 48: a bank's site; a rite dated by "tomorrow"; letter grades; a sign-off's return;
        # a clock time and a short day; the place of a site the gazetteer lacks
        ("Matatu to Thika for my new job at the KCB branch there", ("KCB", "work")),
        ("Fasting for Yom Kippur tomorrow, then dinner at my in-laws", ("Yom Kippur", "religion")),
        ("Fasting for Yom Kippur tomorrow, then dinner at my in-laws", ("tomorrow", "time")),
        ("AAB!! Got into Leeds for Law 😭😭", ("AAB", "education")),
        ("NS book in on Sunday night, see you guys in 2 weeks 🫡", ("in 2 weeks", "time")),
        ("anyone want to join? meet at Gloucester Road 10am Sat", ("10am Sat", "time")),
        ("Resumed at Access Bank Yaba branch today", ("Yaba", "location")),
        ("Resumed at Access Bank Yaba branch today", ("Access Bank", "work")),
        ("Resumed today as a customer service officer", ("customer service officer", "work")),
        # batch 49: a clinician's verdict; a party voted for; citizenship gained; a frequency
        # in "3x"; care at a healthcare company; a greeting from one's own household
        ("Dermatologist says it's psoriasis", ("psoriasis", "health")),
        ("Voted Liberal in the advance poll today", ("Voted Liberal", "politics")),
        ("first time voting since becoming a citizen", ("becoming a citizen", "ethnicity")),
        ("Dialysis 3x a week at Fresenius in Plano", ("3x a week", "time")),
        ("Dialysis 3x a week at Fresenius in Plano", ("Fresenius", "health")),
        ("Ramadan Kareem from our family to yours 🌙", ("Ramadan Kareem", "religion")),
        ("Starting my PGCE in September, secondary English", ("secondary English", "education")),
        # batch 50: savings on an ISA; disability words; a listed firm after an exam; a volunteer
        # constable and his force; a stage before a cancer; a bound's "at least"
        ("Hit 10k on my Vanguard ISA today 🥳", ("10k", "finance")),
        ("my chair's broken so I'm housebound till Thursday", ("housebound", "health")),
        ("Finally passed my CPA exam on the 4th try. Deloitte here I come", ("Deloitte", "work")),
        ("First shift as a special constable tonight", ("special constable", "work")),
        (
            "First shift tonight, Hampshire Constabulary, wish me luck",
            ("Hampshire Constabulary", "work"),
        ),
        ("Just got confirmed: stage 2 breast cancer.", ("stage 2 breast cancer", "health")),
        ("so I'm housebound till at least Thursday", ("till at least Thursday", "time")),
        # batch 51: divorce papers and their morning; money lost; an aunt's birthday by name; a
        # short day before a shift; a range of weeks; crypto; a bank a mortgage comes from
        ("Decree absolute came through this morning.", ("Decree absolute", "relationship")),
        ("Decree absolute came through this morning.", ("this morning", "time")),
        ("Lost 3k on Dogecoin this week, my wife doesn't know yet", ("3k", "finance")),
        ("Lost 3k on Dogecoin this week, my wife doesn't know yet", ("Dogecoin", "finance")),
        ("Aunty Ngozi's 60th in Enugu was everything!!", ("60th", "age")),
        ("thanks for covering my Sat shift, I owe you a pint", ("Sat", "time")),
        ("Mortgage offer from Nationwide came through", ("Nationwide", "finance")),
        ("Me and the boyf just got the keys to our first flat", ("the boyf", "relationship")),
        ("Renewing my vows in Santorini next June", ("Renewing my vows", "relationship")),
        # batch 52: a station a train goes to; blood-sugar tests; a festival of the Sikh calendar;
        # a place of a site after a possessive; an embassy; isolation; hearing tests
        ("drop-off at 7:45 then the 8:12 to Euston", ("Euston", "location")),
        ("Got my results back, my A1C is down to 6.1", ("A1C", "health")),
        (
            "Our Guru Nanak Jayanti langar, volunteers from 6am Saturday",
            ("Guru Nanak Jayanti", "religion"),
        ),
        ("Junior solicitor at Irwin Mitchell's Sheffield office", ("Sheffield", "location")),
        (
            "My visa interview at the US embassy in Lagos is 9am Thursday",
            ("the US embassy", "location"),
        ),
        ("Tested positive for Covid, isolating in my flat till Friday", ("isolating", "health")),
        ("Took my dad for his hearing test at Specsavers", ("hearing test", "health")),
        ("Six weeks of jury service at Snaresbrook starting Monday", ("Snaresbrook", "location")),
        # batch 53: a close person's age on a day; a loan's term; a deployment; care work; an
        # adoption
        ("Bday dinner for my twins, they're 7 on Tuesday!!", ("7", "age")),
        ("Settlement's 14 November, $520k, 30 year loan with Westpac", ("30 year loan", "finance")),
        ("Hubby's deployed till May so it's me and the kids", ("deployed", "work")),
        ("Our adoption panel is on the 19th.", ("adoption panel", "relationship")),
        # batch 54: a condition or a debt as the subject of its week; fostering; probate and a
        # LISA; an age opening a later sentence; a medication; a gambling app
        ("OCD has been loud this week. therapy is helping though", ("this week", "time")),
        ("Bankruptcy discharged today after 12 months. Clean slate at 38", ("today", "time")),
        (
            "Foster carer approval panel said yes!! first placement could be as soon as next week",
            ("Foster carer approval panel", "relationship"),
        ),
        ("Inheritance from Nan finally cleared probate, £42k", ("probate", "finance")),
        (
            "Moving back in with my parents after the break-up. 31 and sleeping in my old bedroom",
            ("31", "age"),
        ),
        ("lamotrigine + weekly CBT at the Maudsley", ("lamotrigine", "health")),
        (
            "Lost £600 on the horses yesterday, gambling app deleted, day 1",
            ("gambling app", "health"),
        ),
        ("Pride march in Nairobi was small but mighty", ("Pride march", "sexuality")),
        # batch 55: a syndrome with a possessive in its name; a child as the eldest or youngest;
        # walking out of a job; a third baby; the last of two joined place names
        (
            "Youngest got his Down's syndrome diagnosis confirmed today",
            ("Down's syndrome", "health"),
        ),
        ("Walked out of my job at the Starbucks today", ("Walked out of my job", "work")),
        ("Baby number 3 due in September, told the in-laws", ("Baby number 3", "health")),
        (
            "Booked my first solo trip: 10 days in Hanoi and Hoi An from 4 March",
            ("Hanoi and Hoi An", "location"),
        ),
        # batch 56: a brand of medicine by what it comes as; a care home; a kin word of Tamil
        # families dates their day; Scots "the morra"; an employment tribunal; a venue named
        # with an acronym after its town; a party before its office
        (
            "neuro wants to start me on Aimovig shots if the migraines keep up",
            ("Aimovig shots", "health"),
        ),
        (
            "Paati moved into the assisted living home in Anna Nagar yesterday",
            ("assisted living home", "health"),
        ),
        (
            "Paati moved into the assisted living home in Anna Nagar yesterday",
            ("yesterday", "time"),
        ),
        (
            "first day at Tesco Extra in Kirkcaldy the morra, 7 till 3",
            ("the morra, 7 till 3", "time"),
        ),
        (
            "Employment tribunal against my old manager is listed for March",
            ("Employment tribunal", "work"),
        ),
        (
            "Matric dance tonight at the Durban ICC and my date bailed",
            ("the Durban ICC", "location"),
        ),
        (
            "Stuffing envelopes at Plaid Cymru HQ in Cardiff all weekend",
            ("Plaid Cymru", "politics"),
        ),
        (
            "starting as an apprentice sparky with my uncle on the 2nd",
            ("apprentice sparky", "work"),
        ),
        ("Chama meeting at my place Sunday 3pm, bring your contributions", ("Chama", "finance")),
        # batch 57: "Pop" for a grandparent; a festival's eve; national days; a mobile overdraft
        # and shillings said "bob"; a hernia's repair; a procedure as the post's subject; a
        # short month after "till"; a school year repeated; a savings club's payout
        ("Anzac Day dawn service at the Shrine with Pop tomorrow", ("Pop", "gender")),
        ("Anzac Day dawn service at the Shrine with Pop tomorrow", ("Anzac Day", "time")),
        ("Reunion dinner at Ah Ma's place in Klang on CNY eve", ("on CNY eve", "time")),
        ("Got my Canada Day shift swapped, fireworks with the kids", ("Canada Day", "time")),
        ("Just paid Fuliza back, 2,300 bob. Never again", ("Fuliza", "finance")),
        ("Just paid Fuliza back, 2,300 bob. Never again", ("2,300 bob", "finance")),
        (
            "Hernia repair at the Royal Surrey on Monday, off work till mid-Feb",
            ("Hernia repair", "health"),
        ),
        (
            "Hernia repair at the Royal Surrey on Monday, off work till mid-Feb",
            ("till mid-Feb", "time"),
        ),
        ("Colonoscopy prep starts at 6pm tonight, see y'all", ("at 6pm tonight", "time")),
        (
            "Repeating 5th year in the Gaelscoil in Ennis, mam says",
            ("Repeating 5th year", "education"),
        ),
        ("Mummy's pardner hand come through this week", ("pardner hand", "finance")),
        # batch 58: a school named "X of Y"; a business, then its street; an eviction notice, a
        # state pension, a foster placement, resits, dropping out; "on 15th" without "the"; a
        # baby said "bub"
        (
            "Got into the Royal Academy of Music for cello!! Starting in September",
            ("the Royal Academy of Music", "education"),
        ),
        ("so I could make my shift at the Esso on Portage", ("the Esso on Portage", "work")),
        ("Section 21 landed this morning, two months to find somewhere", ("Section 21", "finance")),
        ("First state pension payment hit today, £230 a week", ("state pension", "finance")),
        (
            "Supplementary exams at Kenyatta University from the 9th, if I fail I'm dropping out",
            ("Supplementary exams", "education"),
        ),
        (
            "Supplementary exams at Kenyatta University from the 9th, if I fail I'm dropping out",
            ("dropping out", "education"),
        ),
        ("Shifting to our new flat in Whitefield on 15th", ("on 15th", "time")),
        ("Sold the Hilux, Corolla life till bub arrives in March", ("in March", "time")),
        ("Proud to be Ngāti Porou 🙌 heading home to the East Coast", ("Ngāti Porou", "ethnicity")),
        # batch 59: a saint's name beside worship is a church; a yahrzeit; a month's mind Mass;
        # a stoma's reversal; marshes are a place
        (
            "Started the Alpha course at St Aldates on Wednesday nights",
            ("St Aldates", "religion"),
        ),
        ("Yahrzeit for my dad on Tuesday, I'll be saying kaddish", ("Yahrzeit", "religion")),
        ("Stoma reversal at Mass General on the 4th, I'm so ready", ("Stoma reversal", "health")),
        ("Tore my Achilles at five-a-side on Hackney Marshes", ("Hackney Marshes", "location")),
        # batch 60: a festival whose name starts like a place's; unions; an address that starts
        # with its flat
        (
            "Building Abuela's ofrenda for Día de los Muertos this weekend",
            ("Día de los Muertos", "religion"),
        ),
        ("Strike ballot with Unison closes Friday, I'm voting yes", ("Unison", "politics")),
        (
            "Landlord wants it in writing, so: flat 3, 27 Marlborough Road, Sheffield S10 1DT",
            ("flat 3, 27 Marlborough Road, Sheffield S10 1DT", "contact"),
        ),
        # batch 61: loan forgiveness, a civil partnership, a harambee
        (
            "Student loan forgiveness finally approved after 10 years of PSLF payments",
            ("PSLF payments", "finance"),
        ),
        (
            "Our civil partnership is at Islington Town Hall on the 21st",
            ("civil partnership", "relationship"),
        ),
    ],
)
def test_found_in_posts_as_written(text: str, expected: tuple[str, str]) -> None:
    assert expected in phrases(text)


@pytest.mark.parametrize(
    ("text", "unexpected"),
    [
        # someone else's family and things
        ("his son's baptism is on Sunday", ("baptism", "religion")),
        ("Sarah's dad had surgery", ("surgery", "health")),
        ("gonna miss my cousin's wedding in Tamale", ("wedding", "relationship")),
        # a town that is also a university, in a sentence about moving there
        ("moved to Oxford last year, loving it", ("Oxford", "education")),
        # a waiting time is no age; a capitalised word after a full stop is no place
        ("waitlist was 2 years but we made it", ("2", "age")),
        ("Tax return done. Made £48k last year", ("Made", "location")),
        # a place named beside an institution is the place it is in
        ("baptism is at Holy Trinity in Clapham this Sunday", ("Clapham", "religion")),
        # short day names alone are words
        ("I sat on the sofa and wed my love", ("sat", "time")),
        # a year group, a polling station, a context word behind an emoji
        ("Class of 2012 reunion next month", ("2012", "time")),
        ("Voted at Kilimani Primary this morning", ("Kilimani Primary", "education")),
        ("10 years with my wife today 🥂 tapas on Cava Baja", ("Cava Baja", "work")),
        # a place one moved to is no person; a place's name with a question word in it
        ("Shifted to Koramangala last month", ("Koramangala", "identity")),
        ("dinner at my sister's in Dee Why, life is good", ("Dee", "location")),
        # a verb that starts a sentence is no part of the name after it
        ("Leaving Nairobi on Friday after 3 years", ("Leaving Nairobi", "identity")),
        # an everyday word standing alone at the start is no town
        ("Gym, work, gym. repeat until my brother's wedding", ("Gym", "location")),
        ("we lost our baby at 19 weeks last month", ("19", "age")),
        (
            "I teach Year 6 at a primary in Walthamstow and SATs week",
            ("Walthamstow and SATs", "education"),
        ),
        ("SATs week nearly broke me", ("broke", "finance")),
        # a team's fan, a star sign, a Hindi word for tomorrow
        ("I'm a Leo, INFJ, Catholic and a Liverpool fan", ("Liverpool", "location")),
        ("I'm a Leo, INFJ, Catholic and a Liverpool fan", ("Leo", "location")),
        ("Kal se night duty at AIIMS for 2 weeks", ("Kal", "identity")),
        # greetings and campaign months
        ("Ramadan Mubarak to everyone fasting, suhoor at 5:10 tomorrow", ("Ramadan", "religion")),
        ("we're doing Dry January and my husband has already cracked", ("Dry", "location")),
        ("we're doing Dry January and my husband has already cracked", ("January", "time")),
        ("left the Jehovah's Witnesses 2 years ago", ("the Jehovah's Witnesses", "work")),
        # apps are no places or people
        ("call me on WhatsApp tonight", ("WhatsApp", "location")),
        ("chatting on Zoom with my mum", ("Zoom", "identity")),
        ("back in my beloved Lagos", ("Lagos", "identity")),
        ("got into Edinburgh at 5pm, the study trip starts tomorrow", ("Edinburgh", "education")),
        # money raised for a cause is not the author's
        ("raised £500 for the hospice fund, thank you all", ("£500", "finance")),
        ("visa appointment at the embassy in London", ("London", "ethnicity")),
        # "my girlfriend and I" says nothing of the author's orientation
        ("my girlfriend and I just signed the lease", ("my girlfriend and I", "sexuality")),
        # an act one buys tickets for is no one the author knows
        ("Anyone selling tickets for Burna Boy at the O2?", ("Burna Boy", "identity")),
        # a place before "and I" is still a place; a holiday is no one's mother; a bank
        ("6 years teaching in Tulsa and I still make less", ("Tulsa", "identity")),
        ("Mother's Day brunch plans?", ("Mother", "gender")),
        ("Chase froze my card again", ("Chase", "identity")),
        ("my account is verified now", ("verified", "finance")),
        ("3 embryos made it to day 5", ("day 5", "time")),
        ("Day 1 of Ramadan and I already miss coffee", ("Day 1", "time")),
        # a code the gazetteer knows only as an airport's is no place away from a preposition
        ("My PIN is not 1234 anymore, relax mum", ("PIN", "location")),
        # batch 12: a town the author travels from, a place near a dentist, an acronym
        ("3 hours from Lekki to my office in Ikeja", ("Lekki", "work")),
        ("Anyone know a good dentist near Chatswood?", ("Chatswood", "health")),
        ("Rent went up $80 a week AGAIN", ("AGAIN", "location")),
        ("then Ethan's bar mitzvah at the shul", ("Ethan's bar", "location")),
        ("since the March budget I have been broke", ("the March", "politics")),
        ("Our ward sister just resigned", ("sister", "gender")),
        # batch 13: an offer is no admission; a festival's things and greetings are no times;
        # a month after "in" is no town near the author
        ("got the offer from Deloitte!! my mom cried", ("Deloitte", "education")),
        ("Happy Diwali everyone, may your homes be full of light", ("Diwali", "time")),
        ("Eid prayers at the mosque at 8", ("Eid", "time")),
        ("we're waiting for 12 weeks to hear back from the council", ("12 weeks", "health")),
        ("the Attorney General spoke to us today", ("Attorney General", "health")),
        ("Teachers' strike on Wednesday, I'll be there", ("Teachers' strike", "politics")),
        ("celebrating 10 years together at Rasika this Friday", ("Rasika", "work")),
        ("Grandad's funeral is tomorrow. Wake at Hedigan's after", ("Hedigan's", "religion")),
        # batch 16: a treatment after "after" says when, not what the place before it is
        ("first day back at Tesco after my knee op, on tills", ("Tesco", "health")),
        ("High Wycombe for the weekend with my sister", ("High Wycombe", "education")),
        ("Part-time MSc at Birkbeck. Lectures Tues and Thurs 6-9pm", ("Lectures", "identity")),
        # batch 20: shops and teams named like families; a ward without a nurse is no job
        ("got my P45 from the Dunnes in Blanchardstown", ("the Dunnes", "identity")),
        ("broke my wrist at the Woolworths in Parramatta", ("the Woolworths", "identity")),
        ("dinner with the Greens tonight", ("the Greens", "identity")),
        ("who won the match on Saturday?", ("on Saturday", "time")),
        ("Mum's been moved to the stroke ward at the infirmary", ("ward", "work")),
        # batch 21: a sentence's first verb is no part of a name; a person before their verb is
        # no town; the tagger's family words are never everyday words; races and followers
        ("Voted Green for the first time today", ("Voted Green", "location")),
        ("fasting today, Raj is fasting too which is the cutest thing", ("Raj", "location")),
        ("Call the house on 021 4567 890 if my mobile's dead", ("mobile", "gender")),
        ("ran a 10k today, my salary can't buy happiness", ("10k", "finance")),
        ("hit 12k followers and my salary is still 30k", ("12k", "finance")),
        # batch 22: one of a people is no town; a race time no clock; a verb no money word
        ("officially a Buckeye 🌰 orientation in Columbus", ("Buckeye", "location")),
        ("New PB at parkrun this morning!! 23:41 😤", ("23:41", "time")),
        ("my credit score finally broke 700 after paying off my debt", ("broke", "finance")),
        ("Nana's funeral is Friday at 11, St Patrick's in Dundalk", ("St Patrick's", "identity")),
        # batch 24: "second hand" and "a second" are no time of anyone's; followers no pay
        ("anyone selling a second hand wheelchair?", ("a second", "time")),
        ("wait a second, I'm coming", ("a second", "time")),
        ("we're on 12k followers!", ("12k", "finance")),
        # batch 25: a verb opening the sentence is no street's name
        ("Ate way too much at my tita's in Daly City", ("Ate way", "location")),
        # batch 26: a pub's bar is no bar exam; parents' marriage is not the author's
        ("met a guy at the bar, his divorce is messy", ("the bar", "education")),
        ("my parents are celebrating 40 years of marriage", ("marriage", "relationship")),
        (
            "back in Nairobi by Monday for the 9am ward round",
            ("by Monday for the 9am", "time"),
        ),
        # batch 29: a brand naming its product; recipes and pubs are no exams
        ("Anyone else think the new Greggs vegan sausage roll is better?", ("Greggs", "identity")),
        ("I'm on step 1 of the recipe", ("step 1", "education")),
        ("off to the 24hr gym", ("24hr", "time")),
        ("bisexual my whole life. Happy Bi Visibility Day 💗💜💙", ("Bi", "sexuality")),
        ("6 years teaching 3rd grade in Tulsa and I still make less", ("3rd grade", "education")),
        # batch 30: a barber's trade, GeoNames' other languages, a church's hall, a sentence's
        # first noun, a public clock change
        ("Anyone know a good Turkish barber? My usual guy retired", ("Turkish", "ethnicity")),
        ("but Ahmed makes the best paratha", ("paratha", "location")),
        ("I voted today. Polling station was the church hall on Mill Rd", ("church", "religion")),
        (
            "I voted today. Polling station was the church hall on Mill Rd",
            ("Polling station", "location"),
        ),
        ("The clocks go back on Sunday, don't forget!", ("on Sunday", "time")),
        # batch 31: a count of things one has is no money
        ("I have 3 kids", ("3", "finance")),
        ("Save the Children are doing great work", ("Save the Children", "health")),
        # batch 32: a festival wished to those celebrating it
        ("Happy Diwali to everyone celebrating! 🪔", ("Happy Diwali", "religion")),
        ("Happy Diwali to everyone celebrating! 🪔", ("Diwali", "religion")),
        ("3 years on T today 🎉 and my mum finally calls me her son", ("T", "work")),
        # batch 33: a pet that answers to its name
        ("if you find a grey cat near Observatory, answers to Biscuit 😿", ("Biscuit", "identity")),
        ("Got my PR approved!!! 5 years after landing at Pearson", ("5 years after", "time")),
        # batch 35: a book's title, today's weekday said as its mood, a public figure's or a
        # company's news, an exam's results
        ("Rainy Sunday, pot of tea, rewatching Pride and Prejudice", ("Pride", "sexuality")),
        ("Rainy Wednesday, pot of tea, rewatching Pride and Prejudice", ("Wednesday", "time")),
        (
            "Rainy Wednesday, pot of tea, rewatching Pride and Prejudice",
            ("Pride and Prejudice", "identity"),
        ),
        ("President Biden's cancer diagnosis is sad news", ("cancer", "health")),
        ("HRT has been a lifesaver for my hot flushes", ("HRT", "gender")),
        ("Exams done, results next week", ("results", "health")),
        ("Reminder that voter registration closes on the 20th!", ("on the 20th", "time")),
        # batch 36: ages, a greeting to readers, what travel costs
        ("spaces from September for ages 1-4", ("1-4", "time")),
        ("brunch at my khala's 🤍 Eid Mubarak everyone", ("Eid Mubarak", "religion")),
        ("Lola's 80th in Cebu and I can't make it 😞 flights are £1,400", ("£1,400", "finance")),
        ("10 years since the Olympics came to London, what a summer", ("10 years", "time")),
        ("Back in Kolkata for Durga Puja after 6 years away", ("Durga Puja", "work")),
        ("the spare room, £650 pcm bills incl, Walthamstow", ("bills", "finance")),
        ("Chemo round 3 of 6 done at the Beatson today", ("Beatson", "identity")),
        ("Man arrested in Leeds after a chase on Friday", ("Leeds", "location")),
        # batch 41: a shop named like a subject; a body governing schools; public events; how
        # much something was worth; a meal after years together
        ("Day 3 of the Adderall shortage at my pharmacy.", ("pharmacy", "education")),
        (
            "Knocked on 60 doors for Mallory's school board race today",
            ("Mallory's school", "education"),
        ),
        ("my feet are done. early voting starts Monday!", ("Monday", "time")),
        ("my feet are done. polling day is Thursday!", ("Thursday", "time")),
        ("NHS waiting list took 2 years but worth every day", ("every day", "time")),
        ("Dinner at Rasika in Delhi after 10 years together", ("Rasika", "work")),
        ("fintech is booming apparently, says my uncle", ("fintech", "work")),
        ("The storm sent trees onto the road in Leeds", ("Leeds", "location")),
        # batch 42: an ordinal counting a noun; a plural noun opening a post; a chain's shop;
        # "My Igbo teacher" teaches a language
        ("Finally cleared UPSC prelims on my 4th attempt!!", ("4th", "age")),
        ("Twins turned 5 yesterday and start kindergarten", ("Twins", "identity")),
        ("Ten years since I came out to my mom in a Denny's parking lot", ("Denny's", "identity")),
        ("My Igbo teacher is strict but I'm learning", ("Igbo", "ethnicity")),
        ("my gran is still doing the Irish Times crossword in pen", ("Irish", "ethnicity")),
        # batch 44: a service's helpline; a bank one resigned from is an employer
        (
            "lost £14k in 2 years. GamCare helpline is 0808 8020 133 if anyone needs it",
            ("0808 8020 133", "contact"),
        ),
        ("Resigned from Access Bank today after 6 years.", ("Access Bank", "finance")),
        # batch 47: a model named with its year; a role opening a post; a counted festival
        (
            "Bought my first car today! 2019 Corsa, £7,800 from a dealer in Bolton",
            ("Corsa", "identity"),
        ),
        ("Landlord's putting the rent up by £150 from April", ("Landlord's", "identity")),
        ("First Christmas without Dad. Going to midnight mass with Mum", ("Christmas", "time")),
        # batch 48: an idiom of keeping quiet; a monarch; a minibus opening a post
        ("not telling work until after, so mum's the word", ("mum's", "gender")),
        ("not telling work until after, so mum's the word", ("mum", "gender")),
        ("My nan got her card from the King 👑 whole family in Swansea", ("the King", "location")),
        ("Matatu to Thika every morning at 6 for my new job", ("Matatu", "identity")),
        ("Watching the BBC results show tonight", ("BBC", "education")),
        # batch 49: the condition a correction rules out; "it's" is no one's
        ("Dermatologist says it's psoriasis, not eczema.", ("eczema", "health")),
        ("Voted Liberal in the advance poll today", ("Liberal", "location")),
        ("Ramadan Kareem everyone!", ("Ramadan Kareem", "religion")),
        # batch 51: a count of followers lost; a first name that is also a bank; the wait for
        # an appointment is no pregnancy
        ("Lost 3k followers this week lol", ("3k", "finance")),
        ("Renewing my vows with Marcus in Santorini next June", ("Marcus", "finance")),
        ("7 weeks post C-section. the NHS physio is 3 weeks out", ("3 weeks", "health")),
        # batch 52: a thing that broke is no money; a nationality in an embassy's name
        ("my hearing aids broke again", ("broke", "finance")),
        ("Passport renewal at the British high commission tomorrow", ("British", "ethnicity")),
        # batch 56: dishes named after a people; a party's office is no employer
        ("Stuffing envelopes all weekend, send Welsh cakes", ("Welsh", "ethnicity")),
        ("Stuffing envelopes all weekend, send Welsh cakes", ("Welsh", "language")),
        ("Ordered an Indian takeaway and French fries for us", ("Indian", "ethnicity")),
        ("Ordered an Indian takeaway and French fries for us", ("French", "ethnicity")),
        ("Stuffing envelopes at Plaid Cymru HQ in Cardiff all weekend", ("Plaid Cymru HQ", "work")),
        ("Did Jäger shots with the girls, migraine today", ("Jäger shots", "health")),
        # batch 57: years on a waiting list are no tenure; a national day's "Day shift"; a
        # place, then a festival's day
        (
            "Allotment committee gave me plot 14B at Wardown after 3 years on the waiting list",
            ("Wardown", "work"),
        ),
        ("Got my Canada Day shift swapped, fireworks with the kids", ("Day shift", "work")),
        ("Reunion dinner at Ah Ma's place in Klang on CNY eve", ("Klang on CNY", "location")),
        # batch 58: a rank is no date
        ("She is 1st in line for the flat", ("1st", "time")),
        ("she's still doing the Irish Times crossword in pen", ("Irish Times", "ethnicity")),
        # batch 60: a diagnosis confirmed is no confirmation; a school term is no place; a
        # sentence's everyday first word joins no name
        (
            "Dad's diagnosis confirmed at the Walton Centre this afternoon",
            ("the Walton Centre", "religion"),
        ),
        ("kids start at the local primary in Term 2", ("Term", "location")),
        ("Chips on Brighton Pier with the kids today", ("Chips on Brighton Pier", "location")),
        # batch 61: which of the sessions is no length of time
        ("Infusion day 6 of 12 at the cancer center in Tulsa", ("day 6", "time")),
    ],
)
def test_not_found_in_posts_as_written(text: str, unexpected: tuple[str, str]) -> None:
    assert unexpected not in phrases(text)


def test_a_word_of_the_authors_work_that_is_the_subject_is_theirs() -> None:
    found = phrases(
        "Back on nights from tomorrow. Resus has been brutal lately", {"work": ["Nurse"]}
    )
    assert ("Resus", "work") in found
    assert not phrases("his ward was closed", {"work": ["Nurse"]})


def test_a_profile_word_says_what_a_longer_term_is() -> None:
    """For a nurse, "on the ward" is work, not a patient's stay; the profile city before its
    Pride is the city alone."""
    nurse = {"work": ["nurse"]}
    assert ("the ward", "work") in phrases("Back on the ward at 7pm", nurse)
    found = phrases("Anyone from the Cape Town Pride committee?", {"current_city": ["Cape Town"]})
    assert ("Pride committee", "sexuality") in found


def test_a_month_is_no_town_near_the_author() -> None:
    assert ("March", "location") not in phrases(
        "Surgery at the Rosie in March", {"current_city": ["Cambridge"]}
    )


def test_a_greeting_is_no_profile_link() -> None:
    muslim = {"religion": ["Muslim"]}
    assert ("Ramadan", "religion") not in phrases("Ramadan Kareem 🌙 suhoor at 4:50", muslim)


def test_shouted_words_are_not_part_of_a_name() -> None:
    assert ("Clapham Junction", "location") in phrases(
        "Missed the 7:52 from Clapham Junction AGAIN"
    )


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("starting meds next week", "en"),  # langdetect says Afrikaans
        ("school run then yoga", "en"),
        ("voy a la playa mañana con mi familia", "es"),
        ("ik ga morgen naar de dokter", "af"),  # not English, whatever langdetect calls it
    ],
)
def test_short_posts_of_common_english_words_are_english(text: str, language: str) -> None:
    assert (detect_language(text) == "en") == (language == "en")

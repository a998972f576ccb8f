"""A verb the region asserts of another subject or object than the sentence's, where it says
no of the sentence's own: roles."""

import pytest

from citations.engine.support.contradiction import negation
from citations.engine.support.contradiction.instead import find
from tests.engine.readings import cited_alone, quoting

instead = quoting(find, "roles")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (  # another subject; of the sentence's the region says it was absent
            "Smith attended the hearing.",
            "Smith was absent; his lawyer attended the hearing.",
            "Smith attended",
            "Smith was absent; his lawyer attended",
        ),
        (  # in another clause of one sentence, after the verb
            "Smith attended the hearing.",
            "His lawyer attended the hearing although Smith was absent.",
            "Smith attended",
            "lawyer attended the hearing although Smith was absent",
        ),
        (  # another object, the sentence's denied with a cue
            "The Act applies to Scotland.",
            "The Act applies to England and Wales. It does not extend to Scotland.",
            "applies to Scotland",
            "applies to England and Wales. It does not extend to Scotland",
        ),
        (  # a passive's agent is its subject
            "The hearing was attended by Smith.",
            "Smith was absent; the hearing was attended by his lawyer.",
            "attended by Smith",
            "Smith was absent; the hearing was attended by his lawyer",
        ),
        (  # a cue of two words ("failed to"), its second word next to the thing's
            "Smith attended the hearing.",
            "Smith failed to appear; his lawyer attended the hearing.",
            "Smith attended",
            "Smith failed to appear; his lawyer attended",
        ),
        (  # "no longer": one cue of two words
            "The Act applies to Scotland.",
            "The Act applies to England and Wales, but it no longer covers Scotland.",
            "applies to Scotland",
            "applies to England and Wales, but it no longer covers Scotland",
        ),
        (  # a noun, left out in other words
            "The board approved the merger.",
            "The board was excluded from the vote; the shareholders approved the merger.",
            "board approved",
            "The board was excluded from the vote; the shareholders approved",
        ),
        (  # the region denies the verb of the sentence's subject and asserts it of another
            "The tenant appealed.",
            "The tenant did not appeal; the council appealed.",
            "tenant appealed",
            "The tenant did not appeal; the council appealed",
        ),
        (  # an object after the verb, the other's clause sharing no more words
            "The tenant appealed the ruling.",
            "The tenant did not appeal the ruling; the council appealed it.",
            "tenant appealed",
            "The tenant did not appeal the ruling; the council appealed",
        ),
        (
            "The tenant signed the lease.",
            "The tenant never signed the lease, but his brother signed it.",
            "tenant signed",
            "The tenant never signed the lease, but his brother signed",
        ),
        (  # a cue of two words
            "The company filed the report.",
            "The company failed to file the report, and the auditor filed it instead.",
            "company filed",
            "The company failed to file the report, and the auditor filed",
        ),
        (  # a semicolon opens no sentence: the capital after it is a name, another thing
            "Smith appealed.",
            "Smith did not appeal; Jones appealed.",
            "Smith appealed",
            "Smith did not appeal; Jones appealed",
        ),
    ],
)
def test_a_verb_asserted_only_of_another_thing_or_denied_of_the_sentences_contradicts(
    sentence, region, said, told
):
    assert instead(sentence, region) == [(said, told)]
    s = cited_alone(sentence, region)
    assert s.status == "unsupported"
    assert said in s.reason


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the sentence says what the region says, of both
        (
            "Smith and his lawyer attended the hearing.",
            "Smith and his lawyer attended the hearing.",
        ),
        # it names the other too: no assertion of Smith's own attending
        (
            "Smith and his lawyer attended the hearing.",
            "Smith was absent; his lawyer attended the hearing.",
        ),
        (
            "Smith, through his lawyer, attended the hearing.",
            "Smith was absent; his lawyer attended the hearing.",
        ),
        (
            "Smith's lawyer attended the hearing.",
            "Smith was absent; his lawyer attended the hearing.",
        ),
        (
            "The hearing was attended by Smith's lawyer.",
            "Smith was absent; the hearing was attended by his lawyer.",
        ),
        # the region has the sentence's own subject attend
        ("Smith attended the hearing.", "Smith attended the hearing; his wife was absent."),
        (
            "Smith attended the hearing.",
            "Smith was not ill; he attended the hearing with his lawyer.",
        ),
        ("Smith attended the hearing.", "His lawyer did not attend; Smith attended the hearing."),
        (
            "The plaintiff appealed the ruling.",
            "The plaintiff did not appeal the fine; the plaintiff appealed the ruling.",
        ),
        (
            "Smith attended the hearing.",
            "Smith, the claimant, attended the hearing, although his lawyer was absent.",
        ),
        (
            "Smith attended the hearing.",
            "The claimant, Smith, attended the hearing. His brother did not.",
        ),
        # another thing named beside the verb, but the region says no of the sentence's in
        # another role: the motion's opposing, not its granting
        (
            "The court granted the motion.",
            "The motion was not opposed. The court granted the application.",
        ),
        # a list names two things, no thing and what it does ("legal" of "LA legal section")
        (
            "The decision rests with the social workers and legal practitioners involved.",
            "But social workers and their line managers would not be involved in the decision. "
            "Such a decision would be made by the LA legal section.",
        ),
        # the sentence denies it too (the another-subject reading of the negation check)
        ("Smith did not attend the hearing.", "Smith was absent; his lawyer attended the hearing."),
    ],
)
def test_the_region_agreeing_or_speaking_of_another_role_contradicts_nothing(sentence, region):
    assert instead(sentence, region) == []
    s = cited_alone(sentence, region)
    assert s.status == "verified", s.reason


def test_a_region_with_the_verb_under_a_cue_is_left_to_the_negation_check():
    # "no surprise that the average weight of Americans": the cue covers the shared words
    sentence = "The average weight of an American male is around 198 pounds."
    region = (
        "It comes as no surprise that the average weight of Americans has increased. Obesity is "
        "a risk for many of the diseases that plague Americans. Learn more about the average "
        "weight in America."
    )
    assert instead(sentence, region) == []


@pytest.mark.parametrize(
    "region",
    [
        # the word that says no stands far from the sentence's thing
        "Smith attended the hearing with his lawyer and his brother that morning. The judge "
        "was absent.",
        # the verb has the sentence's own things beside it, and no other
        "Smith was not ill. Smith attended the hearing.",
    ],
)
def test_a_region_that_cannot_contradict_is_not_read(monkeypatch, region):
    # the region's polarity is the reading's cost: only the sentence's is read
    read = []
    polarity = negation.polarity
    monkeypatch.setattr(
        negation, "polarity", lambda text, words: read.append(text) or polarity(text, words)
    )
    assert instead("Smith attended the hearing.", region) == []
    assert read == ["Smith attended the hearing."]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # the region denies the verb of another thing and asserts it of the sentence's
        ("The tenant appealed.", "The landlord did not appeal; the tenant appealed."),
        ("The landlord appealed.", "The tenant did not appeal; the landlord appealed."),
        # denied of the sentence's thing, then asserted of it too
        (
            "The board approved the merger.",
            "The board did not approve the merger at first; the board approved it later.",
        ),
        (
            "The tenant appealed the fine.",
            "The tenant did not appeal the ruling; the tenant appealed the fine.",
        ),
        # the sentence denies it too
        ("The tenant did not appeal.", "The tenant did not appeal; the landlord appealed."),
        # denied of the sentence's thing with another object: nothing said of the sentence's
        (
            "The clerk voted for the bill.",
            "The clerk did not vote for the amendment; the mayor voted for the bill.",
        ),
        # the cue denies another word first: no denial of the verb
        (
            "The average weight of an American male is 198 pounds.",
            "It comes as no surprise that the average weight of Americans has increased."
            " Learn more about the average weight in America.",
        ),
    ],
)
def test_a_verb_denied_of_another_or_not_denied_itself_contradicts_nothing(sentence, region):
    assert instead(sentence, region) == []

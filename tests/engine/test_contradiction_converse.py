"""The converse reading: one side of a relation named where the region names the other."""

import pytest

from citations.engine import verify
from citations.engine.support.contradiction.converse import find, may_find
from tests.engine.readings import quoting

swapped = quoting(find, "opposite")


@pytest.mark.parametrize(
    ("sentence", "region", "said", "told"),
    [
        (
            "The tomb may belong to Arrhidaeus and his husband Eurydice.",
            "The tomb may in fact belong to Arrhidaeus and his wife Eurydice, who were murdered.",
            "husband",
            "wife",
        ),
        (
            "The defendant appealed the ruling in March.",
            "The plaintiff appealed the ruling in March.",
            "defendant",
            "plaintiff",
        ),
        # a plural, and one WordNet spells otherwise ("wives")
        (
            "The court heard from the employers named in the suit.",
            "The court heard from the employees named in the suit.",
            "employers",
            "employees",
        ),
        # the sentence's start is a side; small words beside run out to a content word
        (
            "Employees must give 30 days notice before ending the contract.",
            "Wages are paid monthly. Employers must give 30 days notice before ending it.",
            "Employees",
            "Employers",
        ),
        # a party of the hand list, where the region denies the verb of the sentence's
        (
            "The tenant appealed.",
            "The tenant did not appeal; the landlord appealed.",
            "tenant",
            "landlord",
        ),
        # values that exclude one another
        (
            "Workers get a weekly rest of 11 hours.",
            "Workers get a daily rest of 11 hours and a weekly wage.",
            "weekly",
            "daily",
        ),
        (
            "Leave is 30 working days a year.",
            "Leave is 30 calendar days a year.",
            "working",
            "calendar",
        ),
        # verbs of one event told from either side, where the other stands
        (
            "Globex bought the plant from Acme.",
            "Globex sold the plant to Acme in 2020.",
            "bought",
            "sold",
        ),
        # a number is content enough to say where a word stands
        (
            "Adults under 5 should get two doses.",
            "Most recover quickly. Children under 5 should get two doses.",
            "Adults",
            "Children",
        ),
        # a comma ends a side as the sentence's end does
        (
            "Hearings are held in June.",
            "Hearings are held in March, appeals in June.",
            "June",
            "March",
        ),
        (
            "Under the Act the lender may then refuse the transfer.",
            "Under the Act the borrower may then refuse the transfer of the loan.",
            "lender",
            "borrower",
        ),
        (
            "The recommended dose is 500 mg twice a day.",
            "The recommended dose is 500 mg once a day.",
            "twice",
            "once",
        ),
        (  # "and is" joins another predicate: the region's clause ends at "adults" too
            "The vaccine protects 90 percent of children.",
            "The vaccine protects 90 percent of adults and is recommended for children.",
            "children",
            "adults",
        ),
    ],
)
def test_a_converse_in_the_other_sides_place_is_found(sentence, region, said, told):
    assert swapped(sentence, region) == [(said, told)]


@pytest.mark.parametrize(
    ("sentence", "region"),
    [
        # a text about one side names the other elsewhere
        (
            "Given that the child is in foster care and contact with the parent is supervised,"
            " the child is protected.",
            "Most children in foster care continue to see their parents to some degree.",
        ),
        # the passive turns the places round: the words either side are small words
        (
            "The employee may sue the employer.",
            "The employer may be sued by the employee.",
        ),
        # the region says the sentence's word in that place too
        (
            "The plaintiff appealed the ruling.",
            "The plaintiff appealed the ruling, and the defendant appealed the ruling too.",
        ),
        # the same relation in other words
        (
            "Philip and his wife Cleopatra were buried there.",
            "Cleopatra, Philip's wife, lies there.",
        ),
        # small words alike, the content words out from them not
        (
            "Employees must give notice in writing.",
            "Employers must pay wages in cash.",
        ),
        # one of the same meaning: "annual" and "yearly" are no alternatives
        ("The yearly report is filed in March.", "The annual report is filed in March."),
        # the region says both, the sentence's in its place
        (
            "The second chamber hears appeals.",
            "The first chamber hears claims; the second chamber hears appeals.",
        ),
        # the same event told from the other side
        ("Acme bought the plant from Globex.", "Globex sold the plant to Acme in 2020."),
        ("The court received the appeal from the firm.", "The firm sent the appeal to the court."),
        # a list holds the sentence's value beside the region's
        ("Hearings are held in June.", "Hearings are held in March, June and September."),
        # two edges are no place: a sentence of one word
        ("The employer.", "The employee."),
        # "defendant" stems as the verb "defend": no side of a relation
        ("The lawyers defend the plaintiff in court.", "The lawyers for the plaintiff won."),
    ],
)
def test_converses_not_in_each_others_place_find_nothing(sentence, region):
    assert swapped(sentence, region) == []


def test_the_cheap_test_needs_a_side_of_a_relation():
    assert may_find(["his", "wife", "eurydice"])
    assert not may_find(["they", "defend", "it"])


def test_the_verdict_quotes_both_sides():
    evidence = [{"text": "The plaintiff appealed the ruling in March, the court said."}]
    [s] = verify("The defendant appealed the ruling in March [1].", evidence).sentences
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 'defendant'; passage [1] says 'plaintiff'")

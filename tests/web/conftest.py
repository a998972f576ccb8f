import pytest

from tests.factories import ApiClientFactory, UserFactory, make_answer

# s0 verified, s1 unsupported (200 percent; passage [2] says 150 percent), s2 uncited claim.
NUMERIC_TEXT = (
    "Employees get 30 days of paid annual leave [1]. Overtime pays 200 percent [2]. "
    "The manager must approve every request in writing before the leave starts."
)

LABOUR_LAW = [
    {
        "text": "Every employee who has completed one year of continuous service is entitled to "
        "paid annual leave of 30 calendar days.",
        "title": "Annual leave",
        "law": "Labour Law",
        "article": "30",
    },
    {
        "text": "The employer shall pay the full wage for the leave before the leave begins.",
        "title": "Leave pay",
        "law": "Labour Law",
        "article": "31",
    },
]
# s0 verified, s1 unsupported (Article 33 is not in the evidence).
LEGAL_TEXT = (
    "Every employee with one year of continuous service gets 30 calendar days of paid annual "
    "leave [Labour Law, Article 30]. "
    "Unused leave can be carried over without limit [Labour Law, Article 33]."
)


@pytest.fixture
def reviewer(db):
    return UserFactory(username="rita", groups=["reviewer"])


@pytest.fixture
def other_reviewer(db):
    return UserFactory(username="otto", groups=["reviewer"])


@pytest.fixture
def editor(db):
    return UserFactory(username="edna", groups=["editor"])


@pytest.fixture
def staff(db):
    # "Staff" on the dashboard is a superuser: `is_staff` alone is no review role.
    return UserFactory(username="stan", is_staff=True, is_superuser=True)


@pytest.fixture
def nobody(db):
    return UserFactory(username="nora")


@pytest.fixture
def numeric_answer(db):
    return make_answer(
        client=ApiClientFactory(name="HR bot"),
        text=NUMERIC_TEXT,
        question="What are the leave and overtime rules?",
    )


@pytest.fixture
def legal_answer(db):
    return make_answer(
        client=ApiClientFactory(name="Legal bot"),
        text=LEGAL_TEXT,
        evidence=LABOUR_LAW,
        question="How much annual leave is there?",
    )


def login(client, user):
    client.force_login(user)
    return client


HX = {"HTTP_HX_REQUEST": "true"}

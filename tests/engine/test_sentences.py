import pytest

from citations.engine import verify

EV = [{"text": "Employees are entitled to annual leave of thirty days."}]


def split(text):
    return [s.text for s in verify(text, EV).sentences]


def test_offsets_slice_the_original():
    text = "  First claim here [1].  Second one?\n\nThird!  "
    for s in verify(text, EV).sentences:
        assert text[s.start : s.end] == s.text
    assert split(text) == ["First claim here [1].", "Second one?", "Third!"]


@pytest.mark.parametrize(
    "text",
    [
        "Leave is granted, e.g. for illness, by the employer [1].",
        "Leave is granted, i.e. paid, by the employer [1].",
        "Dr. Smith decided on the leave of the employee [1].",
        "This is set out in No. 5 of the collective agreement [1].",
        "See Art. 30 of the law for the details of leave [1].",
        "The U.S. Congress passed the law on leave [1].",
        "The rate is 3.5 percent of the annual wage [1].",
        "B. J. Thomas sang the song about leave [1].",
        "The limit is approx. three days per month [1].",
    ],
)
def test_no_split(text):
    assert split(text) == [text]


def test_no_split_inside_brackets():
    text = "Leave is granted [Labour Law. Part 2, Art. 5]. Next sentence here."
    assert split(text) == ["Leave is granted [Labour Law. Part 2, Art. 5].", "Next sentence here."]


def test_citation_after_final_punctuation_belongs_to_the_sentence():
    text = "Employees get thirty days of leave. [1] The employer decides when."
    sentences = verify(text, EV).sentences
    assert [s.text for s in sentences] == [
        "Employees get thirty days of leave. [1]",
        "The employer decides when.",
    ]
    assert [c.raw for c in sentences[0].citations] == ["[1]"]


def test_several_citations_after_punctuation():
    assert split("Employees get leave. [1][1] [1] Next.") == [
        "Employees get leave. [1][1] [1]",
        "Next.",
    ]


def test_citation_only_line_joins_the_sentence_before():
    sentences = verify("Employees get thirty days of leave.\n[1]", EV).sentences
    assert len(sentences) == 1 and sentences[0].citations[0].raw == "[1]"


LABOUR = [
    {"text": "Leave lasts 30 days.", "law": "Labour Law", "article": "30"},
    {"text": "Overtime is paid at 150 percent.", "law": "Labour Law", "article": "31"},
]


@pytest.mark.parametrize(
    "opener", ["Article 31 of the Labour Law", "Art. 31 Labour Law", "§ 31 Labour Law"]
)
def test_a_reference_in_running_text_opens_the_next_sentence(opener):
    text = f"Leave lasts 30 days [1]. {opener} pays overtime at 200 percent."
    report = verify(text, LABOUR)
    first, second = report.sentences
    assert first.text == "Leave lasts 30 days [1]."
    assert second.text == f"{opener} pays overtime at 200 percent."
    assert [c.raw for c in second.citations] == [opener]
    assert second.status == "unsupported" and not report.passed  # 200 against 150


@pytest.mark.parametrize(
    "trailing", ["Art. 30 Labour Law.", "(Art. 30 Labour Law)", "[Labour Law, Art. 30]"]
)
def test_a_reference_alone_after_the_stop_belongs_to_the_sentence(trailing):
    (sentence,) = verify(f"Leave lasts 30 days. {trailing}", LABOUR).sentences
    assert sentence.status == "verified"
    assert [c.raw for c in sentence.citations] == [trailing.rstrip(".")]


def test_line_breaks_end_sentences():
    text = (
        "# Leave\nTwo rules apply here:\n- Employees get leave [1]\n"
        "- Employers decide [1]\n1. Numbered item"
    )
    assert split(text) == [
        "# Leave",
        "Two rules apply here:",
        "- Employees get leave [1]",
        "- Employers decide [1]",
        "1. Numbered item",
    ]


def test_lowercase_after_full_stop_does_not_split():
    assert split("The value is approx. thirty.") == ["The value is approx. thirty."]


def test_cjk_full_stop_splits_without_space():
    assert split("员工享有年假。雇主决定时间。") == ["员工享有年假。", "雇主决定时间。"]


def test_uncited_needs_six_words_after_markers():
    report = verify(
        "- One two three four five\n## One two three four five six\nTwo rules apply here:", EV
    )
    assert [s.status for s in report.sentences] == ["neutral", "uncited", "neutral"]


def test_neutral_heading_and_connective():
    report = verify("## Annual leave\nTwo rules apply here:", EV)
    assert [s.status for s in report.sentences] == ["neutral", "neutral"]
    assert "not a claim" in report.sentences[0].reason


def test_uncited_claim_reason():
    (s,) = verify("Employees may always carry leave over into the next year.", EV).sentences
    assert s.status == "uncited" and "no citation" in s.reason


@pytest.mark.parametrize(
    "text", ["Leave lasts 30 days.", "Revenue hit 8.1 million.", "Overtime pays 150 percent."]
)
def test_a_short_sentence_stating_a_figure_is_a_claim(text):
    (s,) = verify(text, EV).sentences
    assert s.status == "uncited"
    assert s.reason.endswith("words stating a figure, with no citation")


@pytest.mark.parametrize(
    "text", ["Article 5.", "See page 12.", "Para. 1 applies.", "In 2019.", "Total: 30 euros."]
)
def test_a_short_label_or_fragment_with_a_number_is_no_claim(text):
    assert [s.status for s in verify(text, EV).sentences] == ["neutral"]

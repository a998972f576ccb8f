import pytest

from citations.engine import MAX_PASSAGE_CHARS, MAX_PASSAGES, MAX_TEXT_CHARS, verify


def test_text_limit():
    verify("a" * MAX_TEXT_CHARS, [])
    with pytest.raises(ValueError, match="MAX_TEXT_CHARS"):
        verify("a" * (MAX_TEXT_CHARS + 1), [])


def test_passage_count_limit():
    verify("x [1].", [{"text": "x"}] * MAX_PASSAGES)
    with pytest.raises(ValueError, match="MAX_PASSAGES"):
        verify("x [1].", [{"text": "x"}] * (MAX_PASSAGES + 1))


def test_passage_length_limit():
    with pytest.raises(ValueError, match="MAX_PASSAGE_CHARS") as info:
        verify("x", [{"text": "ok"}, {"text": "a" * (MAX_PASSAGE_CHARS + 1)}])
    assert "evidence item 2" in str(info.value)


@pytest.mark.parametrize(
    ("evidence", "message"),
    [
        ([{"title": "no text"}], "evidence item 1: field 'text' is required"),
        ([{"text": None}], "evidence item 1: field 'text' is required"),
        ([{"text": "ok"}, "plain string"], "evidence item 2 must be a mapping"),
        ([{"text": 5}], "evidence item 1: field 'text' must be a string"),
        ([{"text": "ok", "law": 7}], "evidence item 1: field 'law' must be a string"),
        ([{"text": "ok", "article": True}], "field 'article' must be a string or an integer"),
        ([{"text": "ok", "article": 1.5}], "field 'article' must be a string or an integer"),
        ("not a list", "evidence must be a list"),
        ({"text": "a mapping"}, "evidence must be a list"),
    ],
)
def test_evidence_errors_name_item_and_field(evidence, message):
    with pytest.raises(ValueError, match=message):
        verify("Some text [1].", evidence)


def test_optional_fields_may_be_empty_or_missing():
    report = verify(
        "x [1].", [{"text": "x", "id": 3, "title": "", "law": "", "article": "", "url": None}]
    )
    assert report.sentences[0].citations[0].status != "unresolved"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"style": "apa"}, "style"),
        ({"threshold": 1.5}, "threshold"),
        ({"threshold": float("nan")}, "threshold"),
        ({"threshold": True}, "threshold"),
        ({"threshold": "0.4"}, "threshold"),
    ],
)
def test_argument_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        verify("x", [], **kwargs)


def test_text_must_be_a_string():
    with pytest.raises(ValueError, match="text must be a string"):
        verify(b"bytes", [])  # type: ignore[arg-type]

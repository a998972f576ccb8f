"""Every malformed request is a 400 (or 413) with a JSON reason; nothing is half-stored."""

import json

import pytest

from citations.models import Answer, Evidence, Verification

from .payloads import ANSWERS, EVIDENCE, TEXT, VERIFY, body

pytestmark = pytest.mark.django_db

PASSAGE = EVIDENCE[0]

# (request body, the field paths that must be named)
BAD_BODIES = [
    ({}, {"text", "evidence"}),
    ({"evidence": EVIDENCE}, {"text"}),
    ({"text": TEXT}, {"evidence"}),
    (body(text=""), {"text"}),
    (body(text=None), {"text"}),
    (body(text=12), set()),  # a number is coerced to its text by DRF; see the test below
    (body(text=["a"]), {"text"}),
    (body(text={"a": 1}), {"text"}),
    (body(text=True), {"text"}),
    (body(evidence="passage"), {"evidence"}),
    (body(evidence={"text": "x"}), {"evidence"}),
    (body(evidence=None), {"evidence"}),
    (body(evidence=[None]), {"evidence[0]"}),
    (body(evidence=[PASSAGE, None]), {"evidence[1]"}),
    (body(evidence=["just text"]), {"evidence[0]"}),
    (body(evidence=[{"title": "No text"}]), {"evidence[0].text"}),
    (body(evidence=[{"text": ""}]), {"evidence[0].text"}),
    (body(evidence=[{"text": None}]), {"evidence[0].text"}),
    (body(evidence=[{"text": ["a"]}]), {"evidence[0].text"}),
    (body(evidence=[PASSAGE, {"text": "ok", "title": {"a": 1}}]), {"evidence[1].title"}),
    (body(evidence=[{"text": "ok", "url": "javascript:alert(1)"}]), {"evidence[0].url"}),
    (body(evidence=[{"text": "ok", "article": "9" * 51}]), {"evidence[0].article"}),
    (body(citation_style="footnote"), {"citation_style"}),
    (body(citation_style=None), {"citation_style"}),
    (body(citation_style=1), {"citation_style"}),
    (body(question=["q"]), {"question"}),
    (body(external_id={"a": 1}), {"external_id"}),
    (body(external_id="x" * 201), {"external_id"}),
    (body(metadata=[1, 2]), {"metadata"}),
    (body(metadata="tags"), {"metadata"}),
    (body(metadata=None), {"metadata"}),
    (body(metadata=3), {"metadata"}),
    # characters the database cannot store
    (body(text="Leave\u0000 [1]."), {"text"}),
    (body(text="Leave \ud800 [1]."), {"text"}),
    (body(question="\udfff"), {"question"}),
    (body(external_id="a\u0000"), {"external_id"}),
    (body(evidence=[{"text": "nul\u0000"}]), {"evidence[0].text"}),
    (body(evidence=[{"text": "ok", "title": "\ud83d"}]), {"evidence[0].title"}),
    (body(metadata={"k": "v\u0000"}), {"metadata"}),
    (body(metadata={"k\u0000": "v"}), {"metadata"}),
    (body(metadata={"\ud800": 1}), {"metadata"}),
    (body(metadata={"deep": [{"x": ["\udc00"]}]}), {"metadata"}),
    # several bad fields at once are all named
    (
        {"text": None, "evidence": [{"title": 1}], "citation_style": "x", "metadata": []},
        {"text", "evidence[0].text", "citation_style", "metadata"},
    ),
]


def post_json(api, path, data):
    raw = json.dumps(data, allow_nan=True)  # lone surrogates travel as \ud800 escapes
    return api.generic("POST", path, raw, content_type="application/json")


@pytest.mark.parametrize("path", [ANSWERS, VERIFY])
@pytest.mark.parametrize(("data", "fields"), BAD_BODIES)
def test_bad_bodies_name_each_bad_field(api, path, data, fields):
    response = post_json(api, path, data)

    if not fields:  # the coercion case
        assert response.status_code in (200, 201)
        return
    assert response.status_code == 400, response.json()
    error = response.json()
    assert error["status"] == 400
    assert error["code"] == "invalid"
    assert set(error["errors"]) == fields
    assert all(error["errors"][field] for field in fields)
    assert not Answer.objects.exists()
    assert not Evidence.objects.exists()
    assert not Verification.objects.exists()


def test_reasons_say_why(api):
    errors = post_json(
        api,
        ANSWERS,
        body(
            text="a\u0000",
            evidence=[None, {"title": "t"}],
            citation_style="footnote",
            metadata={"k": "\ud800"},
        ),
    ).json()["errors"]

    assert errors["text"] == ["Null characters are not allowed."]
    assert errors["evidence[0]"] == ["This field may not be null."]
    assert errors["evidence[1].text"] == ["This field is required."]
    assert errors["citation_style"] == ['"footnote" is not a valid choice.']
    assert errors["metadata"] == ["metadata.k: Surrogate characters are not allowed: U+D800."]


def test_body_that_is_not_an_object(api):
    for raw in ("[]", '"text"', "42", "null"):
        response = api.generic("POST", ANSWERS, raw, content_type="application/json")
        assert response.status_code == 400
        assert response.json()["code"] == "invalid"


@pytest.mark.parametrize(
    "raw",
    [
        b"{not json",
        b'{"text": "a", }',
        b"",
        b'{"text": NaN, "evidence": []}',
        b'{"text": Infinity, "evidence": []}',
        b"\xff\xfe{}",
        b'{"text": "caf\xe9 [1].", "evidence": []}',  # latin-1, not UTF-8
        b"[" * 100_000,
        b'{"a": ' * 5000 + b"1" + b"}" * 5000,
        b'{"text": 1' + b"0" * 5000 + b"}",
    ],
)
def test_unparseable_bodies_are_400(api, raw):
    response = api.generic("POST", ANSWERS, raw, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["status"] == 400
    assert not Answer.objects.exists()


def test_empty_body_names_the_required_fields(api):
    response = api.generic("POST", ANSWERS, b"", content_type="application/json")

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"text", "evidence"}


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""],
)
def test_non_json_content_types_are_400(api, content_type):
    response = api.generic("POST", ANSWERS, json.dumps(body()), content_type=content_type)

    assert response.status_code == 400
    assert response.json()["code"] == "unsupported_media_type"


def test_a_charset_other_than_utf8_is_refused(api):
    raw = json.dumps(body()).encode()
    response = api.generic("POST", ANSWERS, raw, content_type="application/json; charset=latin-1")
    assert response.status_code == 400

    ok = api.generic("POST", ANSWERS, raw, content_type="application/json; charset=utf-8")
    assert ok.status_code == 201


def test_json_with_non_ascii_text_is_fine(api):
    text = "Der Urlaub beträgt 30 Tage [1]. الإجازة السنوية 30 يوما [1]."
    evidence = [{"text": "Der Urlaub beträgt 30 Tage. الإجازة السنوية 30 يوما."}]
    raw = json.dumps(body(text=text, evidence=evidence), ensure_ascii=False).encode()
    response = api.generic("POST", ANSWERS, raw, content_type="application/json")

    assert response.status_code == 201
    assert response.json()["text"] == text


def test_metadata_numbers_that_overflow_to_infinity(api):
    raw = json.dumps(body(metadata={"n": 1})).replace('"n": 1', '"n": 1e400')
    response = api.generic("POST", ANSWERS, raw, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"] == {"metadata": ["metadata.n: numbers must be finite."]}


def test_metadata_nested_too_deeply(api):
    metadata: dict = {}
    node = metadata
    for _ in range(30):
        node["x"] = {}
        node = node["x"]

    response = post_json(api, ANSWERS, body(metadata=metadata))

    assert response.status_code == 400
    assert "nested more than" in response.json()["errors"]["metadata"][0]

"""The request bodies' serializers keep their fields per thread and limits in force: a new
serializer validates as a fresh tree would, with its own context (an older one takes the tree
back when it reads its fields), and a limit changed in the settings gives fields that state
and check the new one."""

from concurrent.futures import ThreadPoolExecutor

from rest_framework.test import APIRequestFactory

from citations.api.serializers import AnswerInputSerializer, RevisionInputSerializer
from tests.api.payloads import body


def test_a_second_serializer_reuses_the_fields_of_the_first():
    first, second = AnswerInputSerializer(), AnswerInputSerializer()

    assert first.fields["evidence"] is second.fields["evidence"]
    assert second.fields["text"].parent is second
    assert second.fields["evidence"].child.fields["text"].root is second


def test_each_serializer_validates_its_own_body_and_reads_its_own_context():
    request = APIRequestFactory().get("/")
    good = AnswerInputSerializer(data=body(), context={"request": request})
    assert good.is_valid()
    assert good.fields["metadata"].context == {"request": request}
    assert good.validated_data["text"] == body()["text"]

    bad = AnswerInputSerializer(data={"text": "x", "evidence": [{}]})
    assert not bad.is_valid()
    assert bad.fields["metadata"].context == {}
    assert set(bad.errors) == {"evidence"}
    assert good.validated_data["text"] == body()["text"]  # kept on its own root
    assert good.fields["metadata"].context == {"request": request}  # the tree taken back


def test_a_changed_limit_gives_fields_with_the_new_limit(settings):
    settings.CITATIONS_MAX_PASSAGES = 3
    three = AnswerInputSerializer().fields["evidence"]
    settings.CITATIONS_MAX_PASSAGES = 2
    two = RevisionInputSerializer(data={"text": "x", "evidence": [{"text": "a"}] * 3})

    assert three.max_length == 3
    assert not two.is_valid()
    assert two.fields["evidence"].max_length == 2
    assert two.fields["evidence"].allow_null  # the revision's own tree, not the answer's


def test_threads_validate_side_by_side_each_with_its_own_tree():
    bodies = [body(), {"text": "", "evidence": "x"}] * 8

    def errors(data):
        serializer = AnswerInputSerializer(data=data)
        serializer.is_valid()
        return sorted(serializer.errors), id(serializer.fields["evidence"])

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(errors, bodies))

    assert [names for names, _ in results] == [[], ["evidence", "text"]] * 8
    assert len({tree for _, tree in results}) <= 4

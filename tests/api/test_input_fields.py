"""The request bodies' serializers hand their fields on, per class and limits in force: a
serializer released gives its tree to the next, which validates as a fresh tree would, with its
own context; no two serializers hold one tree at once; and a limit changed in the settings
gives fields that state and check the new one."""

from concurrent.futures import ThreadPoolExecutor

from rest_framework.test import APIRequestFactory

from citations.api.serializers import AnswerInputSerializer, RevisionInputSerializer
from tests.api.payloads import body


def test_a_serializer_released_hands_its_fields_to_the_next():
    first = AnswerInputSerializer()
    tree = first.fields["evidence"]
    held = AnswerInputSerializer()
    assert held.fields["evidence"] is not tree  # first still holds it
    first.release()
    second = AnswerInputSerializer()

    assert second.fields["evidence"] is tree
    assert second.fields["text"].parent is second
    assert second.fields["evidence"].child.fields["text"].root is second
    assert first.fields["evidence"] is not tree  # read again after its release: another tree


def test_each_serializer_validates_its_own_body_and_reads_its_own_context():
    request = APIRequestFactory().get("/")
    good = AnswerInputSerializer(data=body(), context={"request": request})
    assert good.is_valid()
    assert good.fields["metadata"].context == {"request": request}
    assert good.validated_data["text"] == body()["text"]

    good.release()
    bad = AnswerInputSerializer(data={"text": "x", "evidence": [{}]})
    assert not bad.is_valid()
    assert bad.fields["metadata"].context == {}
    assert set(bad.errors) == {"evidence"}
    assert good.validated_data["text"] == body()["text"]  # kept on its own root


def test_a_changed_limit_gives_fields_with_the_new_limit(settings):
    settings.CITATIONS_MAX_PASSAGES = 3
    three = AnswerInputSerializer().fields["evidence"]
    settings.CITATIONS_MAX_PASSAGES = 2
    two = RevisionInputSerializer(data={"text": "x", "evidence": [{"text": "a"}] * 3})

    assert three.max_length == 3
    assert not two.is_valid()
    assert two.fields["evidence"].max_length == 2
    assert two.fields["evidence"].allow_null  # the revision's own tree, not the answer's


def test_threads_validate_side_by_side_each_with_a_tree_of_its_own():
    bodies = [body(), {"text": "", "evidence": "x"}] * 8

    def errors(data):
        serializer = AnswerInputSerializer(data=data)
        serializer.is_valid()
        tree = serializer.fields["evidence"]
        serializer.release()
        return sorted(serializer.errors), tree

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(errors, bodies))

    assert [names for names, _ in results] == [[], ["evidence", "text"]] * 8
    assert len({id(tree) for _, tree in results}) <= 4
    assert all(tree.parent is None for _, tree in results)  # idle: bound to no request

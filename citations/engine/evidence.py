"""Evidence: validation of the caller's list into :class:`~.passage.Passage` objects.

Position 1 in the list is citation ``[1]``. Legal citations resolve against the ``law`` and
``article`` fields, and the optional ``paragraph``, ``point`` and ``law_aliases`` (other names
of the same law). ``article`` may be ``30``, ``"30"``, ``"L1234-1"``, ``"§ 823"`` or
``"30(2)(a)"`` (which says paragraph 2, point a, unless ``paragraph``/``point`` say otherwise);
passages without both ``law`` and ``article`` never resolve a legal citation. Empty strings and
nulls count as absent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import limits
from .citations.legalforms import Unit, part_key, read_body
from .errors import RejectedInput
from .support.passage import Passage
from .text.terms import nfkc

_OPTIONAL_FIELDS = ("id", "title", "law", "article", "paragraph", "point", "url")
MAX_ALIASES = 20


def _field(item: Mapping, name: str, where: str, *, allow_int: bool = False) -> str:
    value = item.get(name)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int) if allow_int else str):
        kind = "a string or an integer" if allow_int else "a string"
        raise RejectedInput(f"{where}: field '{name}' must be {kind}, not {type(value).__name__}")
    value = str(value)
    if len(value) > limits.MAX_FIELD_CHARS:
        raise RejectedInput(
            f"{where}: field '{name}' is {len(value)} characters; "
            f"MAX_FIELD_CHARS is {limits.MAX_FIELD_CHARS}"
        )
    return value


def load_evidence(evidence: Sequence[Mapping]) -> list[Passage]:
    """Validate the evidence list; ValueError names the position and field of a bad item."""
    if isinstance(evidence, (str, bytes, Mapping)) or not isinstance(evidence, Sequence):
        raise RejectedInput(f"evidence must be a list of mappings, not {type(evidence).__name__}")
    if len(evidence) > limits.MAX_PASSAGES:
        raise RejectedInput(
            f"evidence has {len(evidence)} passages; MAX_PASSAGES is {limits.MAX_PASSAGES}"
        )
    passages = []
    for position, item in enumerate(evidence, start=1):
        where = f"evidence item {position}"
        if not isinstance(item, Mapping):
            raise RejectedInput(f"{where} must be a mapping, not {type(item).__name__}")
        if "text" not in item or item["text"] is None:
            raise RejectedInput(f"{where}: field 'text' is required")
        text = item["text"]
        if not isinstance(text, str):
            raise RejectedInput(
                f"{where}: field 'text' must be a string, not {type(text).__name__}"
            )
        if len(text) > limits.MAX_PASSAGE_CHARS:
            raise RejectedInput(
                f"{where}: field 'text' is {len(text)} characters; "
                f"MAX_PASSAGE_CHARS is {limits.MAX_PASSAGE_CHARS}"
            )
        values = {
            name: _field(item, name, where, allow_int=name in ("id", "article", "paragraph"))
            for name in _OPTIONAL_FIELDS
        }
        unit = _unit(values)
        passages.append(
            Passage(
                position=position,
                text=text,
                title=values["title"],
                law=values["law"].strip(),
                article=unit.article,
                paragraph=unit.paragraph,
                point=unit.point,
                aliases=_aliases(item, where),
            )
        )
    return passages


def _unit(values: dict[str, str]) -> Unit:
    units = read_body(nfkc(values["article"]))[0] if values["article"] else ()
    if not units:
        return Unit("")
    first = units[0]
    paragraph = part_key(values["paragraph"]) or first.paragraph
    return Unit(first.article, paragraph, part_key(values["point"]) or first.point)


def _aliases(item: Mapping, where: str) -> tuple[str, ...]:
    value = item.get("law_aliases")
    if value is None:
        return ()
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise RejectedInput(f"{where}: field 'law_aliases' must be a list of strings")
    if len(value) > MAX_ALIASES:
        raise RejectedInput(
            f"{where}: field 'law_aliases' has {len(value)} names; MAX_ALIASES is {MAX_ALIASES}"
        )
    return tuple(
        name.strip()
        for name in (_field({"law_aliases": v}, "law_aliases", where) for v in value)
        if name.strip()
    )

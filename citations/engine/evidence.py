"""Evidence: validation of the caller's list into :class:`~.passage.Passage` objects.

Position 1 in the list is citation ``[1]``. Legal citations resolve against the ``law`` and
``article`` fields (``article`` may be ``30``, ``"30"`` or ``"30(2)"``: the first number counts);
passages without both fields never resolve a legal citation. Empty strings count as absent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from . import limits
from .errors import RejectedInput
from .passage import Passage
from .terms import nfkc

_OPTIONAL_FIELDS = ("id", "title", "law", "article", "url")
_DIGITS_RE = re.compile(r"\d+")


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
            name: _field(item, name, where, allow_int=name in ("id", "article"))
            for name in _OPTIONAL_FIELDS
        }
        digits = _DIGITS_RE.search(nfkc(values["article"]))
        article = (digits.group(0).lstrip("0") or "0") if digits else ""
        passages.append(
            Passage(
                position=position,
                text=text,
                title=values["title"],
                law=values["law"].strip(),
                article=article,
            )
        )
    return passages

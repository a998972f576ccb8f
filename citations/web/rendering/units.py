"""How a legal citation's unit and, when it resolves to nothing, its level of failure read on
a chip and in the evidence panel: "GDPR · Art. 5(1)(a)", "paragraph not in evidence".

The engine gives both in the report (`unit`, `failure`); a numeric citation, or one from a
report of engine 2.0 or older, has neither and reads as nothing here.
"""

from citations.domain.statuses import CitationStatus
from citations.engine import CitationDict
from citations.engine.citations.legalforms import article_noun

# The noun the citation itself uses ("Article", "§", "section"), short, for one unit and more.
_NOUNS = {"Article": ("Art.", "Arts."), "§": ("§", "§§"), "section": ("§", "§§")}
_SEVERAL = (",", "-", "ff.")  # "13, 14", "12-14", "305 ff.": the engine's article of a range


def unit_label(citation: CitationDict) -> str:
    """The unit a legal citation names, as a lawyer abbreviates it; "" for a numeric one."""
    unit = citation.get("unit")
    if not unit or not unit.get("article"):
        return ""
    article = unit["article"]
    one, several = _NOUNS[article_noun(citation.get("raw", ""))]
    noun = several if any(mark in article for mark in _SEVERAL) else one
    label = f"{noun} {article}"
    if unit.get("paragraph"):
        label += f"({unit['paragraph']})"
        if unit.get("point"):
            label += f"({unit['point']})"
    elif unit.get("point"):
        label += f" point {unit['point']}"  # "(f)" alone would read as a paragraph
    return f"{unit['law']} · {label}" if unit.get("law") else label


def failure_tag(citation: CitationDict) -> str:
    """The level an unresolved legal citation fails at, in words; "" when it resolves."""
    failure = citation.get("failure")
    return f"{failure} not in evidence" if failure else ""


def chip_title(status: CitationStatus, citation: CitationDict) -> str:
    """What a chip says of itself: its unit, then its verdict, the level of failure included."""
    tag = failure_tag(citation)
    about = f"{status.label.lower()}, {tag}" if tag else status.description
    label = unit_label(citation)
    return f"{label} \u2014 {about}" if label else about

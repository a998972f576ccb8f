"""How a legal citation's unit and, when it resolves to nothing, its level of failure read on
a chip and in the evidence panel: "GDPR · Art. 5(1)(a)", "paragraph not in evidence".

The engine gives both in the report (`unit`, `failure`); a numeric citation, or one from a
report of engine 2.0 or older, has neither and reads as nothing here.
"""

import re

from citations.domain.statuses import CitationStatus
from citations.engine import CitationDict
from citations.engine.citations.legalforms import article_noun
from citations.web.rendering.disguise import NOTE, disguised

# The noun right before the unit's number, as the citation writes it: "Article 12", "Art. 5",
# "§ 823", "§§ 305", "section 2", "Sec. 4". Read after the law's name is taken out, so a law
# called "Social Security Law" does not make "Article 12" a section ("sec" in "Security").
_NOUN = re.compile(r"(?i)(§§?|\b(?:articles?|arts?\.?|sections?|secs?\.?))\s*(?=[0-9])")
_PLURAL = {"§": "§§", "article": "articles", "art.": "arts.", "art": "arts", "section": "sections"}
_PLURAL |= {"sec.": "secs.", "sec": "secs"}
_UNWRITTEN = {"Article": "Article", "§": "§", "section": "§"}
_SEVERAL = (",", "-", "ff.")  # "13, 14", "12-14", "305 ff.": the engine's article of a range


def unit_noun(raw: str, law: str = "", several: bool = False) -> str:
    """The word the citation names its unit with, as written ("Article", "Art.", "§"), made
    plural for a range; "Article" when it writes none."""
    if law:
        raw = re.sub(re.escape(law), " ", raw, flags=re.IGNORECASE)
    found = _NOUN.search(raw)
    # No noun written ("42 USC 1983"): the engine's reading of the rest, a US code's being "§".
    noun = found[1] if found else _UNWRITTEN[article_noun(raw)]
    if several and (plural := _PLURAL.get(noun.casefold())):
        # Keep the citation's capital: "Articles", "Arts.", "sections".
        noun = plural if noun[0].islower() or not plural[0].isalpha() else plural.capitalize()
    return noun


def unit_label(citation: CitationDict) -> str:
    """The unit a legal citation names, in the citation's own word; "" for a numeric one."""
    unit = citation.get("unit")
    if not unit or not unit.get("article"):
        return ""
    article = unit["article"]
    several = any(mark in article for mark in _SEVERAL)
    noun = unit_noun(citation.get("raw", ""), unit.get("law", ""), several)
    label = f"{noun} {article}"
    if unit.get("paragraph"):
        label += f"({unit['paragraph']})"
        if unit.get("point"):
            label += f"({unit['point']})"
    elif unit.get("point"):
        label += f" point {unit['point']}"  # "(f)" alone would read as a paragraph
    return f"{unit['law']} · {label}" if unit.get("law") else label


def passage_source(law: str, article: str, title: str) -> str:
    """ "Law, Article n" under a passage whose title does not name its unit already: a title
    "BGB, § 823 Abs. 1" says it in the law's own word, and "BGB, Article 823" beside it would
    name the same unit twice, in two words."""
    if not law:
        return ""
    folded = title.casefold()
    number = re.sub(r"^\s*(?:§+|art(?:icle)?\.?)\s*", "", article, flags=re.IGNORECASE)
    if law.casefold() in folded and (
        not number or re.search(rf"(?<![\w.]){re.escape(number.casefold())}(?!\w)", folded)
    ):
        return ""
    if not article:
        return law
    noun = "" if number != article else "Article "  # "§ 823" names its own noun
    return f"{law}, {noun}{article}"


def failure_tag(citation: CitationDict) -> str:
    """The level an unresolved legal citation fails at, in words; "" when it resolves."""
    failure = citation.get("failure")
    return f"{failure} not in evidence" if failure else ""


def chip_title(status: CitationStatus, citation: CitationDict) -> str:
    """What a chip says of itself: its unit, then its verdict, the level of failure included."""
    tag = failure_tag(citation)
    about = f"{status.label.lower()}, {tag}" if tag else status.description
    if disguised(citation.get("raw", "")):
        about = f"{about}; {NOTE}"
    label = unit_label(citation)
    return f"{label} \u2014 {about}" if label else about

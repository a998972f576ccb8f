"""Law labels: folding for comparison, common abbreviations, and the law-name patterns.

Two labels name the same law when they fold to the same key (case, spacing and punctuation
ignored, any script), when one is an alias of the other in the evidence (``law_aliases``), when
both are in one group of :data:`KNOWN_LAWS`, or when one is the initials of a name of at least
three capitalised words ("GDPR" and "General Data Protection Regulation").
"""

from __future__ import annotations

import re

from ..text.terms import nfkc

_LABEL_DROP_RE = re.compile(r"[\W_]+")

# Each line: one law under its common names (abbreviations and translations), " | " between.
_KNOWN_LAWS_TEXT = """
GDPR | General Data Protection Regulation | Regulation (EU) 2016/679 | DSGVO | RGPD | AVG
TFEU | Treaty on the Functioning of the European Union | AEUV | TFUE
TEU | Treaty on European Union | EUV | TUE
ECHR | European Convention on Human Rights | EMRK | CEDH
Charter of Fundamental Rights of the European Union | EU Charter | GRCh
BGB | Bürgerliches Gesetzbuch | Bürgerlichen Gesetzbuchs | German Civil Code
GG | Grundgesetz | Grundgesetzes | German Basic Law | Basic Law
StGB | Strafgesetzbuch | German Criminal Code
HGB | Handelsgesetzbuch | German Commercial Code
ZPO | Zivilprozessordnung | German Code of Civil Procedure
BDSG | Bundesdatenschutzgesetz | Federal Data Protection Act
Code du travail | C. trav. | French Labour Code
Code civil | C. civ. | French Civil Code
Code pénal | C. pén. | French Criminal Code
"""
KNOWN_LAWS: tuple[tuple[str, ...], ...] = tuple(
    tuple(name.strip() for name in line.split("|"))
    for line in _KNOWN_LAWS_TEXT.strip().splitlines()
)
_US_TITLE_RE = re.compile(
    r"(?i)title\s+(\d{1,3}),?\s+(?:of\s+the\s+)?(?:United\s+States\s+Code|U\.?\s?S\.?\s?C\.?)"
    r"|(\d{1,3})\s*U\.?\s?S\.?\s?C\.?(?:\s?A\.?)?$"
)
_CFR_RE = re.compile(r"(?i)(\d{1,3})\s*C\.?\s?F\.?\s?R\.?$")


def label_key(label: str) -> str:
    """A law label folded for comparison; the U.S. Code and the CFR by title ("42usc")."""
    label = nfkc(label).strip()
    m = _US_TITLE_RE.fullmatch(label)
    if m:
        return f"{m.group(1) or m.group(2)}usc"
    m = _CFR_RE.fullmatch(label)
    if m:
        return f"{m.group(1)}cfr"
    return _LABEL_DROP_RE.sub("", label.casefold())


def initials_key(label: str) -> str:
    """ "gdpr" for "General Data Protection Regulation"; "" for fewer than 3 capitalised words."""
    words = [w for w in re.findall(r"\w+", nfkc(label)) if w[0].isupper()]
    return "".join(w[0] for w in words).casefold() if len(words) >= 3 else ""


KNOWN_KEYS: dict[str, int] = {
    label_key(name): group for group, names in enumerate(KNOWN_LAWS) for name in names
}


def _words(names: list[str]) -> str:
    return "|".join(
        r"\s*".join(re.escape(part) for part in name.split())
        for name in sorted(names, key=len, reverse=True)
    )


# A law named for certain: a known name, an EU act by number, an acronym ("GDPR", "StGB",
# "EStG"), a capitalised name ending in a law word ("Labour Law", "Data Protection Act 2018"),
# a German law compound ("Bürgerliches Gesetzbuch") or a French code ("Code du travail").
_LAW_WORDS = (
    r"Act|Code|Law|Regulation|Directive|Treaty|Convention|Charter|Constitution|Statute"
    r"|Ordinance|Decree|Rules"
)
_CAP = r"[A-ZÄÖÜÉ][\w'\u2019\-]*"
STRONG_LAW = (
    rf"(?:{_words([n for names in KNOWN_LAWS for n in names if not n.isupper()])})(?!\w)"
    r"|(?:Regulation|Directive|Decision)\s+\((?:EU|EC|EEC)\)\s+(?:No\.?\s+)?\d{2,4}/\d{1,4}"
    r"|Directive\s+\d{2,4}/\d{1,4}/(?:EU|EC|EEC)"
    rf"|(?:{_CAP}\s+(?:(?:of|on|for|and|the)\s+)?){{0,5}}(?:{_LAW_WORDS})(?:\s+(?:of\s+)?\d{{4}})?(?!\w)"
    r"|(?:[A-ZÄÖÜ]\w*\s+)?(?:[A-ZÄÖÜ]\w*(?:gesetz|gesetzbuch|ordnung)|Gesetzbuch)(?:e?s)?(?!\w)"
    r"|[Cc]ode\s+(?:civil|p[ée]nal|(?:du|de\s+la|de\s+l['\u2019]|des|de)\s*[\w\-]+"
    r"(?:\s+(?:sociale|intellectuelle|publique|civile|p[ée]nale|administrative|mon[ée]taire"
    r"|financier|rural|maritime|des\s+imp[ôo]ts))?)"
    r"|[A-ZÄÖÜ][A-Za-zÄÖÜäöü]{0,6}[A-ZÄÖÜ][A-Za-z]{0,3}(?!\w)"
)
"""A regex (no flags, no groups) of the law designations that make an inline mention a
citation."""

"""Evidence quoted verbatim from real provisions (EUR-Lex, gesetze-im-internet.de, Légifrance,
the U.S. Code and the eCFR), one passage per unit as a retrieval system would cut them."""

GDPR = ["General Data Protection Regulation", "Regulation (EU) 2016/679"]


def unit(text, law, article, paragraph="", point="", aliases=()):
    item = {"text": text, "law": law, "article": article, "paragraph": paragraph, "point": point}
    if aliases:
        item["law_aliases"] = list(aliases)
    return item


GDPR_5_1_A = unit(
    "Personal data shall be: (a) processed lawfully, fairly and in a transparent manner in "
    "relation to the data subject ('lawfulness, fairness and transparency');",
    "GDPR", "5", "1", "a", GDPR,
)  # fmt: skip
GDPR_5_2 = unit(
    "The controller shall be responsible for, and be able to demonstrate compliance with, "
    "paragraph 1 ('accountability').",
    "GDPR", "5", "2",
)  # fmt: skip
GDPR_6_1_F = unit(
    "Processing shall be lawful only if and to the extent that at least one of the following "
    "applies: (f) processing is necessary for the purposes of the legitimate interests pursued "
    "by the controller or by a third party, except where such interests are overridden by the "
    "interests or fundamental rights and freedoms of the data subject which require protection "
    "of personal data, in particular where the data subject is a child.",
    "GDPR", "6(1)(f)",
)  # fmt: skip
GDPR_12 = unit(
    "The controller shall take appropriate measures to provide any information referred to in "
    "Articles 13 and 14 in a concise, transparent, intelligible and easily accessible form, "
    "using clear and plain language, in particular for any information addressed specifically "
    "to a child.",
    "GDPR", "12", "1",
)  # fmt: skip
GDPR_13 = unit(
    "Where personal data relating to a data subject are collected from the data subject, the "
    "controller shall, at the time when personal data are obtained, provide the data subject "
    "with all of the following information:",
    "GDPR", "13",
)  # fmt: skip
GDPR_14 = unit(
    "Where personal data have not been obtained from the data subject, the controller shall "
    "provide the data subject with the following information:",
    "General Data Protection Regulation", "Art. 14",
)  # fmt: skip
GDPR_17 = unit(
    "The data subject shall have the right to obtain from the controller the erasure of "
    "personal data concerning him or her without undue delay and the controller shall have the "
    "obligation to erase personal data without undue delay where one of the following grounds "
    "applies:",
    "GDPR", "17", "1",
)  # fmt: skip
TFEU_267 = unit(
    "The Court of Justice of the European Union shall have jurisdiction to give preliminary "
    "rulings concerning: (a) the interpretation of the Treaties; (b) the validity and "
    "interpretation of acts of the institutions, bodies, offices or agencies of the Union;",
    "Treaty on the Functioning of the European Union", "267",
)  # fmt: skip
BGB_823_1 = unit(
    "Wer vorsätzlich oder fahrlässig das Leben, den Körper, die Gesundheit, die Freiheit, das "
    "Eigentum oder ein sonstiges Recht eines anderen widerrechtlich verletzt, ist dem anderen "
    "zum Ersatz des daraus entstehenden Schadens verpflichtet.",
    "BGB", "§ 823", "Abs. 1",
)  # fmt: skip
BGB_305 = unit(
    "Allgemeine Geschäftsbedingungen sind alle für eine Vielzahl von Verträgen vorformulierten "
    "Vertragsbedingungen, die eine Vertragspartei (Verwender) der anderen Vertragspartei bei "
    "Abschluss eines Vertrags stellt.",
    "Bürgerliches Gesetzbuch", "305", "1",
)  # fmt: skip
BGB_306 = unit(
    "Sind Allgemeine Geschäftsbedingungen ganz oder teilweise nicht Vertragsbestandteil "
    "geworden oder unwirksam, so bleibt der Vertrag im Übrigen wirksam.",
    "BGB", "306", "1",
)  # fmt: skip
GG_3_2 = unit(
    "Männer und Frauen sind gleichberechtigt. Der Staat fördert die tatsächliche Durchsetzung "
    "der Gleichberechtigung von Frauen und Männern und wirkt auf die Beseitigung bestehender "
    "Nachteile hin.",
    "GG", "3", "2",
)  # fmt: skip
CT_L1234_1 = unit(
    "Lorsque le licenciement n'est pas motivé par une faute grave, le salarié a droit : 3° "
    "S'il justifie chez le même employeur d'une ancienneté de services continus d'au moins deux "
    "ans, à un préavis de deux mois.",
    "Code du travail", "L. 1234-1",
)  # fmt: skip
CC_1240 = unit(
    "Tout fait quelconque de l'homme, qui cause à autrui un dommage, oblige celui par la faute "
    "duquel il est arrivé à le réparer.",
    "Code civil", "1240",
)  # fmt: skip
USC_42_1983 = unit(
    "Every person who, under color of any statute, ordinance, regulation, custom, or usage, of "
    "any State or Territory or the District of Columbia, subjects, or causes to be subjected, "
    "any citizen of the United States or other person within the jurisdiction thereof to the "
    "deprivation of any rights, privileges, or immunities secured by the Constitution and laws, "
    "shall be liable to the party injured in an action at law, suit in equity, or other proper "
    "proceeding for redress.",
    "42 U.S.C.", "1983",
)  # fmt: skip
CFR_29_1910_1200 = unit(
    "The purpose of this section is to ensure that the hazards of all chemicals produced or "
    "imported are classified, and that information concerning the classified hazards is "
    "transmitted to employers and employees.",
    "29 CFR", "1910.1200", "a", "1",
)  # fmt: skip

STATUTES = [
    GDPR_5_1_A, GDPR_5_2, GDPR_6_1_F, GDPR_12, GDPR_13, GDPR_14, GDPR_17, TFEU_267, BGB_823_1,
    BGB_305, BGB_306, GG_3_2, CT_L1234_1, CC_1240, USC_42_1983, CFR_29_1910_1200,
]  # fmt: skip
"""Positions: [1] GDPR 5(1)(a) ... [16] 29 CFR 1910.1200(a)(1)."""

"""Word lists of the perturbation benchmark (``benchmarks/perturb.py``).

Written for the benchmark and kept apart from the engine's lexicon on purpose: a benchmark that
built its antonyms or negations from the engine's own lists would only measure the engine
against itself.
"""

from __future__ import annotations


def _words(text: str) -> list[str]:
    """The words of a text block: long lists read better as text than as list literals."""
    return text.split()


# Opposites, one pair a line-group; both directions are used. A word in two pairs maps to the
# partner of the first pair that names it (so "old" -> "new", never "young").
_ANTONYMS_TEXT = """
increase decrease  increases decreases  increased decreased  increasing decreasing
rise fall  rises falls  rose fell  rising falling  grow shrink  growth decline
gain lose  gained lost  win lose  wins loses  won lost  winner loser  victory defeat
first last  earliest latest  early late  earlier later  before after  previous next
former latter  past future  ancient modern  old new  oldest newest  young old
more less  most least  higher lower  highest lowest  high low  larger smaller
largest smallest  large small  big little  bigger smaller  biggest smallest
greater lesser  greatest least  longer shorter  longest shortest  long short
better worse  best worst  good bad  positive negative  same different
major minor  majority minority  maximum minimum  above below  over under
top bottom  upper lower  inside outside  internal external  public private
domestic foreign  local global  legal illegal  possible impossible  common rare
present absent  alive dead  birth death  married divorced
accept reject  accepted rejected  agree disagree  agreed disagreed  support oppose
supported opposed  approve reject  approved rejected  allowed prohibited  allow forbid
include exclude  includes excludes  included excluded  including excluding
with without  always never  everything nothing  everyone nobody
north south  northern southern  east west  eastern western
male female  men women  man woman  boy girl  husband wife  father mother
son daughter  brother sister  king queen  day night  summer winter
light dark  black white  full empty  true false  correct incorrect  right wrong
wide narrow  heavy light  fast slow  faster slower  fastest slowest  hot cold
warm cool  wet dry  strong weak  stronger weaker  strongest weakest  rich poor
easy difficult  easier harder  simple complex  cheap expensive  cheaper costlier
safe dangerous  success failure  succeed fail  succeeded failed  profit loss
import export  imports exports  buy sell  bought sold  push pull  give take
send receive  sent received  add remove  added removed  raise lower  raised lowered
expand contract  expanded contracted  strengthen weaken  improve worsen
improved worsened  attack defend  primary secondary  acute chronic  benign malignant
input output  entrance exit  arrive depart  arrival departure  open closed
opened closed  start finish  started finished  begin end  began ended
beginning end  active inactive  direct indirect  directly indirectly
visible invisible  physical mental  natural artificial  soft hard  thick thin
deep shallow  tall short  asleep awake  up down  upward downward  increasingly decreasingly
above-average below-average  minimal maximal  lowest highest  underestimate overestimate
inferior superior  junior senior  beginner expert  poverty wealth  peace war
ally enemy  allies enemies  friend enemy  love hate  loved hated  lend borrow
lent borrowed  teach learn  question answer  import export  sunrise sunset
"""


def _pairs(text: str) -> dict[str, str]:
    words = text.split()
    table: dict[str, str] = {}
    for a, b in zip(words[::2], words[1::2], strict=True):
        table.setdefault(a, b)
        table.setdefault(b, a)
    return table


ANTONYMS = _pairs(_ANTONYMS_TEXT)

AUXILIARIES = frozenset(
    _words("is are was were has have had can will would should may must does did could might shall")
)
# After has/have/had, these words make it an auxiliary ("has been", "had won"); otherwise
# "has" is the main verb and its negation is "does not have".
PARTICIPLES = frozenset(
    _words(
        "been won lost made taken given become begun done gone seen written sung held led left "
        "met run grown built come known found brought bought caught chosen drawn driven fallen "
        "felt fought flown got gotten kept meant paid risen said sent sold spent spoken stood "
        "struck taught thought thrown worn broken born borne sought eaten had always never also "
        "already just since recently previously"
    )
)
# Irregular past tenses and their lemmas, for "X won Y" -> "X did not win Y".
IRREGULAR_PAST = dict(
    pair.split(":")
    for pair in _words(
        """
won:win wrote:write became:become began:begin made:make took:take sang:sing gave:give led:lead
held:hold met:meet ran:run saw:see told:tell went:go grew:grow built:build came:come
knew:know found:find brought:bring bought:buy caught:catch chose:choose drew:draw drove:drive
fell:fall felt:feel fought:fight flew:fly forgot:forget got:get kept:keep meant:mean paid:pay
rose:rise said:say sent:send sold:sell spent:spend spoke:speak stood:stand struck:strike
taught:teach thought:think threw:throw understood:understand wore:wear broke:break
sought:seek ate:eat lost:lose left:leave
"""
    )
)
# Present-tense verbs common in claims: "Milira sings" -> "Milira does not sing".
PRESENT_VERBS = frozenset(
    _words(
        "sing play include contain refer mean require allow provide use cause occur consist "
        "involve depend help make take give show state suggest indicate describe report explain "
        "represent belong serve remain lead produce affect reduce increase support offer cover "
        "follow create become seem appear exist live work run hold own operate feature star "
        "depict perform record release publish host house lie sit flow border span measure "
        "weigh cost last earn receive protect prevent improve cause hit"
    )
)
# The -ed words that are no past tense of a verb (adjectives, nouns), never negated as one.
NOT_PAST = frozenset(
    _words(
        "need feed seed speed breed proceed exceed succeed indeed red bed shed wed bred fled sled "
        "hundred kindred sacred naked wicked rugged ragged beloved based related called named "
        "so-called advanced limited united skilled detailed varied aged ped med ted fred"
    )
)
# Lemma of a regular past: the stem takes back its "e" when it ends in one of these
# ("lived", "produced", "changed", "created")...
E_ALWAYS = ("v", "c", "z", "u", "ng", "rg", "at")
# ...or in one of these after a consonant ("voted", "required", "decided"; not "avoided")...
E_AFTER_CONSONANT = _words("ut ot et um ur ir ud id ad am in ar ak ik ok uk ul il ol al ib ub")
# ...but not these words, whose stems end so and take no "e".
NO_E = frozenset(
    _words(
        "treat heat defeat float boat coat repeat seat eat wait visit edit limit exhibit credit "
        "inherit recruit target market budget benefit focus bias pour tour sour avoid rid bid "
        "flood attack concur occur incur prefer refer confer transfer differ offer belong long "
        "bang hang interpret ticket pocket bracket"
    )
)
# Past forms whose final consonant was doubled ("stopped" -> "stop"), but not "add", "ebb".
DOUBLED = frozenset("bdgmnprt")
KEEP_DOUBLE = frozenset(_words("add ebb err odd egg purr"))

# Stronger quantifiers and modals for the "strength" kind.
STRONGER = {
    "may": "must",
    "might": "must",
    "can": "must",
    "could": "must",
    "some": "all",
    "several": "all",
    "many": "all",
    "often": "always",
    "usually": "always",
    "sometimes": "always",
    "frequently": "always",
    "generally": "always",
    "typically": "always",
    "commonly": "always",
    "occasionally": "always",
    "normally": "always",
    "mostly": "entirely",
    "largely": "entirely",
    "partly": "entirely",
    "likely": "certain",
    "probably": "certainly",
    "possibly": "certainly",
    "potentially": "certainly",
}
COPULAS = frozenset(_words("is are was were"))
DETERMINERS = frozenset(_words("the a an its their his her our this that these those"))
# Words after which a noun comes (for "roles" when a claim names fewer than two names).
ARTICLES = frozenset(("the", "a", "an", "its", "their", "his", "her", "our"))
CALENDAR = frozenset(
    _words(
        "January February March April May June July August September October November "
        "December Monday Tuesday Wednesday Thursday Friday Saturday Sunday"
    )
)
# Capitalised words that start a sentence without being a name.
NOT_NAMES = frozenset(
    _words(
        "The A An In On At It Its This That These Those There They He She We I You His Her Their "
        "Our According However Although While When If As For From By To Of And But Or So Yes No "
        "After Before During Since Some Many Most All Both Each Every One Another Other Such "
        "Also Additionally Furthermore Moreover Overall Generally Typically Based Unlike Like "
        "With Without Because Therefore Thus Here Then Today Currently Recently"
    )
)

# Plausible names that no passage of the dev data is likely to hold; each candidate is checked
# against the claim and its evidence before use.
PLACES = tuple(
    _words(
        "Tallinn Ljubljana Windhoek Cuenca Bratislava Kaunas Bergen Dunedin Zaragoza Asmara "
        "Tartu Podgorica Nouakchott Timbuktu Gdansk Valparaiso Hobart Thimphu Lusaka Bukhara"
    )
)
PEOPLE = (
    "Harriet Okonkwo",
    "Lars Wennberg",
    "Mirela Dragomir",
    "Tobias Ferreira",
    "Anneliese Kowalczyk",
    "Dario Montalbano",
    "Keziah Ambrose",
    "Ingvar Solheim",
    "Priyanka Venkataraman",
    "Cormac Delahunt",
    "Yusuf Karaman",
    "Marisol Etxeberria",
    "Bartholomew Quince",
    "Sunniva Aaberg",
    "Oluwaseun Adeyemi",
    "Fenella Crowhurst",
)
DEMONYMS = tuple(
    _words("Estonian Slovenian Namibian Mongolian Bhutanese Malagasy Kyrgyz Faroese Basque Tongan")
)
DEMONYM_ENDINGS = ("ish", "ese", "ian", "ean", "ic")
KNOWN_DEMONYMS = frozenset(_words("Czech Thai Dutch French Greek Swiss Welsh Irish Scots Inuit"))
SURNAMES = tuple(name.split()[1] for name in PEOPLE)
ORGANISATIONS = (
    "Halvorsen Institute",
    "Brightwater Records",
    "Northgate University",
    "Corvane Industries",
    "Ashby Foundation",
    "Meridian Trust",
    "Pellinor Group",
    "Kestrel Society",
    "Vantor Holdings",
    "Oakhurst College",
)
ORGANISATION_WORDS = frozenset(
    _words(
        "University Inc Inc. Company Corporation Corp Corp. Association Institute Party Bank "
        "Records Church College Council Agency Department Foundation Society Club Group Ltd FC "
        "Team Studios Press Museum School Hospital Ministry Commission Committee Union"
    )
)
PLACE_WORDS = frozenset(
    _words(
        "County City River Island Islands Mountains Lake Province State Republic Kingdom Valley "
        "Bay Sea Ocean Desert Peninsula Coast Street Park"
    )
)
KNOWN_PLACES = frozenset(
    _words(
        "America Africa Asia Europe Australia Canada Mexico Brazil Argentina Chile Peru China "
        "Japan India Pakistan Russia Ukraine Poland Germany France Spain Portugal Italy Greece "
        "Turkey "
        "Egypt Nigeria Kenya Ghana England Scotland Wales Ireland Britain London Paris Berlin Rome "
        "Madrid Tokyo Beijing Moscow Chicago Boston Texas California Florida Virginia Ohio Georgia "
        "Washington York Sweden Norway Denmark Finland Iceland Israel Iran Iraq Korea Vietnam "
        "Thailand Indonesia Philippines Cuba Jamaica Hawaii Alaska Colorado Oregon Nevada Utah "
        "Arizona Michigan Illinois Pennsylvania Tennessee Kentucky Alabama Louisiana Toronto "
        "Sydney Melbourne Dublin Amsterdam Vienna Prague Budapest Lisbon Athens Cairo Delhi "
        "Mumbai Shanghai Hollywood Manhattan Brooklyn Atlanta Seattle Detroit Houston Dallas "
        "Miami Philadelphia"
    )
)
NUMBER_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "hundred": 100,
}

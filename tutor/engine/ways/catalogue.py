"""The ways of playing Vint with two, three and five players, as typed records (laws two-1 … five-2).

Every figure here is read from the seeds (RO = ``000_…txt``, the Romanian book; TH =
``002_…txt``, its Thai copy; EN = ``004_…txt``, the English two-player text). Where the
sources are silent the record names the tutor's reading in :attr:`Way.readings`.

Seating (one model for every two- and three-handed way): the four places are the
engine's seats. Two players with dummies: player A at S with his dummy opposite at N,
player B at W with his dummy at E (RO l.443: "placed as in a four-handed game, the dummy
cards laid against each player"). Two players without dummies: A at S and B at W hold
cards, N and E are the piles on their right (the tutor's reading: the seat letters are
internal; the two players sit opposite, RO l.463). Three players: the dummy at N.

>>> find_way(2, "buy-in").min_level, find_way(2, "buy-in").partie_target
(3, 600)
>>> [w.name for w in ways_for(3)]
['dummy', 'auction']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

from tutor.engine.errors import TutorError

Exchange = Literal["none", "pile", "one-card"]
Exposure = Literal["after-opening-lead", "dealer-at-deal", "after-first-trick", "at-deal", "never"]
Leader = Literal["declarer", "lho", "non-declarer"]
Bidding = Literal["alternate", "single", "partners-then-dummy-player", "all-three", "four-handed"]


@dataclass(frozen=True)
class Way:
    """One way of playing: who holds what, what the auction allows, who leads, what ends a partie."""

    name: str
    players: int
    law: str
    title: str
    sources: tuple[str, ...]
    dummies: int
    bidding: Bidding
    exposure: Exposure
    first_lead: Leader
    hand_size: int = 13
    buy_in: int = 0
    exchange: Exchange = "none"
    min_level: int = 1
    partie_target: int = 500
    readings: tuple[str, ...] = ()
    #: the two dummies are traded (RO l.487): the declarer plays with the dealer's dummy he bid on
    traded: bool = False
    #: the switchable options (:data:`WAY_OPTIONS`) chosen, by name; the book's reading where absent
    options: tuple[tuple[str, str], ...] = ()

    def option(self, name: str) -> str:
        """The chosen option of ``name`` (one of :data:`WAY_OPTIONS`), the book's reading by default."""
        return dict(self.options).get(name, WAY_OPTIONS[name].default)

    def with_options(self, chosen: Mapping[str, str]) -> Way:
        """This way with the options ``chosen`` (``{"dummy-transfer": "transfer"}``), each checked."""
        picked = dict(self.options)
        for name, value in chosen.items():
            option = WAY_OPTIONS.get(str(name))
            if option is None or self.name not in option.ways:
                mine = [o for o, w in WAY_OPTIONS.items() if self.name in w.ways]
                raise TutorError(f"way option {name!r}: the {self.name} way has "
                                 f"{', '.join(mine) if mine else 'no options'}")
            if value not in option.choices:
                raise TutorError(f"way option {name}={value!r}: one of {', '.join(option.choices)}")
            picked[str(name)] = str(value)
        return replace(self, options=tuple(sorted((k, v) for k, v in picked.items()
                                                  if v != WAY_OPTIONS[k].default)))

    @property
    def two_handed_play(self) -> bool:
        """Only two hands hold cards in play (tricks of two cards): the ways without dummies."""
        return self.players == 2 and self.dummies == 0  # noqa: PLR2004 - two players

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "way": self.name, "law": self.law, "title": self.title,
                "sources": list(self.sources), "dummies": self.dummies, "bidding": self.bidding,
                "exposure": self.exposure, "first_lead": self.first_lead, "hand_size": self.hand_size,
                "buy_in": self.buy_in, "exchange": self.exchange, "min_level": self.min_level,
                "partie_target": self.partie_target, "readings": list(self.readings),
                "traded": self.traded, "options": dict(self.options)}


@dataclass(frozen=True)
class WayOption:
    """A point where a way may be played two ways, each cited: ``default`` is the tutor's reading
    of the book, the other a switch (``--way-option NAME=CHOICE``, ``"options"`` in ``tutor score``)."""

    name: str
    ways: tuple[str, ...]
    default: str
    choices: Mapping[str, str]  # choice -> what it means, with its source


WAY_OPTIONS: dict[str, WayOption] = {o.name: o for o in (
    WayOption("announcement", ("dummies",), "auction", {
        "auction": "a proper auction, bidding in turn (RO l.447: 'or be the subject of a proper negotiation')",
        "single": "one announcement each: the dealer names his game or passes, the other player has the last "
                  "word, passing or naming a higher game (RO l.447, by prior agreement)"}),
    WayOption("dummy-transfer", ("dummy-auction", "buy-in"), "beside", {
        "beside": "the dummies are not moved: when the non-dealer declares, the dummy he bid on lies beside him "
                  "and the closed one beside the dealer (RO l.495, 004 l.24)",
        "transfer": "the dummies change places so that each lies opposite the player who plays it (RO l.495: "
                    "'it is also played with the transfer, but this is much more boring')"}),
    WayOption("buy-in-five", ("buy-in",), "ends-partie", {
        "ends-partie": "a made 'five' or slam ends the partie at once (scoring 6, RO l.391), as 'in all other "
                       "respects the rules and scoring are the usual' (RO l.515); 600 below ends it otherwise",
        "600-only": "only 600 below the line ends a partie (RO l.513: 'not 500 but 600'), so a made five's 550 "
                    "alone does not"}),
)}


ALTERNATE_END = ("the auction ends when, after the last bid, the other player passes; two passes before any "
                 "bid throw the deal in (an X, as in the four-handed game) — the tutor's reading, the way "
                 "names no ending")
PROPER_AUCTION = ("the book allows a single announcement each or a proper auction by prior agreement "
                  "(RO l.447); the table plays the proper auction unless the single announcement is chosen")
TRADED = ("the dummies are traded (RO l.487): the declarer plays with the dealer's dummy, the one bid on; "
          "the player who conceded takes the closed dummy (RO l.493, 004 l.23); the dummies are not moved, "
          "so when the non-dealer declares both lie beside the players (RO l.495, 004 l.24) and each side "
          "plays two cards running in a trick; the transfer is a switch")
OWN_HAND_LEAD = "'the first lead is always from the hand of the non-declarer' (RO l.493): from his own hand"

TWO_WAYS: tuple[Way, ...] = (
    Way("dummies", 2, "two-1", "two dummies, one opposite each player",
        ("000 l.441-455", "002 l.829-843", "004 l.3-8"),
        dummies=2, bidding="alternate", exposure="after-opening-lead", first_lead="declarer",
        readings=(PROPER_AUCTION, ALTERNATE_END,
                  "the declarer's blind first lead (RO l.449) is from his own hand; both dummies are turned up "
                  "as soon as it is made")),
    Way("exchange", 2, "two-2", "no dummies: keep your hand or exchange it for the pile on your right",
        ("000 l.457-483", "002 l.845-871", "004 l.9-14"),
        dummies=0, bidding="alternate", exposure="never", first_lead="declarer", exchange="pile",
        readings=(ALTERNATE_END,
                  "the way names no bidder or leader: the dealer bids first and the declarer leads, as in the "
                  "summaries' one-card way (004 l.19)",
                  "honours: the player holding more trump honours writes them (at no-trumps, aces) when he "
                  "holds three or more, or two against the other's one or none (RO l.473); the way speaks "
                  "of honours only, so aces are not added in a trump game",
                  "the dealer exchanges (or keeps) first, then the other player")),
    Way("one-card", 2, "two-5", "no dummies: buy from the pile on your right one card at a time",
        ("000 l.873-881", "004 l.15-19"),
        dummies=0, bidding="alternate", exposure="never", first_lead="declarer", exchange="one-card",
        readings=(ALTERNATE_END,
                  "the pile on the right is bought from its top in the order it was dealt",
                  "honours and coronets as in the exchange way (004 l.19: 'records kept in the usual way')",
                  "the dealer buys first, then the other player")),
    Way("dummy-auction", 2, "two-3", "two dummies bid for in turn; the non-declarer leads",
        ("000 l.485-495", "002 l.873-883", "004 l.20-24"),
        dummies=2, bidding="alternate", exposure="dealer-at-deal", first_lead="non-declarer", traded=True,
        readings=(ALTERNATE_END, OWN_HAND_LEAD, TRADED,
                  "the dealer's dummy is turned up at once; the other dummy, closed even to its owner "
                  "(004 l.22), is turned up when the contract is settled (RO l.493)")),
    Way("buy-in", 2, "two-4", "two dummies and a four-card buy-in; nothing below three; 600 ends a partie",
        ("000 l.497-515", "002 l.885-903", "004 l.25-29"),
        dummies=2, bidding="alternate", exposure="dealer-at-deal", first_lead="non-declarer",
        hand_size=12, buy_in=4, min_level=3, partie_target=600, traded=True,
        readings=(ALTERNATE_END, OWN_HAND_LEAD, TRADED,
                  "the hand that took the buy-in gives one card to each of the other three hands (the "
                  "arithmetic 4 x 12 + 4 = 52; the book's wording is garbled, RO l.507)",
                  "after giving the cards the buyer makes the final bid: he may keep his contract or raise it "
                  "(RO l.507: 'then the final designation is made'); the other player has no further say",
                  "a deal nobody bids is thrown in with an X, as in the four-handed game")),
)

THREE_WAYS: tuple[Way, ...] = (
    Way("dummy", 3, "three-1", "the dummy taken in turn; the two partners bid first",
        ("000 l.517-529", "002 l.905-917"),
        dummies=1, bidding="partners-then-dummy-player", exposure="after-first-trick", first_lead="lho",
        readings=("the first dummy goes to the player who draws the lowest card (RO l.519; the ace lowest, as "
                  "when drawing for seats, law 6; equal ranks by the auction's order of suits, spades lowest)",
                  "the player with the dummy sits at S with the dummy at N; the partners at W and E",
                  "the partner on the dummy-player's left speaks first; the partners' auction ends as the "
                  "four-handed one does, all of them passing twice after the last bid",
                  "'the first trick is played almost blind' (RO l.525): the dummy is turned up when the first "
                  "trick is quitted",
                  "the dummy passes to the next player at each new rubber (the sides of a rubber stay fixed)",
                  "the dummy's weak suit is the one with the fewest high-card points (A 4, K 3, Q 2, J 1), "
                  "then the fewest cards; its strong suit the one with the most")),
    Way("auction", 3, "three-2", "all three bid for the open dummy; separate records",
        ("000 l.531-539", "002 l.919-927"),
        dummies=1, bidding="all-three", exposure="at-deal", first_lead="lho",
        readings=("the auction ends when, after the last bid, the two others pass; three passes before any bid "
                  "throw the deal in with nothing written — the book names no ending",
                  "the winner moves to S opposite the dummy (N); the player who sat after him in turn takes "
                  "W, the other E — so the first leader, 'on the dummy's right', is the declarer's left",
                  "the declarer writes his side's entries; each of the other two writes the defenders' entries "
                  "in full (RO l.537: 'penalties are written by both partners separately')",
                  "no bonus is written for finishing: 'the one with the largest number wins' (RO l.539)")),
)

FIVE_WAYS: tuple[Way, ...] = (
    Way("sit-out", 5, "five-1", "four play, one sits out in turn; one running record",
        ("000 l.541-547", "002 l.929-933", "004 l.101"),
        dummies=0, bidding="four-handed", exposure="never", first_lead="lho",
        readings=("the player sitting out changes after each rubber (the record is renewed at each rubber, "
                  "RO l.547)",
                  "the first rubber's partners are drawn as in the four-handed game (law 3: the two lowest "
                  "cards together); afterwards the player coming in plays with the lowest card still playing")),
)

ALL_WAYS: tuple[Way, ...] = TWO_WAYS + THREE_WAYS + FIVE_WAYS
PLAYER_COUNTS = (2, 3, 5)


def ways_for(players: int) -> tuple[Way, ...]:
    """The ways the sources give for ``players`` (2, 3 or 5)."""
    found = tuple(w for w in ALL_WAYS if w.players == players)
    if not found:
        raise TutorError(f"players: {players!r}; the sources give ways for 2, 3 and 5 players "
                         "(four is the ordinary game)")
    return found


def find_way(players: int, name: str | None = None, options: Mapping[str, str] | None = None) -> Way:
    """The way called ``name`` (the first the book gives when ``None``), with its ``options`` chosen."""
    ways = ways_for(players)
    if name is None:
        return ways[0].with_options(options or {})
    for way in ways:
        if way.name == name:
            return way.with_options(options or {})
    raise TutorError(f"way: {name!r}; {players} players play one of {', '.join(w.name for w in ways)}")


#: the worked examples' entries, played at their way's table
_EXAMPLES = {"three-3": (3, "auction"), "five-2": (5, "sit-out")}


def table_for_law(law_id: str) -> Way | None:
    """The way whose table practises the law ``law_id`` (the study page's link), if any."""
    for way in ALL_WAYS:
        if way.law == law_id:
            return way
    example = _EXAMPLES.get(law_id)
    return find_way(*example) if example else None

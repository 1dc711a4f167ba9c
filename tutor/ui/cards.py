"""The one card-and-hand renderer of the app: cards, hands, tricks, auctions and the compass.

Everything here is built from engine values only (cards, seats, calls), as Streamlit
Markdown: suit symbols coloured with Streamlit's ``:red[…]`` directives (hearts and
diamonds red; with the four-colour deck, diamonds blue and clubs green), "10" rather
than "T", and a seat always set apart from its card ("S ♥7, W ♥4"). No raw HTML is ever
produced, and no learner or stored text passes through these functions: callers pass
parsed engine values, so a string that did not parse never reaches the page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import streamlit as st

from tutor.engine.calls import VINT_DENOMINATIONS, Bid, Call, Strain, parse_call
from tutor.engine.cards import PBN_SUITS, SEAT_NAMES, Card, Deal, Hand, Rank, Seat, Suit

FOUR_COLOUR_KEY = "cards_four_colour"  # the sidebar toggle in app.py

#: The columns of a bidding table, as players draw it (West first, the dealer's seat varies).
TABLE_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.W, Seat.N, Seat.E, Seat.S)

_TWO_COLOURS = {Suit.HEARTS: "red", Suit.DIAMONDS: "red"}
_FOUR_COLOURS = {Suit.HEARTS: "red", Suit.DIAMONDS: "blue", Suit.CLUBS: "green"}


def four_colour() -> bool:
    """Whether the learner chose the four-colour deck (a setting in the sidebar)."""
    return bool(st.session_state.get(FOUR_COLOUR_KEY, False))


def suit_md(suit: Suit) -> str:
    """The suit's symbol, coloured as the learner's deck colours it."""
    colour = (_FOUR_COLOURS if four_colour() else _TWO_COLOURS).get(suit)
    return f":{colour}[{suit.symbol}]" if colour else suit.symbol


def rank_text(rank: Rank) -> str:
    """A rank as learners read it: "10", never "T"."""
    return "10" if rank is Rank.TEN else rank.char


def card_md(card: Card) -> str:
    """``♥10`` with the symbol coloured."""
    return f"{suit_md(card.suit)}{rank_text(card.rank)}"


def card_text(card: Card) -> str:
    """``♥10`` as plain text (for select boxes, which show no colour)."""
    return f"{card.suit.symbol}{rank_text(card.rank)}"


def holding_md(hand: Hand, suit: Suit) -> str:
    """One suit of a hand: ``♥ A K 10 4``, or ``♥ —`` when void."""
    ranks = " ".join(rank_text(c.rank) for c in hand.suit_cards(suit))
    return f"{suit_md(suit)} {ranks or '—'}"


def hand_md(hand: Hand) -> str:
    """A hand as four Markdown lines, spades first."""
    return "  \n".join(holding_md(hand, s) for s in PBN_SUITS)


def seat_card_md(seat: Seat, card: Card) -> str:
    """A seat and its card, never run together: ``S ♥7``."""
    return f"{seat.value} {card_md(card)}"


def trick_md(plays: Iterable[tuple[Seat, Card]]) -> str:
    """A trick line: ``S ♥7, W ♥4, N ♥A, E ♥2``."""
    return ", ".join(seat_card_md(seat, card) for seat, card in plays)


def strain_md(strain: Strain) -> str:
    return "NT" if strain is Strain.NO_TRUMPS else suit_md(Suit(strain.value))


def call_md(call: Call) -> str:
    """``2♥`` (coloured) or ``pass``."""
    if isinstance(call, Bid):
        return f"{call.level}{strain_md(call.strain)}"
    return "pass"


def call_text(call: Call) -> str:
    """A call written the one way the app writes calls, as plain text: ``2♥``, ``1NT``, ``pass``."""
    return call.pretty


def call_label(text: str) -> str:
    """A call for a choice list (no colour there), written as everywhere else: ``2♥``, ``1NT``, ``pass``."""
    return call_text(parse_call(text))


def denomination_order_md() -> str:
    """Vint's order of denominations, lowest first (laws 5 and 35) — spades are the lowest."""
    names = " < ".join(f"{strain_md(s)} {s.english}" for s in VINT_DENOMINATIONS)
    return f"Vint's order, lowest first: {names}. Spades are the lowest suit (law 5)."


def auction_rows(dealer: Seat, calls: Sequence[Call], *, to_call: bool = False) -> list[list[str]]:
    """The calls laid out W-N-E-S, one row per round; the dealer's row starts in the dealer's column.

    ``to_call`` adds a "?" where the learner now calls.
    """
    cells = [call_md(c) for c in calls]
    if to_call:
        cells.append("**?**")
    start = TABLE_SEATS.index(dealer)
    padded = [""] * start + cells
    rows = [padded[i:i + 4] for i in range(0, len(padded), 4)] or [[]]
    rows[-1] += [""] * (4 - len(rows[-1]))
    return rows


def auction_table_md(dealer: Seat, calls: Sequence[Call], *, to_call: bool = False,
                     you: Seat | None = None) -> str:
    """A bidding table as Markdown: columns West, North, East, South; "(you)" under the learner's seat."""
    head = [SEAT_NAMES[s] + (" (you)" if s is you else "") for s in TABLE_SEATS]
    lines = ["| " + " | ".join(head) + " |", "|" + ":-:|" * 4]
    lines += ["| " + " | ".join(cell or " " for cell in row) + " |"
              for row in auction_rows(dealer, calls, to_call=to_call)]
    return "\n".join(lines)


def show_auction(dealer: Seat, calls: Sequence[Call], *, to_call: bool = False, you: Seat | None = None) -> None:
    st.markdown(auction_table_md(dealer, calls, to_call=to_call, you=you))


def compass_md(hands: dict[Seat, Hand], *, labels: dict[Seat, str] | None = None) -> str:
    """Four hands as a compass, North at the top, West and East either side, South below.

    A three-column Markdown table (one row per suit line), so it fits a 390 px phone
    without hiding East, and reads like the diagrams of a bridge or Vint book.
    """
    name = {s: SEAT_NAMES[s] + (f" — {labels[s]}" if labels and s in labels else "") for s in SEATS_ORDER}

    def lines(seat: Seat) -> list[str]:
        return [holding_md(hands[seat], s) for s in PBN_SUITS] if seat in hands else ["", "", "", ""]

    rows = [f"|   | **{name[Seat.N]}** |   |", "|:--|:-:|--:|"]
    rows += [f"|   | {line} |   |" for line in lines(Seat.N)]
    rows.append(f"| **{name[Seat.W]}** |   | **{name[Seat.E]}** |")
    rows += [f"| {w} |   | {e} |" for w, e in zip(lines(Seat.W), lines(Seat.E))]
    rows.append(f"|   | **{name[Seat.S]}** |   |")
    rows += [f"|   | {line} |   |" for line in lines(Seat.S)]
    return "\n".join(rows)


SEATS_ORDER: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)


def show_compass(deal: Deal | dict[Seat, Hand], *, labels: dict[Seat, str] | None = None) -> None:
    hands = {s: deal[s] for s in SEATS_ORDER} if isinstance(deal, Deal) else deal
    st.markdown(compass_md(hands, labels=labels))


SUIT_SYMBOLS = {s.value: s.symbol for s in PBN_SUITS}


def suit_of(letter: str) -> Suit:
    """``"H"`` -> hearts (for widgets whose options are suit letters)."""
    return Suit(letter)


# -- one click per card or call (every table size) ----------------------------------------------------


def hand_buttons(hand: Hand, legal: Iterable[Card], *, key: str, on_click: Callable[[str], None],
                 title: str = "") -> None:
    """A hand as cards to click, one row per suit; only the legal cards can be clicked.

    A click calls ``on_click`` with the card's engine text (``"HT"``) before the page is
    drawn again. Each row wraps on a narrow screen (a phone shows the whole hand).
    """
    playable = set(legal)
    if title:
        st.markdown(title)
    for suit in PBN_SUITS:
        cards = hand.suit_cards(suit)
        row = st.container(horizontal=True, gap="small", vertical_alignment="center", key=f"{key}_{suit.value}")
        row.markdown(f"{suit_md(suit)}" + ("" if cards else " —"))
        for card in cards:
            row.button(card_md(card), key=f"{key}_{card}", disabled=card not in playable,
                       on_click=on_click, args=(str(card),))


def call_buttons(legal: Sequence[Call], *, key: str, on_click: Callable[[str], None], shown_levels: int = 3) -> None:
    """The legal calls as buttons: pass first, then the bids level by level (Vint's order within a
    level, spades lowest); levels beyond the lowest ``shown_levels`` fold into an expander."""
    bids = [c for c in legal if isinstance(c, Bid)]
    if any(not isinstance(c, Bid) for c in legal):
        st.button("pass", key=f"{key}_P", on_click=on_click, args=("P",), type="primary")
    levels = sorted({b.level for b in bids})

    def row_of(level: int) -> None:
        row = st.container(horizontal=True, gap="small", key=f"{key}_level{level}")
        for bid in (b for b in bids if b.level == level):
            row.button(call_md(bid), key=f"{key}_{bid}", on_click=on_click, args=(str(bid),),
                       help=bid.spoken)

    for level in levels[:shown_levels]:
        row_of(level)
    if len(levels) > shown_levels:  # below the levels shown, as a learner reads upward (it stood above them)
        with st.expander("Higher bids", expanded=False):
            for level in levels[shown_levels:]:
                row_of(level)


def trick_compass_md(plays: Mapping[Seat, Card], *, labels: Mapping[Seat, str] | None = None,
                     seats: Sequence[Seat] = SEATS_ORDER) -> str:
    """The current trick in the middle of the table: North above, West and East beside, South below;
    ``·`` where a seat has not played yet. ``labels`` adds "(you)" and the like after a seat's name."""
    def cell(seat: Seat) -> str:
        if seat not in seats:
            return " "
        name = SEAT_NAMES[seat] + (f" {labels[seat]}" if labels and seat in labels else "")
        return f"{name}: {card_md(plays[seat]) if seat in plays else '·'}"

    return "\n".join([f"|   | {cell(Seat.N)} |   |", "|:-:|:-:|:-:|",
                      f"| {cell(Seat.W)} | 🂠 | {cell(Seat.E)} |",
                      f"|   | {cell(Seat.S)} |   |"])

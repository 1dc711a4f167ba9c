"""Rubber score pad: keep the score of a rubber played at a real table, deal by deal.

The players enter what they know after a deal — the contract, the tricks, who held more
honours and aces, the coronets shown — never the 52 cards; the book's scoring does the rest
(:mod:`tutor.lessons.scoring.pad`).
"""

from __future__ import annotations

import streamlit as st

from tutor.engine.calls import LEVEL_NAMES, VINT_DENOMINATIONS, Bid, Contract, Strain
from tutor.engine.cards import PBN_SUITS, SEATS, Side
from tutor.engine.errors import TutorError
from tutor.engine.sheet import rubber_rows
from tutor.lessons.scoring.pad import PadCoronet, PadDeal, PadRubber, pad_rubber
from tutor.ui import cards
from tutor.ui.common import page_header, show_error
from tutor.ui.scoresheet import show_readings, show_sheet

DEALS = "score_pad_deals"
PASS, SPLIT, NONE = 0, "split two and two", "none"
CORONET_ROWS = 3
SIDES = [Side.NS, Side.EW]
SIDE_NAMES = {Side.NS: "NS (we)", Side.EW: "EW (they)"}
WHAT = ["aces", *(s.value for s in PBN_SUITS)]


def _side(value: object) -> Side | None:
    """A side picked in a select box (whose other options are words such as "none")."""
    return value if isinstance(value, Side) else None


def _side_label(value: object) -> str:
    side = _side(value)
    return SIDE_NAMES[side] if side is not None else str(value)


def _what_label(what: str) -> str:
    return "aces in one hand" if what == "aces" else f"{cards.SUIT_SYMBOLS[what]} run from the ace"


def _deals() -> list[PadDeal]:
    deals: list[PadDeal] = st.session_state.setdefault(DEALS, [])
    return deals


def _contract_inputs(k: str) -> tuple[Contract | None, int]:
    level_col, strain_col, seat_col = st.columns(3)
    level = level_col.selectbox("Contract", [PASS, *LEVEL_NAMES], index=2, key=f"{k}_level",
                                format_func=lambda n: "all passed" if n == PASS else f"{n}: {LEVEL_NAMES[n]}")
    strain = strain_col.selectbox("Denomination", list(VINT_DENOMINATIONS), key=f"{k}_strain",
                                  format_func=lambda s: f"{s.symbol} {s.english}")
    declarer = seat_col.selectbox("Declarer", list(SEATS), key=f"{k}_declarer",
                                  format_func=lambda s: s.english)
    tricks = st.number_input("Tricks the declaring side took", min_value=0, max_value=13, value=8, step=1,
                             key=f"{k}_tricks")
    if level == PASS:
        return None, 0
    return Contract(Bid(int(level), strain), declarer), int(tricks)


def _count_inputs(k: str) -> tuple[tuple[Side, int] | None, tuple[Side, int] | None]:
    st.markdown("**Honours and aces** (ignored for all passed; at no-trumps only the aces count)")
    h_side, h_count, a_side, a_count = st.columns(4)
    honour_side = _side(h_side.selectbox("More trump honours", SIDES, key=f"{k}_h_side", format_func=_side_label))
    honours = h_count.selectbox("How many (of A K Q J 10)", [3, 4, 5], key=f"{k}_h_count")
    ace_side = _side(a_side.selectbox("More aces", [*SIDES, SPLIT], key=f"{k}_a_side", format_func=_side_label))
    aces = a_count.selectbox("How many aces", [3, 4], key=f"{k}_a_count", disabled=ace_side is None)
    return (None if honour_side is None else (honour_side, int(honours)),
            None if ace_side is None else (ace_side, int(aces)))


def _coronet_inputs(k: str) -> tuple[PadCoronet, ...]:
    st.markdown("**Coronets shown** (a run from the ace in one hand, at least A-K-Q; or three or four aces)")
    found = []
    for n in range(CORONET_ROWS):
        side_col, what_col, length_col = st.columns(3)
        side = _side(side_col.selectbox(f"Coronet {n + 1}: side", [NONE, *SIDES], key=f"{k}_c{n}_side",
                                        format_func=lambda s: "no coronet" if s == NONE else _side_label(s)))
        what = what_col.selectbox("of", WHAT, key=f"{k}_c{n}_what", format_func=_what_label)
        length = length_col.number_input("cards (or aces)", min_value=3, max_value=13, value=3, step=1,
                                         key=f"{k}_c{n}_length")
        if side is not None:
            suit = None if what == "aces" else cards.suit_of(what)
            found.append(PadCoronet(side, suit, int(length)))
    return tuple(found)


def _entry_form(number: int) -> PadDeal | None:
    k = f"score_pad_{number}"
    with st.form(key=f"{k}_form"):
        st.markdown(f"**Deal {number}**")
        contract, tricks = _contract_inputs(k)
        honours, aces = _count_inputs(k)
        coronets = _coronet_inputs(k)
        revoke = _side(st.selectbox("Revoke", [NONE, *SIDES], key=f"{k}_revoke",
                                    format_func=lambda s: "nobody revoked" if s == NONE else f"{_side_label(s)} revoked"))
        pressed = st.form_submit_button("Write this deal", type="primary", key=f"{k}_write")
    if not pressed:
        return None
    if contract is not None and contract.strain is Strain.NO_TRUMPS:
        honours = None
    return PadDeal(contract, tricks, honours=honours, aces=aces, coronets=coronets,
                   revoke=revoke)


def _rubber(deals: list[PadDeal]) -> PadRubber | None:
    try:
        return pad_rubber(deals)
    except TutorError as err:
        show_error(err)
        return None


page_header("Rubber score pad", "Score a rubber played at the table: after each deal enter the contract, the "
                                "tricks, the honours, aces and coronets — no cards needed. The book's scoring "
                                "writes the sheet.")
deals = _deals()
rubber = _rubber(deals)
if rubber is not None and not rubber.is_over:
    pad = _entry_form(len(deals) + 1)
    if pad is not None:
        try:
            pad_rubber([*deals, pad])  # check the new deal before writing it
        except TutorError as err:
            show_error(err)
        else:
            deals.append(pad)
            st.rerun()
elif rubber is not None:
    winner = rubber.winner.value if rubber.winner else ""
    st.success(f"The rubber is over: won by {winner}.", icon=":material/emoji_events:")
left, right = st.columns(2)
if left.button("Undo the last deal", key="score_pad_undo", disabled=not deals):
    deals.pop()
    st.rerun()
if right.button("New rubber", key="score_pad_new", disabled=not deals):
    deals.clear()
    st.rerun()
if rubber is not None and deals:
    st.subheader("The sheet")
    show_sheet(rubber_rows(rubber))
    show_readings(rubber.readings)

"""The four-handed practice table's pieces: the deal in progress and the end of a deal.

Rendering only (the table's state lives in :mod:`tutor.lessons.table`): the contract and
the tricks always in view during the play, the current trick in the middle of the table
and the last trick beside it (law 137), the robots' "Why?" saying only what their calls
and cards told the table, and, when the deal is over, all four hands beside the review in
sentences and the classic sheet written at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from tutor.engine.cards import SEAT_NAMES, Seat, Side
from tutor.engine.nouns import count_of
from tutor.lessons.table import TableDeal
from tutor.lessons.table.review import DeviationCost, choice_sentence, is_judged, mistakes
from tutor.lessons.table.rubber import PracticeRubber, passed_out_line
from tutor.lessons.table.told import RECOVERED_NOTE, after_the_deal, learner_words, mentions_recovered, told
from tutor.lessons.words import laws_named
from tutor.ui import cards
from tutor.ui.common import text_md
from tutor.ui.scoresheet import show_sheet

__all__ = ["contract_line", "deal_over", "learner_turn", "robots_why", "show_auction", "show_play", "show_sheet"]


def you(table: TableDeal) -> dict[Seat, str]:
    return {table.learner: "(you)"}


def contract_line(table: TableDeal) -> str:
    """"Contract: 2♥ by South (you) — 8 tricks needed. Tricks so far: NS 3, EW 2." """
    contract = table.contract
    if contract is None:
        return ""
    won = table.tricks_won()
    declarer = SEAT_NAMES[contract.declarer] + (" (you)" if contract.declarer is table.learner else "")
    return (f"**Contract: {cards.call_md(contract.bid)} by {declarer}** — {contract.bid.tricks} tricks needed. "
            f"Tricks so far: NS {won[Side.NS]}, EW {won[Side.EW]}.")


def show_play(table: TableDeal) -> None:
    """The contract, the current trick in the middle and the last trick kept in view."""
    play = table.play
    if play is None or table.phase != "play":
        return
    st.markdown(contract_line(table))
    current = dict(play.current_trick.plays)
    st.markdown(cards.trick_compass_md(current, labels=you(table)))
    shown = table.tricks_in_view()
    if shown:
        last = shown[-1]
        winner = last.winner(table.contract.trump if table.contract else None)
        st.caption(f"Last trick (you may still look at it, law 137): {cards.trick_md(last.plays)} — won by "
                   f"{SEAT_NAMES[winner]}.")


def show_auction(table: TableDeal) -> None:
    calls = [r.call for r in table.auction.records]
    cards.show_auction(table.dealer, calls, to_call=table.phase == "auction" and table.learners_turn,
                       you=table.learner)


def learner_turn(table: TableDeal, act: Callable[[str], None]) -> None:
    """One click per call or card: the hand's legal cards, or the legal calls, as buttons."""
    hand = table.hand(table.learner)
    if table.phase == "auction":
        st.markdown(f"**Your hand ({SEAT_NAMES[table.learner]})**  \n{cards.hand_md(hand)}")
        st.markdown("**Your call** (Vint's order: ♠ lowest, then ♣, ♦, ♥, NT; laws 5 and 35)")
        calls = table.auction.legal_calls()
        cards.call_buttons(calls, key="table_call", on_click=act)
    else:
        legal = {c for c in hand if str(c) in set(table.legal_actions())}
        cards.hand_buttons(hand, legal, key="table_card", on_click=act,
                           title=f"**Your hand ({SEAT_NAMES[table.learner]}): click a card to play it**")


def robots_why(table: TableDeal) -> None:
    """During the deal: what the robots' last calls and cards told the table, nothing of their hands."""
    indices = [i for i, s in enumerate(table.steps) if not s.learner][-8:]
    if not indices:
        return
    with st.expander("Why? What the robots' last calls and cards told the table"):
        lines = [told(table, i) for i in indices]
        for line in lines:
            st.markdown(f"- {text_md(line)}")
        if mentions_recovered(*lines):
            st.caption(RECOVERED_NOTE)
        st.caption("Each robot's own reasons, with the facts of its hand, are shown when the deal is over.")


def deal_over(rubber: PracticeRubber, table: TableDeal, price: Callable[[int], DeviationCost],
              play_on: Callable[[int], None]) -> None:
    """The end of a deal: the result, the sheet already written, all four hands beside the review.

    Everything but the review's prices is drawn first; each mistake's worth is filled in as it
    is computed (``price``), so the table is never held on the analysis.
    """
    if table.contract is None:
        st.info(passed_out_line(rubber), icon=":material/close:")
    else:
        contract, won = table.contract, table.tricks_won()
        made = won[contract.declarer.side]
        verdict = "made" if made >= contract.bid.tricks else f"down {contract.bid.tricks - made}"
        st.markdown(f"**{cards.call_md(contract.bid)} by {SEAT_NAMES[contract.declarer]}: {count_of(made, 'trick')}, "
                    f"{verdict}.** Tricks: NS {won[Side.NS]}, EW {won[Side.EW]}.")
    hands, review = st.columns([2, 3])
    with hands:
        st.subheader("The four hands")
        cards.show_compass(table.deal, labels={table.learner: "you"})
    with review:
        worth = show_review(table, play_on)
    with st.expander("The score sheet (this deal written)", expanded=True):
        show_sheet(rubber.rows(), details_open=False)
    with st.expander("The robots' reasons, now that every hand is shown"):
        for step in (s for s in table.steps if not s.learner):
            st.markdown(f"- {text_md(after_the_deal(step))}")
    for index, slot in worth:
        with slot, st.spinner("Working out what this difference was worth …"):
            cost = price(index)
        slot.markdown(text_md(cost.worth_sentence()))


def show_review(table: TableDeal, play_on: Callable[[int], None]) -> list[tuple[int, DeltaGenerator]]:
    """The review's sentences, each with an empty slot for its worth; returns the slots to fill."""
    st.subheader("Review of the deal")
    judged = sum(1 for s in table.steps if is_judged(s))
    found = mistakes(table)
    if not found:
        st.success(f"Every call and card of yours that the book decides was the book's ({judged} in this deal).")
        return []
    st.caption(f"{judged - len(found)} of the {judged} calls and cards of yours that the book decides were the "
               "book's. Where the book differed:")
    texts, slots = [], []
    for index, step in found:
        choice = choice_sentence(step)
        explanation = learner_words(str((step.book or {}).get("explanation", "")))
        texts += [choice, explanation]
        st.markdown(f"**{text_md(choice)}**")
        slots.append((index, st.empty()))
        if explanation:
            st.caption(text_md(explanation))
        st.button("Play on from here", key=f"table_from_{index}", on_click=play_on, args=(index,))
    if mentions_recovered(*texts):
        st.caption(RECOVERED_NOTE)
    return slots


def hinted(answer: Mapping[str, object]) -> str:
    cited = answer.get("laws") or []
    laws = laws_named([str(x) for x in cited] if isinstance(cited, (list, tuple)) else [])
    what = cards.call_label(str(answer["call"])) if answer.get("call") else str(answer.get("card", ""))
    if not answer.get("call"):
        from tutor.lessons.words import action_text

        what = action_text(what)
    return f"The book: {what}" + (f" ({laws})" if laws else "") + f" — {learner_words(str(answer.get('explanation', '')))}"

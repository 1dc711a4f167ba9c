"""One deal of a way at the page (two and three players): a table the learner can follow.

The hands the learner's player may see lie round the table (his own, his dummy, the dummies
turned up), each named by whose cards they are; the trick in progress is in the middle, each
card saying whose hand it came from, and the last trick's winner is announced. The auction is
a table with a column per player. At his turn the learner clicks: a card of the hand in turn
(his own or his dummy's), a call, or the way's other actions (keep or exchange, buy, give) —
one click each. At the end of the deal every hand is shown, the tricks, the score item by item
and the records (partners once), then the review of his moves with their prices.

Cards and calls are drawn with :mod:`tutor.ui.cards` (the app's one card renderer); the words
come from :mod:`tutor.lessons.ways.narrate`.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutor.engine.calls import parse_call
from tutor.engine.cards import PBN_SUITS, Card, Hand, Seat
from tutor.engine.errors import TutorError
from tutor.engine.nouns import count_of
from tutor.lessons.ways.narrate import auction_rows, current_trick, end_of_deal, shared_rows, step_lines
from tutor.lessons.ways.review import WayDeviation, way_deviations
from tutor.lessons.ways.rubber import payment_lines, rubber_of
from tutor.lessons.ways.table import WayTable
from tutor.lessons.words import RECOVERED_NOTE, action_words, laws_named, learner_words
from tutor.ui.cards import call_buttons, card_md, holding_md
from tutor.ui.common import show_error, text_md

REVIEW = "ways_review"
PHASES = {"exchange": "Buying", "auction": "Auction", "buy": "The buy-in", "give": "Giving out three cards",
          "final": "The final bid", "play": "Play", "over": "The deal is over"}
#: the places round the table: (row, column) of a 3 x 3 grid, the trick in the middle
PLACES = {Seat.N: (0, 1), Seat.W: (1, 0), Seat.E: (1, 2), Seat.S: (2, 1)}


def show_deal(table: WayTable, act: Callable[[str], None], words: Callable[[str], str]) -> None:
    """The table now; ``act`` takes the learner's action, ``words`` renders a text citing seed lines."""
    game = table.game
    turn = game.to_act
    whose_turn = f"; {table.label(turn[1])} to act" if turn else ""
    st.markdown(f"**{PHASES[game.phase]}** — you are {text_md(table.learner or '')}; "
                f"{text_md(table.setup.dealer)} deals{text_md(whose_turn)}.")
    if game.auction.records:
        header, rows = auction_rows(game)
        st.table({name: [r[i] for r in rows] for i, name in enumerate(header)})
    if game.contract is not None:
        st.markdown(f"Contract: **{text_md(game.contract.bid.spoken)}** by {text_md(game.declarer or '')}")
    hands = game.final_hands() if game.phase == "over" else game.visible(table.learner or "A")
    _round_the_table(table, hands)
    _last_trick(table)
    if game.phase != "over" and table.learners_turn:
        _actions(table, act)
    if game.steps:
        with st.expander("The deal so far, and why the robots chose as they did"):
            for line in step_lines(game, 0, table.learner):
                st.text(line)
            for decision in table.log[-8:]:
                default = "the tutor's default — " if decision.default else ""
                # the action and the calls in the explanation as the app writes them ("♦10", "1♣", "pass")
                st.caption(words(f"{decision.player} {action_words(decision.action)}: {default}"
                                 f"{laws_named(decision.laws)}. {learner_words(decision.explanation)}"))


def _round_the_table(table: WayTable, hands: dict[Seat, Hand]) -> None:
    """Each place's hand where the learner may see it, named by whose it is; the trick in the middle."""
    grid = [st.columns(3) for _ in range(3)]
    for seat, (row, col) in PLACES.items():
        with grid[row][col]:
            st.markdown(f"**{text_md(table.label(seat))}**")
            if seat in hands:
                st.markdown("  \n".join(holding_md(hands[seat], s) for s in PBN_SUITS))
            elif len(table.game.hand(seat)):
                st.caption(f"{count_of(len(table.game.hand(seat)), 'card')}, face down")
    with grid[1][1]:
        trick = current_trick(table.game, table.learner)
        st.markdown("**This trick**  \n" + ("  \n".join(f"{card_md(p.card)} from {text_md(p.whose)}" for p in trick)
                                             if trick else "—"))


def _last_trick(table: WayTable) -> None:
    lines = [line for line in step_lines(table.game, 0, table.learner) if line.strip().startswith("Trick ")]
    if lines:
        st.info(text_md(lines[-1].strip()))


def _actions(table: WayTable, act: Callable[[str], None]) -> None:
    game = table.game
    turn = game.to_act
    assert turn is not None
    legal = game.legal_actions()
    phase = game.phase
    if phase == "play":
        st.markdown(f"Your card, from **{text_md(table.label(turn[1]))}** — click it:")
        _card_buttons(game.hand(turn[1]), {Card.parse(a) for a in legal}, "play", lambda c: act(str(c)))
    elif phase in ("auction", "final"):
        call_buttons([parse_call(a) for a in legal], key="ways_call", on_click=act)  # the four-hand table's
    elif phase == "exchange" and game.way.exchange == "one-card":
        st.markdown("Throw out a card (click it) and take the top card of the pile on your right, or stop:")
        swaps = {Card.parse(a.split()[1]) for a in legal if a.startswith("swap ")}
        _card_buttons(game.hand(turn[1]), swaps, "swap", lambda c: act(f"swap {c}"))
        st.button("Stop buying", key="ways_do_stop", on_click=act, args=("stop",))
    elif phase == "give":
        targets = sorted({a.split()[2] for a in legal})
        to = st.radio("Give the next card to", targets, key="ways_give_to", horizontal=True,
                      format_func=lambda s: table.label(Seat.parse(s)))
        buyer = game.buyer_hand
        assert buyer is not None
        cards = {Card.parse(a.split()[1]) for a in legal if a.endswith(f" {to}")}
        _card_buttons(game.hand(buyer), cards, "give", lambda c: act(f"give {c} {to}"))
    else:  # keep or exchange; where the buyer buys
        columns = st.columns(len(legal))
        for column, action in zip(columns, legal, strict=True):
            column.button(action.capitalize(), key=f"ways_do_{action}", on_click=act, args=(action,))
    hint, robot, undo = st.columns(3)
    if hint.button("Hint: the robot's answer", key="ways_hint"):
        answer = table.hint()
        # an explicit icon: Streamlit would take a leading "♣" (an emoji) for the box's icon, leaving "3 — …"
        st.info(text_md(f"{action_words(answer.action)} — {learner_words(answer.explanation)}"),
                icon=":material/lightbulb:")
    robot.button("Let the robot make this move", key="ways_auto", on_click=_robot_move, args=(table, act))
    undo.button("Undo my last move", key="ways_undo", on_click=_undo, args=(table,))


def _robot_move(table: WayTable, act: Callable[[str], None]) -> None:
    from tutor.lessons.ways.robots import robot_action

    act(robot_action(table.game).action)


def _undo(table: WayTable) -> None:
    table.undo()


def _card_buttons(hand: Hand, allowed: set[Card], what: str, click: Callable[[Card], None]) -> None:
    """One button per card, suit by suit; the cards that may not be chosen are shown, disabled."""
    for suit in PBN_SUITS:
        cards = sorted(hand.suit_cards(suit), reverse=True)
        if not cards:
            continue
        columns = st.columns(max(len(cards), 6))
        for column, card in zip(columns, cards, strict=False):
            column.button(card_md(card), key=f"ways_{what}_{card}", disabled=card not in allowed,
                          on_click=click, args=(card,))


def show_result(table: WayTable, words: Callable[[str], str]) -> None:
    """Tricks, the score item by item, each record (partners once), then the review."""
    for line in end_of_deal(table.game, table.score(), table.records()):
        st.text(line)
    records = table.records()
    rows = shared_rows(table.game, records)
    st.subheader("This deal's records")
    st.table({"player": [r[0] for r in rows], "below the line": [r[1] for r in rows],
              "above the line": [r[2] for r in rows]})
    _review(table, words)


def show_rubber(table: WayTable, next_deal: Callable[[], None]) -> None:
    """The rubber so far (the race to 500, or 600, below the line; three players' records), and the next deal."""
    record = rubber_of(table)
    st.subheader("The rubber so far")
    st.text("\n".join(record.lines()))
    if record.over:
        st.success("The rubber is over.")
        st.text("\n".join(payment_lines(record.payments())))
    else:
        st.button("Next deal of the rubber", key="ways_next", on_click=next_deal)


def _review(table: WayTable, words: Callable[[str], str]) -> None:
    from tutor.lessons.ways.sampled import WAY_LAYOUTS
    from tutor.ui.costs import review_layouts

    layouts = WAY_LAYOUTS if review_layouts() else 0  # the session's switch, as at the four-handed table
    key = (table.way, table.seed, table.learner, table.game.steps, layouts)
    cached = st.session_state.get(REVIEW)
    deviations: tuple[WayDeviation, ...]
    if isinstance(cached, tuple) and cached[0] == key:
        deviations = cached[1]
    else:
        with st.spinner("The robots play out your choices and theirs; double dummy where the deal allows …"):
            try:
                deviations = way_deviations(table, layouts)
            except TutorError as err:
                show_error(err)
                return
        st.session_state[REVIEW] = (key, deviations)
    st.subheader("Review of the deal")
    if not deviations:
        st.success("Every move of yours was the robot's: the book's, or this way's stated default.")
    for deviation in deviations:
        choice, price = deviation.sentences()
        st.markdown(f"- {text_md(choice)}")
        st.caption(words(learner_words(deviation.robot.explanation)))
        st.text(price)
    if any("≈" in d.sentences()[0] or "≈" in d.robot.explanation for d in deviations):
        st.caption(RECOVERED_NOTE)  # said once, where the learner meets a recovered law


__all__ = ["show_deal", "show_result", "show_rubber"]

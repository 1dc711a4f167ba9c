"""The Practice table page for two, three and five players (AppTest, issue 19): each way played at the
table to the end, the learner (A) choosing his moves from the legal ones, seeing only what his way lets
him see."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_pages import app_test
from streamlit.testing.v1 import AppTest

from tutor.engine.ways.catalogue import ALL_WAYS
from tutor.lessons.ways.table import WayTable

PAGE = "tutor/ui/pages/practice_table.py"
SEATED = [(w.players, w.name) for w in ALL_WAYS if w.players in (2, 3)]


def _open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int) -> AppTest:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = app_test()
    at.run()
    at.switch_page(PAGE)
    at.run()
    at.selectbox(key="table_players").set_value(players)
    at.run()
    return at


def _click_through(at: AppTest, moves: int = 120) -> dict[str, int]:
    """Play the deal by clicks: a card button in the play (one click per card), a call button to open the
    bidding once, else the robot's move; returns how many clicks of each kind were made."""
    clicked = {"card": 0, "call": 0, "robot": 0}
    for _ in range(moves):
        table = at.session_state["ways_table"]
        if table.game.phase == "over":
            break
        cards = [b for b in at.button if (b.key or "").startswith("ways_play_") and not b.disabled]
        calls = [b for b in at.button if (b.key or "").startswith("ways_call_") and b.key != "ways_call_P"]
        if cards:
            cards[0].click()
            clicked["card"] += 1
        elif calls and not clicked["call"]:
            calls[0].click()
            clicked["call"] += 1
        else:
            at.button(key="ways_auto").click()
            clicked["robot"] += 1
        at.run()
        assert not at.exception, at.exception
    return clicked


@pytest.mark.parametrize("players,way", SEATED)
def test_each_way_is_played_to_the_end_at_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str], players: int,
                                                     way: str) -> None:
    at = _open(tmp_path, monkeypatch, players)
    at.selectbox(key="ways_way").set_value(way)
    at.number_input(key="ways_seed").set_value(3)
    at.run()
    assert not at.exception, at.exception
    if way in ("dummy-auction", "buy-in"):  # RO l.491 / EN l.22: the dealer's dummy open, the other closed
        shown = " ".join(m.value for m in at.markdown)
        assert "the open dummy" in shown and "the closed dummy" in shown
    _click_through(at)
    assert any("This deal's records" in h.value for h in at.subheader)
    table = at.session_state["ways_table"]
    assert table.game.phase == "over"
    shown = list(at.table[-1].value["player"])
    if way == "dummy" and table.game.play_contract is not None:  # RO l.529: the partners settle as one side
        partners = [p for p in table.setup.players if p != table.setup.dummy_player]
        assert shown[0] == table.setup.dummy_player and len(shown) == 2
        assert all(p in shown[1] for p in partners) and "one record" in shown[1]
    elif way != "dummy":
        assert sorted(shown) == sorted(table.setup.players)
    texts = [t.value for t in at.text]
    if table.game.play_contract is not None:  # the end of the deal: tricks and the score item by item
        assert any(t.startswith("Tricks:") for t in texts) and "The score, item by item:" in texts
        played = [t for t in texts if " from " in t and ("plays" in t or "play " in t)]
        assert len(played) == (26 if table.way.two_handed_play else 52)  # 13 tricks of two or four cards
    # the review: each of the learner's moves that differs from the robot's in his place, with its law
    assert any("Review of the deal" in h.value for h in at.subheader)
    listed = [m.value for m in at.markdown if m.value.startswith("- You ")]
    assert len(listed) == len(_differing_moves(table))
    if not listed:
        assert any("Every move of yours" in s.value for s in at.success)
    if (players, way) in SCORED and table.game.play_contract is not None:
        _records_are_tutor_scores(at, table, tmp_path, capsys)
    # no bookkeeping at the end of the deal either (the fresh pages' check, tests/test_pages_no_bookkeeping.py),
    # and the review's prices in words, never a bare signed figure (issue 32)
    from test_pages_no_bookkeeping import BOOKKEEPING, _shown

    assert not BOOKKEEPING.findall(_shown(at) + "\n".join(texts))
    prices = [t for t in texts if "playout" in t]
    assert len(prices) == len(listed) and not any(re.search(r"(?<![\w-])[+-]\d", t) for t in prices)


def _differing_moves(table: WayTable) -> list[int]:
    """The learner's moves that differ from the robot's in his place (those the review lists), found by
    walking the deal and asking the robot before each: the review's prices (the robots' playouts, the
    solver) are not worked out again for this count."""
    from tutor.engine.ways.game import WayGame
    from tutor.lessons.ways.robots import robot_action

    game, differing = WayGame(table.setup), []
    for index, (player, action) in enumerate(table.game.steps):
        if player == table.learner and not robot_action(game).allows(action):
            differing.append(index)
        game.act(player, action)
    return differing


#: the ways whose deals ``tutor score`` takes one by one (tutor/engine/ways/requests.py): four hands of
#: 13 played as a four-handed deal; the others' records are checked by their own expectation rows
SCORED = [(2, "dummy-auction"), (2, "dummies"), (3, "auction")]


def _records_are_tutor_scores(at: AppTest, table: WayTable, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: the page's records of the deal are what ``tutor score`` writes for the same deal, given
    only what was dealt and played (the hands, the contract, who declared where, the tricks)."""
    import json

    from tutor.cli import main as tutor_main
    from tutor.engine.cards import Seat

    game = table.game
    contract = game.play_contract
    assert contract is not None and game.declarer is not None
    hands = game.scored_hands()
    deal: dict[str, object] = {"deal": "N:" + " ".join(hands[s].to_pbn() for s in (Seat.N, Seat.E, Seat.S, Seat.W)),
                               "contract": str(contract.bid), "tricks": game.tricks_of(game.declarer)}
    if table.way.players == 3:  # noqa: PLR2004
        deal["seats"] = {p: game.seat_of(p).value for p in table.setup.players}
    else:
        deal["declarer"] = contract.declarer.value
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"players": table.way.players, "way": table.way.name, "deals": [deal]}))
    capsys.readouterr()
    assert tutor_main(["score", str(path)]) == 0
    scored = json.loads(capsys.readouterr().out)
    shown = at.table[-1].value
    rows = {p: (int(b), int(a)) for p, b, a in zip(shown["player"], shown["below the line"],
                                                   shown["above the line"], strict=True)}
    assert rows == {p: (scored["below"][p], scored["above"][p]) for p in table.setup.players}


@pytest.mark.parametrize("players,way,learner", [(2, "dummy-auction", "B"), (3, "dummy", "C")])
def test_the_learner_plays_any_player_with_his_cards_clicked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             players: int, way: str, learner: str) -> None:
    """The learner may be any player the way has; each card is one click, and says whose hand it came from."""
    at = _open(tmp_path, monkeypatch, players)
    at.selectbox(key="ways_way").set_value(way)
    at.selectbox(key="ways_learner").set_value(learner)
    at.number_input(key="ways_seed").set_value(5)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["ways_table"].learner == learner
    clicked = _click_through(at)
    table = at.session_state["ways_table"]
    assert table.game.phase == "over"
    learner_cards = sum(1 for p, a in table.game.steps if p == learner and len(a) <= 3 and a[:1] in "SHDC")
    assert clicked["card"] <= learner_cards


def test_the_way_selector_shows_the_laws_and_readings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    at = _open(tmp_path, monkeypatch, 2)
    at.selectbox(key="ways_way").set_value("buy-in")
    at.run()
    texts = " ".join(m.value for m in at.markdown)
    assert "The tutor's reading" in texts and "600" in texts
    assert "RO l." not in texts  # seed lines in the learner's words


def test_five_players_show_who_sits_out_and_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """RO l.543-545: the highest card (T) sits out first; the record is written in one place."""
    at = _open(tmp_path, monkeypatch, 5)
    assert any("T sits out" in m.value for m in at.markdown)
    at.button(key="ways_five_play").click()
    at.run()
    assert not at.exception
    line = next(t.value for t in at.text if t.value.startswith("T."))
    assert line.split()[-1].startswith("N.")


def test_the_study_page_links_each_ways_laws_to_its_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The laws for other table sizes (two-1 … five-2) each link to their way's table."""
    from tutor.engine.ways.catalogue import table_for_law

    assert table_for_law("two-4") is not None and table_for_law("two-4").name == "buy-in"  # type: ignore[union-attr]
    assert table_for_law("three-3").name == "auction"  # type: ignore[union-attr]
    assert table_for_law("law-35") is None
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = app_test()
    at.query_params["players"] = "2"
    at.query_params["way"] = "buy-in"
    at.run()
    at.switch_page(PAGE)
    at.run()
    assert at.selectbox(key="table_players").value == 2
    assert at.selectbox(key="ways_way").value == "buy-in"


def test_a_ways_law_on_the_study_page_links_to_its_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "progress.db"))
    at = app_test()
    at.query_params["law"] = "two-4"
    at.run()
    at.switch_page("tutor/ui/pages/laws.py")
    at.run()
    links = [p.proto for p in at.get("page_link")]
    assert any(link.page == "practice_table" and "buy-in" in link.label for link in links)


def test_five_players_a_new_learner_is_dealt_into_the_first_rubber(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """RO l.543: T, the highest card, sits out the first rubber; the learner who has chosen nobody is
    one of the four who play it (issue 32: he no longer watches the first rubber by default)."""
    at = _open(tmp_path, monkeypatch, 5)
    assert any("T sits out" in m.value for m in at.markdown)
    me = at.selectbox(key="ways_five_me").value
    assert me != "T"
    assert at.button(key="ways_five_seat").label.startswith(f"Play your seat ({me}, sitting ")
    at.selectbox(key="ways_five_me").set_value("T")
    at.run()
    assert not at.get("button") or all(b.key != "ways_five_seat" for b in at.button)  # T watches
    assert any("you sit out this rubber" in c.value for c in at.caption)


def test_five_players_learner_takes_his_seat_of_the_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1: A sits out, T (the learner, who chose T) comes back with N, the lowest card (RO l.543)."""
    at = _open(tmp_path, monkeypatch, 5)
    at.selectbox(key="ways_five_me").set_value("T")
    at.number_input(key="ways_rubber").set_value(1)
    at.run()
    assert any("A sits out" in m.value for m in at.markdown)
    label = at.button(key="ways_five_seat").label
    assert "sitting North" in label or "sitting East" in label or "sitting South" in label \
        or "sitting West" in label  # a seat is written out: the player N is never taken for North
    at.button(key="ways_five_seat").click()
    at.run()
    assert not at.exception
    assert at.selectbox(key="table_players").value == 4
    assert at.session_state["table_rubber"].learner.value == "S"


@pytest.mark.slow  # a whole four-handed deal at the learner's seat of round 1
def test_five_players_learner_plays_a_whole_deal_at_his_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1 (RO l.543: A sits out, T comes back in): the learner plays his seat's deal to its end at the
    four-handed table (the five players' ways table hands over to it); the learner chose T."""
    at = _open(tmp_path, monkeypatch, 5)
    at.selectbox(key="ways_five_me").set_value("T")
    at.number_input(key="ways_rubber").set_value(1)
    at.run()
    at.button(key="ways_five_seat").click()
    at.run()
    for _ in range(120):  # one click per call or card, as the four-handed table offers them
        if any("Review of the deal" in h.value for h in at.subheader):
            break
        move = next((b for b in at.button if (b.key or "").startswith(("table_call_", "table_card_"))
                     and not b.disabled), None)
        assert move is not None, [b.label for b in at.button]
        move.click()
        at.run()
        assert not at.exception, at.exception
    assert any("Review of the deal" in h.value for h in at.subheader)
    assert at.session_state["table_rubber"].finished or at.session_state["table_rubber"].current.phase == "over"


def test_the_next_deal_continues_the_rubber(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The records are the usual ones (RO l.455): the rubber's record is the sum of its deals' records."""
    from tutor.engine.cards import Side
    from tutor.lessons.ways.rubber import rubber_of

    at = _open(tmp_path, monkeypatch, 2)
    at.selectbox(key="ways_way").set_value("exchange")
    at.number_input(key="ways_seed").set_value(2)
    at.run()
    _click_through(at)
    assert any("The rubber so far" in h.value for h in at.subheader)
    first = at.session_state["ways_table"]
    at.button(key="ways_next").click()
    at.run()
    assert not at.exception, at.exception
    _click_through(at)
    second = at.session_state["ways_table"]
    assert second.deal_no == first.deal_no + 1 and [n for n, _ in second.finished] == [first.deal_no]
    assert second.setup.dealer != first.setup.dealer  # the deal passes on
    record = rubber_of(second)
    assert record.rubber is not None
    below_a = first.records()["A"]["below"] + second.records()["A"]["below"]
    assert record.rubber.below(Side.NS) == below_a


def test_the_review_prices_cards_on_what_you_could_know_when_asked(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the session's switch (as at the four-handed table) adds the sampled line to the ways'
    review: every card of the learner's that differs from the robot's is then priced on what he could
    know, and said so."""
    from tutor.ui.costs import AUTO
    from tutor.ui.way_deal_view import REVIEW

    at = _open(tmp_path, monkeypatch, 2)
    at.selectbox(key="ways_way").set_value("dummies")
    at.number_input(key="ways_seed").set_value(3)
    at.run()
    clicked = _click_through(at)
    table = at.session_state["ways_table"]
    assert table.game.phase == "over" and table.game.play_contract is not None and clicked["card"]
    assert all(d.sampled is None for d in at.session_state[REVIEW][1])  # not asked: nothing sampled
    at.toggle(key=AUTO).set_value(True)
    at.run()
    assert not at.exception, at.exception
    deviations = at.session_state[REVIEW][1]
    cards = [d for d in deviations if d.given[:1] in "SHDC" and len(d.given) == 2]  # noqa: PLR2004
    assert cards, "the first legal card differed from the robot's somewhere"
    assert all(d.sampled is not None and d.sampled.layouts == 30 for d in cards)  # noqa: PLR2004


def test_five_players_running_record_is_tutor_scores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32 at five players: after the robots' rubber of the first round, the page's running record
    is the line ``tutor score`` writes for that rubber's result (RO l.545), the result taken from the
    rubber the robots play for the same seed (pair 0 sits N-S)."""
    import json

    from tutor.cli import main as tutor_main
    from tutor.engine.cards import Side
    from tutor.lessons.ways.table import FIVE_NAMES, five_robot_rubber

    at = _open(tmp_path, monkeypatch, 5)
    seed = int(at.number_input(key="ways_seed").value)
    at.button(key="ways_five_play").click()
    at.run()
    assert not at.exception, at.exception
    _, played, _ = five_robot_rubber(seed, 0)
    leader, margin = played.result()
    assert leader is not None
    request = {"players": 5, "order": list(FIVE_NAMES),
               "results": [{"winner": 0 if leader is Side.NS else 1, "points": margin}]}
    path = tmp_path / "five.json"
    path.write_text(json.dumps(request))
    capsys.readouterr()
    assert tutor_main(["score", str(path)]) == 0
    line = json.loads(capsys.readouterr().out)["line"]
    assert line in [t.value for t in at.text]


def test_a_ways_switches_are_named_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A way's switch reads "Dummy transfer", its choices "beside" … as words, not as the terminal's
    ``--way-option dummy-transfer=beside`` spells them (the page showed the ids)."""
    at = _open(tmp_path, monkeypatch, 2)
    at.selectbox(key="ways_way").set_value("dummy-auction").run()
    switch = at.selectbox(key="ways_option_dummy-transfer")
    assert switch.label == "Dummy transfer"
    shown = list(switch.options)  # as the page shows them
    assert shown and not [s for s in shown if "-" in s], shown

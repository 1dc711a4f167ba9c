"""The terminal speaks as the pages do: no rule or law id in what a command prints (``tutor solo settle``
closed with "Law: solo-24"). The expectation is the pages' own (tests/test_pages_no_bookkeeping.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from test_pages_no_bookkeeping import BOOKKEEPING

from tutor.cli import main
from tutor.lessons.drills.kinds import DRILL_KINDS

#: a count of one with a plural noun ("1 answers, 0% right, 2 items studied" in tutor progress)
ONE_WITH_A_PLURAL = re.compile(r"(?<![\d.,/])\b1 (?!pass\b|class\b|plus\b)[a-z]+s\b")
#: a call or card in the engine's spelling where the learner reads ("Auction (dealer S): S 1NT, W P, N 2S",
#: "trick 1: W H4, N HT", "three hearts (3H)"): the tables write "pass", "2♠", "♥10"
#: (and a scoring question's "five clubs (5C, 11 tricks)")
ENGINE_CALL = re.compile(r"\b[NESW] (?:P|[1-7][SCDH]|[SHDC][2-9TJQKA])\b|\([1-7][SCDH]\b|\bContract [1-7][SCDH]\b")

#: a convention's condition as its YAML writes it ("named(suit=partner) == True: True" in a lead drill's feedback)
RAW_CONDITION = re.compile(r"\b[a-z_]+\([a-z_]+=[^)]*\)|\b[a-z]+_[a-z_]+ *(?:==|<=|>=|!=|<|>) ")

SETTLEMENTS = [["proposal", "--bidder", "N", "--partner", "S", "--tricks", "8"],
               ["solo", "--bidder", "E", "--tricks", "4"], ["misere", "--bidder", "W", "--tricks", "0"],
               ["abundance", "--bidder", "S", "--tricks", "9"], ["open-misere", "--bidder", "N", "--failed"],
               ["declared-abundance", "--bidder", "E", "--tricks", "13"]]


@pytest.mark.parametrize("settlement", SETTLEMENTS, ids=lambda a: a[0])
def test_a_solo_settlement_names_its_law(settlement: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solo", "settle", *settlement]) == 0
    out = capsys.readouterr().out
    assert "Solo Whist rule" in out and not BOOKKEEPING.findall(out), out


@pytest.mark.parametrize("kind", sorted(DRILL_KINDS))
def test_a_drills_feedback_names_its_laws(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    drill = DRILL_KINDS[kind].make(None, 1)
    wrong = next((c for c in drill.choices if not drill.is_correct(c)), drill.answer)
    assert main(["drill", kind, "--seed", "1", "--answer", wrong, "--no-consequences"]) in (0, 3)  # right, or not the book's
    out = capsys.readouterr().out
    assert "The book:" in out and not BOOKKEEPING.findall(out), out
    assert not ONE_WITH_A_PLURAL.findall(out) and not ENGINE_CALL.findall(out), out
    assert not RAW_CONDITION.findall(out), out


def test_the_progress_summary_lists_a_mistake_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor progress`` listed "missed convention law-36-…: answered 'P', expected '6S'"; it now says the
    mistake as ``tutor review --list`` does."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    drill = DRILL_KINDS["bidding"].make(None, 2)
    wrong = next(c for c in drill.choices if not drill.is_correct(c))
    assert main(["drill", "bidding", "--seed", "2", "--answer", wrong, "--no-consequences"]) == 3  # noqa: PLR2004
    capsys.readouterr()
    assert main(["progress"]) == 0
    out = capsys.readouterr().out
    assert "missed: Bidding" in out and "the book calls" in out and not BOOKKEEPING.findall(out), out
    assert "1 answer," in out and not ONE_WITH_A_PLURAL.findall(out), out  # one answer recorded


def test_the_review_list_names_what_is_due(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor review --list`` printed each due item as "convention law-36-…" or "law law-r61"."""
    from datetime import UTC, datetime, timedelta

    from tutor.lessons.answers import Answer
    from tutor.lessons.progress import open_store
    from tutor.lessons.robots import the_book

    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    rule = the_book().bidding[0]
    earlier = datetime.now(UTC) - timedelta(days=3)
    with open_store(tmp_path / "p.sqlite3") as store:  # missed three days ago: both are due now
        store.record(Answer("law", "law-r61", False, "4", "5", laws=("law-r61",)), "default", now=earlier)
        store.record(Answer("convention", rule.id, False, "P", "1NT", seed=5, extra={"kind": "bidding"}), "default",
                     now=earlier)
    assert main(["review", "--list"]) == 0
    out = capsys.readouterr().out
    assert f"drill: {rule.title}" in out and "Law ≈61" in out and not BOOKKEEPING.findall(out), out


@pytest.mark.parametrize("players", ["4", "2", "3", "5"])
def test_the_robots_deal_is_written_as_the_tables_write_it(players: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor robots`` wrote "N P", "S 1D", "trick 1: W H4" and "Contract 2D by S" under a diagram of "♠ A643"."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    out = ""
    for seed in range(3):
        assert main(["robots", "--seed", str(seed), *([] if players == "4" else ["--players", players])]) == 0
        out += capsys.readouterr().out
    assert re.search(r"[1-7][♠♥♦♣]|[♠♥♦♣](?:10|[2-9JQKA])", out) and "pass" in out  # five players: contracts only
    assert not ENGINE_CALL.findall(out) and not BOOKKEEPING.findall(out) and not ONE_WITH_A_PLURAL.findall(out)


def test_a_replayed_play_mistake_reads_as_text_at_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor review --mistakes`` printed the page's Markdown line breaks ("Your hand:  ") and calls as 'W P'."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    drill = DRILL_KINDS["lead"].make(None, 5)
    wrong = next(c for c in drill.choices if not drill.is_correct(c))
    assert main(["drill", "lead", "--seed", "5", "--answer", wrong, "--no-consequences"]) == 3  # noqa: PLR2004
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["review", "--mistakes"]) == 0
    out = capsys.readouterr().out
    assert "Your hand:" in out and not [line for line in out.splitlines() if line.endswith("  ")], out
    assert not ENGINE_CALL.findall(out) and not BOOKKEEPING.findall(out) and not RAW_CONDITION.findall(out), out


def test_a_replayed_solo_call_is_listed_and_taken_by_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor review`` listed Solo Whist calls as "open-misere" and took the shown name "open misère" as no
    choice; it lists them as the drill does, and takes the name typed."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    drill = DRILL_KINDS["solo-bidding"].make(None, 4)
    wrong = next(c for c in drill.choices if not drill.is_correct(c))
    assert main(["drill", "solo-bidding", "--seed", "4", "--answer", wrong]) == 3  # noqa: PLR2004
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("open misère\n"))
    assert main(["review", "--mistakes"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^ +\d+\. open misère$", out, re.M) and "open-misere" not in out, out
    assert "is not one of the choices" not in out and ("Right" in out or "Not quite" in out), out


@pytest.mark.parametrize("kind", sorted(DRILL_KINDS))
def test_a_mistake_is_told_in_its_own_drills_words(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A miscounted hand was listed as "Bidding: you called 1; the book calls 6": only a call is called."""
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    drill = DRILL_KINDS[kind].make(None, 2)
    wrong = next((c for c in drill.choices if not drill.is_correct(c)), None) or str(int(drill.answer) + 1)
    assert main(["drill", kind, "--seed", "2", "--answer", wrong, "--no-consequences"]) == 3  # noqa: PLR2004
    capsys.readouterr()
    assert main(["progress"]) == 0
    (missed,) = re.findall(r"missed: (.*)", capsys.readouterr().out)
    calls = kind in ("bidding", "solo-bidding")
    assert ("called" in missed or "passed" in missed) is calls, missed
    assert not ONE_WITH_A_PLURAL.findall(missed) and not ENGINE_CALL.findall(missed), missed


#: a page's Markdown printed raw at the terminal: emphasis markers and code fences
MARKDOWN = re.compile(r"\*\*|```|(?<![\w*])\*(?=\w)")


def _review_items() -> list[tuple[str, str]]:
    """Items of every kind the review serves: each scoring level and Solo Whist item, and laws (the
    book's, its notes and scoring sections, the preamble) and law-quiz questions a sample of each."""
    from tutor.lessons.content import content_dir
    from tutor.lessons.review import law_entries
    from tutor.lessons.review.conventions import quiz_questions
    from tutor.lessons.scoring import load_quiz
    from tutor.lessons.solo import drill as solo_drill

    laws, quiz = sorted(law_entries()), sorted(quiz_questions())
    return ([("law", i) for i in laws[::len(laws) // 12]] + [("quiz", i) for i in quiz[::len(quiz) // 12]]
            + [("scoring", level.id) for level in load_quiz(content_dir()).levels]
            + [("solo", i) for i in (*solo_drill.RULES, "solo-scoring")])


def test_a_reviewed_item_reads_as_text_at_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor review`` printed a law's title as "**Drawing for seats**", a scoring question's deal between
    "```" fences with "**East-West**" and "*honours / aces*", and a scoring answer's laws as
    "(scoring-11, scoring-12, scoring-14)": the page's Markdown and the rules' ids. The prompt and the
    feedback of every kind of item, as the terminal prints them, carry neither."""
    from tutor.cli.commands.review import ask
    from tutor.lessons.progress import open_store
    from tutor.lessons.review.servers import serve

    items = _review_items()
    assert {kind for kind, _ in items} == {"law", "quiz", "scoring", "solo"}
    with open_store(tmp_path / "p.sqlite3") as store:
        for kind, item in items:
            exercise = serve(kind, item, 3)
            monkeypatch.setattr("sys.stdin", io.StringIO(f"{'1' if exercise.choices else '0'}\n"))
            assert ask(store, "anna", exercise)
            out = capsys.readouterr().out
            assert "Right" in out or "Not quite" in out, out
            assert not MARKDOWN.findall(out) and not BOOKKEEPING.findall(out), (kind, item, out)


#: a card, a call or a seat in the engine's spelling where a refusal names it ("S does not hold H9",
#: "2S (two spades) does not outrank 3H"); the typing hints ("such as SA or ♥10", "such as 1S") aside
ENGINE_IN_A_REFUSAL = re.compile(r"(?<!such as )\b(?:[SHDC][2-9TJQKA]|[1-7][SHDC])\b(?! or ♥10)|"
                                 r"\b[NESW] (?:does|played|holds|called)\b|it is [NESW]'s turn")


@pytest.mark.parametrize("players", [4, 2, 3])
def test_a_refused_card_or_call_reads_as_the_table_writes_it(players: int, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The tables refused "S does not hold H9 (law ≈108)", "2S (two spades) does not outrank 3H" and
    "N played S9 but holds 3 diamonds": the engine's letters, where the table writes "♥9", "2♠", "South"."""
    import itertools

    import tutor.cli.commands.play as play_command

    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "p.sqlite3"))
    pack = itertools.cycle([f"{s}{r}" for s in "SHDC" for r in "23456789TJQKA"])
    typed = iter(["7NT"])  # a bid no robot has outbid is taken; else refused as insufficient

    def read(prompt: str) -> str:
        read.count += 1  # type: ignore[attr-defined]
        if read.count > 300:  # type: ignore[attr-defined]
            raise EOFError
        if "auction" in prompt or "Your call" in prompt:
            return next(typed, "pass")
        return next(pack)  # the whole pack in turn: the cards not held are refused

    read.count = 0  # type: ignore[attr-defined]
    monkeypatch.setattr(play_command, "read_table_line", read)  # the name the table reads by, bound at import
    argv = ["play", "--seed", "3", "--layouts", "0"] if players == 4 else ["play", "--players", str(players), "--seed", "3"]
    main(argv)
    out = capsys.readouterr().out
    refusals = [line.split("Not allowed: ", 1)[1] for line in out.splitlines() if "Not allowed: " in line]
    assert any(re.search(r"does not hold [♠♥♦♣]", r) for r in refusals), refusals[:5]
    assert not [r for r in refusals if ENGINE_IN_A_REFUSAL.search(r)], [r for r in refusals if ENGINE_IN_A_REFUSAL.search(r)][:5]


def test_no_law_note_or_reading_shows_the_digest_s_conflict_number(capsys: pytest.CaptureFixture[str]) -> None:
    """Law 14's note read "Where the sources differ (conflict C23): …" on the page and at the terminal, and a
    scoring reading "Tutor's reading (conflict C18): …": the number is the digest writers' (tests read it),
    never the learner's. Every note and reading of the content, as the pages and the terminal word them."""
    import yaml

    from tutor.lessons.words import learner_words

    root = Path(__file__).resolve().parent.parent / "content"
    rules = yaml.safe_load((root / "rules.yaml").read_text(encoding="utf-8"))
    notes = [str(n) for entry in rules["entries"] for n in entry.get("notes") or []]
    readings = [str(r["reading"]) for r in yaml.safe_load((root / "scoring-readings.yaml").read_text(encoding="utf-8"))["readings"]]
    numbered = [t for t in notes + readings if re.search(r"conflict C\d+", t)]
    assert len(numbered) > 20  # noqa: PLR2004 -- the sweep meets the numbers it must remove
    assert not [t for t in numbered if re.search(r"[Cc]onflict C\d+", learner_words(t))]
    assert main(["laws", "14"]) == 0
    out = capsys.readouterr().out
    assert "Where the sources differ:" in out and not BOOKKEEPING.findall(out), out


@pytest.mark.parametrize("settlement", [["solo", "--bidder", "N", "--partner", "S", "--tricks", "8"],
                                        ["misere", "--bidder", "N", "--tricks", "3"],
                                        ["proposal", "--bidder", "N", "--tricks", "8"]], ids=lambda a: a[0])
def test_a_refused_settlement_names_its_rule_in_words(settlement: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor solo settle solo --partner S`` ended "error: solo is played alone (solo-12)"."""
    assert main(["solo", "settle", *settlement]) == 2  # noqa: PLR2004
    err = capsys.readouterr().err
    assert "Solo Whist rule " in err and not BOOKKEEPING.findall(err), err


def test_a_refused_solo_deal_names_its_rule_in_words() -> None:
    """The Solo Whist deal's refusals read "(solo-2)" the same way."""
    from tutor.engine.errors import TutorError
    from tutor.engine.solo.dealing import choose_dealer

    with pytest.raises(TutorError) as refused:
        choose_dealer({})  # nobody has cut
    assert "Solo Whist rule " in str(refused.value) and not BOOKKEEPING.findall(str(refused.value))


def test_a_call_after_the_auction_is_refused_as_the_table_writes_it() -> None:
    """"1S: the auction is over" (law 76): the call as the auction shows it, "1♠"."""
    from tutor.engine.auction import Auction
    from tutor.engine.calls import parse_call
    from tutor.engine.cards import Seat
    from tutor.engine.errors import TutorError

    auction = Auction(Seat.N)
    for call in ["1H", *["P"] * 8]:
        auction.call(parse_call(call))
    with pytest.raises(TutorError) as refused:
        auction.call(parse_call("1S"))
    assert str(refused.value).startswith("1♠: the auction is over"), str(refused.value)
    assert not ENGINE_IN_A_REFUSAL.search(str(refused.value))


def test_a_refusal_names_the_hand_that_lies_at_the_seat_when_the_dummies_lie_beside(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two players, the dummy auction: with the dummies beside their players, the sheet's names trade North
    and East, and a refusal named the learner's own dummy "B's dummy". It names it as the prompt does."""
    from tutor.cli.ways_play import _turn
    from tutor.engine.cards import FULL_PACK, Hand, Seat
    from tutor.engine.ways.catalogue import find_way
    from tutor.lessons.ways.table import WayTable

    def from_a_traded_seat() -> bool:  # the learner to play from North or East, the dummies beside
        return (table.phase == "play" and table.learners_turn and not table.game.partners_opposite
                and table.game.to_act[1] in (Seat.N, Seat.E))

    table = WayTable(find_way(2, "dummy-auction"), 3)
    while not from_a_traded_seat():
        table.run_robots()
        if table.phase == "over":
            pytest.fail("the seed no longer reaches a learner's turn at North or East with the dummies beside")
        if table.learners_turn and not from_a_traded_seat():
            table.act(table.hint().action)
    seat = table.game.to_act[1]
    held = Hand.parse(table.seen()[seat]).cards
    missing = next(card for card in FULL_PACK if card not in held)
    assert _turn(table, lambda prompt: str(missing), now=False) == "again"
    refusal = next(line for line in capsys.readouterr().out.splitlines() if "Not allowed: " in line)
    assert f"Not allowed: {table.label(seat)} does not hold {missing.pretty}" in refusal, (seat, refusal)

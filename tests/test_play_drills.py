"""Play drills from deals the book robots bid and play (issue 16), audited for one book answer.

The expectations come from outside the drill generator: ``tutor robots`` (the four robots,
``robot_deal`` and the command itself) on the drill's deal and dealer gives the auction
and the cards before the decision; ``tutor advise`` on a view rebuilt here from the
drill's public position alone gives the rule and the cards; each rule as
content/conventions/play.yaml states it (read with yaml.safe_load, not the loader); the
duty to follow suit and the turn passing to the left; and docs/play.md's table of the
conventions that hardly arise from the book's auctions.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest
from plainyaml import safe_load as _safe_load
from playsamples import SEEDS, documented_rare, drills

from tutor.cli import main
from tutor.engine.bidding import ScoreState
from tutor.engine.cards import Deal, Seat, Side
from tutor.engine.errors import TutorError
from tutor.engine.jsonread import read_json_source
from tutor.lessons.drills.kinds import DRILL_KINDS, drill_kind
from tutor.lessons.play import scenarios as play_scenarios
from tutor.lessons.play.drill import KINDS, PlayDrill, advise, audit, drill_from, make
from tutor.lessons.play.rules import drill_hints, load_play_rules, rule_named
from tutor.lessons.play.scenarios import BANK_PATH, RarelyArises, banked_rules, find_position, load_bank
from tutor.lessons.robots import advise_view, robot_deal

ROOT = Path(__file__).parent.parent
RULES = load_play_rules()
STATED = {r["id"]: r for r in _safe_load(
    (ROOT / "content" / "conventions" / "play.yaml").read_text(encoding="utf-8"))["rules"]}
SEAT_ORDER = "NESW"
OPS = {"==": lambda a, b: a == b, ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, "<": lambda a, b: a < b, "!=": lambda a, b: a != b}


def _cards_of(pbn_hand: str) -> set[str]:
    return {suit + rank for suit, ranks in zip("SHDC", pbn_hand.split(".")) for rank in ranks}


def _view(drill: PlayDrill) -> dict[str, Any]:
    """The learner's view, rebuilt from the drill's public position only (as a seat sees the table)."""
    pos = drill.position
    return {"kind": "card" if pos["trick"] else "lead", "seat": pos["seat"], "hand": pos["hand"],
            "dealer": pos["dealer"], "auction": list(pos["auction"]), "contract": pos["contract"],
            "declarer": pos["declarer"], "played": list(pos["played"]), "trick": list(pos["trick"]),
            **({"score": dict(pos["score"])} if any((pos.get("score") or {}).values()) else {})}


def _score(pos: dict[str, Any]) -> ScoreState | None:
    """The partie's score the drill's robots saw: a bank entry found near the partie (both sides' points
    below the line, no partie won), or none (the streams start from an empty score)."""
    below = {Side(k): int(v) for k, v in (pos.get("score") or {}).items()}
    return ScoreState(below, {Side.NS: 0, Side.EW: 0}) if any(below.values()) else None


def _check_against_the_robots(drill: PlayDrill) -> None:
    pos = drill.position
    record = robot_deal(Deal.from_pbn(drill.deal_pbn), Seat.parse(pos["dealer"]), _score(pos))
    # the auction is the robots' auction for the deal and dealer
    assert [d.action for d in record.auction] == pos["auction"]
    assert record.contract is not None and str(record.contract.bid) == pos["contract"]
    assert record.contract.declarer.value == pos["declarer"]
    # the cards before the decision are the robots' cards, seat by seat
    before = [item for trick in pos["tricks"] for item in trick]
    before += [f"{SEAT_ORDER[(SEAT_ORDER.index(pos['trick_leader']) + k) % 4]}:{c}"
               for k, c in enumerate(pos["trick"])]
    assert [f"{d.seat.value}:{d.action}" for d in record.play[:len(before)]] == before
    # and the robot in the learner's seat plays the book's card of the drill's rule
    mine = record.play[len(before)]
    assert mine.seat.value == pos["seat"] and mine.rule == drill.rule_id and mine.action in drill.accepted


def _check_the_rule_decides(drill: PlayDrill) -> None:
    out = advise_view(_view(drill))
    assert out["rule"] == drill.rule_id and not out["default"], (out["rule"], drill.rule_id)
    assert sorted(out["cards"]) == sorted(drill.accepted)


def _check_against_the_stated_rule(rule_id: str, drill: PlayDrill) -> None:
    stated, pos = STATED[rule_id], drill.position
    hand, trick = _cards_of(pos["hand"]), list(pos["trick"])
    assert SEAT_ORDER[(SEAT_ORDER.index(pos["trick_leader"]) + len(trick)) % 4] == pos["seat"]
    legal = {c for c in hand if c[0] == trick[0][0]} if trick else hand
    legal = legal or hand
    accepted = set(drill.accepted)
    assert drill.answer in accepted and accepted <= legal, (drill.answer, accepted, legal)
    assert accepted != legal, "the rule must single out some of the legal cards"
    assert len({c[0] for c in accepted}) == 1 or drill_hints(rule_id).get("several_suits")
    assert drill.kind == stated["kind"] and set(stated["laws"]) <= set(drill.laws), (stated["laws"], drill.laws)
    contract = pos["contract"]
    facts = {"contract_level": int(contract[0]), "no_trumps": contract.endswith("NT"),
             "is_declarer": pos["seat"] == pos["declarer"]}
    for cond in stated["when"].get("conditions", []):
        if cond["feature"] in facts and not cond.get("args"):
            assert OPS[cond["op"]](facts[cond["feature"]], cond["value"]), (contract, cond)


@pytest.mark.parametrize("rule_id", [r.id for r in RULES])
def test_each_rules_drills_are_the_robots_deal_and_the_rule_decides(rule_id: str) -> None:
    """Each drill's auction and earlier cards are the robots'; the rule decides for the learner;
    a rule with no drill on the sample seeds is one docs/play.md lists as hardly arising."""
    found = drills(STATED[rule_id]["kind"], rule_id, SEEDS)
    for drill in found[:2]:
        _check_the_rule_decides(drill)
        _check_against_the_stated_rule(rule_id, drill)
    if found:
        _check_against_the_robots(found[0])


def test_the_documented_rare_rules_are_rules() -> None:
    assert documented_rare() and documented_rare() <= {r.id for r in RULES}


@pytest.mark.parametrize("kind", KINDS)
def test_drills_of_each_kind_match_tutor_robots_on_the_command_line(
        kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (3, 4):
        drill = make(kind, None, seed)
        pos = drill.position
        assert main(["robots", "--deal", drill.deal_pbn, "--dealer", pos["dealer"], "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert [c["call"] for c in record["auction"]] == pos["auction"]
        before = len(pos["played"]) + len(pos["trick"])
        assert [p["card"] for p in record["play"][:before]] == [*pos["played"], *pos["trick"]]
        assert record["play"][before]["rule"] == drill.rule_id
        _check_the_rule_decides(drill)


def test_same_seed_same_drill_whatever_was_read_before() -> None:
    a = drills("lead", "lead-86-ace-from-akq", SEEDS)[0]
    play_scenarios._KEPT.clear()  # the deals read in memory are only a saving: the drill does not change
    b = make("lead", "lead-86-ace-from-akq", a.seed)
    assert a == b and a.to_json() == b.to_json()
    assert make("lead", None, SEEDS[0]) == make("lead", None, SEEDS[0])
    assert make("lead", None, SEEDS[0]).deal_pbn != make("lead", None, SEEDS[1]).deal_pbn


def test_any_convention_is_the_same_drill_as_its_rule_named() -> None:
    """Review replays a drill from its rule and seed: a drill made without a rule must be that drill."""
    for kind in KINDS:
        drill = make(kind, None, 5)
        assert make(kind, drill.rule_id, 5) == drill
        assert drill.rule_id in banked_rules()  # "any convention" is drawn among the banked rules


def test_a_convention_that_does_not_arise_says_so_in_plain_words() -> None:
    """Without a banked position, a seed's 60 stream deals are searched; a rule that does not decide in
    them is said to hardly arise, in the learner's words (its title, never its id or a file)."""
    rule_id = "lead-r89-king-from-kqj"  # never the deciding rule (law 87 holds its every holding)
    with pytest.raises(RarelyArises) as err:
        find_position(rule_named(rule_id), SEEDS[0], RULES, audit, bank={})
    text = str(err.value)
    assert "hardly ever" in text and rule_id not in text and "yaml" not in text.lower()
    assert STATED[rule_id]["title"] in text  # the learner reads the convention's title, not its id


def test_the_four_kinds_are_registered() -> None:
    for kind in KINDS:
        assert kind in DRILL_KINDS
        entry = drill_kind(kind)
        assert entry.rule_ids() and entry.advise is not None and entry.consequences is not None
        drill = entry.make(None, 3)
        assert isinstance(drill, PlayDrill) and drill.kind == kind


def test_law_81_drill_accepts_any_card_of_the_named_suit() -> None:
    drill = drills("lead", "lead-81-through-lhos-suit")[0]
    assert len(drill.accepted) >= 1 and {c[0] for c in drill.accepted} == {drill.answer[0]}
    assert all(drill.is_correct(c) for c in drill.accepted)
    wrong = [c for c in drill.choices if c not in drill.accepted]
    assert wrong and not drill.is_correct(wrong[0]) and drill.why_not
    assert not drill.is_correct("not a card")


def test_drill_shows_the_position_not_the_other_hands() -> None:
    drill = drills("third-hand", "third-140-cut-with-the-queen")[0]
    pos = drill.position
    assert {"seat", "hand", "dealer", "auction", "contract", "declarer", "played", "trick"} <= set(pos)
    assert len(pos["trick"]) == 2 and drill.answer in drill.choices
    assert "law-113" in drill.laws and drill.explanation.endswith(".")


def test_advise_lead_format() -> None:
    out = advise({"kind": "lead", "seat": "E", "hand": "632.AKQ4.T98.532", "dealer": "N", "auction": ["3H"],
                  "contract": "3H", "declarer": "N"})
    # North, on East's right, named hearts: law 80 (never lead the suit your right-hand opponent named)
    # outranks law 86 (the ace from A K Q), so the lead is any card of another suit, not the heart ace.
    assert out["rule"] == "lead-80-never-rhos-suit" and out["laws"] == ["law-80"]
    assert out["card"][0] != "H" and not any(card.startswith("H") for card in out["cards"])
    assert sorted(out["cards"]) == sorted(["S6", "S3", "S2", "DT", "D9", "D8", "C5", "C3", "C2"])
    assert set(out) >= {"card", "rule", "laws", "explanation"}


def test_advise_refuses_a_kind_that_does_not_fit() -> None:
    base = {"seat": "S", "hand": "T987.K73.Q98.432", "dealer": "N", "auction": ["2S"], "contract": "2S",
            "declarer": "N", "trick": ["H4"]}
    with pytest.raises(TutorError, match="lead"):
        advise({**base, "kind": "lead"})
    with pytest.raises(TutorError, match="follow"):
        advise({**base, "kind": "discard"})
    with pytest.raises(TutorError, match="contract"):
        advise({**base, "kind": "card", "contract": "3S"})
    with pytest.raises(TutorError, match="lacks"):
        advise({"kind": "card", "seat": "S"})


def test_law_80_drills_do_not_teach_never_on_a_coronet() -> None:
    """play.yaml's drill hint ``avoid: [AKQ]``: no law 80 drill holds A K Q in a suit the right-hand
    opponent named (read here from the auction: the calls rotate from the dealer)."""
    for drill in drills("lead", "lead-80-never-rhos-suit"):
        pos = drill.position
        rho = SEAT_ORDER[(SEAT_ORDER.index(pos["seat"]) + 3) % 4]
        seats = [SEAT_ORDER[(SEAT_ORDER.index(pos["dealer"]) + k) % 4] for k in range(len(pos["auction"]))]
        named = {call[-1] for seat, call in zip(seats, pos["auction"]) if seat == rho and call[-1] in "SHDC"}
        assert named, "the right-hand opponent named a suit"
        holdings = dict(zip("SHDC", pos["hand"].split(".")))
        assert all(not holdings[s].startswith("AKQ") for s in named)


# -- the bank of robot-deal positions (tools/play_bank.py) ------------------------------------------


def test_the_bank_file_is_small_loads_with_the_bounded_reader_and_names_known_rules() -> None:
    data = read_json_source(str(BANK_PATH), max_bytes=1024 * 1024, max_depth=8)  # under 1 MB
    known = {r.id for r in RULES}
    assert data["bank"] and set(data["bank"]) <= known
    assert data["rules"] == len(RULES) and data["rules_banked"] == len(data["bank"])
    assert set(data["stream_rate"]) == known
    assert set(data["never_found"]) == known - set(data["bank"])
    for rule_id, entries in data["bank"].items():
        assert 1 <= len(entries) <= 20, rule_id
        for entry in entries:
            assert Deal.from_pbn(entry["deal"]) and Seat.parse(entry["dealer"])
            # an entry found in the deals played near the partie (for law 85) carries that score: both
            # sides level, 460-490 below the line, no partie won (tools/play_bank.py, near_partie)
            if entry["score"] is not None:
                below = entry["score"]["below"]
                assert below["NS"] == below["EW"] and 460 <= below["NS"] <= 490, (rule_id, entry["score"])
            assert 0 <= entry["decision"] < 52
    assert set(load_bank()) == set(data["bank"])
    # a rule the bank never found is one docs/play.md lists as hardly arising, with its rate
    assert set(data["never_found"]) <= documented_rare()


def _sample_of_banked(n: int) -> list[str]:
    return random.Random(16).sample(sorted(banked_rules()), n)


@pytest.mark.parametrize("rule_id", _sample_of_banked(12))
def test_a_banked_drill_is_its_bank_entry_replayed_by_the_robots(rule_id: str) -> None:
    """The drill is entry ``seed % len`` of the bank: that deal and dealer, the decision at that index
    of the robots' play; its auction and earlier cards are ``robot_deal``'s and the rule decides."""
    seed = 7
    entries = load_bank()[rule_id]
    entry = entries[seed % len(entries)]
    drill = make(STATED[rule_id]["kind"], rule_id, seed)
    pos = drill.position
    assert Deal.from_pbn(drill.deal_pbn) == entry.deal and pos["dealer"] == entry.dealer.value
    assert len(pos["played"]) + len(pos["trick"]) == entry.decision
    _check_against_the_robots(drill)
    _check_the_rule_decides(drill)
    _check_against_the_stated_rule(rule_id, drill)


class _Warnings(logging.Handler):
    """The warnings a logger gave, kept (the suite runs without pytest's logging plugin: pyproject.toml)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_a_stale_bank_entry_falls_back_to_the_stream_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rule_id, seed = "lead-80-never-rhos-suit", 1
    data = json.loads(BANK_PATH.read_text(encoding="utf-8"))
    entry = data["bank"][rule_id][seed % len(data["bank"][rule_id])]
    record = robot_deal(Deal.from_pbn(entry["deal"]), Seat.parse(entry["dealer"]))
    # corrupt the entry: a decision index where the robots' card is not this rule's
    entry["decision"] = next(n for n in range(entry["decision"] + 1, len(record.play))
                             if record.play[n].rule != rule_id)
    stale = tmp_path / "play_bank.json"
    stale.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(play_scenarios, "BANK_PATH", stale)
    warnings, logger = _Warnings(), logging.getLogger("tutor.lessons.play.scenarios")
    logger.addHandler(warnings)
    try:
        drill = make("lead", rule_id, seed)
    finally:
        logger.removeHandler(warnings)
    said = "\n".join(warnings.lines)
    assert "stale" in said and rule_id in said
    rule = rule_named(rule_id)
    found, advice = find_position(rule, seed, RULES, audit, bank={})  # the stream, as without a bank
    assert drill == drill_from(found.position, advice, seed)
    _check_the_rule_decides(drill)
    _check_against_the_robots(drill)


def test_a_malformed_bank_file_is_refused_in_one_line(tmp_path: Path) -> None:
    from tutor.engine.errors import ContentError

    bad = tmp_path / "bank.json"
    bad.write_text(json.dumps({"version": 1, "bank": {"lead-80-never-rhos-suit": [
        {"deal": "N:not a deal", "dealer": "N", "score": None, "decision": 0}]}}), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_bank(bad)
    assert "lead-80-never-rhos-suit[0]" in str(err.value) and "\n" not in str(err.value)
    bad.write_text(json.dumps({"version": 99, "bank": {}}), encoding="utf-8")
    with pytest.raises(ContentError, match="tools/play_bank.py"):
        load_bank(bad)


def test_a_convention_the_bank_never_found_answers_at_once_with_the_deals_searched() -> None:
    """The bank's header (read here with the json module) lists the rules its search never found;
    a drill of one says so with the number of robot deals searched, without searching again."""
    import json

    header = json.loads(BANK_PATH.read_text(encoding="utf-8"))
    searched = sum(header.get(k, 0) for k in ("stream_deals", "targeted_deals", "placed_deals", "plain_deals"))
    for rule_id in header["never_found"]:
        with pytest.raises(RarelyArises) as err:
            make(STATED[rule_id]["kind"], rule_id, 7)
        assert STATED[rule_id]["title"] in str(err.value)
        why = STATED[rule_id].get("drill", {}).get("no_drill")
        # a rule the book's own play never leaves deciding says why, in the words its YAML states
        assert (" ".join(why.split()) if why else f"{searched:,} deals") in str(err.value)


def test_law_89s_king_from_kqj_is_always_law_87s_king_from_kq_and_more() -> None:
    """Why ≈89 has no drill of its own (its ``no_drill``): law 87 (RO l.197) leads the king from K Q and
    one or more other cards, ≈89 (RO-sum l.628) the king from K Q J - every K Q J holding is a K Q
    and more holding, whatever else it holds, so wherever ≈89 applies law 87 does, with the same card."""
    from itertools import combinations

    from tutor.engine.cards import Rank
    from tutor.engine.conventions.play.holdings import matches
    from tutor.engine.rules import Rules

    others = [r for r in Rank if r not in (Rank.KING, Rank.QUEEN, Rank.JACK)]
    holdings = [tuple(sorted((Rank.KING, Rank.QUEEN, Rank.JACK, *extra), reverse=True))
                for n in range(0, 5) for extra in combinations(others, n)]
    kqj = [h for h in holdings if matches("KQJ", h, Rules())]
    assert kqj and all(matches("KQ+", h, Rules()) for h in kqj)
    assert "no_drill" in STATED["lead-r89-king-from-kqj"]["drill"]

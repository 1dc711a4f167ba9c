"""A seat's view read from ``tutor advise`` JSON: the one place a position enters from JSON.

The JSON is the view's edge form (:meth:`tutor.engine.record.view.SeatView.to_json` writes it);
this module reads it back with a clear :class:`~tutor.engine.errors.TutorError` for bad input:
``{"kind": "bid", "dealer", "seat", "hand", "auction", "score"}`` for a call, and ``{"kind":
"lead" | "card" | "discard", "seat", "hand", "dealer", "auction", "contract", "declarer",
"played", "trick", "score", "variants"}`` for a card. The data comes through the bounded JSON
reader (:mod:`tutor.engine.jsonread`) or from the tutor's own stores.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.engine.auction import Auction, CallRecord
from tutor.engine.bidding import ScoreState
from tutor.engine.calls import Bid, Contract, parse_call
from tutor.engine.cards import Card, Hand, Seat, Side
from tutor.engine.errors import NotationError, TutorError, echo
from tutor.engine.jsonread import json_int
from tutor.engine.nouns import count_of
from tutor.engine.record.view import SeatView
from tutor.engine.rules import Rules

_BID_KEYS = {"kind", "dealer", "seat", "hand", "auction", "score", "auction_notes", "variants"}


def bid_view(data: Mapping[str, object]) -> SeatView:
    """A bidding view from ``tutor advise`` JSON."""
    if not isinstance(data, Mapping):
        raise TutorError("expected a JSON object with kind, dealer, seat, hand and auction")
    unknown = set(data) - _BID_KEYS
    if unknown:
        raise TutorError(f"unknown key(s) {', '.join(sorted(repr(k) for k in unknown))}; expected "
                         f"{', '.join(sorted(_BID_KEYS - {'auction_notes'}))}")
    missing = [k for k in ("dealer", "seat", "hand") if k not in data]
    if missing:
        raise TutorError(f"missing key(s): {', '.join(missing)}")
    auction = data.get("auction") or []
    if not isinstance(auction, list) or not all(isinstance(c, str) for c in auction):
        raise TutorError(f"'auction' must be a list of calls such as [\"1S\", \"P\"], got {auction!r}")
    dealer, seat, hand_text = (_text(data, key) for key in ("dealer", "seat", "hand"))
    hand = Hand.parse(hand_text)
    if len(hand) != 13:
        raise TutorError(f"the hand {hand_text!r} holds {len(hand)} cards; a Vint hand holds 13 (law 16)")
    score = ScoreState.from_json(data["score"]) if data.get("score") is not None else None
    variants = data.get("variants") or {}
    if not isinstance(variants, Mapping):
        raise TutorError(f"'variants' must be an object such as {{\"support-raise\": \"russian\"}}, got {variants!r}")
    rules = Rules.with_variants({str(k): str(v) for k, v in variants.items()})  # a bidding variant (≈57)
    return SeatView(Seat.parse(seat), hand, Seat.parse(dealer),
                    tuple(parse_call(c) for c in auction), score=score, rules=rules)


def _text(data: Mapping[str, object], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise TutorError(f"{key!r} must be a string, got {value!r}")
    return value


def play_view(payload: Mapping[str, Any], rules: Rules | None = None) -> SeatView:
    """A play view from ``tutor advise`` JSON: seat, hand, dealer, auction, contract, declarer,
    played (whole tricks, in order) and trick (the cards of the unfinished trick). Without ``contract``
    and ``declarer`` the contract is the auction's last bid, as the laws make it (law 31)."""
    try:
        seat = Seat.parse(str(payload["seat"]))
        hand_data = payload["hand"]
        hand = Hand.parse(hand_data) if isinstance(hand_data, str) else Hand(Card.parse(c) for c in hand_data)
        dealer = Seat.parse(str(payload.get("dealer", payload.get("declarer", "N"))))
    except KeyError as err:
        raise NotationError(f"the play position lacks {err.args[0]!r}; expected seat, hand, dealer, "
                            f"auction (or contract and declarer), and played, trick") from None
    calls = [str(c) for c in payload.get("auction", [])]
    variants = payload.get("variants") or {}
    rules = rules or Rules.with_variants({str(k): str(v) for k, v in dict(variants).items()})
    score = payload.get("score") or {}
    if not isinstance(score, dict) or not set(score) <= {"NS", "EW"}:
        raise NotationError(f"score: expected {{'NS': points, 'EW': points}}, got {echo(score)}")
    below = {Side(k): json_int(v, f"score.{k}", 0, 10**6) for k, v in score.items()}
    auction = Auction.from_calls(dealer, calls, rules)
    last = [r for r in auction.records if isinstance(r.call, Bid)]
    contract = _contract(payload, last[-1] if last else None)
    if last and (str(last[-1].call) != str(contract.bid) or last[-1].seat is not contract.declarer):
        raise NotationError(f"the auction's last bid is {last[-1].call} by {last[-1].seat.value}, "
                            f"but the contract is {contract}")
    played = tuple(Card.parse(str(c)) for c in payload.get("played", []))
    trick = tuple(Card.parse(str(c)) for c in payload.get("trick", []))
    if len(trick) > 3:  # noqa: PLR2004  # refused before the view's kind indexes the seat's place in it
        raise NotationError(f"'trick' holds {len(trick)} cards; at most 3 are on the table before your turn")
    return SeatView(seat, hand, dealer, auction.calls, contract, played, trick,
                    ScoreState({Side.NS: below.get(Side.NS, 0), Side.EW: below.get(Side.EW, 0)}) if below else None,
                    rules)


def _contract(payload: Mapping[str, object], last_bid: CallRecord | None) -> Contract:
    """The position's contract: as given, or else the auction's last bid and its bidder."""
    given = [key for key in ("contract", "declarer") if key in payload]
    if len(given) == 2:  # noqa: PLR2004
        return Contract.parse(str(payload["contract"]), str(payload["declarer"]))
    if given:
        missing = "declarer" if given == ["contract"] else "contract"
        raise NotationError(f"the play position lacks {missing!r}: give both contract and declarer, or neither "
                            f"and the auction decides them")
    if last_bid is None:
        raise NotationError("the play position names no contract: give an auction with a bid, or contract and "
                            "declarer")
    assert isinstance(last_bid.call, Bid)  # the last of the auction's bids
    return Contract(last_bid.call, last_bid.seat)


def check_kind(view: SeatView, asked: str) -> None:
    """A clear error when the JSON's ``kind`` is not the decision the view is at."""
    kind = view.kind
    if asked == "lead" and kind != "lead":
        raise TutorError(f"kind 'lead' but {count_of(len(view.trick), 'card')} already in the trick")
    if asked == "discard" and kind != "discard":
        raise TutorError("kind 'discard' but the player can follow suit (law ≈108: he must)")
    if asked == "card" and kind == "lead":
        raise TutorError("kind 'card' needs the cards of the current trick in 'trick'; for a lead use 'lead'")


__all__ = ["bid_view", "check_kind", "play_view"]

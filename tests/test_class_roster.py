"""A teacher archives, restores and moves several learners at once (issue 30), on both back ends
(tests/store_backends.py). The expectations are the issue's words: an archived learner's record is
kept and they are no longer listed or assigned; learners move between the teacher's *own* classes;
a teacher acts only on their own classes and members, and a request that names anything else —
another teacher's class or learner, a typed-in name — changes nothing at all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import class_app
import pytest

from tutor.engine.errors import TutorError
from tutor.lessons.answers import Answer
from tutor.lessons.classroom import accounts as acc
from tutor.lessons.classroom import classes as cls
from tutor.lessons.classroom import dashboard, roster
from tutor.lessons.progress import ProgressStore

cheap_codes = class_app.cheap_codes  # quick-login codes hashed at Argon2id's smallest cost
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
LEARNERS = ("anna", "boris", "clara")


_account = class_app.account_named


def _two_teachers(store: ProgressStore) -> tuple[acc.Account, cls.Class, cls.Class, acc.Account, cls.Class]:
    """Mrs Orlova's Thursday club (anna, boris, clara) and Friday club (empty); Mr Petrov's class (dima)."""
    acc.create_account(store, "Mrs Orlova", "teacher", now=T0)
    orlova = _account(store, "Mrs Orlova")
    thursday, friday = cls.create_class(store, orlova, "Thursday club"), cls.create_class(store, orlova, "Friday club")
    acc.create_account(store, "Mr Petrov", "teacher", by=orlova, now=T0)
    petrov = _account(store, "Mr Petrov")
    his = cls.create_class(store, petrov, "Petrov's class")
    for name in (*LEARNERS, "dima"):
        acc.create_account(store, name, "learner", by=orlova, now=T0)
        cls.join(store, _account(store, name), (his if name == "dima" else thursday).join_code, consent=True, now=T0)
        store.record(Answer("law", "law-12", True, "5", "5", laws=("law-12",)), name)
    return orlova, thursday, friday, petrov, his


def test_archiving_several_keeps_their_record_and_stops_listing_and_assigning_them(store: ProgressStore) -> None:
    orlova, thursday, _, _, _ = _two_teachers(store)
    homework = cls.assign(store, orlova, thursday.id, "Law 12", cls.parse_items("law law-12"),
                          datetime.now(UTC) + timedelta(days=7))
    assert roster.archive(store, orlova, thursday.id, ["boris", "anna"]) == ["anna", "boris"]
    assert cls.members(store, orlova, thursday.id) == ["clara"]
    assert roster.archived(store, orlova, thursday.id) == ["anna", "boris"]
    assert len(store.answers("anna")) == 1  # the record is kept
    assert store.read_rows("SELECT COUNT(*) FROM members WHERE learner = 'anna'") == [(1,)]  # and the membership
    reports, _ = dashboard.class_report(store, orlova, thursday.id)
    assert [r.learner for r in reports] == ["clara"]
    text = dashboard.class_csv(store, orlova, thursday.id)
    assert "anna" not in text and "boris" not in text and "clara" in text
    law12 = [m + n for k, i, m, n in dashboard.mastery_by_item(store, orlova, thursday.id) if (k, i) == ("law", "law-12")]
    assert law12 == [1]  # all three answered law 12; only clara is counted
    anna = _account(store, "anna")
    assert cls.classes_joined(store, anna) == [] and cls.active_classes(store, anna) == []  # no assignment reaches her
    with pytest.raises(TutorError, match="not in this class"):
        cls.assign(store, orlova, thursday.id, "For anna", cls.parse_items("law law-13"), T0, learner="anna")
    with pytest.raises(TutorError, match="archived you"):
        cls.join(store, anna, thursday.join_code, consent=True)  # her joining again does not undo it
    assert roster.restore(store, orlova, thursday.id, ["anna"]) == ["anna"]
    assert cls.members(store, orlova, thursday.id) == ["anna", "clara"]
    assert cls.active_classes(store, anna) == [thursday.id] and homework.class_id == thursday.id


def test_moving_several_between_the_teachers_classes(store: ProgressStore) -> None:
    orlova, thursday, friday, _, _ = _two_teachers(store)
    consented = dict(store.read_rows("SELECT learner, consented_at FROM members WHERE class_id = ?", (thursday.id,)))
    cls.join(store, _account(store, "clara"), friday.join_code, consent=True)  # clara is in both already
    assert roster.move(store, orlova, thursday.id, friday.id, ["anna", "clara"]) == ["anna", "clara"]
    assert cls.members(store, orlova, thursday.id) == ["boris"]
    assert cls.members(store, orlova, friday.id) == ["anna", "clara"]
    assert store.read_rows("SELECT COUNT(*) FROM members WHERE learner = 'clara'") == [(1,)]
    moved = dict(store.read_rows("SELECT learner, consented_at FROM members WHERE class_id = ?", (friday.id,)))
    assert moved["anna"] == consented["anna"]  # the consent she gave to this teacher goes with her
    assert cls.classes_joined(store, _account(store, "anna")) == ["Friday club"]
    roster.archive(store, orlova, friday.id, ["anna"])
    cls.join(store, _account(store, "anna"), thursday.join_code, consent=True)
    roster.move(store, orlova, thursday.id, friday.id, ["anna"])  # moving back onto her archived membership
    assert cls.members(store, orlova, friday.id) == ["anna", "clara"] and roster.archived(store, orlova, friday.id) == []


def _memberships(store: ProgressStore) -> list[tuple[str, str, object]]:
    return sorted(store.read_rows("SELECT class_id, learner, archived_at FROM members"))


def test_a_tampered_request_changes_nothing(store: ProgressStore) -> None:
    orlova, thursday, friday, petrov, his = _two_teachers(store)
    before = _memberships(store)
    refused = [
        (roster.archive, (orlova, his.id, ["dima"]), "no such class among yours"),  # another teacher's class
        (roster.archive, (orlova, thursday.id, ["anna", "dima"]), "not in this class"),  # another's learner
        (roster.archive, (orlova, thursday.id, ["anna", "nobody"]), "not in this class"),  # a typed-in name
        (roster.archive, (petrov, thursday.id, ["anna"]), "no such class among yours"),
        (roster.archive, (_account(store, "anna"), thursday.id, ["boris"]), "no such class among yours"),
        (roster.archive, (orlova, thursday.id, []), "at least one"),
        (roster.restore, (orlova, thursday.id, ["anna"]), "not archived in this class"),
        (roster.move, (orlova, thursday.id, his.id, ["anna"]), "no such class among yours"),  # to his class
        (roster.move, (orlova, his.id, friday.id, ["dima"]), "no such class among yours"),  # from his class
        (roster.move, (petrov, thursday.id, his.id, ["anna"]), "no such class among yours"),
        (roster.move, (orlova, thursday.id, friday.id, ["anna", "dima"]), "not in this class"),
        (roster.move, (orlova, thursday.id, thursday.id, ["anna"]), "another class"),
        (roster.move, (orlova, thursday.id, "no-such-id", ["anna"]), "no such class among yours"),
    ]
    for act, args, why in refused:
        with pytest.raises(TutorError, match=why):
            act(store, *args)  # type: ignore[operator]
        assert _memberships(store) == before, (act.__name__, args)
    with pytest.raises(TutorError, match="no such class among yours"):
        roster.archived(store, petrov, thursday.id)
    with pytest.raises(TutorError, match="at most"):
        roster.archive(store, orlova, thursday.id, [f"n{i}" for i in range(roster.MAX_AT_ONCE + 1)])

"""The whole record as a JSON file (export and import) and the answers as CSV.

Export → import into an empty store gives the same record (same learners, same
answers with the same uids, same schedules). Importing into a store that already
has answers merges: answers already present (same uid) are skipped and the
schedules are recomputed from all answers.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from tutor.engine.errors import TutorError, echo
from tutor.engine.jsonread import json_kind, parse_json_bytes, read_json_source
from tutor.engine.seeds import check_seed
from tutor.lessons.answers import Answer
from tutor.lessons.progress import (
    MAX_KEY,
    SCHEMA_VERSION,
    ProgressStore,
    StoredAnswer,
    check_learner_name,
    from_ts,
    to_ts,
)
from tutor.lessons.progress.backup import write_whole
from tutor.lessons.progress.columns import (
    MAX_ANSWER_TEXT,
    MAX_EXTRA,
    MAX_EXTRA_KEY,
    MAX_ITEM_ID,
    MAX_LAWS,
    MAX_POSITION,
    control_character,
)
from tutor.lessons.progress.schema import in_range

CSV_COLUMNS = (
    "answered_at", "learner", "item_kind", "item_id", "correct", "given", "expected", "laws",
    "seed", "position", "seconds", "uid", "retry",
)


#: The longest time an answer may have taken (seconds): eleven and a half days.
MAX_SECONDS = 1_000_000.0

#: How far after the time of an import an imported answer may be dated: the clocks of the machine that
#: exported and the one that imports may disagree by this much. An answer dated later is refused (its
#: schedule would be later too): dated 2999, it completed every assignment on its item, counted in "the
#: last day" and kept its learner out of "Needs attention" for ever. ``schema.LATEST`` stays the calendar's
#: bound for every other path.
FUTURE_TOLERANCE = timedelta(days=1)


def _when(value: datetime, info: ValidationInfo) -> datetime:
    return in_range(value, str(info.field_name))


def _seed(value: int | None, info: ValidationInfo) -> int | None:
    return None if value is None else check_seed(value, str(info.field_name))


def _without_control(*, tab: bool = False) -> AfterValidator:
    """A field's check that its text holds no control character (C0, DEL, C1; ``tab``: but a tab, which a
    learner's typed answer may hold): a record's text is shown in the terminal and on the pages, where ESC and
    a line break would act (clear the screen, forge a line) instead of showing."""
    which = "a typed answer holds none but a tab" if tab else "the tutor never writes one here"

    def check(text: str) -> str:
        found = control_character(text, tab=tab)
        if found:
            raise ValueError(f"a control character ({found}); {which}")
        return text

    return AfterValidator(check)


_no_control, _no_control_but_tab = _without_control(), _without_control(tab=True)


#: an import's texts: bounded (schema.py's ``MAX_…``, what the tutor itself writes) and without control characters
_Id = Annotated[str, Field(min_length=1, max_length=MAX_ITEM_ID), _no_control]
_Law = Annotated[str, Field(max_length=MAX_ITEM_ID), _no_control]
_Name = Annotated[str, Field(max_length=100), _no_control]
_Typed = Annotated[str, Field(max_length=MAX_ANSWER_TEXT), _no_control_but_tab]
_Position = Annotated[str, Field(max_length=MAX_POSITION), _no_control]
_ExtraKey = Annotated[str, Field(max_length=MAX_EXTRA_KEY), _no_control]
_ExtraValue = Annotated[str, Field(max_length=MAX_ANSWER_TEXT), _no_control]


class _Learner(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: _Name
    created_at: datetime

    _in_range = field_validator("created_at")(_when)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    uid: Annotated[str, Field(min_length=8, max_length=64), _no_control]
    learner: _Name
    answered_at: datetime
    item_kind: _Id
    item_id: _Id
    correct: bool
    given: _Typed
    expected: _Typed
    laws: list[_Law] = Field(default=[], max_length=MAX_LAWS)
    seed: int | None = None
    position: _Position = ""
    seconds: float | None = Field(default=None, ge=0, le=MAX_SECONDS, allow_inf_nan=False)
    extra: dict[_ExtraKey, _ExtraValue] = Field(default={}, max_length=MAX_EXTRA)
    retry: bool = False
    key: Annotated[str, Field(max_length=MAX_KEY), _no_control] = ""

    _in_range = field_validator("answered_at")(_when)
    _seed_range = field_validator("seed")(_seed)


class _Record(BaseModel):
    model_config = ConfigDict(extra="ignore")
    format: Literal["vint-tutor-progress"]
    schema_version: int
    learners: list[_Learner]
    answers: list[_Answer]


def export_json(store: ProgressStore, path: Path, learner: str | None = None) -> int:
    """Write the whole record (or one learner's) to ``path``; returns the number of answers written."""
    record = store.export_record(learner)
    try:  # whole or not at all: a kill part way leaves the previous export as it was
        write_whole(path, (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    except OSError as err:
        raise TutorError(f"Cannot write the export file {path}: {err.strerror or err}") from err
    answers = record["answers"]
    return len(answers) if isinstance(answers, list) else 0  # always a list: transfer.export_record


#: pydantic's name for an object, which names the model's class ("a valid dictionary or instance of _Answer")
_OBJECT = re.compile(r"a valid dictionary(?: or instance of \w+)?")


#: a part of a problem's place named as it is (``answers``, ``0``, ``given``); any other is quoted
_PLAIN_PART = re.compile(r"[\w.:\[\]-]{1,80}", re.ASCII)


def _where(loc: tuple[int | str, ...], data: dict[object, object]) -> str:
    """Where a problem is: ``answers.3.given``, with the answer's uid when it has one. A part that is a key of
    the file's (an ``extra`` entry's name) is quoted and cut, so no control character or 15 MB key reaches
    the line."""
    where = ".".join(p if isinstance(p, str) and _PLAIN_PART.fullmatch(p) else
                     str(p) if isinstance(p, int) else echo(p, 40) for p in loc) or "(top)"
    if len(loc) > 1 and loc[0] == "answers" and isinstance(loc[1], int):
        answers = data.get("answers")
        answer = answers[loc[1]] if isinstance(answers, list) and 0 <= loc[1] < len(answers) else None
        uid = answer.get("uid") if isinstance(answer, dict) else None
        if isinstance(uid, str) and uid:
            where += f" (uid {uid})" if _PLAIN_PART.fullmatch(uid) else f" (uid {echo(uid, 40)})"
    return where


def parse_record(data: object, source: str, *, now: datetime | None = None,
                 ) -> tuple[list[tuple[str, str]], list[StoredAnswer]]:
    """Validate an exported record; every problem is reported at once. An answer dated, or a learner
    created, later than ``now`` (the time of the import) and :data:`FUTURE_TOLERANCE` is refused, naming it."""
    if not isinstance(data, dict):  # pydantic's words: "a valid dictionary or instance of _Record"
        raise TutorError(f"{source} is not a Vint tutor progress export: expected a JSON object with \"format\", "
                         f"\"schema_version\", \"learners\" and \"answers\" (as tutor progress --export writes it), "
                         f"got {json_kind(data)}")
    try:
        record = _Record.model_validate(data)
    except ValidationError as err:
        errors = err.errors(include_url=False, include_input=False)
        problems = "; ".join(
            f"{_where(e['loc'], data)}: {_OBJECT.sub('a JSON object', e['msg'])}" for e in errors[:10]
        ) + (f"; … and {len(errors) - 10:,} more problems" if len(errors) > 10 else "")
        raise TutorError(f"{source} is not a Vint tutor progress export: {problems}") from None
    if record.schema_version > SCHEMA_VERSION:
        raise TutorError(f"{source} was exported by a newer tutor (schema {record.schema_version}).")
    _refuse_the_future(record, source, datetime.now(UTC) if now is None
                       else now if now.tzinfo else now.replace(tzinfo=UTC))
    learners = [(check_learner_name(lr.name), to_ts(lr.created_at)) for lr in record.learners]
    answers = [
        StoredAnswer(
            id=0, uid=a.uid, learner=check_learner_name(a.learner), answered_at=from_ts(to_ts(a.answered_at)),
            answer=Answer(a.item_kind, a.item_id, a.correct, a.given, a.expected, tuple(a.laws),
                          a.seed, a.position, a.seconds, dict(a.extra), a.retry, a.key),
        )
        for a in record.answers
    ]
    return learners, answers


def _refuse_the_future(record: _Record, source: str, now: datetime) -> None:
    """One line naming the first learner created, or answer dated, after ``now`` and the tolerance (nothing
    is written then): a learner created in 2999 is no more possible than an answer given then."""
    latest = now + FUTURE_TOLERANCE
    dated = itertools.chain((("learners", i, lr.name, lr.created_at) for i, lr in enumerate(record.learners)),
                            (("answers", i, a.uid, a.answered_at) for i, a in enumerate(record.answers)))
    for part, index, name, when in dated:
        if when > latest:  # both in UTC: _when made them so
            named = name if _PLAIN_PART.fullmatch(name) else echo(name, 40)
            what = f"({named}) was created" if part == "learners" else f"(uid {named}) is dated"
            never = "no learner is created" if part == "learners" else "no answer is given"
            raise TutorError(
                f"{source}: {part}.{index} {what} {to_ts(when)}, more than {FUTURE_TOLERANCE.days} day after this "
                f"import ({to_ts(now)}; the day allows for a clock set wrong): {never} in the future. Nothing was "
                "imported.")


def import_json(store: ProgressStore, path: Path) -> int:
    """Merge the record in ``path`` into ``store``; returns the number of answers added.

    The file is read by the bounded JSON reader (:mod:`tutor.engine.jsonread`): size,
    nesting and numbers are limited, and nothing is written unless the whole record is valid. A
    valid record is written in pieces (:func:`~tutor.lessons.progress.transfer.import_in_pieces`): if the
    database fails part way, importing the file again finishes it.
    """
    data = read_json_source(str(path))
    learners, answers = parse_record(data, str(path))
    return store.import_record(learners, answers)


def import_bytes(store: ProgressStore, data: bytes, source: str, *, only: str | None = None) -> int:
    """Merge an uploaded record (the Progress page); the same limits and checks as :func:`import_json`.

    ``only``: the signed-in account (class mode) — a record holding anyone else's answers is refused
    whole, so no learner writes into another's record.
    """
    learners, answers = parse_record(parse_json_bytes(data, source), source)
    if only is not None:
        others = sorted(({name for name, _ in learners} | {a.learner for a in answers}) - {only})
        if others:
            raise TutorError(f"{source} holds the record of {len(others)} other learner(s); signed in as "
                             f"{only}, you can import only your own record. Nothing was imported.")
    return store.import_record(learners, answers)


def spreadsheet_cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (CSV injection): a learner's answer such as
    ``=HYPERLINK(...)``, typed or imported, is written as text.

    >>> spreadsheet_cell("=1+1"), spreadsheet_cell("-3/4"), spreadsheet_cell("2S")
    ("'=1+1", "'-3/4", '2S')
    """
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_text(store: ProgressStore, learner: str | None = None) -> str:
    """Every answer (of one learner, or all) as CSV text, header first."""
    return _csv(store.answers(learner))


def _csv(answers: list[StoredAnswer]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    cell = spreadsheet_cell  # every text cell, whoever wrote it: an imported record may hold "=..." in any of them
    for s in answers:
        a = s.answer
        writer.writerow([
            to_ts(s.answered_at), cell(s.learner), cell(a.item_kind), cell(a.item_id), int(a.correct),
            cell(a.given), cell(a.expected), cell(" ".join(a.laws)), "" if a.seed is None else a.seed,
            cell(a.position), "" if a.seconds is None else f"{a.seconds:.3f}", cell(s.uid), int(a.retry),
        ])
    return out.getvalue()


def export_csv(store: ProgressStore, path: Path, learner: str | None = None) -> int:
    """Write every answer (of one learner, or all) as CSV; returns the number of rows."""
    answers = store.answers(learner)
    text = _csv(answers)
    try:  # whole or not at all, as export_json
        write_whole(path, text.encode("utf-8"))
    except OSError as err:
        raise TutorError(f"Cannot write the CSV file {path}: {err.strerror or err}") from err
    return len(answers)

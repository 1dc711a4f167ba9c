"""A learner's answers as the teacher's view counts them, counted by the database (stop 60).

The class report read every answer of every member whole: 0.45 s a run for a class of 20 learners with
2,000 answers each (``benchmarks/heavy_learner.py --class``), and it grows with the class's record. Here
the database counts the first answers (:data:`~tutor.lessons.progress.facts.PLAIN`: all but those that may
be self-reports) and gives the last answer's time. Three things are still read, narrowly:

- the laws of the wrong answers, one column: the mistakes most made keep the order in which each law was
  first missed when two are missed as often, as a count over every answer, oldest first, does;
- the practice table's answers (those whose marks name a source): their seeds and keys, for the deals;
- the few answers that may be self-reports (:data:`~tutor.lessons.progress.facts.MARKED`), whole, each
  asked whether it counts, as every count of the store does (:mod:`tutor.lessons.progress.tallies`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from tutor.engine.errors import echo
from tutor.lessons.progress import ProgressStore, from_ts, to_ts
from tutor.lessons.progress.columns import damaged, stored_text, text_column, whole_or_none_column
from tutor.lessons.progress.facts import MARKED, PLAIN, PLAIN_PARAMS
from tutor.lessons.progress.schema import ANSWER_COLUMNS, answer_from_row, extra_of, laws_read, whole_number
from tutor.lessons.table.items import SOURCE as TABLE_SOURCE

#: the kinds of item a drill records (a convention's bidding or play drill, a scoring question, Solo Whist)
DRILL_ITEM_KINDS = ("convention", "scoring", "solo")
#: the laws a report names, most missed first
MOST_MISSED = 5


@dataclass(frozen=True)
class AnswerFigures:
    """A learner's first answers (:attr:`tutor.lessons.answers.Answer.counts`) given in a period."""

    answers: int
    right: int
    drills: int
    #: the practice table's deals the deviations came from, and the deviations
    table_deals: int
    deviations: int
    mistakes_by_law: tuple[tuple[str, int], ...]


def answer_figures(store: ProgressStore, learner: str, since: datetime | None) -> AnswerFigures:
    """The learner's first answers given at ``since`` or after (all, if ``None``), counted."""
    period, params = ("", ()) if since is None else (" AND answered_at >= ?", (to_ts(since),))
    plain = f"learner = ? AND retry = 0 AND {PLAIN}{period}"
    asked = (learner, *PLAIN_PARAMS, *params)
    kinds = ", ".join(f"'{kind}'" for kind in DRILL_ITEM_KINDS)
    count, right, drills = store.read_rows(
        f"SELECT COUNT(*), SUM(correct), SUM(CASE WHEN item_kind IN ({kinds}) THEN 1 ELSE 0 END)"
        f" FROM answers WHERE {plain}", asked)[0]
    missed = [(stored_text(at, "answered_at"), whole_number(id_, "an answer's id"), _laws(id_, laws))
              for at, id_, laws in store.read_rows(f"SELECT answered_at, id, laws FROM answers WHERE {plain}"
                                                   " AND correct = 0", asked)]
    # the practice table's answers among them, by their source (a drill's answer names only its kind)
    table = [_deal(id_, seed, key) for id_, seed, key, extra in store.read_rows(
        f"SELECT id, seed, key, extra FROM answers WHERE {plain} AND extra LIKE ?", (*asked, '%"source"%'))
        if extra_of(stored_text(extra, "extra")).get("source") == TABLE_SOURCE]
    marked = [s for s in (answer_from_row(row) for row in store.read_rows(
        f"SELECT {ANSWER_COLUMNS} FROM answers WHERE learner = ? AND retry = 0 AND {MARKED}{period}", asked))
        if s.answer.counts]
    missed += [(to_ts(s.answered_at), s.id, s.answer.laws) for s in marked if not s.answer.correct]
    table += [_deal(s.id, s.answer.seed, s.answer.key) for s in marked if s.answer.extra.get("source") == TABLE_SOURCE]
    return AnswerFigures(
        answers=whole_number(count, "a count of answers") + len(marked),
        right=whole_number(right or 0, "a count of answers") + sum(s.answer.correct for s in marked),
        drills=whole_number(drills or 0, "a count of answers")
        + sum(s.answer.item_kind in DRILL_ITEM_KINDS for s in marked),
        table_deals=len(set(table)), deviations=len(table),
        mistakes_by_law=_most_missed(missed))


def last_answer(store: ProgressStore, learner: str) -> datetime | None:
    """When the learner last answered anything (a retry and a law marked learned included)."""
    at = store.read_rows("SELECT MAX(answered_at) FROM answers WHERE learner = ?", (learner,))[0][0]
    return None if at is None else from_ts(at)


def _laws(id_: object, laws: object) -> tuple[str, ...]:
    try:
        return laws_read(stored_text(laws, "laws"))
    except (ValueError, RecursionError) as err:  # not a list of texts: damaged, as a whole read of the row says
        raise damaged(f"answer {id_}", echo(str(err), 200)) from None


def _most_missed(missed: list[tuple[str, int, tuple[str, ...]]]) -> tuple[tuple[str, int], ...]:
    """The laws of the wrong answers, most missed first; a tie in the order each was first missed (the
    answers oldest first, by their stored time then their id, as the store reads them)."""
    counts = Counter(law for _, _, laws in sorted(missed) for law in laws)
    return tuple(counts.most_common(MOST_MISSED))


def _deal(id_: object, seed: object, key: object) -> tuple[int | None, str]:
    """The practice table's deal an answer came from: its rubber's seed, and the deal's number in the answer's
    key (``table:DEAL:…``)."""
    try:
        seed, key = whole_or_none_column(seed, "seed"), "" if key is None else text_column(key, "key")
    except TypeError as err:  # a blob or another type where the schema says otherwise: damaged
        raise damaged(f"answer {id_}", str(err)) from None
    return seed, key.split(":")[1] if key.count(":") >= 2 else ""  # noqa: PLR2004

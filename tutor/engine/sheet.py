"""The score sheet drawn the classic way: two columns, above and below the line.

Our side (NS) writes in the left column, their side (EW) in the right (scoring 1: "each
side keeps its own record"). Above the line go honours, aces, coronets, slams,
penalties and bonuses, each entry in full; below the line go the tricks, partie by
partie, each partie closed when a side reaches 500 (note 9) and marked with its
winner; the rubber and the final difference (scoring 4) close the sheet.

:func:`rubber_rows` and :func:`deal_rows` give the rows (the app makes a table of
them); :func:`sheet_text` draws them for the terminal.

>>> from tutor.engine.cards import Deal
>>> from tutor.engine.calls import Contract
>>> from tutor.engine.scoring import score_deal
>>> d = Deal.from_pbn("N:T98.T98.T98.T987 765.765.765.6543 432.432.432.AKQJ AKQJ.AKQJ.AKQJ.2")
>>> print(sheet_text(deal_rows(score_deal(d, Contract.parse("1C", "S"), 7))).splitlines()[0])
deal  entry                           NS (we)  EW (they)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.engine.cards import Side
from tutor.engine.rubber import Rubber
from tutor.engine.scoring.items import KINDS, DealScore, ScoreItem

Section = Literal["above", "line", "below", "partie", "total", "result"]


@dataclass(frozen=True)
class SheetRow:
    """One row of the sheet: a written entry, a rule drawn across, or a total."""

    section: Section
    deal: int | None
    entry: str
    ns: int | None
    ew: int | None
    laws: tuple[str, ...] = ()
    text: str = ""


def _item_row(section: Section, deal: int | None, item: ScoreItem) -> SheetRow:
    ns = item.points if item.side is Side.NS else None
    ew = item.points if item.side is Side.EW else None
    return SheetRow(section, deal, KINDS.get(item.kind, item.kind), ns, ew, item.laws, item.text)


def deal_rows(score: DealScore) -> tuple[SheetRow, ...]:
    """The sheet of one deal on its own."""
    rows = [_item_row("above", 1, i) for i in score.items if i.line == "above"]
    if score.x_mark:
        rows.append(SheetRow("above", 1, "X (passed out)", None, None, ("scoring-8",),
                             "An X is written; it is valued when the rubber ends"))
    rows.append(SheetRow("line", None, "the line", None, None))
    rows += [_item_row("below", 1, i) for i in score.items if i.line == "below"]
    rows.append(SheetRow("total", None, "above the line", score.above(Side.NS), score.above(Side.EW)))
    rows.append(SheetRow("total", None, "below the line", score.below(Side.NS), score.below(Side.EW)))
    rows.append(SheetRow("total", None, "total", score.total(Side.NS), score.total(Side.EW)))
    return tuple(rows)


def rubber_rows(rubber: Rubber) -> tuple[SheetRow, ...]:
    """The sheet of a rubber: above the line, the line, each partie below it, totals, result."""
    rows = [_item_row("above", e.deal_no, e.item) for e in rubber.entries if e.item.line == "above"]
    x_deals = [n for n, s in enumerate(rubber.scores, 1) if s.x_mark]
    rows += [SheetRow("above", n, "X (passed out)", None, None, ("scoring-8",), "An X is written")
             for n in x_deals]
    rows.sort(key=lambda r: r.deal or 0)  # chronological, as written at the table
    rows.append(SheetRow("line", None, "the line", None, None))
    for partie in rubber.parties:
        rows += [_item_row("below", e.deal_no, e.item) for e in rubber.entries
                 if e.item.line == "below" and e.partie == partie.number]
        won = f"won by {partie.winner.value}" if partie.winner else "not finished"
        # "partie", the tutor's one word for the race to 500 (note 9), as every page and sentence says it
        rows.append(SheetRow("partie", None, f"partie {partie.number}: {won}",
                             partie.below[Side.NS], partie.below[Side.EW], ("note-9",)))
    rows.append(SheetRow("total", None, "above the line", rubber.above(Side.NS), rubber.above(Side.EW)))
    rows.append(SheetRow("total", None, "below the line", rubber.below(Side.NS), rubber.below(Side.EW)))
    rows.append(SheetRow("total", None, "total", rubber.total(Side.NS), rubber.total(Side.EW)))
    leader, margin = rubber.result()
    won = " ".join(s.value for s in rubber.games) or "none yet"
    if rubber.winner is not None:
        verdict = f"rubber won by {rubber.winner.value} (parties won: {won})"
    else:
        verdict = f"rubber not finished (parties won: {won})"
    diff = f"{leader.value} ahead by {margin}" if leader else "level"
    rows.append(SheetRow("result", None, f"{verdict}; {diff}", None, None, ("scoring-4",)))
    return tuple(rows)


def _cell(value: int | None) -> str:
    return "" if value is None else str(value)


def sheet_text(rows: tuple[SheetRow, ...], *, width: int = 30) -> str:
    """The rows as a plain-text sheet: deal, entry, NS column, EW column."""
    out = [f"{'deal':<6}{'entry':<{width}} {'NS (we)':>8} {'EW (they)':>10}"]
    rule = "-" * (6 + width + 20)
    for row in rows:
        if row.section == "line":
            out.append(rule.replace("-", "=", len(rule)))
            continue
        if row.section == "total" and row.entry == "above the line":
            out.append(rule)
        if row.section == "result":
            out.append(row.entry)
            continue
        deal = "" if row.deal is None else f"{row.deal}"
        entry = row.entry if len(row.entry) <= width else row.entry[: width - 1] + "…"
        out.append(f"{deal:<6}{entry:<{width}} {_cell(row.ns):>8} {_cell(row.ew):>10}")
    return "\n".join(out)

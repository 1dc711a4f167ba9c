"""Widgets shared by the score calculator and the scoring quiz: the sheet as a table, variants, readings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pandas as pd
import streamlit as st

from tutor.engine.cards import Deal
from tutor.engine.errors import TutorError
from tutor.engine.rules import Rules
from tutor.engine.scoring import scoring_variants
from tutor.engine.sheet import SheetRow
from tutor.lessons.answers import CheckedBlank
from tutor.lessons.content import content_dir
from tutor.lessons.scoring import load_readings
from tutor.lessons.words import learner_words, source_name
from tutor.ui import cards
from tutor.ui.common import law_labels, show_error, text_md

NS_COL, EW_COL = "NS (we)", "EW (they)"


LINE_ENTRY = "— the line —"


class CheckedEntry(CheckedBlank, Protocol):
    """One figure of a score sheet the learner filled in, checked (four players, or two, three, five), with
    its verdict in words."""

    @property
    def message(self) -> str: ...


def show_checked_entries(results: Sequence[CheckedEntry]) -> None:
    """How many entries were right, then each entry's verdict with its laws, shown as text."""
    right = sum(r.correct for r in results)
    summary = f"{right} of {len(results)} entries right."
    if right == len(results):
        st.success(f"All right! {summary}", icon=":material/check_circle:")
    else:
        st.warning(summary, icon=":material/rule:")
    for result in results:
        text = text_md(f"{result.message} ({law_labels(result.blank.laws)})")
        if result.correct:
            st.success(text, icon=":material/check:")
        else:
            st.error(text, icon=":material/close:")


def _cell(value: int | None) -> str:
    """A sheet cell: the figure, or nothing at all (never "None") where a side writes nothing."""
    return "" if value is None else str(value)


def sheet_frame(rows: tuple[SheetRow, ...]) -> pd.DataFrame:
    """The sheet as a table: one row per entry, the line drawn as a row of its own."""
    records = []
    for row in rows:
        records.append({
            "deal": _cell(row.deal),
            "entry": LINE_ENTRY if row.section == "line" else row.entry,
            NS_COL: _cell(row.ns),
            EW_COL: _cell(row.ew),
            "laws": law_labels(row.laws),
            "why": row.text,
        })
    return pd.DataFrame.from_records(records, columns=["deal", "entry", NS_COL, EW_COL, "laws", "why"])


def classic_sheet_md(rows: tuple[SheetRow, ...], *, we: str = "We (NS)", they: str = "They (EW)") -> str:
    """The sheet as a Vint player draws it: two figure columns, We and They, split by the line.

    The figures stand in their own right-aligned columns, so they line up under "We" and
    "They"; what each entry is stands beside them. Above the line the latest entry is
    written highest, as on a paper sheet; the line is drawn across; below it the tricks in
    the order they were written, each partie closed by its running total and its winner;
    then the totals and the result (scoring 1-4). The score pad and the practice table
    (every table size: ``we``/``they`` name the columns) draw their sheets with it.
    """
    def entry(row: SheetRow) -> str:
        return f"deal {row.deal}: {row.entry}" if row.deal is not None else row.entry

    def line(row: SheetRow, bold: bool = False) -> str:
        ns, ew = _cell(row.ns), _cell(row.ew)
        if bold:
            ns, ew = (f"**{v}**" if v else v for v in (ns, ew))
        return f"| {ns or ' '} | {ew or ' '} | {entry(row)} |"

    out = [f"| {we} | {they} | entry |", "|--:|--:|:--|"]
    above = [r for r in rows if r.section == "above"]
    out += [line(r) for r in reversed(above)] or ["|   |   | nothing above the line yet |"]
    out.append("| ━━━━━━ | ━━━━━━ | **the line** |")
    below = False
    for row in rows:
        if row.section == "below":
            out.append(line(row))
            below = True
        elif row.section in ("partie", "total"):
            out.append(line(row, bold=True))
        elif row.section == "result":
            out.append(f"|   |   | **{row.entry}** |")
    if not below and not any(r.section == "partie" for r in rows):
        out.insert(out.index("| ━━━━━━ | ━━━━━━ | **the line** |") + 1, "|   |   | nothing below the line yet |")
    return "\n".join(out)


def show_sheet(rows: tuple[SheetRow, ...], *, details_open: bool = True) -> None:
    """The classic sheet, and under it every entry with its law and why: a table that wraps its text,
    so each "why" is read whole (a data grid cut it at the column's edge: "EW hold 3 trump honours and 3 aces: 6 h")."""
    st.markdown(classic_sheet_md(rows))
    with st.expander("Every entry, with its law and why", expanded=details_open):
        st.table(sheet_frame(rows), hide_index=True)


def show_deal(deal: Deal) -> None:
    """The four hands as a compass: North at the top, West and East either side, South below."""
    cards.show_compass(deal)


def variant_pickers(prefix: str) -> Rules:
    """A select box per scoring variant (book default first); returns the rules chosen."""
    choices: dict[str, str] = {}
    for variant in scoring_variants():
        options = list(variant.options)
        labels = {k: o.label for k, o in variant.options.items()}  # what the option is, not its key
        choices[variant.name] = st.selectbox(
            f"{variant.description} ({law_labels((variant.law,))}; the sources differ here)",
            options, format_func=labels.__getitem__, key=f"{prefix}_variant_{variant.name}")
    return Rules.with_variants(choices)


def show_readings(ids: tuple[str, ...], *, expanded: bool = False) -> None:
    """The tutor's readings this score relied on, with their laws and sources."""
    if not ids:
        return
    try:
        readings = load_readings(content_dir())
    except TutorError as err:
        show_error(err)
        return
    with st.expander(f"The tutor's readings used here ({len(ids)})", expanded=expanded):
        for reading_id in ids:
            reading = readings.get(reading_id)
            if reading is None:
                st.warning(f"Reading {reading_id!r} is missing from content/scoring-readings.yaml")
                continue
            sources = "; ".join(f"{source_name(s)} {s.ref}" for s in reading.sources)
            st.markdown(f"**{reading.title}** — {learner_words(reading.reading)}")
            st.caption(f"Laws: {law_labels(reading.laws)} · sources: {sources}")

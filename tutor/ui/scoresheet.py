"""Widgets shared by the score calculator and the scoring quiz: the sheet as a table, variants, readings."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from tutor.engine.cards import Deal
from tutor.engine.errors import TutorError
from tutor.engine.rules import Rules
from tutor.engine.scoring import scoring_variants
from tutor.engine.sheet import SheetRow
from tutor.lessons.content import content_dir
from tutor.lessons.scoring import load_readings
from tutor.ui import cards
from tutor.ui.common import law_names, show_error, source_name

NS_COL, EW_COL = "NS (we)", "EW (they)"


LINE_ENTRY = "— the line —"


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
            "laws": law_names(row.laws),
            "why": row.text,
        })
    return pd.DataFrame.from_records(records, columns=["deal", "entry", NS_COL, EW_COL, "laws", "why"])


def classic_sheet_md(rows: tuple[SheetRow, ...]) -> str:
    """The sheet as a Vint player draws it: We (NS) and They (EW), bonuses above the line, tricks below.

    Above the line the latest entry is written highest, as on a paper sheet; the line is
    drawn across both columns; below it the tricks, each partie closed by its subtotal,
    then the totals and the result.
    """
    def line(row: SheetRow) -> str:
        ns = f"{row.ns} {row.entry}" if row.ns is not None else ""
        ew = f"{row.ew} {row.entry}" if row.ew is not None else ""
        if row.ns is None and row.ew is None:  # an X mark or the result, written across
            ns = row.entry
        return f"| {ns or ' '} | {ew or ' '} |"

    out = ["| We (NS) | They (EW) |", "|--:|:--|"]
    out += [line(r) for r in reversed([r for r in rows if r.section == "above"])]
    out.append("| **═══ the line ═══** | **═══════════** |")
    for row in rows:
        if row.section == "below":
            out.append(line(row))
        elif row.section in ("game", "total"):
            out.append(f"| **{_cell(row.ns)}** {row.entry} | **{_cell(row.ew)}** {row.entry} |")
        elif row.section == "result":
            out.append(f"| **{row.entry}** |   |")
    return "\n".join(out)


def show_sheet(rows: tuple[SheetRow, ...], *, key: str) -> None:
    st.markdown(classic_sheet_md(rows))
    with st.expander("Every entry, with its law and why", expanded=True):
        st.dataframe(sheet_frame(rows), hide_index=True, key=key, width="stretch")


def show_deal(deal: Deal) -> None:
    """The four hands as a compass: North at the top, West and East either side, South below."""
    cards.show_compass(deal)


def variant_pickers(prefix: str) -> Rules:
    """A select box per scoring variant (book default first); returns the rules chosen."""
    choices: dict[str, str] = {}
    for variant in scoring_variants():
        options = list(variant.options)
        labels = {k: f"{k}: {o.label}" for k, o in variant.options.items()}
        choices[variant.name] = st.selectbox(
            f"{variant.description} ({variant.law}{', ' + variant.conflict if variant.conflict else ''})",
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
            sources = "; ".join(f"{source_name(s.file)} {s.ref}" for s in reading.sources)
            st.markdown(f"**{reading.title}** — {reading.reading}")
            st.caption(f"Laws: {law_names(reading.laws)} · sources: {sources}")

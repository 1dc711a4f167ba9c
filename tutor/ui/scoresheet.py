"""Widgets shared by the score calculator and the scoring quiz: the sheet as a table, variants, readings."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from tutor.engine.cards import SEATS, Deal
from tutor.engine.errors import TutorError
from tutor.engine.rules import Rules
from tutor.engine.scoring import scoring_variants
from tutor.engine.sheet import SheetRow
from tutor.lessons.content import content_dir
from tutor.lessons.scoring import load_readings
from tutor.ui.common import hand_markdown, show_error

NS_COL, EW_COL = "NS (we)", "EW (they)"
SEAT_TITLES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def sheet_frame(rows: tuple[SheetRow, ...]) -> pd.DataFrame:
    """The sheet as a table: one row per entry, the line drawn as a row of its own."""
    records = []
    for row in rows:
        entry = "──────── the line ────────" if row.section == "line" else row.entry
        records.append({
            "deal": row.deal,
            "entry": entry,
            NS_COL: row.ns,
            EW_COL: row.ew,
            "laws": ", ".join(row.laws),
            "why": row.text,
        })
    frame = pd.DataFrame.from_records(records, columns=["deal", "entry", NS_COL, EW_COL, "laws", "why"])
    for col in ("deal", NS_COL, EW_COL):
        frame[col] = frame[col].astype("Int64")
    return frame


def show_sheet(rows: tuple[SheetRow, ...], *, key: str) -> None:
    st.dataframe(sheet_frame(rows), hide_index=True, key=key, width="stretch")


def show_deal(deal: Deal) -> None:
    """The four hands, North and South in the middle column, West and East either side."""
    left, middle, right = st.columns(3)
    for seat in SEATS:
        column = {"N": middle, "S": middle, "W": left, "E": right}[seat.value]
        column.markdown(f"**{SEAT_TITLES[seat.value]}**  \n{hand_markdown(deal[seat])}")


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
            sources = "; ".join(str(s) for s in reading.sources)
            st.markdown(f"**{reading.title}** — {reading.reading}")
            st.caption(f"Laws: {', '.join(reading.laws)} · sources: {sources}")

"""Study the laws: the book's sections in order, one law at a time, with sources, terms and progress."""

from __future__ import annotations

import contextlib

import pandas as pd
import streamlit as st

from tutor.engine.errors import ContentError, TutorError
from tutor.engine.nouns import count_of
from tutor.lessons.answers import Answer
from tutor.lessons.content import ContentReport, Entry
from tutor.lessons.laws.glossary import search_laws
from tutor.lessons.laws.study import StudyGuide, citations_in
from tutor.lessons.words import cited_source, learner_words, practised_in
from tutor.ui import state as _state
from tutor.ui.common import content_report, page_header, show_error, text_md

CURRENT, SECTION, SEEN, LEARNED = "laws_current", "laws_section", "laws_seen", "laws_learned_ids"
MODE, MODES = "laws_mode", ("Study", "Search", "Progress")


def _report() -> ContentReport:
    return content_report()


def show_content_problems(report: ContentReport) -> None:
    """Each broken content file as one st.error; the rest of the content is still used."""
    by_file: dict[str, list[str]] = {}
    for problem in report.problems:
        by_file.setdefault(problem.file, []).append(str(problem))
    for file, problems in by_file.items():
        st.error(f"{file}: {count_of(len(problems), 'problem')}; the rest of the content still works. "
                 "Run `tutor check` for the list.", icon=":material/error:")
        with st.expander(f"Problems in {file}"):
            st.code("\n".join(problems[:50]), language=None)


def _set(entry_id: str, section: str) -> None:
    st.session_state[CURRENT] = entry_id
    st.session_state[SECTION] = section
    st.session_state[MODE] = "Study"


def _section_changed(guide: StudyGuide) -> None:
    section = st.session_state[SECTION]
    entries = guide.section_entries(section)
    if entries:
        st.session_state[CURRENT] = entries[0].id


def _learned_ids() -> set[str]:
    learned: set[str] = st.session_state.setdefault(LEARNED, set())
    if _state is not None:
        with contextlib.suppress(TutorError):
            learned |= _state.store().right_items(_state.current_learner(), "law")
    return learned


def _quizzed_right() -> set[str]:
    right: set[str] = set(st.session_state.get("lawquiz_right_laws", set()))
    if _state is not None:
        with contextlib.suppress(TutorError):
            right |= _state.store().laws_answered_right(_state.current_learner(), "quiz")
    return right


def _mark_learned(entry: Entry) -> None:
    st.session_state.setdefault(LEARNED, set()).add(entry.id)
    try:
        _state.record_answer(Answer("law", entry.id, True, "learned", "learned", laws=(entry.id,)))
    except TutorError as err:
        st.session_state["laws_record_error"] = str(err)


def _render_entry(guide: StudyGuide, entry: Entry) -> None:
    position, count = guide.position(entry.id)
    section = guide.section(entry.section)
    st.subheader(f"{entry.label}: {entry.title}")
    st.caption(f"{section.title} · {position} of {count} · {entry.kind}")
    if entry.recovered:
        number = ("its number is inferred" if entry.approx_number is not None
                  else "its number in the book is unknown")
        st.info(f"Recovered from the summaries: the book's pages for this law are lost, so {number} and its "
                "text rebuilt from the shorter summaries.", icon=":material/history_edu:")
    st.markdown(entry.text)
    if entry.terms:
        st.markdown("**Russian terms**")
        st.dataframe(pd.DataFrame([t.model_dump() for t in entry.terms]).rename(
            columns={"ru": "Russian", "translit": "transliteration", "en": "English"}),
            hide_index=True, key=f"laws_terms_{entry.id}")
    for note in entry.notes:
        st.markdown(f"- *{learner_words(note)}*")
    for variant in entry.variants:
        # the learner reads what the variant is, never its id or the digest's conflict number (issue 32)
        label = "Another reading: " + variant.id.replace("-", " ")
        with st.expander(label):
            st.markdown(variant.text)
            st.markdown("\n".join(f"- {cited_source(s)}" for s in variant.sources))
    with st.expander("Sources", expanded=False):
        st.markdown("\n".join(f"- {cited_source(s)}" for s in entry.sources))
    related = guide.related(entry.id)
    if related:
        st.markdown("**Related laws**")
        cols = st.columns(min(len(related), 4))
        for n, other in enumerate(related):
            cols[n % len(cols)].button(f"{other.label}", key=f"laws_rel_{entry.id}_{other.id}", help=other.title,
                                       on_click=_set, args=(other.id, other.section))
    from tutor.engine.ways.catalogue import table_for_law

    way = table_for_law(entry.id)
    if way is not None:  # issue 19: each way's laws link to its table
        st.page_link("tutor/ui/pages/practice_table.py", label=f"Play it at the practice table: {way.title}",
                     query_params={"players": str(way.players), "way": way.name}, icon=":material/table_restaurant:")
    cited = guide.cited_by(entry.id)
    if cited:
        st.caption("Practised in: " + practised_in(c.file for c in cited))


def _study(guide: StudyGuide) -> None:
    sections = list(guide.sections)
    titles = {s.id: f"{n}. {s.title}" for n, s in enumerate(sections, 1)}
    if CURRENT not in st.session_state:  # a reload or a shared link: the law in the address
        linked = _state.url_choice("law", [e.id for e in guide.entries])
        if linked is not None:
            st.session_state[CURRENT] = linked
            st.session_state[SECTION] = guide.entry(linked).section
    if CURRENT not in st.session_state or st.session_state[CURRENT] not in guide:
        st.session_state[CURRENT] = guide.first().id
        st.session_state[SECTION] = guide.first().section
    st.selectbox("Section", [s.id for s in sections], format_func=titles.__getitem__, key=SECTION,
                 on_change=_section_changed, args=(guide,))
    section_id = st.session_state[SECTION]
    if not guide.section_entries(section_id):
        st.info("This section has no entries yet.", icon=":material/hourglass_empty:")
        return
    entry = guide.entry(st.session_state[CURRENT])
    _state.keep_in_url(law=entry.id)
    st.session_state.setdefault(SEEN, set()).add(entry.id)
    prev, nxt = guide.previous(entry.id), guide.next(entry.id)
    left, middle, right = st.columns(3)
    left.button("← Previous", key="laws_prev", disabled=prev is None, width="stretch",
                on_click=_set, args=(prev.id, prev.section) if prev else ("", ""))
    learned = entry.id in _learned_ids()
    middle.button("✓ Learned" if learned else "Mark as learned", key="laws_mark_learned", disabled=learned,
                  width="stretch", on_click=_mark_learned, args=(entry,))
    right.button("Next →", key="laws_next", disabled=nxt is None, width="stretch",
                 on_click=_set, args=(nxt.id, nxt.section) if nxt else ("", ""))
    if "laws_record_error" in st.session_state:
        show_error(TutorError(st.session_state.pop("laws_record_error")))
    _render_entry(guide, entry)


def _search(guide: StudyGuide) -> None:
    query = st.text_input("Search by word or number", key="laws_search",
                          placeholder="e.g. revoke, honours, 12, scoring 7")
    if not query.strip():
        st.caption("Type a word (revoke, coronet, ренонс) or a number (12, scoring 7, r53).")
        return
    found = search_laws(guide, content_report().glossary, query)
    hits = found.hits
    if found.instead is not None:  # a word of the sources' translations, or the Russian: its term's laws
        st.caption(text_md(found.note(query)))  # the learner's word, as typed: text, not Markdown
    st.caption(f"{count_of(len(hits), 'law')} found" + (" (first 40 shown)" if len(hits) > 40 else ""))
    for entry in hits[:40]:
        st.button(f"{entry.label}: {entry.title}", key=f"laws_hit_{entry.id}", on_click=_set,
                  args=(entry.id, entry.section))


def _progress(guide: StudyGuide) -> None:
    seen: set[str] = st.session_state.get(SEEN, set())
    learned = _learned_ids()
    right = _quizzed_right()
    rows = []
    for section in guide.sections:
        ids = [e.id for e in guide.section_entries(section.id)]
        rows.append({"section": section.title, "laws": len(ids),
                     "seen": sum(i in seen for i in ids), "learned": sum(i in learned for i in ids),
                     "quizzed right": sum(i in right for i in ids)})
    frame = pd.DataFrame(rows)
    total = frame[["laws", "seen", "learned", "quizzed right"]].sum()
    st.markdown(f"**{total['learned']} of {total['laws']} laws learned**, {total['seen']} seen this session, "
                f"{total['quizzed right']} answered right in a quiz.")
    st.dataframe(frame, hide_index=True, key="laws_progress_table", column_config={
        "learned": st.column_config.ProgressColumn("learned", min_value=0, max_value=int(frame["laws"].max() or 1),
                                                   format="%d")})


page_header("Study the laws",
            "The book's laws in order, one at a time, each with its sources and its Russian terms.")
report = _report()
show_content_problems(report)
if report.rules is None:
    st.error("The laws (content/rules.yaml) could not be loaded.", icon=":material/error:")
    st.stop()
try:
    study_guide = StudyGuide(report.rules, citations_in(report.documents.values()))
    mode = st.radio("View", MODES, horizontal=True, key=MODE, label_visibility="collapsed")
    {"Study": _study, "Search": _search, "Progress": _progress}[mode or "Study"](study_guide)
except ContentError as err:
    show_error(err)

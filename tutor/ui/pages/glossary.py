"""Glossary: the Russian terms of Vint, their English names, and the renderings found in the sources."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from tutor.ui.common import content_report, law_label, page_header

page_header("Glossary", "The terms of Vint: the Russian word, its English name, what it means, and the law "
                        "that defines it. “Also seen as” lists the machine-translation renderings in the "
                        "sources (“bribe” for a trick, “oner” for an honour …).")
report = content_report()
glossary = report.glossary
if glossary is None:
    st.error("The glossary (content/glossary.yaml) could not be loaded; run `tutor check`.",
             icon=":material/error:")
    st.stop()
rows = [{"English": t.en, "Russian": t.ru, "transliteration": t.translit, "meaning": t.definition,
         "law": law_label(t.law) if t.law else "", "also seen as": ", ".join(t.also_seen_as)}
        for t in sorted(glossary.terms, key=lambda t: t.en.lower())]
st.caption(f"{len(rows)} terms. Search the table with its magnifier, or sort a column by its title.")
# a dataframe shows every cell as text: nothing from the file is read as Markdown or HTML
st.dataframe(pd.DataFrame(rows), hide_index=True, key="glossary_table", width="stretch",
             column_config={"meaning": st.column_config.TextColumn(width="large")})

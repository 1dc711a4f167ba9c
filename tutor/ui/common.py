"""Small helpers shared by every page: page set-up, errors, learner text, card rendering.

Learner and stored text (a typed answer, a profile name, an imported record, an error
message that quotes the input) is never Markdown: pages pass it through :func:`text_md`
when it sits inside a Markdown sentence, or show it with :func:`show_text`, so that
``![x](http://…)`` stays those characters and never loads an image.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import streamlit as st

from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.lessons.content import ContentReport
from tutor.lessons.content.cache import content_report as cached_content_report
from tutor.ui import cards

#: What opens markup anywhere in a line: CommonMark's emphasis, code, links, images, HTML and entities;
#: GFM's tables and strikethrough; Streamlit's math (``$``) and its ``:red[…]``, ``:material/…:`` and
#: emoji words (a colon before a word and a colon or slash, also ``http://``); GFM's autolinks (``www.``, ``@``). Each is
#: backslash-escaped (CommonMark shows an escaped punctuation character as itself); nothing else is,
#: so "-5", "1.5" or "N:AK" read as typed, in the page and in its source.
_OPENS_ANYWHERE = re.compile(r"[\\`*_\[\]<|~$@]|&(?=[#A-Za-z])|:(?=[\w+-]*[:/])|(?<=www)\.", re.IGNORECASE)
#: What opens a block only at the start of a line: a heading, a quote, a list item, a setext underline.
_OPENS_A_LINE = re.compile(r"^(\s*)(>|[#+=-](?=\s|$|[#+=-])|\d{1,9}[.)](?=\s|$))")


def text_md(text: object) -> str:
    """``text`` for a Markdown body, shown as typed: no link, image, HTML, emphasis or block opens.

    Only the characters that would open markup are backslash-escaped, so a refusal quoting the
    learner's "-5" or "<script>" reads "-5" and "<script>" (issue 31), and stays inert.
    """
    lines = [_OPENS_A_LINE.sub(_escape_last, _OPENS_ANYWHERE.sub(r"\\\g<0>", line))
             for line in str(text).splitlines() or [""]]
    return "  \n".join(lines)


def _escape_last(match: re.Match[str]) -> str:
    """``1.`` -> ``1\\.``, ``#`` -> ``\\#``: the marker's punctuation escaped, its indent kept."""
    marker = match.group(2)
    return f"{match.group(1)}{marker[:-1]}\\{marker[-1]}"


def show_text(text: object) -> None:
    """Learner or stored text as plain text, line breaks kept."""
    st.text(str(text))


#: The largest upload read, in MiB: ``server.maxUploadSize`` in .streamlit/config.toml says the same (16 MiB is
#: the JSON reader's limit, tutor/engine/jsonread.py), so a larger file is refused before it is sent.
MAX_UPLOAD_MB = 16


def upload_bytes(upload: object, limit_mb: int = MAX_UPLOAD_MB) -> bytes:
    """The bytes of a ``st.file_uploader`` file, refused by its stated size before they are copied."""
    size = int(getattr(upload, "size", 0))
    if size > limit_mb * 1024 * 1024:
        raise TutorError(f"{getattr(upload, 'name', 'the file')}: {size:,} bytes; at most {limit_mb} MiB are read")
    return bytes(upload.getvalue())  # type: ignore[attr-defined]


def page_header(title: str, caption: str) -> None:
    st.title(title)
    st.caption(caption)


def show_error(err: TutorError) -> None:
    """A TutorError is the learner's or the content's mistake: show it, don't crash."""
    st.error(text_md(err), icon=":material/error:")


def hand_markdown(hand: Hand) -> str:
    """A hand as four Markdown lines, spades first (see :mod:`tutor.ui.cards`)."""
    return cards.hand_md(hand)


def content_report() -> ContentReport:
    """All of ``content/``, validated once per process and shared (not copied on every rerun, as
    ``st.cache_data`` would: that cost 80-370 ms a click); re-read when a content file changes."""
    return cached_content_report()


def answer_md(text: str) -> str:
    """A stored or typed answer for a Markdown sentence: a card or a call as the renderer draws
    it (``♥10``, ``2♥``), anything else escaped as text. Only what the engine parsed is drawn."""
    from tutor.engine.calls import parse_call
    from tutor.engine.cards import Card

    words = text.split()
    if 0 < len(words) <= 4 and len(text) <= 40:
        try:
            return " ".join(cards.card_md(Card.parse(w)) for w in words)
        except TutorError:
            pass
        try:
            return " ".join(cards.call_md(parse_call(w)) for w in words)
        except TutorError:
            pass
    return text_md(text)


def law_label(law_id: str) -> str:
    """A law's label, as a page cites it beside a text or heads it: "Law 41", "Scoring 5", "Law ≈53
    (recovered)" — never its id. Inside a sentence a law is named by :func:`tutor.lessons.words.law_name`
    ("law 41")."""
    return _label(_labels(content_report()), law_id)


def law_labels(law_ids: Iterable[str]) -> str:
    """``("law-41", "scoring-5")`` -> "Law 41, Scoring 5"."""
    labels = _labels(content_report())
    return ", ".join(_label(labels, i) for i in law_ids)


def _label(labels: dict[str, str], law_id: str) -> str:
    found = labels.get(law_id)
    if found is not None:
        return found
    head, _, number = law_id.partition("-")
    return f"{head.capitalize()} {number}".strip()


#: The labels of the last content report asked, by law id, with that report: a page's rule picker labels
#: every rule's laws on each run (120 labels on the bidding drill), and a scan of the 248 entries for each
#: was 10 ms of such a run's 67 ms under the profiler. The report is replaced when a content file changes,
#: and its labels with it.
_LABELS: tuple[ContentReport | None, dict[str, str]] = (None, {})


def _labels(report: ContentReport) -> dict[str, str]:
    global _LABELS
    kept, labels = _LABELS
    if kept is not report:
        labels = {} if report.rules is None else {e.id: e.label for e in report.rules.entries}
        _LABELS = (report, labels)  # one assignment: a session's thread reads the old pair or the new
    return labels

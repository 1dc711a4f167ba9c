"""Pydantic models of the content files: ``rules.yaml``, ``glossary.yaml``, ``quizzes/*.yaml``.

Every model forbids unknown fields, so a misspelt key is a reported problem, not
a silently ignored one. The schema of ``rules.yaml`` is ``content/SCHEMA.md``.

>>> Source(file="000_3fb8f71f4f530558.txt", ref="law 12, l.49").file
'000_3fb8f71f4f530558.txt'
>>> entry_number("law-12"), entry_number("law-r53"), entry_number("scoring-7")
(12, None, 7)
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tutor.engine.rules import BOOK, ENGLISH, RUSSIAN, THAI

#: The seed files a source may cite.
SEED_FILES: tuple[str, ...] = (BOOK, RUSSIAN, THAI, ENGLISH)

#: The kinds of entry (SCHEMA.md).
KINDS: tuple[str, ...] = ("procedure", "bidding", "play", "scoring", "definition", "variant")
Kind = Literal["procedure", "bidding", "play", "scoring", "definition", "variant"]

#: Entry ids: law-N (book), law-rN / law-ra (recovered), note-N, scoring-N, preamble-N,
#: two-N, three-N, five-N, solo-N, tutor-N.
ENTRY_ID_RE = re.compile(r"^(law-(\d+|r[0-9a-z]+)|(note|scoring|preamble|two|three|five|solo|tutor)-\d+)$")
KEBAB_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CONFLICT_RE = re.compile(r"^C\d+$")
_NUMBERED_RE = re.compile(r"^(law|note|scoring)-(\d+)$")


def entry_number(entry_id: str) -> int | None:
    """The book number an id carries (``law-12`` -> 12); ``None`` for recovered and other ids."""
    match = _NUMBERED_RE.match(entry_id)
    return int(match.group(2)) if match else None


def _kebab(value: str) -> str:
    if not KEBAB_RE.match(value):
        raise ValueError(f"{value!r} is not a kebab-case id (lower-case words joined by '-')")
    return value


def _non_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


class Source(_Strict):
    """A citation: a seed file and a reference inside it (law number and lines)."""

    file: str
    ref: str

    @field_validator("file")
    @classmethod
    def _known_seed(cls, value: str) -> str:
        if value not in SEED_FILES:
            raise ValueError(f"unknown seed file {value!r}; expected one of {', '.join(SEED_FILES)}")
        return value

    _ref = field_validator("ref")(_non_blank)

    def __str__(self) -> str:
        return f"{self.file} ({self.ref})"


class Term(_Strict):
    """An original Russian term, its transliteration and its English name."""

    ru: str
    translit: str
    en: str


class RuleVariant(_Strict):
    """Where sources conflict: the other reading, with its citations."""

    id: str
    conflict: str | None = None
    text: str
    sources: list[Source] = Field(min_length=1)

    _id = field_validator("id")(_kebab)

    @field_validator("conflict")
    @classmethod
    def _conflict_number(cls, value: str | None) -> str | None:
        if value is not None and not CONFLICT_RE.match(value):
            raise ValueError(f"{value!r} is not a conflict number of the digest (C1, C2, …)")
        return value


class Section(_Strict):
    """A section of the book, in order."""

    id: str
    title: str
    sources: list[Source] = Field(default_factory=list)

    _id = field_validator("id")(_kebab)


class Entry(_Strict):
    """One law, note, scoring rule or variant rule of ``rules.yaml``."""

    id: str
    section: str
    number: int | None = None
    kind: Kind
    title: str
    text: str
    sources: list[Source] = Field(min_length=1)
    terms: list[Term] = Field(default_factory=list)
    recovered: bool = False
    approx_number: int | None = None
    notes: list[str] = Field(default_factory=list)
    variants: list[RuleVariant] = Field(default_factory=list)
    related: list[str] = Field(default_factory=list)

    _title = field_validator("title", "text")(_non_blank)

    @field_validator("id")
    @classmethod
    def _entry_id(cls, value: str) -> str:
        if not ENTRY_ID_RE.match(value):
            raise ValueError(
                f"{value!r} is not an entry id (law-N, law-rN, note-N, scoring-N, preamble-N, "
                "two-N, three-N, five-N, solo-N, tutor-N)"
            )
        return value

    @model_validator(mode="after")
    def _number_matches_id(self) -> Entry:
        expected = entry_number(self.id)
        if expected is not None and self.number is not None and self.number != expected:
            raise ValueError(f"number {self.number} does not match id {self.id}")
        if self.id.startswith("law-r") and not self.recovered:
            raise ValueError(f"{self.id} is rebuilt from the summaries: it needs 'recovered: true'")
        return self

    @property
    def label(self) -> str:
        """How the tutor names the entry: ``Law 12``, ``Law ≈53 (recovered)``, ``Scoring 7``."""
        head, _, tail = self.id.partition("-")
        if head == "law" and tail.startswith("r"):
            approx = f" ≈{self.approx_number}" if self.approx_number else ""
            return f"Law{approx} (recovered)"
        names = {"law": "Law", "note": "Note", "scoring": "Scoring", "preamble": "Preamble",
                 "two": "Two players", "three": "Three players", "five": "Five players",
                 "solo": "Solo Whist", "tutor": "Tutor's reading"}
        return f"{names.get(head, head)} {tail}"


class RulesFile(_Strict):
    """``content/rules.yaml``: the sections in order, then the entries in order."""

    sections: list[Section]
    entries: list[Entry]


class GlossaryTerm(_Strict):
    """A Russian card term, its proper English name, and the entry that defines it."""

    id: str
    ru: str
    translit: str
    en: str
    definition: str
    law: str | None = None
    also_seen_as: list[str] = Field(default_factory=list)

    _id = field_validator("id")(_kebab)


class GlossaryFile(_Strict):
    """``content/glossary.yaml``."""

    terms: list[GlossaryTerm]


QuestionKind = Literal["choice", "numeric", "truefalse"]


class QuizQuestionModel(_Strict):
    """A quiz question: multiple choice, numeric or true/false, tied to the law(s) it tests."""

    id: str
    kind: QuestionKind
    laws: list[str] = Field(min_length=1)
    prompt: str
    options: list[str] = Field(default_factory=list)
    answer: bool | int | str
    explanation: str = ""

    _id = field_validator("id")(_kebab)
    _prompt = field_validator("prompt")(_non_blank)

    @model_validator(mode="after")
    def _answer_fits_kind(self) -> QuizQuestionModel:
        if self.kind == "choice":
            if len(self.options) < 2:
                raise ValueError("a choice question needs at least two options")
            if len(set(self.options)) != len(self.options):
                raise ValueError("options repeat")
            if not isinstance(self.answer, str) or self.answer not in self.options:
                raise ValueError(f"answer {self.answer!r} is not one of the options")
        elif self.options:
            raise ValueError(f"a {self.kind} question has no options")
        elif self.kind == "numeric" and (isinstance(self.answer, bool) or not isinstance(self.answer, int)):
            raise ValueError(f"the answer of a numeric question must be a whole number, not {self.answer!r}")
        elif self.kind == "truefalse" and not isinstance(self.answer, bool):
            raise ValueError(f"the answer of a true/false question must be true or false, not {self.answer!r}")
        return self


class QuizFile(_Strict):
    """``content/quizzes/<name>.yaml``: a titled list of questions."""

    title: str
    description: str = ""
    questions: list[QuizQuestionModel] = Field(min_length=1)

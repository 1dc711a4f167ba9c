"""The scoring quiz's content: the models of ``quizzes/scoring.yaml`` and ``scoring-readings.yaml``.

The levels (what each deals, which contracts and results it draws, which entries it asks for)
and the tutor's readings of the scoring laws, validated for ``tutor check`` (the validators are
listed in :data:`tutor.lessons.content.catalogue.CONTENT_KINDS`) and loaded once per content folder.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tutor.engine.calls import Strain
from tutor.engine.errors import ContentError, TutorError
from tutor.engine.rules import VARIANTS_BY_NAME
from tutor.engine.scoring.items import KINDS
from tutor.lessons.content import content_dir
from tutor.lessons.content.models import ENTRY_ID_RE, KEBAB_RE, Source
from tutor.lessons.content.problems import Problem
from tutor.lessons.content.registry import (
    ContentContext,
    Document,
    read_document,
    validate_model,
)
from tutor.lessons.content.yamlread import listed

QUIZ_FILE = "quizzes/scoring.yaml"
READINGS_FILE = "scoring-readings.yaml"

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _law_ids(values: list[str]) -> list[str]:
    bad = [v for v in values if not ENTRY_ID_RE.match(v)]
    if bad:
        raise ValueError(f"not law ids: {', '.join(bad)}")
    return values


class GroupModel(_Strict):
    """An entry the learner fills in for each side: the item kinds it adds up."""

    label: str
    kinds: list[str]
    laws: list[str] = Field(min_length=1)

    @field_validator("kinds")
    @classmethod
    def _known_kinds(cls, value: list[str]) -> list[str]:
        unknown = [k for k in value if k not in KINDS]
        if unknown:
            raise ValueError(f"unknown item kinds {', '.join(unknown)}; known: {', '.join(KINDS)}")
        return value

    _laws = field_validator("laws")(_law_ids)


class ContractSpec(_Strict):
    levels: tuple[int, int]
    strains: list[str] = Field(min_length=1)

    @field_validator("levels")
    @classmethod
    def _range(cls, value: tuple[int, int]) -> tuple[int, int]:
        if not 1 <= value[0] <= value[1] <= 7:
            raise ValueError(f"levels {list(value)} must be [lowest, highest] within 1-7")
        return value

    @field_validator("strains")
    @classmethod
    def _strains(cls, value: list[str]) -> list[str]:
        for text in value:
            Strain.parse(text)  # NotationError is a ValueError: reported on the field
        return value


class RubberSpec(_Strict):
    passed_out: int = Field(0, ge=0, le=2)
    revokes: int = Field(0, ge=0, le=2)


class LevelModel(_Strict):
    """One difficulty level: what it deals and which groups it asks for."""

    id: str
    title: str
    description: str
    laws: list[str] = Field(min_length=1)
    ask: list[str] = Field(min_length=1)
    contract: ContractSpec
    result: Literal["made", "failed", "any", "slam"]
    deal: Literal["random", "coronet"] = "random"
    revoke: float = Field(0.0, ge=0.0, le=1.0)
    rubber: RubberSpec | None = None

    @field_validator("id")
    @classmethod
    def _kebab(cls, value: str) -> str:
        if not KEBAB_RE.match(value):
            raise ValueError(f"{value!r} is not a kebab-case id")
        return value

    _laws = field_validator("laws")(_law_ids)

    @model_validator(mode="after")
    def _slam_levels(self) -> LevelModel:
        if self.result == "slam" and self.contract.levels[0] < 6:
            raise ValueError("result 'slam' needs contract levels 6-7")
        return self


class ScoringQuizFile(_Strict):
    """``content/quizzes/scoring.yaml``."""

    title: str
    groups: dict[str, GroupModel]
    levels: list[LevelModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> ScoringQuizFile:
        ids = [level.id for level in self.levels]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate level ids: {', '.join(dupes)}")
        return self

    def level(self, level_id: str) -> LevelModel:
        for level in self.levels:
            if level.id == level_id:
                return level
        known = ", ".join(level.id for level in self.levels)
        raise TutorError(f"no scoring quiz level {level_id!r}; levels: {known}")


class ReadingModel(_Strict):
    """One tutor's reading of ``content/scoring-readings.yaml``."""

    id: str
    title: str
    laws: list[str] = Field(min_length=1)
    reading: str
    sources: list[Source] = Field(min_length=1)
    variant: str | None = None

    _laws = field_validator("laws")(_law_ids)

    @field_validator("reading")
    @classmethod
    def _stated(cls, value: str) -> str:
        if not value.startswith("Tutor's reading"):
            raise ValueError("must begin \"Tutor's reading\"")
        return value

    @field_validator("variant")
    @classmethod
    def _variant(cls, value: str | None) -> str | None:
        if value is not None and value not in VARIANTS_BY_NAME:
            raise ValueError(f"unknown variant {value!r}; known: {', '.join(VARIANTS_BY_NAME)}")
        return value


class ReadingsFile(_Strict):
    readings: list[ReadingModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> ReadingsFile:
        ids = [r.id for r in self.readings]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate reading ids: {', '.join(dupes)}")
        return self


def _ask_problems(doc: Document) -> list[Problem]:
    """Every asked group must be one of ``groups`` (checked on the raw data, beside the model's checks)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    groups, levels = data.get("groups"), data.get("levels")
    if not isinstance(groups, dict) or not isinstance(levels, list):
        return []
    problems = []
    for i, level in enumerate(levels):
        asked = level.get("ask") if isinstance(level, dict) else None
        for j, group in enumerate(asked if isinstance(asked, list) else []):
            if group not in groups:
                problems.append(doc.problem(("levels", i, "ask", j),
                                            f"ask: unknown group {group!r}; groups: {', '.join(map(str, groups))}"))
    return problems


def validate_scoring_quiz(doc: Document, ctx: ContentContext) -> list[Problem]:
    model, problems = validate_model(doc, ScoringQuizFile)
    problems += _ask_problems(doc)
    doc.model = None if problems else model
    return problems


def validate_readings(doc: Document, ctx: ContentContext) -> list[Problem]:
    model, problems = validate_model(doc, ReadingsFile)
    doc.model = model
    return problems


def _load(relpath: str, model: type[BaseModel], root: Path) -> BaseModel:
    doc, problems = read_document(root / relpath, relpath, f"content/{relpath}")
    built = None
    if doc is not None:
        built, more = validate_model(doc, model)
        problems += more + (_ask_problems(doc) if model is ScoringQuizFile else [])
    if problems or built is None:
        raise ContentError("; ".join(listed([str(p) for p in problems])) or f"content/{relpath}: unusable")
    return built


def load_quiz(root: Path | None = None) -> ScoringQuizFile:
    """The scoring quiz levels (of ``$TUTOR_CONTENT_DIR`` when set); a broken file is a ContentError."""
    return _load_quiz(root or content_dir())


def load_readings(root: Path | None = None) -> dict[str, ReadingModel]:
    """The tutor's scoring readings by id (of ``$TUTOR_CONTENT_DIR`` when set)."""
    return _load_readings(root or content_dir())


@functools.lru_cache(maxsize=4)
def _load_quiz(root: Path) -> ScoringQuizFile:
    built = _load(QUIZ_FILE, ScoringQuizFile, root)
    assert isinstance(built, ScoringQuizFile)
    return built


@functools.lru_cache(maxsize=4)
def _load_readings(root: Path) -> dict[str, ReadingModel]:
    built = _load(READINGS_FILE, ReadingsFile, root)
    assert isinstance(built, ReadingsFile)
    return {r.id: r for r in built.readings}


#: The readings the calculator states whatever the deal (issue 15): how the tutor reads a
#: failed "five" (scoring 6) and a failed contract whose own tricks reach 500.
FAILED_CONTRACT_READINGS = ("failed-five", "failed-contract-reaches-500")


def stated_readings(ids: tuple[str, ...], root: Path | None = None) -> list[ReadingModel]:
    """The readings ``ids`` in order; a missing one is a :class:`ContentError`."""
    readings = load_readings(root)
    missing = [i for i in ids if i not in readings]
    if missing:
        raise ContentError(f"{READINGS_FILE}: missing readings {', '.join(missing)}")
    return [readings[i] for i in ids]

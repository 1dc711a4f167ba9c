"""The content is validated once per process and read again when a file changes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tutor.lessons.content import cache as content_cache
from tutor.lessons.content.cache import content_report, forget
from tutor.lessons.content.catalogue import check_content

ROOT = Path(__file__).resolve().parent.parent


def test_an_unchanged_folder_is_validated_once_and_an_edited_file_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(content_cache, "RECHECK_SECONDS", 0.0)  # look at the files on every call
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    forget()
    first = content_report(folder)
    assert content_report(folder) is first  # kept, not re-read nor copied
    assert len(first.problems) == len(check_content(folder).problems)
    glossary = folder / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "\nnot: [closed\n", encoding="utf-8")
    stat = glossary.stat()
    os.utime(glossary, (stat.st_atime, stat.st_mtime + 5))
    edited = content_report(folder)
    assert edited is not first
    assert any("glossary.yaml" in str(p) for p in edited.problems)


def test_within_the_recheck_interval_the_files_are_not_looked_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    forget()
    first = content_report(folder)
    looked: list[Path] = []
    monkeypatch.setattr(content_cache, "content_signature", lambda root: looked.append(root) or ())
    assert content_report(folder) is first and not looked

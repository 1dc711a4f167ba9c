"""Security rules of the house, checked on the source itself (AST scans) and on the running pages.

DEVELOPING.md: "YAML only through ``yaml.safe_load``; no ``eval``/``exec``; never
``unsafe_allow_html`` with learner input". The scans read every module of
``tutor/`` and ``app.py`` (syntax, not text, so a comment or a docstring that
mentions ``eval(`` is not a finding). The page test types ``<script>`` into every
free-text field the pages offer and checks it is never rendered as HTML.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from app_pages import app_test, script_test
from source_trees import parsed
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
PAGES_DIR = ROOT / "tutor" / "ui" / "pages"
PAYLOAD = "<script>alert(1)</script>"

#: PyYAML entry points that build arbitrary Python objects unless given the safe loader.
YAML_LOADERS = {"load", "load_all", "full_load", "full_load_all", "unsafe_load", "unsafe_load_all"}
UNSAFE_LOADER_NAMES = {"Loader", "UnsafeLoader", "FullLoader", "CLoader", "CUnsafeLoader", "CFullLoader"}
SAFE_LOADER_NAMES = {"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader"}


def _sources() -> list[Path]:
    return sorted((ROOT / "tutor").rglob("*.py")) + [ROOT / "app.py"]


@cache
def _trees() -> tuple[tuple[str, ast.Module], ...]:
    """Every source's syntax tree, parsed once for the three scans (which only read them)."""
    return tuple((path.relative_to(ROOT).as_posix(), parsed(path))
                 for path in _sources())


def _name(node: ast.expr) -> str:
    """``yaml.load`` -> "yaml.load"; ``load`` -> "load"; anything else -> ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _name(node.value)
        return f"{base}.{node.attr}" if base else node.attr
    return ""


@cache
def _nodes(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of ``tree``, walked once for the scans (``ast.walk`` over every module was most of
    their time, and each scan walked again)."""
    return tuple(ast.walk(tree))


def _calls(tree: ast.AST) -> Iterator[ast.Call]:
    return (n for n in _nodes(tree) if isinstance(n, ast.Call))


EVAL_NAMES = {"eval", "exec", "builtins.eval", "builtins.exec"}


def _eval_problems(rel: str, tree: ast.Module) -> Iterator[str]:
    for call in _calls(tree):
        if _name(call.func) in EVAL_NAMES:
            yield f"{rel}:{call.lineno}: {_name(call.func)}(...)"


def test_no_eval_or_exec_anywhere_in_the_tutor() -> None:
    found = [p for rel, tree in _trees() for p in _eval_problems(rel, tree)]
    assert not found, "eval/exec is forbidden (DEVELOPING.md):\n" + "\n".join(found)


def _yaml_problems(rel: str, tree: ast.Module) -> Iterator[str]:
    imported_from_yaml: set[str] = set()
    for node in _nodes(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "yaml":
            for alias in node.names:
                local = alias.asname or alias.name
                if alias.name in YAML_LOADERS:
                    imported_from_yaml.add(local)
                if alias.name in UNSAFE_LOADER_NAMES:
                    yield f"{rel}:{node.lineno}: imports yaml.{alias.name}"
        if isinstance(node, ast.Attribute) and _name(node.value) == "yaml" and node.attr in UNSAFE_LOADER_NAMES:
            yield f"{rel}:{node.lineno}: uses yaml.{node.attr}"
    for call in _calls(tree):
        name = _name(call.func)
        bare = name.removeprefix("yaml.")
        if not (name.startswith("yaml.") and bare in YAML_LOADERS) and name not in imported_from_yaml:
            continue
        if bare in {"load", "load_all"}:
            loader = next((k.value for k in call.keywords if k.arg == "Loader"), None)
            if loader is None and len(call.args) > 1:
                loader = call.args[1]
            if loader is not None and _name(loader).split(".")[-1] in SAFE_LOADER_NAMES:
                continue
        yield f"{rel}:{call.lineno}: {name}(...) without SafeLoader; use yaml.safe_load"


def test_every_yaml_load_is_safe() -> None:
    found = [p for rel, tree in _trees() for p in _yaml_problems(rel, tree)]
    assert not found, "YAML must be read with safe_load / SafeLoader (DEVELOPING.md):\n" + "\n".join(found)


def _is_constant_text(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    # "a" "b" concatenations of constants are constants too
    return isinstance(node, ast.BinOp) and _is_constant_text(node.left) and _is_constant_text(node.right)


def _raw_html_problems(rel: str, tree: ast.Module) -> Iterator[str]:
    for call in _calls(tree):
        name = _name(call.func)
        raw = next((k for k in call.keywords if k.arg == "unsafe_allow_html"), None)
        turned_on = raw is not None and not (isinstance(raw.value, ast.Constant) and raw.value.value is False)
        html_call = name.split(".")[-1] == "html" and name.split(".")[0] in {"st", "components", "streamlit"}
        if not (turned_on or html_call):
            continue
        body = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "body"), None)
        if body is None or not _is_constant_text(body):
            what = "unsafe_allow_html" if turned_on else name
            yield f"{rel}:{call.lineno}: {what} with a non-constant body"


def test_raw_html_only_with_constant_strings() -> None:
    files = [(rel, tree) for rel, tree in _trees() if rel.startswith("tutor/ui/") or rel == "app.py"]
    assert files
    found = [p for rel, tree in files for p in _raw_html_problems(rel, tree)]
    assert not found, "raw HTML may only be a constant string, never learner input:\n" + "\n".join(found)


def test_the_scans_would_catch_what_they_look_for() -> None:
    """The checks themselves work: each flags a planted example and passes a safe one."""
    bad = ast.parse(
        "import yaml\nfrom yaml import load\nimport streamlit as st\n"
        "yaml.load(t)\nyaml.load(t, Loader=yaml.Loader)\nload(t)\nyaml.unsafe_load(t)\n"
        "st.markdown(name, unsafe_allow_html=True)\nst.html(f'<b>{name}</b>')\n"
    )
    good = ast.parse(
        "import yaml\nimport streamlit as st\nyaml.safe_load(t)\nyaml.load(t, Loader=yaml.SafeLoader)\n"
        "yaml.SafeLoader(t)\nst.markdown('<br>', unsafe_allow_html=True)\nst.markdown(name)\n"
    )
    assert len(list(_yaml_problems("bad", bad))) == 5  # 4 calls + the yaml.Loader reference
    assert len(list(_raw_html_problems("bad", bad))) == 2
    assert not list(_yaml_problems("good", good)) and not list(_raw_html_problems("good", good))
    evil = ast.parse("eval('1')\nexec('x = 1')\nbuiltins.eval('2')\nliteral_eval('3')\n")
    assert len(list(_eval_problems("evil", evil))) == 3


# --- learner input is never rendered as HTML ------------------------------------------


def _walk(node: object) -> Iterator[object]:
    yield node
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            yield from _walk(child)


def _rendered_as_html(at: AppTest) -> list[str]:
    """Every element that would put the payload into the page as live HTML."""
    found = []
    for root in (at.main, at.sidebar):
        for element in _walk(root):
            proto = getattr(element, "proto", None)
            if proto is None:
                continue
            body = str(getattr(proto, "body", ""))
            if PAYLOAD not in body and "<script" not in body:
                continue
            fields = {f.name for f in proto.DESCRIPTOR.fields}
            if "allow_html" in fields and proto.allow_html:
                found.append(f"{type(element).__name__} with allow_html: {body[:80]}")
            elif type(proto).__name__ == "Html":
                found.append(f"st.html: {body[:80]}")
    return found


def _page_listed(relpath: str) -> bool:
    return relpath in (ROOT / "app.py").read_text(encoding="utf-8")


def _free_text_pages() -> list[str]:
    """Page files that exist and contain a text field (st.text_input / st.text_area / st.chat_input)."""
    pages = []
    for path in sorted(PAGES_DIR.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        if any(w in source for w in ("text_input(", "text_area(", "chat_input(", "learner_selector(")):
            pages.append(path.relative_to(ROOT).as_posix())
    return pages


@pytest.fixture
def fresh_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TUTOR_DB", str(db))
    return db


def _open(page: str) -> AppTest:
    """Run ``page`` inside the app when app.py lists it, else on its own."""
    if _page_listed(page):
        at = app_test().run()
        try:
            at.switch_page(page)
        except ValueError:  # a class-mode page: not in the single-user navigation (tutor/ui/access.py)
            at = script_test(page)
    else:
        at = script_test(page)
    return at.run()


def _answer_every_text_field(at: AppTest) -> AppTest:
    """Type the payload into every visible text field, commit each, and press the buttons beside them."""
    for widget in list(at.text_input) + list(at.text_area):
        widget.input(PAYLOAD)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_pages_with_free_text_fields_are_found() -> None:
    # the laws search box and the progress page's learner name at least (the test below runs on each)
    assert {"tutor/ui/pages/laws.py", "tutor/ui/pages/progress.py"} <= set(_free_text_pages())


@pytest.mark.parametrize("page", _free_text_pages())
def test_script_typed_into_a_free_text_field_is_never_rendered_as_html(page: str, fresh_db: Path) -> None:
    at = _open(page)
    # the laws page's search box sits behind its "Search" view
    for radio in at.radio:
        if "Search" in [str(o) for o in radio.options]:
            radio.set_value("Search").run()
    # pages with a learner selector: open "new profile" to reach its name field
    for box in at.selectbox:
        new = [o for o in box.options if "New profile" in str(o)]
        if new:
            box.select(new[0]).run()
    at = _answer_every_text_field(at)
    for button in at.button:
        if button.key and ("create" in button.key or "search" in button.key):
            button.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not _rendered_as_html(at)


def test_a_learner_named_script_is_refused_and_shown_as_text(fresh_db: Path) -> None:
    page = "tutor/ui/pages/progress.py"
    assert (ROOT / page).exists(), page
    at = _open(page)
    at.selectbox(key="progress_learner").select("➕ New profile…").run()
    at.text_input(key="progress_learner_new").input(PAYLOAD).run()
    at.button(key="progress_learner_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    shown = " ".join(str(e.value) for e in at.error)
    shown = re.sub(r"\\(.)", r"\1", shown)  # the page escapes Markdown: a backslash shows the character itself
    assert PAYLOAD in shown  # the name is quoted back as text in the error…
    assert not _rendered_as_html(at)  # …and nowhere as live HTML

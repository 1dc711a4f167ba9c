"""tools/package_moves.py: the stages compose, every reference form is rewritten once, nothing twice.

Expectations come from what the tool promises (its docstring): an old module name, import,
dotted name or path becomes its new one; a name moved twice (issue 14, then issue 26) goes
straight to its last name; a rewritten text is left alone by a second run (idempotent); the
module column of DEVELOPING.md's map, relative to its layer, follows the moves; and every
move still to make starts from a file that exists and lands where none does.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import package_moves as pm  # noqa: E402

# Old names spelt in pieces, so that running the tool does not rewrite this test's inputs.
E, L = "tutor.engine.", "tutor.lessons."


def test_a_module_moved_twice_goes_straight_to_its_last_name() -> None:
    moves = pm.all_moves()
    assert moves[E + "play_features"] == "tutor.engine.conventions.play.features"  # issue 14, then 26
    assert moves[E + "conventions.play_features"] == "tutor.engine.conventions.play.features"
    assert moves[E + "dealgen"] == "tutor.engine.deals.generate"
    assert moves[E + "features"] == "tutor.engine.conventions.hand_features"  # moved once: unchanged


def test_every_reference_form_is_rewritten() -> None:
    text = (f"from tutor.lessons import {'content_kinds'}, robots\n"
            f"import {E}dd_owner as owner\n"
            f"from {L}conventions_loader import load\n"
            f"from {L}conventions import serve\n"
            f'patch("{E}dealbatch.deal_batch")\n'
            f'script = "from tutor.engine import {"analysis"}\\n"\n'
            f"# see {'tutor/engine/'}analysis.py and {'tutor/lessons/'}review.py\n")
    assert pm.rewrite(text, python=True) == (
        "from tutor.lessons import robots\n"
        "from tutor.lessons.content import catalogue as content_kinds\n"
        "import tutor.engine.solver.owner as owner\n"
        "from tutor.lessons.content.conventions import load\n"  # the longer old name first
        "from tutor.lessons.review.conventions import serve\n"
        'patch("tutor.engine.deals.batch.deal_batch")\n'
        'script = "from tutor.engine.solver import analysis\\n"\n'
        "# see tutor/engine/solver/analysis.py and tutor/lessons/review/__init__.py\n")


def test_a_second_run_changes_nothing() -> None:
    text = (f"from tutor.engine.conventions import {'play_roles'}\nfrom tutor.lessons import {'srs'}\n"
            f"{'tutor/lessons/'}score_pad.py {L}drill_kinds.DRILL_KINDS {E}analysis\n")
    once = pm.rewrite(text, python=True)
    assert once != text and pm.rewrite(once, python=True) == once


def test_the_map_rows_follow_the_moves_in_their_own_layer_only() -> None:
    text = ("Engine modules, one concept each:\n"
            f"| `{'dealgen'}.py`, `conventions/{'play_roles'}.py` | seeded generation; see `{'dealgen'}.py` |\n"
            "Lessons modules (content + engine -> what the learner does):\n"
            f"| `{'srs'}.py`, `{'review'}.py`, `words.py` | scheduling |\n"
            "## House rules\n"
            f"| `{'srs'}.py` | not a map row |\n")
    assert pm.rewrite_map(text) == (
        "Engine modules, one concept each:\n"
        "| `deals/generate.py`, `conventions/play/roles.py` | seeded generation; see `dealgen.py` |\n"
        "Lessons modules (content + engine -> what the learner does):\n"
        "| `progress/srs.py`, `review/__init__.py`, `words.py` | scheduling |\n"
        "## House rules\n"
        "| `srs.py` | not a map row |\n")


def test_every_planned_move_starts_from_a_file_and_lands_on_none() -> None:
    planned = pm.planned_files()
    destinations = [d for _, d in planned]
    assert all(s.is_file() and not d.exists() for s, d in planned)
    assert len(set(destinations)) == len(destinations)
    # a package a move creates gets its __init__, with the docstring the table gives it
    assert all(".".join(p.relative_to(pm.ROOT).parent.parts) in pm.PACKAGE_DOCS for p in pm.new_packages())

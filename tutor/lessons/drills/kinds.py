"""Every drill kind of the tutor, in one table.

A drill kind (:class:`~tutor.lessons.drills.DrillKind`) makes drills of its rules and
advises on any position of its kind; ``tutor drill``, ``tutor advise``, review and the
golden tests all read :data:`DRILL_KINDS`. A new kind of drill adds one line here;
nothing registers on import.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.errors import TutorError
from tutor.lessons.bidding import drill as bidding_drill
from tutor.lessons.bidding import valuation as valuation_drill
from tutor.lessons.drills import DrillKind
from tutor.lessons.play import drill as play_drill
from tutor.lessons.solo import drill as solo_drill

DRILL_KINDS: Mapping[str, DrillKind] = {kind.name: kind for kind in (
    bidding_drill.DRILL_KIND,
    *play_drill.DRILL_KINDS,
    solo_drill.DRILL_KIND,
    valuation_drill.DRILL_KIND,
)}


def drill_kind(name: str) -> DrillKind:
    """The drill kind called ``name``."""
    if name not in DRILL_KINDS:
        raise TutorError(f"unknown drill kind {name!r}; known: {', '.join(sorted(DRILL_KINDS))}")
    return DRILL_KINDS[name]


__all__ = ["DRILL_KINDS", "drill_kind"]

"""The ways for two, three and five players at the terminal: ``tutor robots --players N`` and
``tutor play --players N`` (docs/table-sizes.md).

The commands' options and the flags a way must honour or refuse are in
:mod:`tutor.cli.ways_flags`, the robots' records in :mod:`tutor.cli.ways_robots`, the learner's
table in :mod:`tutor.cli.ways_play`; this module is the commands' one entry.
"""

from __future__ import annotations

from tutor.cli.ways_flags import add_round_option, add_way_options
from tutor.cli.ways_play import play_way
from tutor.cli.ways_robots import five_rubber_record, readable, robots_record, run_robots

__all__ = ["add_round_option", "add_way_options", "five_rubber_record", "play_way", "readable", "robots_record",
           "run_robots"]

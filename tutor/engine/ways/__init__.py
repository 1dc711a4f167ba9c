"""Vint for two, three and five players: each way of the sources as a typed record and its game.

:mod:`.catalogue` (the ways, cited), :mod:`.bidding` (their auctions), :mod:`.game` (one deal
as an append-only log), :mod:`.duel` (two-handed tricks), :mod:`.score` (scoring per way),
:mod:`.five` (who sits out, the pairs, the running record). docs/table-sizes.md.
"""

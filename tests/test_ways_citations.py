"""Every seed line the ways cite holds a word of what it is cited for (issue 29: citations two lines off).

The ways' modules, their tests' neighbours and docs/table-sizes.md cite the seeds as ``RO l.493``
(the Romanian book, 000_…txt), ``004 l.22`` / ``EN 22`` (the English two-player text), ``TH l.917``
(the Thai copy, 002_…txt), singly, as ranges (``000 l.485-495``) or as lists (``RO l.455, 495``).
The table below was written by reading each line of the seeds: the word that shows what the line
says. A citation of a line missing from the table fails, so a new one must be read and added.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the seed texts (not shipped with the repository): $TUTOR_SEEDS_DIR, else the project's shared folder
SEEDS = Path(os.environ.get("TUTOR_SEEDS_DIR", "/work/shared/seeds"))
FILES = {"000": "000_3fb8f71f4f530558.txt", "002": "002_c68374d8f015d64a.txt", "004": "004_8a8a8b8ede34bbe0.txt"}
ALIAS = {"RO": "000", "000": "000", "TH": "002", "002": "002", "EN": "004", "004": "004"}
CITING = [*sorted((ROOT / "tutor/engine/ways").glob("*.py")), *sorted((ROOT / "tutor/lessons/ways").glob("*.py")),
          *sorted((ROOT / "tutor/cli").glob("ways_*.py")), *sorted((ROOT / "tutor/ui").glob("way_*.py")),
          ROOT / "tutor/engine/settlement.py", ROOT / "docs/table-sizes.md"]

#: (seed, line) -> a word the line holds, naming what it is cited for
WORDS: dict[tuple[str, int], str] = {
    # the Romanian book: two players
    ("000", 391): "imediat",  # scoring 6: the big games end the partie at once
    ("000", 441): "Prima cale", ("000", 443): "patru jucători", ("000", 445): "manechinul",
    ("000", 447): "un singur anunț", ("000", 449): "pe întuneric", ("000", 451): "trucuri dubioase",
    ("000", 455): "evidențele",
    ("000", 457): "A doua cale", ("000", 463): "vizavi", ("000", 469): "aruncate", ("000", 471): "uita",
    ("000", 473): "opere", ("000", 479): "Coroanele", ("000", 481): "Casca", ("000", 483): "Renunțările",
    ("000", 485): "A treia cale", ("000", 487): "tranzacționați", ("000", 489): "slăni",
    ("000", 491): "își deschide manechinul", ("000", 493): "capul închis", ("000", 495): "transfer",
    ("000", 497): "A patra cale", ("000", 501): "douăsprezece", ("000", 503): "cel care a cedat",
    ("000", 505): "achiziția", ("000", 507): "trei cărți", ("000", 509): "incomode",
    ("000", 511): "mai puțin de trei", ("000", 513): "600", ("000", 515): "celelalte privințe",
    # three and five players
    ("000", 517): "Prima cale", ("000", 519): "celei mai mici cărți", ("000", 521): "cei doi parteneri",
    ("000", 523): "manechinul", ("000", 525): "orbește", ("000", 527): "costumul slab",
    ("000", 529): "cincizecea", ("000", 531): "A doua cale", ("000", 533): "manechinul deschis",
    ("000", 535): "vizavi", ("000", 537): "evidențe independente", ("000", 539): "4135",
    ("000", 541): "Cinci", ("000", 543): "cea mai mare carte", ("000", 545): "T.-55",
    ("000", 547): "cartea cea mai mare",
    # the summary's one-card way
    ("000", 873): "A treia cale", ("000", 881): "dealerul numește primul",
    # the English two-player text
    ("004", 3): "First way", ("004", 8): "records", ("004", 9): "Second way", ("004", 14): "renunciations",
    ("004", 15): "Third way", ("004", 18): "discarded", ("004", 19): "first move belongs",
    ("004", 20): "Fourth way", ("004", 22): "without looking at the dummy", ("004", 23): "closed dummy",
    ("004", 24): "never moved", ("004", 25): "Fifth way", ("004", 29): "600", ("004", 101): "five",
    # the Thai copy
    ("002", 829): "วิธีแรก", ("002", 843): "สกรูประเภทนี้", ("002", 845): "วิธีที่สอง", ("002", 871): "การยกเลิก",
    ("002", 873): "วิธีที่สาม", ("002", 883): "ไพ่จำลอง", ("002", 885): "วิธีที่สี่", ("002", 903): "ในแง่อื่นๆ",
    ("002", 905): "วิธีแรก", ("002", 917): "มีการคำนวณ", ("002", 919): "วิธีที่สอง", ("002", 921): "ทั้งสาม",
    ("002", 927): "จำนวนสูงสุด", ("002", 929): "ห้าคน", ("002", 933): "-55",
}

CITE = re.compile(r"\b(RO|EN|TH|000|002|004) (?:l\.)?(\d+)(?:[–-](\d+))?((?:, \d{2,3}(?![\d.]| l\.))*)")


def _seed_lines(seed: str) -> list[str]:
    return (SEEDS / FILES[seed]).read_text(encoding="utf-8").splitlines()


def citations() -> list[tuple[str, str, int]]:
    """Every ``(file, seed, line)`` cited: single lines, both ends of a range, each of a list."""
    found = []
    for path in CITING:
        for match in CITE.finditer(path.read_text(encoding="utf-8")):
            seed = ALIAS[match.group(1)]
            lines = [int(match.group(2))] + ([int(match.group(3))] if match.group(3) else [])
            lines += [int(n) for n in re.findall(r"\d+", match.group(4) or "")]
            found += [(path.name, seed, n) for n in lines]
    return found


def test_the_ways_cite_seed_lines_at_all() -> None:
    cited = citations()
    assert len(cited) > 60 and {s for _, s, _ in cited} == {"000", "002", "004"}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not on this machine")
@pytest.mark.parametrize("where,seed,line", sorted(set(citations())))
def test_every_cited_line_holds_a_word_of_what_it_is_cited_for(where: str, seed: str, line: int) -> None:
    word = WORDS.get((seed, line))
    assert word is not None, f"{where} cites {seed} l.{line}: read the line and add its word to WORDS"
    assert word.lower() in _seed_lines(seed)[line - 1].lower(), f"{where}: {seed} l.{line} lacks {word!r}"

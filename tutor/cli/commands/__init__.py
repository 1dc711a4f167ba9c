"""Subcommands of ``tutor``: each module registers the one of its name (see ``tutor.cli``).

Each command's one-line summary is here, not in its module: ``tutor --help`` lists the commands
from this table alone, without importing a command's module (each imports what its command runs
on — the store, the robots, the solver —, together about a second; issue 31).
"""

SUMMARIES: dict[str, str] = {
    "accounts": "class mode: create the first teacher, issue a code, list accounts",
    "advise": "the book's answer for a position given as JSON (FILE or -)",
    "analyse": "what each choice of a position costs: double dummy, sampled layouts, robots (FILE or -)",
    "check": "validate content/ (rules, glossary, quizzes, conventions…)",
    "deal": "print a seeded random deal (diagram and PBN)",
    "drill": "practise a convention: a generated position, answered here",
    "glossary": "the terms of Vint: look up any word of the sources (bribe, oners, crowns) or the Russian",
    "lesson": "the book's two bidding dialogues (laws 49 and 50), call by call",
    "laws": "study the laws: sections, one law, search",
    "play": "the practice table: play a deal or a rubber against the book robots",
    "quiz": "quiz yourself: the laws (each answer quotes the law) or a deal's score sheet",
    "progress": "show, export or import the learner's progress record",
    "review": "review what is due (spaced repetition) or replay a mistake",
    "robots": "the four book robots bid and play a deal out",
    "score": "score a deal or a rubber from JSON (book scoring, itemized with laws)",
    "solo": "Solo Whist: laws, bidding drill, worked example, settlement",
}

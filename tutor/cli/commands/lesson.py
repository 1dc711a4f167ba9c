"""``tutor lesson``: the book's two bidding dialogues (law 49's spades, law 50's short suits), call by call,
as the Bidding lessons page plays them.

    tutor lesson                            the lessons
    tutor lesson law-49-spades-dialogue     guess each of your calls (or press Enter), then read the book's

Nothing is recorded: a lesson is read, not examined (the bidding drills are the examination).
"""

from __future__ import annotations

import argparse

from tutor.cli.commands import SUMMARIES
from tutor.cli.commands.laws import wrap_text
from tutor.cli.inputs import ask_until
from tutor.cli.spelling import as_call
from tutor.engine.calls import Call, Pass
from tutor.engine.cards import Hand
from tutor.engine.errors import TutorError
from tutor.lessons.bidding.feedback import law_quote
from tutor.lessons.bidding.lessons import Step, lessons, steps
from tutor.lessons.words import action_text, cited_source, hand_line, laws_named

#: what Enter stands for at a round: no guess, the book's call read at once
READ_ON = "-"
LESSON_HELP = ("Type the call you would make (1S, 2NT, pass, or as shown: 2♠), or press Enter to read the "
               "book's; the end of the input (Ctrl-D) stops the lesson.")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("lesson", help=SUMMARIES["lesson"], description=SUMMARIES["lesson"])
    parser.add_argument("id", nargs="?", help="the lesson to play (tutor lesson lists them)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    available = lessons()
    if args.id is None:
        width = max(len(i) for i in available)
        for ident, lesson in available.items():
            print(f"{ident:<{width}}  {lesson.title}")
        print("\n`tutor lesson ID` plays one, call by call.")
        return 0
    if args.id.strip() not in available:
        raise TutorError(f"no bidding lesson {args.id!r}; the lessons: {', '.join(available)}")
    lesson = available[args.id.strip()]
    print(f"{lesson.title}\n\nYour hand (South, the dealer): {hand_line(Hand.parse(lesson.hand))}")
    print(wrap_text(f"Sources: {'; '.join(cited_source(s) for s in lesson.sources)}"))
    print("West and East pass throughout; your partner sits North.")
    for step in steps(lesson):
        print()
        guess = ask_until(f"Round {step.number}: what do you say? ", as_call, LESSON_HELP, refusal="is not a call",
                          blank=READ_ON)
        if guess is None:
            return 0
        print(_told(step, guess))
    print("\nThe end of the dialogue.")
    for law in lesson.laws:
        print(wrap_text(law_quote(law)))
    return 0


def _told(step: Step, guess: str) -> str:
    """The book's call against the guess, the note, the convention and its laws, and partner's reply."""
    said = _words(step.call)
    head = f"You say {said}." if guess == READ_ON else f"Yes: {said}." if guess == str(step.call) else \
        f"The book says {said}, not {action_text(guess)}."
    lines = [f"{head} {step.note}"]
    if step.rule_id:
        lines.append(f"Convention: {step.rule_title} ({laws_named(step.laws)}).")
    reply = "" if step.partner_reply is None else f"; partner says {_words(step.partner_reply)}; East passes"
    lines.append(f"West passes{reply}.")
    return "\n".join(wrap_text(line) for line in lines)


def _words(call: Call) -> str:
    """A call as said and as written: "simple spades (1♠)"; a pass is "pass"."""
    return call.spoken if isinstance(call, Pass) else f"{call.spoken} ({action_text(str(call))})"


__all__ = ["register", "run"]

"""Vint tutor: the laws of Vint and Solo Whist, conventions drills and scoring quizzes."""

__version__ = "0.1.0"

"""Vint for two, three and five players: their tables, robots, quizzes and reviews."""

"""Content + engine -> lessons, drills and quizzes; and the learner's progress."""

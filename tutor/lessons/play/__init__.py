"""The play trainer: the play conventions, drills, their drafts and feedback."""

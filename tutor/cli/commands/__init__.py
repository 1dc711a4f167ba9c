"""Subcommands of ``tutor``; each module registers one (see ``tutor.cli``)."""

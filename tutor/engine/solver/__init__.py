"""The double-dummy solver: the endplay adapter, its worker processes and their one owner."""

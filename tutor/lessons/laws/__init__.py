"""The laws trainer: study and the law quiz."""

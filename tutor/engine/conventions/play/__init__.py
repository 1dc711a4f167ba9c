"""The play words: suit roles, situations and features, the features read from the earlier tricks, choosers, holdings, card laws, sequences."""

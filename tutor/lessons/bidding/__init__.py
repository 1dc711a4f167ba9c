"""The bidding trainer: drills, their feedback in words, guided lessons, valuation."""

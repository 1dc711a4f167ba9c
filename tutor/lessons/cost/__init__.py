"""The cost of a choice on what the learner could know: the ledger, the sampler, the prices."""

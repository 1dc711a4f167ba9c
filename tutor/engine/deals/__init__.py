"""Seeded deal generation: constraints, one deal at a time, and batches for the sampler."""

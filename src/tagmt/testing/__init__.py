"""Helpers that build tiny models for tests and offline benchmarks (random weights, real code paths)."""

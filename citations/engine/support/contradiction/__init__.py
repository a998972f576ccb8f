"""Contradiction checks between a cited sentence and the region of its passage that matched it."""

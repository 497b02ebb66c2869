"""Rules core: pure functions over immutable game values; no I/O, no clock, seeded randomness only."""

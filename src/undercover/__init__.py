"""Undercover: the party game's rules core, room engine and hosts."""

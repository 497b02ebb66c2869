"""Bots: players that give clues, vote and guess from the entries' own tags.

A bot's brain sees only what its seat's view shows (`engine.view.view_for`), the public theme
catalog, a seeded random stream and its strength; it answers with the command a player would
send, or nothing. Dependencies: rules, themes, engine ← bots ← hosts. See docs/bots.md.
"""

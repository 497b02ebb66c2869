"""Themes: validated word content and the pure selection of word pairs."""

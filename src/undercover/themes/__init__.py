"""Themes: validated word content and the pure selection of word pairs."""

from pathlib import Path

# The checkout's top-level `themes/` (absent in the Worker, which has the generated module).
THEMES_DIR = Path(__file__).resolve().parents[3] / "themes"

"""Grade mode: a short opinion fitting the round's theme and one's grade on 0–20, read back
into a grade to compare with one's own.

The phrase table is small and reviewed: each band of grades has phrases that say how much one
likes the theme (any theme: the fallback prompts are all things one likes or not), and a few
words people also type, so a person's clue can be read too.
"""

from __future__ import annotations

import random
import statistics

from undercover.bots.reading import Table
from undercover.bots.skills import Skill
from undercover.rules.prompts import theme_prompts
from undercover.rules.text import fold

# (lowest grade, highest grade, phrases a bot says, words read in anyone's clue)
BANDS: tuple[tuple[int, int, tuple[str, ...], tuple[str, ...]], ...] = (
    (0, 2, ("une horreur", "insupportable", "jamais de la vie"), ("horreur", "deteste", "pire")),
    (3, 5, ("pénible", "très peu pour moi", "je m'en passe"), ("penible", "nul", "ennui")),
    (6, 8, ("pas terrible", "sans plus", "bof"), ("bof", "terrible", "moyen")),
    (9, 11, ("mitigé", "ni chaud ni froid", "ça dépend des jours"), ("mitige", "depend", "neutre")),
    (12, 14, ("sympa", "plutôt agréable", "pourquoi pas"), ("sympa", "agreable", "bien")),
    (15, 17, ("génial", "j'aime beaucoup", "un vrai plaisir"), ("genial", "plaisir", "super")),
    (18, 20, ("indispensable", "le paradis", "j'adore"), ("adore", "paradis", "parfait")),
)


# The same bands in English: what a bot says in an English room (both tables are read).
ENGLISH_BANDS: tuple[tuple[int, int, tuple[str, ...], tuple[str, ...]], ...] = (
    (0, 2, ("a nightmare", "unbearable", "never in my life"), ("nightmare", "hate", "worst")),
    (3, 5, ("a pain", "not for me", "I can do without"), ("pain", "boring", "rubbish")),
    (6, 8, ("not great", "meh", "could be better"), ("meh", "average", "mediocre")),
    (9, 11, ("mixed feelings", "so-so at best", "it depends"), ("mixed", "depends", "neutral")),
    (12, 14, ("nice", "rather pleasant", "why not"), ("nice", "pleasant", "fine")),
    (15, 17, ("brilliant", "I like it a lot", "a real treat"), ("brilliant", "treat", "lovely")),
    (18, 20, ("essential", "heaven", "I love it"), ("love", "heaven", "perfect")),
)  # fmt: skip


def _bands(table: Table) -> tuple[tuple[int, int, tuple[str, ...], tuple[str, ...]], ...]:
    return ENGLISH_BANDS if table.settings.get("word_language") == "en" else BANDS


def _band(grade: int) -> int:
    return next(i for i, (low, high, _, _) in enumerate(BANDS) if low <= grade <= high)


def read_grade(clue: str) -> float | None:
    """The grade a clue suggests (the middle of its band), or None if it says nothing known."""
    folded = fold(clue)
    for low, high, phrases, _ in (*BANDS, *ENGLISH_BANDS):
        if folded in {fold(p) for p in phrases}:
            return (low + high) / 2
    for low, high, _, words in (*BANDS, *ENGLISH_BANDS):
        if any(word in folded.split() for word in words):
            return (low + high) / 2
    return None


def table_grades(table: Table) -> dict[str, float]:
    """Each other player's mean read grade (players whose clues say nothing known left out)."""
    found: dict[str, float] = {}
    for player in {c.player for c in table.clues if c.player != table.me}:
        read = [g for c in table.clues_of(player) if (g := read_grade(c.text)) is not None]
        if read:
            found[player] = statistics.fmean(read)
    return found


def grade_clue(table: Table, grade: int | None, skill: Skill, rng: random.Random) -> str:
    """A phrase of the grade's band (a weaker bot sometimes strays to a neighbouring band)."""
    if grade is None:  # Mr. White: the table's median, or the middle
        read = list(table_grades(table).values())
        grade = round(statistics.median(read)) if read else 10
    elif skill.blend:
        grade = _blended(table, grade)
    band = _band(grade)
    stray = round(rng.gauss(0.0, skill.clue_noise / 4))
    band = min(len(BANDS) - 1, max(0, band + stray))
    said = {fold(c.text) for c in table.round_clues()}
    said_by_band = _bands(table)[band][2]
    phrases = [p for p in said_by_band if fold(p) not in said] or list(said_by_band)
    return rng.choice(phrases)


def _blended(table: Table, grade: int) -> int:
    """Most of the table is far from one's grade: speak halfway towards them."""
    read = list(table_grades(table).values())
    if len(read) < 2:
        return grade
    median = statistics.median(read)
    far = sum(1 for g in read if abs(g - grade) >= 4)
    return round((grade + median) / 2) if far * 2 > len(read) else grade


def grade_suspicions(table: Table, grade: int, eligible: tuple[str, ...]) -> dict[str, float]:
    """How far (in bands of about three grades) each player's clues are from one's grade."""
    read = table_grades(table)
    return {p: (abs(read[p] - grade) - 2) / 3 for p in eligible if p in read}


def grade_guess(table: Table) -> str:
    read = list(table_grades(table).values())
    return str(round(statistics.median(read)) if read else 10)


def theme_proposal(table: Table, rng: random.Random) -> str:
    """A theme not played yet in this game, from the rules' own prompts."""
    prompts = theme_prompts(str(table.settings.get("word_language", "fr")))
    used = {fold(t) for t in table.themes_used}
    fresh = [t for t in prompts if fold(t) not in used]
    return rng.choice(fresh or list(prompts))

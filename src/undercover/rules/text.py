"""Player-typed text: clues and themes are cleaned or refused; guesses are compared forgivingly."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from undercover.rules.errors import player_error
from undercover.rules.settings import GRADE_MAX, GRADE_MIN

_MARKUP = re.compile(r"[<>]")
_NOT_WORD = re.compile(r"[\W_]+")
# Letters that NFKD leaves whole although players type them as two.
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ß": "ss"})
# One leading article a guess may add or drop ("le Faucon Millenium", "The Joker").
_ARTICLES = ("l ", "le ", "la ", "les ", "un ", "une ", "des ", "du ", "the ")


# Letters and symbols that draw nothing (Hangul fillers, the Braille blank): they count as spaces,
# so a clue or a name made of them is empty, and one padded with them is not a new text.
_INVISIBLE = str.maketrans(dict.fromkeys("\u115f\u1160\u3164\uffa0\u2800", " "))


def blank_invisible(text: str) -> str:
    """Invisible letters turned into spaces.

    >>> blank_invisible("Ana\u3164").strip()
    'Ana'
    """
    return text.translate(_INVISIBLE)


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co"} for ch in text)


def clean_line(text: str, *, field: str, max_length: int) -> str:
    """Trim a one-line text and refuse it if empty, too long, or holding control or markup.

    >>> clean_line("  un sorcier ", field="clue", max_length=60)
    'un sorcier'
    """
    if _has_control(text):
        raise player_error(f"{field}.control_characters", f"the {field} holds control characters")
    if _MARKUP.search(text):
        raise player_error(f"{field}.markup", f"the {field} may not hold < or >")
    cleaned = " ".join(blank_invisible(text).split())
    if not cleaned:
        raise player_error(f"{field}.empty", f"the {field} is empty")
    if len(cleaned) > max_length:
        raise player_error(
            f"{field}.too_long", f"the {field} is longer than {max_length} characters"
        )
    return cleaned


def fold(text: str) -> str:
    """Case, accents, punctuation and spacing folded away, for forgiving comparisons.

    >>> fold("  Dark-Vador !")
    'dark vador'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(_NOT_WORD.sub(" ", stripped).split())


def without_article(folded: str) -> str:
    """A folded text without one leading article (unless the article is all there is)."""
    for article in _ARTICLES:
        if folded.startswith(article) and len(folded) > len(article):
            return folded[len(article) :]
    return folded


def guess_matches(guess: str, word: str, aliases: Iterable[str] = ()) -> bool:
    """Mr. White's guess against the civilians' word and its aliases: forgiving about case,
    accents, punctuation, spacing and one leading article; strict otherwise.

    >>> guess_matches("le faucon millenium", "Faucon Millenium")
    True
    """
    typed = without_article(fold(guess))
    return bool(typed) and any(typed == without_article(fold(name)) for name in (word, *aliases))


def parse_grade(text: str) -> int | None:
    """A grade guess is a whole number from 0 to 20 as typed (surrounding spaces allowed)."""
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit() or len(stripped) > 2:
        return None
    grade = int(stripped)
    return grade if GRADE_MIN <= grade <= GRADE_MAX else None


def _plural_forms(token: str) -> set[str]:
    """A folded word and its plain French/English plural or singular ("lunette" ~ "lunettes")."""
    forms = {token}
    if len(token) > 2:
        forms.add(token + "s")
        forms.add(token + "x")
        if token[-1] in "sx":
            forms.add(token[:-1])
    return forms


def clue_contains(clue: str, word: str, aliases: Iterable[str] = ()) -> bool:
    """Whether a clue holds the word or one of its aliases, folded as Mr. White's guesses are
    (case, accents, punctuation, a leading article), a plural on any of its words allowed.

    >>> clue_contains("Le faucon millénium, vraiment", "Faucon Millenium")
    True
    >>> clue_contains("des lunettes", "Lunette")
    True
    >>> clue_contains("harrypotter", "Harry Potter")
    False
    """
    typed = fold(clue).split()
    for name in (word, *aliases):
        wanted = without_article(fold(name)).split()
        if not wanted:
            continue
        size = len(wanted)
        for start in range(len(typed) - size + 1):
            window = typed[start : start + size]
            if all(got in _plural_forms(want) for got, want in zip(window, wanted, strict=True)):
                return True
    return False


def clue_states_grade(clue: str, grade: int) -> bool:
    """Whether a grade-mode clue writes the player's own grade as a number ("12", "12/20").

    >>> clue_states_grade("un bon 12/20", 12)
    True
    >>> clue_states_grade("112 pompiers", 12)
    False
    """
    return str(grade) in re.findall(r"\d+", clue)

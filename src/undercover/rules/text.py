"""Player-typed text, every rule of it in one place: what no frame may carry, how nicknames
are tidied, checked and told apart, how clues and themes are cleaned or refused, and how
guesses are compared forgivingly."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from undercover.rules.codes import RuleCode
from undercover.rules.errors import player_error
from undercover.rules.settings import GRADE_MAX, GRADE_MIN

MARKUP = frozenset("<>")  # refused in nicknames, clues and themes: they would read as HTML
_NOT_WORD = re.compile(r"[\W_]+")
# Letters that NFKD leaves whole although players type them as two.
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ß": "ss"})
# One leading article a guess or a clue may add or drop, per word language ("le Faucon
# Millenium", "the Hulk"); "the" stays in French, where players type "The Joker" as often.
_ARTICLES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "fr": ("l ", "le ", "la ", "les ", "un ", "une ", "des ", "du ", "the "),
        "en": ("the ", "a ", "an "),
    }
)
# English plurals that adding or dropping an "s" does not make ("mouse" / "mice").
_IRREGULAR_EN = MappingProxyType({
    "man": "men", "woman": "women", "child": "children", "person": "people", "foot": "feet",
    "tooth": "teeth", "goose": "geese", "mouse": "mice", "ox": "oxen", "louse": "lice",
})  # fmt: skip
_IRREGULAR_EN_BACK = MappingProxyType({plural: single for single, plural in _IRREGULAR_EN.items()})


# Letters and symbols that draw nothing (Hangul fillers, the Braille blank): they count as spaces,
# so a clue or a name made of them is empty, and one padded with them is not a new text.
_INVISIBLE = str.maketrans(dict.fromkeys("\u115f\u1160\u3164\uffa0\u2800", " "))


def blank_invisible(text: str) -> str:
    """Invisible letters turned into spaces.

    >>> blank_invisible("Ana\u3164").strip()
    'Ana'
    """
    return text.translate(_INVISIBLE)


# --- control characters ---------------------------------------------------------------

# What no string of a client frame may hold (the codec refuses the frame): C0/C1 controls,
# DEL, line/paragraph separators, and the bidirectional overrides and isolates that can
# disguise text. The zero-width joiner is not among them: nicknames draw emoji with it.
FRAME_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# Unicode categories a clue or a theme may not hold: controls, format characters (zero-width
# and bidi ones), surrogates, private use. A nickname may not hold unassigned code points nor
# line and paragraph separators either.
CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co"})
NAME_FORBIDDEN_CATEGORIES = CONTROL_CATEGORIES | {"Cn", "Zl", "Zp"}


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in CONTROL_CATEGORIES for ch in text)


# The one-line texts a player types; each has its four `RuleCode`s (`clue.empty`, ...).
TextField = Literal["clue", "theme", "guess"]


def clean_line(text: str, *, field: TextField, max_length: int) -> str:
    """Trim a one-line text and refuse it if empty, too long, or holding control or markup.

    >>> clean_line("  un sorcier ", field="clue", max_length=60)
    'un sorcier'
    """
    if _has_control(text):
        raise player_error(
            RuleCode(f"{field}.control_characters"), f"the {field} holds control characters"
        )
    if any(ch in MARKUP for ch in text):
        raise player_error(RuleCode(f"{field}.markup"), f"the {field} may not hold < or >")
    cleaned = " ".join(blank_invisible(text).split())
    if not cleaned:
        raise player_error(RuleCode(f"{field}.empty"), f"the {field} is empty")
    if len(cleaned) > max_length:
        raise player_error(
            RuleCode(f"{field}.too_long"), f"the {field} is longer than {max_length} characters"
        )
    return cleaned


# --- nicknames ---------------------------------------------------------------------------

NAME_MAX_LENGTH = 20  # visible characters

NicknameProblem = Literal["empty", "too_long", "invalid"]

# Look-alikes folded onto one Latin letter after NFKC + casefold + accent stripping:
# Cyrillic and Greek homoglyphs, digits that pass for letters, dotless i.
_CONFUSABLES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
        "ј": "j", "ԁ": "d", "ɡ": "g", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "μ": "u", "ζ": "z",
        "0": "o", "1": "l", "ı": "i", "|": "l",
        # Armenian, IPA and small-capital Latin, and Cherokee letters that read as Latin ones.
        "օ": "o", "ս": "u", "հ": "h", "ո": "n", "ց": "g", "զ": "q",
        "ɑ": "a", "ɩ": "i", "ɛ": "e", "ɔ": "o", "ʋ": "v",
        "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ɢ": "g", "ʜ": "h", "ɪ": "i",
        "ᴊ": "j", "ᴋ": "k", "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r",
        "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ʏ": "y", "ᴢ": "z",
        "Ꭺ": "a", "Ᏼ": "b", "Ꮯ": "c", "Ꭰ": "d", "Ꭼ": "e", "Ꮐ": "g", "Ꮋ": "h", "Ꭻ": "j",
        "Ꮶ": "k", "Ꮮ": "l", "Ꮇ": "m", "Ꮲ": "p", "Ꮪ": "s", "Ꭲ": "t", "Ꮩ": "v", "Ꮃ": "w",
        "Ꮓ": "z",
    }
)  # fmt: skip


def tidy_nickname(raw: str) -> str:
    """A nickname as kept: NFC, invisible letters blanked, spaces trimmed and collapsed.

    >>> tidy_nickname("  Zoé \u3164 ")
    'Zoé'
    """
    return " ".join(blank_invisible(unicodedata.normalize("NFC", raw)).split())


def nickname_problem(name: str) -> NicknameProblem | None:
    """What is wrong with a tidied nickname, if anything (the engine's `name.*` codes)."""
    if any(_is_forbidden(char) and not _joins_emoji(name, i) for i, char in enumerate(name)):
        return "invalid"
    visible = sum(1 for char in name if unicodedata.category(char) not in ("Mn", "Me", "Cf"))
    if visible == 0:
        return "empty"
    # Accents stack, but a name drawn over the lines around it (Zalgo) is not a nickname.
    if visible > NAME_MAX_LENGTH or len(name) > 2 * NAME_MAX_LENGTH:
        return "too_long"
    return None


def name_key(name: str) -> str:
    """The identity of a nickname: equal keys look alike (case, accents, homoglyphs, spaces).

    >>> name_key("Zoé") == name_key("ZOE") == name_key("Ζое")
    True
    """
    folded = blank_invisible(unicodedata.normalize("NFKC", name)).casefold()
    stripped = "".join(
        char for char in unicodedata.normalize("NFD", folded) if unicodedata.category(char) != "Mn"
    )
    return "".join(stripped.translate(_CONFUSABLES).split())


_ZWJ = "\u200d"
_VARIATION_EMOJI = "\ufe0f"


def _joins_emoji(name: str, index: int) -> bool:
    """A zero-width joiner between two emoji (👨‍👩‍👧, 👩🏽‍💻, ❤️‍🔥) draws one picture; anywhere
    else it hides inside a word, so it stays forbidden there.

    >>> _joins_emoji("👨\u200d👩", 1), _joins_emoji("A\u200dna", 1)
    (True, False)
    """
    if name[index] != _ZWJ or index == 0 or index + 1 >= len(name):
        return False
    before, after = name[index - 1], name[index + 1]
    # Before: the emoji itself, its skin tone (Sk) or its emoji-style variation selector.
    emoji_before = unicodedata.category(before) in ("So", "Sk") or before == _VARIATION_EMOJI
    return emoji_before and unicodedata.category(after) == "So"


def _is_forbidden(char: str) -> bool:
    return char in MARKUP or unicodedata.category(char) in NAME_FORBIDDEN_CATEGORIES


# --- clues, themes and guesses ------------------------------------------------------------


def fold(text: str) -> str:
    """Case, accents, punctuation and spacing folded away, for forgiving comparisons.

    >>> fold("  Dark-Vador !")
    'dark vador'
    """
    if text.isascii():  # most clues: nothing to decompose (the same result, sooner)
        return " ".join(_NOT_WORD.sub(" ", text.lower()).split())
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(_NOT_WORD.sub(" ", stripped).split())


def without_article(folded: str, language: str = "fr") -> str:
    """A folded text without one leading article (unless the article is all there is).

    >>> without_article("the hulk", "en"), without_article("a la plage", "fr")
    ('hulk', 'a la plage')
    """
    for article in _ARTICLES.get(language, _ARTICLES["fr"]):
        if folded.startswith(article) and len(folded) > len(article):
            return folded[len(article) :]
    return folded


def guess_matches(guess: str, word: str, aliases: Iterable[str] = (), language: str = "fr") -> bool:
    """Mr. White's guess against the civilians' word and its aliases: forgiving about case,
    accents, punctuation, spacing and one leading article of the word language; strict
    otherwise.

    >>> guess_matches("le faucon millenium", "Faucon Millenium")
    True
    >>> guess_matches("The Millennium Falcon", "Millennium Falcon", language="en")
    True
    """
    typed = without_article(fold(guess), language)
    return bool(typed) and any(
        typed == without_article(fold(name), language) for name in (word, *aliases)
    )


def parse_grade(text: str) -> int | None:
    """A grade guess is a whole number from 0 to 20 as typed (surrounding spaces allowed)."""
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit() or len(stripped) > 2:
        return None
    grade = int(stripped)
    return grade if GRADE_MIN <= grade <= GRADE_MAX else None


def _plural_forms(token: str, language: str = "fr") -> set[str]:
    """A folded word and its plain plural or singular: French "lunette" ~ "lunettes",
    "cheval" ~ "chevaux"; English "box" ~ "boxes", "berry" ~ "berries", "mouse" ~ "mice"."""
    forms = {token}
    if len(token) <= 2:
        return forms
    forms.add(token + "s")
    if language == "en":
        forms.add(token + "es")
        if token.endswith("y"):
            forms.add(token[:-1] + "ies")
        if token.endswith("ies"):
            forms.add(token[:-3] + "y")
        if token.endswith("es"):
            forms.add(token[:-2])
        if token.endswith("f") or token.endswith("fe"):
            forms.add(token.removesuffix("e")[:-1] + "ves")
        for table in (_IRREGULAR_EN, _IRREGULAR_EN_BACK):
            if token in table:
                forms.add(table[token])
    else:
        forms.add(token + "x")
        if token.endswith("al"):
            forms.add(token[:-2] + "aux")
    if token[-1] in "sx":
        forms.add(token[:-1])
    return forms


def clue_contains(clue: str, word: str, aliases: Iterable[str] = (), language: str = "fr") -> bool:
    """Whether a clue holds the word or one of its aliases, folded as Mr. White's guesses are
    (case, accents, punctuation, a leading article), a plural on any of its words allowed.

    >>> clue_contains("Le faucon millénium, vraiment", "Faucon Millenium")
    True
    >>> clue_contains("des lunettes", "Lunette")
    True
    >>> clue_contains("harrypotter", "Harry Potter")
    False
    >>> clue_contains("Hulk smash!", "The Hulk", language="en")
    True
    """
    typed = fold(clue).split()
    for name in (word, *aliases):
        wanted = without_article(fold(name), language).split()
        if not wanted:
            continue
        size = len(wanted)
        for start in range(len(typed) - size + 1):
            window = typed[start : start + size]
            pairs = zip(window, wanted, strict=True)
            if all(got in _plural_forms(want, language) for got, want in pairs):
                return True
    return False


# Grades written as words, per word language: folded (fold()) and indexed by grade, with the
# other number words that may stand next to them ("dix-sept" is not "dix", "quatre-vingts" not
# "quatre"), the words that join a number ("vingt et un"), and the grade words that are also
# something else and so never state a grade on their own (French "un": the article).
@dataclass(frozen=True)
class NumberWords:
    grades: tuple[str, ...]  # GRADE_MIN..GRADE_MAX
    others: frozenset[str]
    joiners: frozenset[str] = frozenset()
    not_alone: frozenset[str] = frozenset()


GRADE_WORDS: Mapping[str, NumberWords] = MappingProxyType({
    "fr": NumberWords(
        grades=(
            "zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
            "dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix sept",
            "dix huit", "dix neuf", "vingt",
        ),
        others=frozenset(
            {"une", "vingts", "trente", "quarante", "cinquante", "soixante", "cent", "cents",
             "mille", "million", "millions", "milliard", "milliards"}
        ),
        joiners=frozenset({"et"}),
        not_alone=frozenset({"un"}),
    ),
    "en": NumberWords(
        grades=(
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
            "seventeen", "eighteen", "nineteen", "twenty",
        ),
        others=frozenset(
            {"thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred",
             "hundreds", "thousand", "thousands", "million", "millions", "billion", "billions"}
        ),
        joiners=frozenset({"and"}),
        not_alone=frozenset({"one"}),  # "the one", "one of those days": a pronoun first
    ),
})  # fmt: skip
WORD_LANGUAGE = "fr"  # the language of the words dealt, hence of the clues


def _numbers_in_words(tokens: list[str], words: NumberWords) -> list[str]:
    """Each run of number words in folded tokens, joined by spaces ("dix sept", "vingt et un")."""
    vocabulary = {part for grade in words.grades for part in grade.split()} | words.others
    runs: list[list[str]] = [[]]
    for token in tokens:
        if token in vocabulary or (token in words.joiners and runs[-1]):
            runs[-1].append(token)
        elif runs[-1]:
            runs.append([])
    for run in runs:
        while run and run[-1] in words.joiners:  # "deux et la suite": the "et" joins nothing
            run.pop()
        while len(run) > 1 and run[0] in words.not_alone:  # "un deux": the article, then 2
            run.pop(0)
    return [" ".join(run) for run in runs if run]


def clue_states_grade(clue: str, grade: int, language: str = WORD_LANGUAGE) -> bool:
    """Whether a grade-mode clue states the player's own grade: as a number standing alone
    ("12", "12/20") or as words in the word language ("douze"), not as digits inside a word.

    >>> clue_states_grade("un bon 12/20", 12), clue_states_grade("Douze !", 12)
    (True, True)
    >>> clue_states_grade("112 pompiers", 12), clue_states_grade("R2-D2", 2)
    (False, False)
    """
    tokens = fold(clue).split()
    if any(token.isdecimal() and int(token) == grade for token in tokens):
        return True
    words = GRADE_WORDS.get(language)
    if words is None:
        return False
    written = words.grades[grade - GRADE_MIN]
    return written not in words.not_alone and written in _numbers_in_words(tokens, words)

"""The host's own words: a pasted list of pairs (`Pizza / Quiche`) or of plain words.

Parsing refuses the whole text at its first problem, naming the line (1-based) and a stable
code the lobby translates; nothing is kept from a refused text. Dealing is pure and seeded like
`select.deal_pair`: a pair is not dealt again in a room until every pair of the list has been.

Pair ids never carry the words (they are logged when players rate a pair): `custom:<n>` for the
n-th word of a plain list, `custom:<n>:a` / `custom:<n>:b` for the two sides of the n-th pair.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from enum import StrEnum

from undercover.rules.text import fold
from undercover.themes.select import DealHistory

TEXT_MAX = 3000  # characters: one lobby frame (4 KB) must carry the whole paste
WORD_MAX = 40
LINES_MAX = 150
MIN_PAIRS = 3  # pasted pairs: enough for three games without a repeat
MIN_WORDS = 4  # a plain list: 4 words make 6 pairs
_MARKUP = re.compile(r"[<>`\x00-\x1f\x7f]")  # tags, code fences and control characters
CUSTOM_PREFIX = "custom:"


class CustomWordsCode(StrEnum):
    """Every refusal of a pasted list (the lobby translates each code)."""

    TOO_LONG = "custom_words.too_long"
    TOO_MANY_LINES = "custom_words.too_many_lines"
    BAD_PAIR = "custom_words.bad_pair"
    SAME_WORDS = "custom_words.same_words"
    DUPLICATE = "custom_words.duplicate"
    WORD_TOO_LONG = "custom_words.word_too_long"
    MARKUP = "custom_words.markup"
    NO_LETTERS = "custom_words.no_letters"
    TOO_FEW_PAIRS = "custom_words.too_few_pairs"
    TOO_FEW_WORDS = "custom_words.too_few_words"
    ALL_REMOVED = "custom_words.all_removed"


# The codes without their prefix, as `CustomWordsError` takes them.
PROBLEMS = tuple(code.value.removeprefix("custom_words.") for code in CustomWordsCode)


class CustomWordsError(ValueError):
    """Why a pasted text is refused: `code` ("custom_words.<problem>"), `line` (0: the text)."""

    def __init__(self, problem: str, line: int = 0) -> None:
        code = CustomWordsCode(f"custom_words.{problem}")  # an unknown problem is our bug
        super().__init__(f"{code} (line {line})" if line else problem)
        self.code = code
        self.line = line


@dataclass(frozen=True)
class CustomWords:
    """A checked list: either `pairs` (fixed pairs) or `words` (any two of them make a pair)."""

    pairs: tuple[tuple[str, str], ...] = ()
    words: tuple[str, ...] = ()

    def pair_ids(self) -> list[tuple[str, str]]:
        """Every pair the list can deal, as sorted ids."""
        if self.pairs:
            return [
                (f"{CUSTOM_PREFIX}{n}:a", f"{CUSTOM_PREFIX}{n}:b") for n in range(len(self.pairs))
            ]
        return [
            (f"{CUSTOM_PREFIX}{i}", f"{CUSTOM_PREFIX}{j}")
            for i, j in itertools.combinations(range(len(self.words)), 2)
        ]

    def word(self, pair_side: str) -> str:
        """The word behind one side's id."""
        number, _, side = pair_side.removeprefix(CUSTOM_PREFIX).partition(":")
        if self.pairs:
            return self.pairs[int(number)][0 if side == "a" else 1]
        return self.words[int(number)]


def parse_custom_words(text: str) -> CustomWords:
    """Check a pasted text: one pair per line (`A / B`) if any line has a slash, else one word."""
    if len(text) > TEXT_MAX:
        raise CustomWordsError("too_long")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > LINES_MAX:
        raise CustomWordsError("too_many_lines", lines[LINES_MAX][0])
    if any("/" in line for _, line in lines):
        return _pairs(lines)
    return _words(lines)


def _checked_word(word: str, line: int) -> str:
    word = " ".join(word.split())
    if not word:
        raise CustomWordsError("bad_pair", line)
    if not any(ch.isalpha() for ch in word):  # "123", "?!": no word a player could say
        raise CustomWordsError("no_letters", line)
    if len(word) > WORD_MAX:
        raise CustomWordsError("word_too_long", line)
    if _MARKUP.search(word):
        raise CustomWordsError("markup", line)
    return word


def _pairs(lines: list[tuple[int, str]]) -> CustomWords:
    pairs: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for number, line in lines:
        parts = line.split("/")
        if len(parts) != 2:
            raise CustomWordsError("bad_pair", number)
        first, second = (_checked_word(part, number) for part in parts)
        key = frozenset((fold(first), fold(second)))
        if len(key) < 2:
            raise CustomWordsError("same_words", number)
        if key in seen:
            raise CustomWordsError("duplicate", number)
        seen.add(key)
        pairs.append((first, second))
    if len(pairs) < MIN_PAIRS:
        raise CustomWordsError("too_few_pairs")
    return CustomWords(pairs=tuple(pairs))


def _words(lines: list[tuple[int, str]]) -> CustomWords:
    words: list[str] = []
    seen: set[str] = set()
    for number, line in lines:
        word = _checked_word(line, number)
        if fold(word) in seen:
            raise CustomWordsError("duplicate", number)
        seen.add(fold(word))
        words.append(word)
    if len(words) < MIN_WORDS:
        raise CustomWordsError("too_few_words")
    return CustomWords(words=tuple(words))


@dataclass(frozen=True)
class CustomDeal:
    civilian: str
    undercover: str
    pair: tuple[str, str]  # sorted ids, as in the history
    history: DealHistory
    history_reset: bool


def deal_custom(
    custom: CustomWords,
    rng: random.Random,
    history: DealHistory,
    removed: frozenset[tuple[str, str]] = frozenset(),
) -> CustomDeal:
    """A pair of the list not dealt yet (then the history starts over), in a random order."""
    playable = [pair for pair in custom.pair_ids() if pair not in removed]
    if not playable:
        raise CustomWordsError("all_removed")
    fresh = [pair for pair in playable if pair not in history.pairs]
    reset = not fresh
    past = DealHistory() if reset else history
    pair = rng.choice(fresh or playable)
    civilian, undercover = pair if rng.random() < 0.5 else (pair[1], pair[0])
    return CustomDeal(
        civilian=custom.word(civilian),
        undercover=custom.word(undercover),
        pair=pair,
        history=DealHistory(past.pairs | {pair}, past.civilians),
        history_reset=reset,
    )

"""Classic mode: a clue from one's word's features, suspicions from how others' clues fit it,
and Mr. White's clues and guess from what the whole pool and the table's clues say.

Every clue passes `Lexicon.gives_away` (no word of the pool, no part of one's own word) and
is new in the game (folded alike), so a bot never says its word, an alias, or the other
camp's word, which is always a name of the pool (or, in the attribute variant, an attribute:
left out of the features there).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator

from undercover.bots.lexicon import Knowledge, Lexicon
from undercover.bots.reading import Table
from undercover.bots.skills import Skill
from undercover.rules.settings import CLUE_MAX_LENGTH
from undercover.rules.text import fold
from undercover.themes.model import Entry

_OWN_PRIOR = 2 / 3  # a player's chance of being a civilian, about, at 5 to 8 players
_WHITE_CHOICES = 60  # Mr. White weighs only the likeliest features (a pool holds thousands)
_GUESS_FLOOR = 1e-5  # Mr. White never guesses an entry this much less likely than the best
# Said when the bot has nothing better left: vague on purpose, as a person out of ideas (a word
# has about nine features; five civilians use them up in two rounds).
FALLBACK_CLUES = (
    "connu", "classique", "marquant", "typique", "familier", "célèbre", "ça me parle",
    "tout le monde connaît", "on en parle souvent", "une évidence", "assez répandu",
    "je n'en dis pas plus", "souvenir d'enfance", "incontournable", "facile à reconnaître",
    "on le croise souvent", "emblématique", "ça se discute", "pas si simple", "j'hésite",
)  # fmt: skip
ENGLISH_FALLBACK_CLUES = (
    "well known", "a classic", "memorable", "typical", "familiar", "famous", "rings a bell",
    "everyone knows it", "comes up a lot", "obvious", "pretty common", "I won't say more",
    "childhood memory", "a must", "easy to spot", "you see it around", "iconic",
    "debatable", "not that simple", "hmm, tricky",
)  # fmt: skip


def fallback_clues(table: Table) -> tuple[str, ...]:
    """The vague clues in the room's word language."""
    english = table.settings.get("word_language") == "en"
    return ENGLISH_FALLBACK_CLUES if english else FALLBACK_CLUES


def own_entry(lexicon: Lexicon, word: str) -> Entry | None:
    """The entry of the bot's word; in the attribute variant, the entry holding it."""
    return lexicon.entry_named(word) or next(iter(lexicon.owners_of(word)), None)


def _fresh(
    table: Table,
    lexicon: Lexicon,
    features: Iterable[str],
    own: tuple[str, ...],
    among: tuple[Entry, ...] | None = None,
) -> Iterator[str]:
    """The features no one has said yet that name no word the game could be about."""
    given = {fold(clue.text) for clue in table.clues}
    for feature in features:
        if fold(feature) in given or not 0 < len(feature) <= CLUE_MAX_LENGTH:
            continue
        if "<" in feature or ">" in feature or lexicon.gives_away(feature, own, among):
            continue
        yield feature


def _pick(scored: list[tuple[float, str]], noise: float, rng: random.Random) -> str | None:
    if not scored:
        return None
    return max(scored, key=lambda item: item[0] + rng.gauss(0.0, noise))[1]


def fallback_clue(table: Table, lexicon: Lexicon, own: tuple[str, ...]) -> str:
    for clue in _fresh(table, lexicon, fallback_clues(table), own):
        return clue
    english = table.settings.get("word_language") == "en"
    return f"{'clue' if english else 'indice'} {len(table.clues) + 1}"


def word_clue(table: Table, lexicon: Lexicon, word: str, skill: Skill, rng: random.Random) -> str:
    """A feature of the bot's word, about as common in the pool as its skill aims for, and
    (for a bot that reads the table) likely to fit the word the others' clues describe.

    No bot knows its camp; one that reads the table weighs each feature by the chance that it
    also fits the table's word. A civilian's word is the table's: nothing changes. An
    undercover sees the table describe another word and blends in: features the two words
    share, else (sure enough it is the odd one out) one of the other word's own, else
    something vague rather than a feature that only fits its own word.
    """
    entry = own_entry(lexicon, word)
    own = (word,) if entry is None else (word, entry.name, *entry.aliases)
    if entry is None:
        return white_clue(table, lexicon, skill, rng, own)
    among = lexicon.neighbours(entry)
    # With Mr. White listening, a telling clue hands him the word: aim vaguer.
    target = skill.target_share * (skill.white_caution if table.settings.get("mr_white") else 1.0)
    seen = table_word(table, lexicon, entry, skill)
    scored = [
        (-abs(math.log(lexicon.share(f, among) / target)) + _blend(skill, seen, lexicon, f), f)
        for f in _fresh(table, lexicon, lexicon.features[entry.key], own, among)
    ]
    guessed = odd_one_out(seen, lexicon, entry, skill)
    if guessed is not None:
        borrowed = _fresh(table, lexicon, lexicon.features[guessed.key], own, among)
        scored += [(_blend(skill, seen, lexicon, f) - skill.lie_cost, f) for f in borrowed]
    # A feature no other entry of the pool holds names the word: never said (a stock filler
    # rather, once nothing else is left).
    shared = [(score, f) for score, f in scored if lexicon.holders(f) > 1]
    return (
        _pick(shared, skill.clue_noise, rng)
        or _part_clue(table, lexicon, entry, own, target, rng, skill)
        or fallback_clue(table, lexicon, own)
    )


def _part_clue(
    table: Table,
    lexicon: Lexicon,
    entry: Entry,
    own: tuple[str, ...],
    target: float,
    rng: random.Random,
    skill: Skill,
) -> str | None:
    """Once its features are used up, a telling word of one of them, as vague as the skill
    aims for among the neighbours (each is held by more than one entry of the pool)."""
    among = lexicon.neighbours(entry)
    scored = [
        (-abs(math.log((lexicon.loose_share(w, among) + 1e-3) / target)), w)
        for w in _fresh(table, lexicon, lexicon.parts[entry.key], own, among)
    ]
    return _pick(scored, skill.clue_noise, rng)


def table_word(table: Table, lexicon: Lexicon, entry: Entry, skill: Skill) -> dict[str, float]:
    """entry key -> the chance that the others' clues describe it, among the entries either
    camp's word could be (the bot's own included); empty before anyone else has spoken or
    for a bot that does not read the table."""
    speakers = table.speakers()
    if not skill.blend or not speakers:
        return {}
    among = lexicon.neighbours(entry)
    seen = lexicon.posterior(speakers, among, knowledge(table, skill), table.civilian_share)
    if entry.key not in seen or len(seen) < 2:
        return seen
    # The prior: one's own word is the table's with chance _OWN_PRIOR (most players are
    # civilians), each other entry shares the rest (the posterior above assumed uniform).
    odds = _OWN_PRIOR / (1 - _OWN_PRIOR) * (len(seen) - 1)
    total = 1 + (odds - 1) * seen[entry.key]
    return {key: p * (odds if key == entry.key else 1.0) / total for key, p in seen.items()}


def odd_one_out(
    seen: dict[str, float], lexicon: Lexicon, entry: Entry, skill: Skill
) -> Entry | None:
    """The table's word, when the bot reads that it is not its own (it is the undercover)."""
    if not seen or seen.get(entry.key, 0.0) >= skill.self_doubt:
        return None
    return lexicon.entries_by_key[max(seen, key=lambda key: seen[key])]


def _blend(skill: Skill, seen: dict[str, float], lexicon: Lexicon, feature: str) -> float:
    """How much the bot likes `feature` for fitting the table's word (0: it does not care)."""
    if not seen:
        return 0.0
    folded = fold(feature)
    fits = sum(p for key, p in seen.items() if folded in lexicon.folded[key])
    return skill.blend * math.log(fits + 0.02)


def knowledge(table: Table, skill: Skill) -> Knowledge:
    return Knowledge(f"{table.me}/{table.secret}", skill.knows)


def fit_score(
    table: Table,
    lexicon: Lexicon,
    player: str,
    entry: Entry,
    among: tuple[Entry, ...],
    knows: Knowledge,
) -> float:
    """Sum of log-odds that `player`'s clues describe `entry` rather than a typical neighbour."""
    return sum(lexicon.log_odds(c.text, entry, among, knows) for c in table.clues_of(player))


def word_suspicions(
    table: Table, lexicon: Lexicon, reference: Entry, skill: Skill
) -> dict[str, float]:
    """How badly each other eligible player's clues fit `reference` (higher: more suspect)."""
    among = lexicon.neighbours(reference)
    knows = knowledge(table, skill)
    return {
        p: -fit_score(table, lexicon, p, reference, among, knows)
        for p in eligible(table)
        if table.clues_of(p)
    }


def undercover_suspicions(
    table: Table, lexicon: Lexicon, entry: Entry, guessed: Entry, skill: Skill
) -> dict[str, float]:
    """The ballot of a bot that reads itself as the undercover: against whoever fits the
    table's word worst, as the civilians will (its vote then tips theirs onto one of them),
    leaving out whoever fits its own word better (a fellow undercover) while the composition
    leaves one unrevealed."""
    among = lexicon.neighbours(entry)
    knows = knowledge(table, skill)
    partner = table.undercovers - list(table.revealed.values()).count("undercover") > 1
    found = {}
    for player in eligible(table):
        if not table.clues_of(player):
            continue
        theirs = fit_score(table, lexicon, player, guessed, among, knows)
        if not partner or fit_score(table, lexicon, player, entry, among, knows) <= theirs:
            found[player] = -theirs
    return found


def eligible(table: Table) -> tuple[str, ...]:
    pool = table.candidates or table.alive
    return tuple(p for p in pool if p != table.me)


def likely_word(
    table: Table, lexicon: Lexicon, among: tuple[Entry, ...], skill: Skill
) -> Entry | None:
    """The entry that best fits every clue others gave (Mr. White's reading of the table)."""
    speakers = table.speakers()
    posterior = lexicon.posterior(speakers, among, knowledge(table, skill), table.civilian_share)
    if not speakers or not posterior:
        return None
    return lexicon.entries_by_key[max(posterior, key=lambda key: posterior[key])]


def white_clue(
    table: Table, lexicon: Lexicon, skill: Skill, rng: random.Random, own: tuple[str, ...] = ()
) -> str:
    """Mr. White: a tag common in the pool, or (reading the table) likely held by its word."""
    among = lexicon.entries
    speakers = table.speakers()
    if skill.white_reads and speakers:
        knows = knowledge(table, skill)
        posterior = lexicon.posterior(speakers, among, knows, table.civilian_share)
        # He reads as sharply as he guesses: a duller Mr. White only follows the drift of the
        # clues, and his features fit the likely words on average, none of them closely.
        top = max(posterior.values(), default=1.0)
        weight: dict[str, float] = {}
        for key, p in posterior.items():
            if p > 1e-4:
                tempered = (p / top) ** (1.0 / skill.guess_temperature)
                for feature in lexicon.features[key]:
                    weight[feature] = weight.get(feature, 0.0) + tempered
    else:
        weight = {}
        for entry in among:
            for tag in entry.tags:
                weight[tag] = weight.get(tag, 0.0) + 1.0 / max(1, len(among))
    likeliest = sorted(weight, key=lambda f: -weight[f])[:_WHITE_CHOICES]
    scored = [(math.log(weight[f] + 1e-9), f) for f in _fresh(table, lexicon, likeliest, own)]
    return _pick(scored, skill.clue_noise, rng) or fallback_clue(table, lexicon, own)


def white_guess(table: Table, lexicon: Lexicon, skill: Skill, rng: random.Random) -> str:
    """An entry drawn by how well its features fit all the clues given (a sharper skill
    draws nearer to the best fit)."""
    speakers, knows = table.speakers(), knowledge(table, skill)
    posterior = lexicon.posterior(speakers, lexicon.entries, knows, table.civilian_share)
    if not posterior:
        return fallback_clues(table)[0]
    top = max(posterior.values())
    keys = [key for key, p in posterior.items() if p >= top * _GUESS_FLOOR]
    weights = [(posterior[key] / top) ** (1.0 / skill.guess_temperature) for key in keys]
    return lexicon.entries_by_key[rng.choices(keys, weights)[0]].name

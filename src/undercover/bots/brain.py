"""A bot's decision: the command a player in its seat would send now, from its view alone."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from undercover.bots import grades, legal, words
from undercover.bots.lexicon import lexicon_for
from undercover.bots.reading import Table, View, read
from undercover.bots.skills import SKILLS
from undercover.bots.votes import choose_ballot
from undercover.engine.commands import CastVote, ConfirmRole, GiveClue, Guess, ProposeTheme
from undercover.themes.model import Catalog

BotCommand = ConfirmRole | GiveClue | ProposeTheme | CastVote | Guess


def choices(view: View, catalog: Catalog, rng: random.Random) -> Iterator[BotCommand]:
    """The bot's choice first, then every legal move (from its view) in case the engine
    refuses it: the host takes the first one accepted, so a refusal never leaves a turn
    waiting."""
    chosen = decide(view, catalog, rng)
    if chosen is None:
        return
    yield chosen
    me = str(view["me"]["player_id"])
    for move in legal.moves(view, me):
        if move != chosen:
            yield move


def decide(view: View, catalog: Catalog, rng: random.Random) -> BotCommand | None:
    """What the bot does now, or None when it has nothing to do (or keeps its ballot)."""
    table = read(view)
    seq = table.seq
    if table.phase == "guess" and table.guesser == table.me:
        return Guess(seq=seq, text=_guess(table, catalog, rng))
    if view["me"]["status"] != "alive":
        return None
    if table.phase == "role_reveal":
        return None if table.confirmed else ConfirmRole(seq=seq)
    if table.phase == "clues" and table.stage == "theme" and table.proposer == table.me:
        return ProposeTheme(seq=seq, text=grades.theme_proposal(table, rng))
    if table.phase == "clues" and table.stage == "clue" and table.speaker == table.me:
        return GiveClue(seq=seq, text=_clue(table, catalog, rng))
    if table.phase == "voting":
        target = _ballot(table, catalog, rng)
        if table.ballot_cast and target == table.ballot:
            return None
        return CastVote(seq=seq, target=target)
    return None


def _clue(table: Table, catalog: Catalog, rng: random.Random) -> str:
    skill = SKILLS[table.strength]
    if table.mode == "grade":
        grade = table.secret if isinstance(table.secret, int) else None
        return grades.grade_clue(table, grade, skill, rng)
    lexicon = lexicon_for(catalog, table.settings)
    if table.secret_kind == "word" and isinstance(table.secret, str):
        return words.word_clue(table, lexicon, table.secret, skill, rng)
    return words.white_clue(table, lexicon, skill, rng)


def _ballot(table: Table, catalog: Catalog, rng: random.Random) -> str | None:
    skill = SKILLS[table.strength]
    eligible = words.eligible(table)
    if table.mode == "grade":
        if isinstance(table.secret, int):
            suspicion = grades.grade_suspicions(table, table.secret, eligible)
        else:  # Mr. White: the table's median stands for the civilians' grade
            median = grades.grade_guess(table)
            suspicion = grades.grade_suspicions(table, int(median), eligible)
        return choose_ballot(suspicion, skill, rng)
    lexicon = lexicon_for(catalog, table.settings)
    reference = None
    if table.secret_kind == "word" and isinstance(table.secret, str):
        reference = words.own_entry(lexicon, table.secret)
    if reference is not None:
        seen = words.table_word(table, lexicon, reference, skill)
        guessed = words.odd_one_out(seen, lexicon, reference, skill)
        if guessed is not None:
            suspicion = words.undercover_suspicions(table, lexicon, reference, guessed, skill)
            return choose_ballot(suspicion, skill, rng, insist=True)
    if reference is None:  # Mr. White (or an unknown word): the word the table seems to share
        reference = words.likely_word(table, lexicon, lexicon.entries, skill)
    if reference is None:
        return None
    suspicion = words.word_suspicions(table, lexicon, reference, skill)
    if table.secret_kind == "mr_white":  # he knows his camp: any civilian out helps him
        return choose_ballot(suspicion, skill, rng, insist=True)
    # The fewer impostors among the others, the likelier a wrong ballot hits a civilian: the
    # suspect must stand out by the prior log-odds that any one of them is a civilian.
    caution = skill.caution * math.log(table.civilian_odds())
    return choose_ballot(suspicion, skill, rng, caution=caution)


def _guess(table: Table, catalog: Catalog, rng: random.Random) -> str:
    skill = SKILLS[table.strength]
    if table.mode == "grade":
        return grades.grade_guess(table)
    return words.white_guess(table, lexicon_for(catalog, table.settings), skill, rng)

"""How good the bots' clues are, counted the same way by `undercover bots sample` and
`undercover tournament --clues`.

- A *filler* is a stock phrase (the bots' fallbacks, `legal.STOCK_CLUES`, "indice N"), or any
  text that fits no entry of the pool (`Lexicon.matches` is empty): not drawn from a word's
  tags, attributes or associations.
- A *give-away* holds a word or alias of either camp (as the engine reads a clue: plurals and
  articles too), or a word of 4+ letters of the speaker's own ("capitaine" for Capitaine
  Haddock), or fits the speaker's own entry alone in the pool (exactly or by a word of it):
  a detail that names the word. Mr. White's clues are never give-aways (he knows no word).
"""

from __future__ import annotations

from dataclasses import dataclass

from undercover.bots import legal
from undercover.bots.lexicon import Lexicon, lexicon_for
from undercover.bots.words import ENGLISH_FALLBACK_CLUES, FALLBACK_CLUES, own_entry
from undercover.engine.dealing import Deck
from undercover.engine.state import Room
from undercover.engine.view import view_for
from undercover.rules import ClueEntry, Role
from undercover.rules.text import clue_contains, fold

_STOCK = frozenset(fold(t) for t in (*FALLBACK_CLUES, *ENGLISH_FALLBACK_CLUES, *legal.STOCK_CLUES))
_PART = 4  # letters: a shorter word of a name ("de", "la") names nothing


@dataclass
class Counts:
    clues: int = 0
    fillers: int = 0
    giveaways: int = 0

    def add(self, other: Counts) -> None:
        self.clues += other.clues
        self.fillers += other.fillers
        self.giveaways += other.giveaways

    def summary(self) -> str:
        share = self.fillers / max(1, self.clues)
        fillers = f"{self.fillers} fillers ({share:.1%})"
        return f"{self.clues} clues: {fillers}, {self.giveaways} give-aways"


def is_filler(text: str, lexicon: Lexicon) -> bool:
    folded = fold(text)
    return folded in _STOCK or folded.startswith(("indice ", "clue ")) or not lexicon.matches(text)


def gives_away(text: str, room: Room, player: str, lexicon: Lexicon) -> bool:
    deal, game = room.deal, room.game
    assert deal is not None
    assert game is not None
    words = ((deal.civilian, deal.civilian_aliases), (deal.undercover, deal.undercover_aliases))
    if any(clue_contains(text, word, aliases) for word, aliases in words):
        return True
    role = game.role_of(player)
    if role is Role.MR_WHITE:
        return False
    civilian = role is Role.CIVILIAN
    word, aliases = words[0] if civilian else words[1]
    parts = {w for s in (word, *aliases) for w in fold(s).split() if len(w) >= _PART}
    if parts.intersection(fold(text).split()):
        return True
    entry = own_entry(lexicon, word)
    return entry is not None and set(lexicon.matches(text)) == {entry.key}


def room_lexicon(room: Room, deck: Deck) -> Lexicon:
    """The pool the room's bots read, from a seat's view as they read it."""
    seat = room.seats[0].player_id
    return lexicon_for(deck.catalog, view_for(room, seat, 0.0, deck)["settings"])


def marks(entry: ClueEntry, room: Room, lexicon: Lexicon) -> list[str]:
    """ "filler" and/or "GIVE-AWAY" for one clue of the recap."""
    assert entry.text is not None
    found = []
    if is_filler(entry.text, lexicon):
        found.append("filler")
    if gives_away(entry.text, room, entry.player, lexicon):
        found.append("GIVE-AWAY")
    return found


def count(room: Room, deck: Deck) -> Counts:
    """The clues of the room's game, with its fillers and give-aways."""
    game = room.game
    assert game is not None
    lexicon = room_lexicon(room, deck)
    counts = Counts()
    for entry in game.recap:
        if isinstance(entry, ClueEntry) and entry.text is not None:
            found = marks(entry, room, lexicon)
            counts.clues += 1
            counts.fillers += "filler" in found
            counts.giveaways += "GIVE-AWAY" in found
    return counts

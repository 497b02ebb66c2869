"""Every code an `error` message can carry, when, and its one English text: the source of
docs/protocol.md's list, of the `message` the server sends and of the client's English
catalogue (static/i18n/en.json; the French one is written by hand beside it).

The levels, as the server checks them: the frame (`ProtocolCode`, and the host's frame
limit), the room engine (`RejectCode`), the host's word list and themes (`themes`), and the
rules (`RuleCode`, passed through; a `RuleBug` reaches the client as `server.internal`).
Tests check that this catalogue holds exactly the codes the code can send and that both
catalogues of static/i18n hold each one. Regenerate the docs' section and the English texts:

    uv run python -m undercover.wire.error_codes --write
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from undercover.engine.errors import RejectCode
from undercover.rules import CLUE_MAX_LENGTH, THEME_MAX_LENGTH, RuleCode
from undercover.rules.settings import GUESS_MAX_LENGTH
from undercover.themes import custom
from undercover.themes.select import DealErrorCode
from undercover.wire.protocol import PROTOCOL_VERSION, ProtocolCode, RouteCode


@dataclass(frozen=True)
class ErrorCode:
    code: str
    when: str
    english: str  # the text sent in `message`; static/i18n/en.json holds the same one
    fatal: str = "no"  # or what happens to the socket ("yes (4426)")


PROTOCOL: Final = (
    ErrorCode(
        ProtocolCode.OUTDATED,
        f"`hello.protocol` is a whole number other than {PROTOCOL_VERSION} (an old page)",
        fatal="yes (4426)",
        english="The game was updated: reload the page.",
    ),
    ErrorCode(
        ProtocolCode.BINARY_FRAME, "a binary frame", english="Message refused by the server."
    ),
    ErrorCode(ProtocolCode.TOO_LARGE, "frame over 4096 bytes", english="Message too long."),
    ErrorCode(
        ProtocolCode.MALFORMED_JSON,
        "not JSON, or not a JSON object",
        english="Message refused by the server.",
    ),
    ErrorCode(
        ProtocolCode.UNKNOWN_TYPE,
        "`type` missing or unknown",
        english="Message refused by the server.",
    ),
    ErrorCode(
        ProtocolCode.INVALID_MESSAGE,
        "missing, extra or wrongly typed field (`message` says which), a missing or non-integer "
        "`hello.protocol` included",
        english="Message refused by the server.",
    ),
    ErrorCode(
        ProtocolCode.HELLO_REQUIRED,
        "a command before `hello`, however malformed its fields are",
        english="Connection not ready yet.",
    ),
    ErrorCode(
        ProtocolCode.ALREADY_GREETED,
        "a second `hello` on the same socket",
        english="Already connected.",
    ),
    ErrorCode(
        ProtocolCode.CONTROL_CHARACTERS,
        "any string with a control character, a line or paragraph separator, or a bidi override",
        english="Text refused: forbidden characters.",
    ),
    ErrorCode(
        ProtocolCode.ROOM_NOT_FOUND,
        "the room does not exist (any more)",
        fatal="yes (4404)",
        english="Room not found: check the code.",
    ),
    ErrorCode(
        ProtocolCode.INTERNAL,
        "our bug; nothing was saved",
        english="Server error: nothing was lost, try again.",
    ),
    ErrorCode(
        RouteCode.RATE_LIMITED,
        "more frames per second than a player needs (the host's per-connection limit); the "
        "frame was dropped. Or a hello with no seat's token from an address past its room "
        "look-ups (`docs/self-host.md`)",
        fatal="no (a flood goes on to close 1008); yes at a hello (1008)",
        english="Too many tries: wait a little.",
    ),
)

ROUTES: Final = (
    ErrorCode(
        RouteCode.SERVER_FULL,
        "`POST /api/rooms` when the host holds as many rooms as it may",
        english="The server is full. Try again later.",
    ),
    ErrorCode(
        RouteCode.ROUTE_UNKNOWN,
        "an `/api/` path that names no route (404)",
        english="This address leads nowhere. Go back to the home page.",
    ),
    ErrorCode(
        RouteCode.ROUTE_METHOD,
        "a method the path does not take (405, with `Allow`)",
        english="This action is not possible here. Reload the page.",
    ),
)

ENGINE: Final = (
    ErrorCode(
        RejectCode.SEQ_STALE,
        "the command was aimed at another phase (`seq` is not the current `phase_seq`)",
        english="Too late: the game has moved on.",
    ),
    ErrorCode(
        RejectCode.ROOM_NOT_HOST,
        "a host-only command from another player",
        english="Only the host can do that.",
    ),
    ErrorCode(
        RejectCode.ROOM_LOCKED, "joining a locked room", english="The host has locked this room."
    ),
    ErrorCode(
        RejectCode.ROOM_FULL,
        "joining a full table (or too many spectators)",
        english="This room is full. If bots sit at the table, ask the host to remove one: "
        "your seat is waiting.",
    ),
    ErrorCode(
        RejectCode.ROOM_NOT_SEATED,
        "the sender has no seat (kicked, or left)",
        english="You have no seat in this room.",
    ),
    ErrorCode(RejectCode.NAME_EMPTY, "the nickname is empty", english="Choose a nickname."),
    ErrorCode(
        RejectCode.NAME_TOO_LONG,
        "the nickname has over 20 visible characters",
        english="Nickname too long (20 characters at most).",
    ),
    ErrorCode(
        RejectCode.NAME_INVALID,
        "the nickname holds control, format or private-use characters",
        english="This nickname holds forbidden characters.",
    ),
    ErrorCode(
        RejectCode.NAME_TAKEN,
        "nickname already used in the room (case, accents and look-alikes folded)",
        english="This nickname is already taken in this room: choose another one.",
    ),
    ErrorCode(
        RejectCode.TOKEN_UNKNOWN,
        "the token matches no seat (send a `name` to join)",
        english="Your seat no longer exists: join with your nickname.",
    ),
    ErrorCode(
        RejectCode.TOKEN_BANNED,
        "the token was kicked from this room",
        fatal="yes (4403)",
        english="You were kicked from this room.",
    ),
    ErrorCode(
        RejectCode.LOOK_NOT_IN_LOBBY,
        "changing one's avatar or colour outside the lobby",
        english="Faces are changed in the lobby only.",
    ),
    ErrorCode(
        RejectCode.LOOK_INVALID,
        "an avatar or colour that is not one of the offered set",
        english="That face or colour is not on offer.",
    ),
    ErrorCode(
        RejectCode.LOOK_TAKEN,
        "an avatar or colour another player of the room has",
        english="That face is already taken: pick another one.",
    ),
    ErrorCode(
        RejectCode.SETTINGS_NOT_IN_LOBBY,
        "changing settings outside the lobby",
        english="Settings only change in the room, before the game.",
    ),
    ErrorCode(
        RejectCode.SETTINGS_INVALID,
        "a setting value out of range",
        english="Setting refused (out of range).",
    ),
    ErrorCode(
        RejectCode.START_NOT_IN_LOBBY,
        "starting when a game already runs",
        english="The game has already started.",
    ),
    ErrorCode(
        RejectCode.START_PLAYER_COUNT,
        "starting with fewer than 3 or more than 20 players",
        english="3 to 20 players are needed to start.",
    ),
    ErrorCode(
        RejectCode.ROLE_NOT_IN_REVEAL,
        "confirming a role card outside the role reveal",
        english="The card reveal is over.",
    ),
    ErrorCode(
        RejectCode.ROLE_NOT_PLAYING,
        "confirming a role card, or rating the pair, as someone who did not play this game",
        english="You are not playing this game.",
    ),
    ErrorCode(
        RejectCode.CLUE_NOT_IN_CLUES,
        "a clue or theme outside the clue phase",
        english="It's not time for clues.",
    ),
    ErrorCode(
        RejectCode.CLUE_OWN_WORD,
        "the clue holds the speaker's own word or one of its aliases (folded as Mr. White's "
        "guesses: case, accents, punctuation, a leading article, a plural)",
        english="Your clue holds your own word: find something else!",
    ),
    ErrorCode(
        RejectCode.CLUE_OWN_GRADE,
        "in grade mode, the clue states the speaker's grade (alone or in words, docs/rules.md §3)",
        english="Your clue gives away your grade: find something else!",
    ),
    ErrorCode(
        RejectCode.VOTE_NOT_IN_VOTING,
        "a ballot outside a vote",
        english="There is no vote in progress.",
    ),
    ErrorCode(
        RejectCode.VOTE_NOT_CAST,
        "withdrawing a ballot never cast",
        english="You have no vote to take back.",
    ),
    ErrorCode(
        RejectCode.GUESS_NOT_IN_GUESS,
        "a guess when Mr. White is not guessing",
        english="Mr. White's time is over.",
    ),
    ErrorCode(
        RejectCode.KICK_SELF, "the host kicking themselves", english="You cannot kick yourself."
    ),
    ErrorCode(
        RejectCode.KICK_UNKNOWN,
        "kicking a player who is not in the room (or game)",
        english="Unknown player.",
    ),
    ErrorCode(
        RejectCode.REMATCH_NOT_ENDED,
        '"Rejouer" before the game is over',
        english="The game is not over.",
    ),
    ErrorCode(
        RejectCode.BOT_NOT_IN_LOBBY,
        "adding or removing a bot outside the lobby",
        english="Bots are added and removed in the lobby only.",
    ),
    ErrorCode(RejectCode.BOT_UNKNOWN, "removing a seat that is not a bot", english="No such bot."),
    ErrorCode(
        RejectCode.GHOST_NOT_ALLOWED,
        "becoming a ghost while still playing, already a ghost, outside a game, as Mr. White "
        "before his guess, or as the host",
        english="Only someone out of the game in progress can do that.",
    ),
    ErrorCode(
        RejectCode.GHOST_BET_INVALID,
        "a bet on a camp or a player not in this game",
        english="That bet names no camp or player of this game.",
    ),
    ErrorCode(
        RejectCode.RATE_NOT_ENDED,
        "rating a pair before the game is over",
        english="A pair is rated at the end of the game.",
    ),
    ErrorCode(
        RejectCode.RATE_NO_PAIR,
        "rating the end of a grade game, which dealt no pair",
        english="A grade game has no pair to rate.",
    ),
)

_CUSTOM_WORDS: Final = {  # problem: (when, English text)
    "too_long": (
        f"the pasted text is over {custom.TEXT_MAX} characters",
        "List too long: 3,000 characters at most.",
    ),
    "too_many_lines": (
        f"the pasted text has over {custom.LINES_MAX} lines",
        "Too many lines: 150 at most.",
    ),
    "bad_pair": ("a line is not `A / B`", "A pair is written “word / word”, with a single slash."),
    "same_words": ("a pair names the same word twice", "The two words of a pair must differ."),
    "duplicate": ("a word or a pair comes twice", "This word or pair is already in the list."),
    "word_too_long": (
        f"a word is over {custom.WORD_MAX} characters",
        "Word too long: 40 characters at most.",
    ),
    "markup": (
        "`<`, `>`, a backquote or a control character",
        "No tags or special characters (<, >, `).",
    ),
    "no_letters": ("a word has no letter", "A word needs letters or digits."),
    "too_few_pairs": (f"fewer than {custom.MIN_PAIRS} pairs", "At least 3 pairs are needed."),
    "too_few_words": (f"fewer than {custom.MIN_WORDS} words", "At least 4 words are needed."),
    "all_removed": (
        "at the start, the players voted out every pair",
        "Every one of the host's pairs was voted out: add some or go back to the themes.",
    ),
}
CUSTOM_WORDS: Final = tuple(
    ErrorCode(code, *_CUSTOM_WORDS[code.removeprefix("custom_words.")])
    for code in custom.CustomWordsCode
)

THEMES: Final = (
    ErrorCode(
        DealErrorCode.UNKNOWN_CATEGORY,
        "a theme category the catalogue does not have",
        "Unknown theme.",
    ),
    ErrorCode(
        DealErrorCode.UNKNOWN_FRANCHISE,
        "a sub-category the catalogue does not have",
        "Unknown sub-category.",
    ),
    ErrorCode(
        DealErrorCode.POOL_EMPTY,
        "no word fits the chosen themes and filters",
        "No words with these themes and filters: widen the selection.",
    ),
    ErrorCode(
        DealErrorCode.POOL_TOO_SMALL,
        "too few words fit the chosen themes and filters to make a pair",
        "Too few words with these themes and filters: widen the selection.",
    ),
)

_FIELDS: Final = {
    "clue": ("a clue", CLUE_MAX_LENGTH),
    "theme": ("a round theme", THEME_MAX_LENGTH),
    "guess": ("Mr. White's guess", GUESS_MAX_LENGTH),
}
_CHECKS: Final = {
    "empty": "empty once trimmed",
    "too_long": "over {longest} characters once trimmed",
    "markup": "holds `<` or `>`",
    "control_characters": "holds a control character",
}


def _text(code: RuleCode, english: str) -> ErrorCode:
    """A `clean_line` refusal: what the field is and why, from the code."""
    field, check = code.split(".")
    what, longest = _FIELDS[field]
    return ErrorCode(code, f"{what}: {_CHECKS[check].format(longest=longest)}", english)


_MARKUP_TEXT: Final = "The characters < and > are not allowed."

RULES: Final = (
    ErrorCode(
        RuleCode.CLUE_NOT_CLUE_TIME,
        "a clue while the round's theme is awaited",
        "It's not time for clues.",
    ),
    ErrorCode(
        RuleCode.CLUE_NOT_YOUR_TURN,
        "a clue from a player who is not the speaker",
        "It's not your turn.",
    ),
    ErrorCode(
        RuleCode.THEME_NOT_THEME_TIME,
        "a round theme when none is awaited",
        "It's not time for the theme.",
    ),
    ErrorCode(
        RuleCode.THEME_NOT_YOUR_TURN,
        "a round theme from a player who is not the proposer",
        "It's not your turn to pick the theme.",
    ),
    ErrorCode(
        RuleCode.VOTE_NOT_ALIVE,
        "a ballot from an eliminated player",
        "You no longer vote: you are eliminated.",
    ),
    ErrorCode(
        RuleCode.VOTE_SELF_VOTE, "a ballot against oneself", "You cannot vote against yourself."
    ),
    ErrorCode(
        RuleCode.VOTE_NOT_CANDIDATE,
        "a ballot against an alive player outside the runoff",
        "This player is not tied.",
    ),
    ErrorCode(
        RuleCode.VOTE_UNKNOWN_TARGET,
        "a ballot against a player who is not in the game",
        "Unknown player.",
    ),
    ErrorCode(
        RuleCode.VOTE_TOO_MANY_CHANGES,
        "an 11th change of one's ballot in the same ballot",
        "You changed your mind too often.",
    ),
    ErrorCode(
        RuleCode.GUESS_NOT_GUESSER,
        "a guess from anyone but the eliminated Mr. White",
        "Only Mr. White can guess.",
    ),
    ErrorCode(
        RuleCode.GUESS_NOT_A_GRADE,
        "a grade guess that is not a whole number from 0 to 20",
        "Give a grade from 0 to 20.",
    ),
    ErrorCode(
        RuleCode.GAME_MR_WHITE_TOO_FEW,
        "starting with Mr. White and fewer than 5 players",
        "Mr. White needs at least 5 players.",
    ),
    _text(RuleCode.CLUE_EMPTY, "Your clue is empty."),
    _text(RuleCode.CLUE_TOO_LONG, "Clue too long (60 characters at most)."),
    _text(RuleCode.CLUE_MARKUP, _MARKUP_TEXT),
    _text(RuleCode.CLUE_CONTROL_CHARACTERS, "Your clue holds forbidden characters."),
    _text(RuleCode.THEME_EMPTY, "The theme is empty."),
    _text(RuleCode.THEME_TOO_LONG, "Theme too long (60 characters at most)."),
    _text(RuleCode.THEME_MARKUP, _MARKUP_TEXT),
    _text(RuleCode.THEME_CONTROL_CHARACTERS, "The theme holds forbidden characters."),
    _text(RuleCode.GUESS_EMPTY, "Your guess is empty."),
    _text(RuleCode.GUESS_TOO_LONG, "Guess too long."),
    _text(RuleCode.GUESS_MARKUP, _MARKUP_TEXT),
    _text(RuleCode.GUESS_CONTROL_CHARACTERS, "Your guess holds forbidden characters."),
)

# Codes a rule raises that never reach a client: the engine refuses the same input first, with
# the code beside each (tests/engine/test_codes.py checks each case).
SHADOWED: Final = {
    RuleCode.VOTE_NOT_VOTING: RejectCode.VOTE_NOT_IN_VOTING,
    RuleCode.GUESS_NOT_GUESS_TIME: RejectCode.GUESS_NOT_IN_GUESS,
    RuleCode.GAME_PLAYER_COUNT: RejectCode.START_PLAYER_COUNT,
    RuleCode.SETTINGS_GRADE_GAP: RejectCode.SETTINGS_INVALID,
    RuleCode.KICK_GAME_OVER: None,  # a kick once the game is decided only bans: it is accepted
}

ALL: Final = (*PROTOCOL, *ROUTES, *ENGINE, *CUSTOM_WORDS, *THEMES, *RULES)
_ENGLISH: Final = {str(entry.code): entry.english for entry in ALL}


def english(code: str) -> str | None:
    """The one English text of a code the server can send; None for a code it never sends."""
    return _ENGLISH.get(code)


# Computed, never read, at import: the Worker imports this module from a shallow path.
_ROOT: Final = Path(__file__).parent / ".." / ".." / ".."
DOCS: Final = _ROOT / "docs" / "protocol.md"
CATALOGUE: Final = _ROOT / "static" / "i18n" / "en.json"
BEGIN: Final = "<!-- error codes: generated by `python -m undercover.wire.error_codes` -->"
END: Final = "<!-- end of the generated error codes -->"


def _table(codes: tuple[ErrorCode, ...], *, fatal: bool) -> list[str]:
    head = (
        ["| code | when | fatal |", "|---|---|---|"] if fatal else ["| code | when |", "|---|---|"]
    )
    rows = [
        f"| `{c.code}` | {c.when} | {c.fatal} |" if fatal else f"| `{c.code}` | {c.when} |"
        for c in codes
    ]
    return head + rows


def markdown() -> str:
    """The generated part of docs/protocol.md, markers included."""
    lines = [
        BEGIN,
        "",
        "Protocol level (`ProtocolCode` in `wire/protocol.py`, raised before the engine sees",
        "anything; `rate.limited` is the host's frame and look-up limits):",
        "",
        *_table(PROTOCOL, fatal=True),
        "",
        "HTTP routes (`RouteCode` in `wire/protocol.py`, the `error` of a JSON body; beside",
        "`room.not_found` and `rate.limited` (429) above):",
        "",
        *_table(ROUTES, fatal=False),
        "",
        "Engine level (`RejectCode` in `engine/errors.py`; the room is unchanged; only",
        "`token.banned` is fatal, close 4403):",
        "",
        *_table(ENGINE, fatal=False),
        "",
        "The host's own word list (`themes/custom.py`; refused whole, `message` ends with",
        "`(line N)` when a line is at fault):",
        "",
        *_table(CUSTOM_WORDS, fatal=False),
        "",
        "The themes a host picked (`DealErrorCode` in `themes/select.py`; refused at the start,",
        "the game not started):",
        "",
        *_table(THEMES, fatal=False),
        "",
        "Rules level (`RuleCode` in `rules/codes.py`, passed through unchanged; see",
        "`docs/rules.md`):",
        "",
        *_table(RULES, fatal=False),
        "",
        "Never sent, though the rules have them: "
        + ", ".join(f"`{code}`" for code in SHADOWED)
        + " (the engine refuses the same input first with its own code, or accepts it).",
        "",
        END,
    ]
    return "\n".join(lines)


def with_generated_section(text: str) -> str:
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + markdown() + text[end:]


def with_english_texts(catalogue: dict[str, str]) -> dict[str, str]:
    """The client's English catalogue with each code's text from here (in place; new last)."""
    return {**catalogue, **{f"error.{entry.code}": entry.english for entry in ALL}}


def catalogue_json(catalogue: dict[str, str]) -> str:
    """static/i18n's layout, so that a rewrite changes only the texts that changed."""
    return json.dumps(catalogue, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOCS.write_text(with_generated_section(DOCS.read_text("utf-8")), "utf-8")
        english_texts = with_english_texts(json.loads(CATALOGUE.read_text("utf-8")))
        CATALOGUE.write_text(catalogue_json(english_texts), "utf-8")
    else:
        print(markdown())

"""Every code an `error` message can carry, and when: the source of docs/protocol.md's list.

Three levels, as the server checks them: the frame (`ProtocolCode`, and the host's frame
limit), the room engine (`RejectCode`) and the rules (`RuleViolation` codes, passed through;
a violation that is the server's own fault reaches the client as `server.internal`). Tests
check that this catalogue holds exactly the codes the code can send and that each one is
translated in static/i18n. Regenerate the docs' section with:

    uv run python -m undercover.wire.error_codes --write
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from undercover.engine.errors import RejectCode
from undercover.rules import CLUE_MAX_LENGTH, THEME_MAX_LENGTH
from undercover.rules.settings import GUESS_MAX_LENGTH
from undercover.themes import custom
from undercover.wire.protocol import PROTOCOL_VERSION, ProtocolCode, RouteCode


@dataclass(frozen=True)
class ErrorCode:
    code: str
    when: str
    fatal: str = "no"  # or what happens to the socket ("yes (4426)")


PROTOCOL: Final = (
    ErrorCode(
        ProtocolCode.OUTDATED,
        f"`hello.protocol` is a whole number other than {PROTOCOL_VERSION} (an old page)",
        "yes (4426)",
    ),
    ErrorCode(ProtocolCode.BINARY_FRAME, "a binary frame"),
    ErrorCode(ProtocolCode.TOO_LARGE, "frame over 4096 bytes"),
    ErrorCode(ProtocolCode.MALFORMED_JSON, "not JSON, or not a JSON object"),
    ErrorCode(ProtocolCode.UNKNOWN_TYPE, "`type` missing or unknown"),
    ErrorCode(
        ProtocolCode.INVALID_MESSAGE,
        "missing, extra or wrongly typed field (`message` says which), a missing or non-integer "
        "`hello.protocol` included",
    ),
    ErrorCode(
        ProtocolCode.HELLO_REQUIRED,
        "a command before `hello`, however malformed its fields are",
    ),
    ErrorCode(ProtocolCode.ALREADY_GREETED, "a second `hello` on the same socket"),
    ErrorCode(
        ProtocolCode.CONTROL_CHARACTERS,
        "any string with a control character, a line or paragraph separator, or a bidi override",
    ),
    ErrorCode(ProtocolCode.ROOM_NOT_FOUND, "the room does not exist (any more)", "yes (4404)"),
    ErrorCode(ProtocolCode.INTERNAL, "our bug; nothing was saved"),
    ErrorCode(
        RouteCode.RATE_LIMITED,
        "more frames per second than a player needs (the host's per-connection limit); the "
        "frame was dropped. Or a hello with no seat's token from an address past its room "
        "look-ups (`docs/self-host.md`)",
        "no (a flood goes on to close 1008); yes at a hello (1008)",
    ),
)

ROUTES: Final = (
    ErrorCode(
        RouteCode.SERVER_FULL, "`POST /api/rooms` when the host holds as many rooms as it may"
    ),
    ErrorCode(RouteCode.ROUTE_UNKNOWN, "an `/api/` path that names no route (404)"),
    ErrorCode(RouteCode.ROUTE_METHOD, "a method the path does not take (405, with `Allow`)"),
)

ENGINE: Final = (
    ErrorCode(
        RejectCode.SEQ_STALE,
        "the command was aimed at another phase (`seq` is not the current `phase_seq`)",
    ),
    ErrorCode(RejectCode.ROOM_NOT_HOST, "a host-only command from another player"),
    ErrorCode(RejectCode.ROOM_LOCKED, "joining a locked room"),
    ErrorCode(RejectCode.ROOM_FULL, "joining a full table (or too many spectators)"),
    ErrorCode(RejectCode.ROOM_NOT_SEATED, "the sender has no seat (kicked, or left)"),
    ErrorCode(RejectCode.NAME_EMPTY, "the nickname is empty"),
    ErrorCode(RejectCode.NAME_TOO_LONG, "the nickname has over 20 visible characters"),
    ErrorCode(
        RejectCode.NAME_INVALID, "the nickname holds control, format or private-use characters"
    ),
    ErrorCode(
        RejectCode.NAME_TAKEN,
        "nickname already used in the room (case, accents and look-alikes folded)",
    ),
    ErrorCode(RejectCode.TOKEN_UNKNOWN, "the token matches no seat (send a `name` to join)"),
    ErrorCode(RejectCode.TOKEN_BANNED, "the token was kicked from this room", "yes (4403)"),
    ErrorCode(RejectCode.LOOK_NOT_IN_LOBBY, "changing one's avatar or colour outside the lobby"),
    ErrorCode(RejectCode.LOOK_INVALID, "an avatar or colour that is not one of the offered set"),
    ErrorCode(RejectCode.LOOK_TAKEN, "an avatar or colour another player of the room has"),
    ErrorCode(RejectCode.SETTINGS_NOT_IN_LOBBY, "changing settings outside the lobby"),
    ErrorCode(RejectCode.SETTINGS_INVALID, "a setting value out of range"),
    ErrorCode(RejectCode.START_NOT_IN_LOBBY, "starting when a game already runs"),
    ErrorCode(RejectCode.START_PLAYER_COUNT, "starting with fewer than 3 or more than 20 players"),
    ErrorCode(RejectCode.ROLE_NOT_IN_REVEAL, "confirming a role card outside the role reveal"),
    ErrorCode(
        RejectCode.ROLE_NOT_PLAYING,
        "confirming a role card, or rating the pair, as someone who did not play this game",
    ),
    ErrorCode(RejectCode.CLUE_NOT_IN_CLUES, "a clue or theme outside the clue phase"),
    ErrorCode(
        RejectCode.CLUE_OWN_WORD,
        "the clue holds the speaker's own word or one of its aliases (folded as Mr. White's "
        "guesses: case, accents, punctuation, a leading article, a plural)",
    ),
    ErrorCode(
        RejectCode.CLUE_OWN_GRADE,
        "in grade mode, the clue states the speaker's grade (alone or in words, docs/rules.md §3)",
    ),
    ErrorCode(RejectCode.VOTE_NOT_IN_VOTING, "a ballot outside a vote"),
    ErrorCode(RejectCode.VOTE_NOT_CAST, "withdrawing a ballot never cast"),
    ErrorCode(RejectCode.GUESS_NOT_IN_GUESS, "a guess when Mr. White is not guessing"),
    ErrorCode(RejectCode.KICK_SELF, "the host kicking themselves"),
    ErrorCode(RejectCode.KICK_UNKNOWN, "kicking a player who is not in the room (or game)"),
    ErrorCode(RejectCode.REMATCH_NOT_ENDED, '"Rejouer" before the game is over'),
    ErrorCode(RejectCode.BOT_NOT_IN_LOBBY, "adding or removing a bot outside the lobby"),
    ErrorCode(RejectCode.BOT_UNKNOWN, "removing a seat that is not a bot"),
    ErrorCode(
        RejectCode.GHOST_NOT_ALLOWED,
        "becoming a ghost while still playing, already a ghost, outside a game, as Mr. White "
        "before his guess, or as the host",
    ),
    ErrorCode(RejectCode.GHOST_BET_INVALID, "a bet on a camp or a player not in this game"),
    ErrorCode(RejectCode.RATE_NOT_ENDED, "rating a pair before the game is over"),
    ErrorCode(RejectCode.RATE_NO_PAIR, "rating the end of a grade game, which dealt no pair"),
)

_CUSTOM_WORDS: Final = {
    "too_long": f"the pasted text is over {custom.TEXT_MAX} characters",
    "too_many_lines": f"the pasted text has over {custom.LINES_MAX} lines",
    "bad_pair": "a line is not `A / B`",
    "same_words": "a pair names the same word twice",
    "duplicate": "a word or a pair comes twice",
    "word_too_long": f"a word is over {custom.WORD_MAX} characters",
    "markup": "`<`, `>`, a backquote or a control character",
    "no_letters": "a word has no letter",
    "too_few_pairs": f"fewer than {custom.MIN_PAIRS} pairs",
    "too_few_words": f"fewer than {custom.MIN_WORDS} words",
    "all_removed": "at the start, the players voted out every pair",
}
CUSTOM_WORDS: Final = tuple(
    ErrorCode(f"custom_words.{problem}", _CUSTOM_WORDS[problem]) for problem in custom.PROBLEMS
)

_TEXT_FIELDS: Final = {
    "clue": ("a clue", CLUE_MAX_LENGTH),
    "theme": ("a round theme", THEME_MAX_LENGTH),
    "guess": ("Mr. White's guess", GUESS_MAX_LENGTH),
}

RULES: Final = (
    ErrorCode("clue.not_clue_time", "a clue while the round's theme is awaited"),
    ErrorCode("clue.not_your_turn", "a clue from a player who is not the speaker"),
    ErrorCode("theme.not_theme_time", "a round theme when none is awaited"),
    ErrorCode("theme.not_your_turn", "a round theme from a player who is not the proposer"),
    ErrorCode("vote.not_alive", "a ballot from an eliminated player"),
    ErrorCode("vote.self_vote", "a ballot against oneself"),
    ErrorCode("vote.not_candidate", "a ballot against an alive player outside the runoff"),
    ErrorCode("vote.unknown_target", "a ballot against a player who is not in the game"),
    ErrorCode("vote.too_many_changes", "an 11th change of one's ballot in the same ballot"),
    ErrorCode("guess.not_guesser", "a guess from anyone but the eliminated Mr. White"),
    ErrorCode("guess.not_a_grade", "a grade guess that is not a whole number from 0 to 20"),
    ErrorCode("game.mr_white_too_few", "starting with Mr. White and fewer than 5 players"),
    *(
        ErrorCode(f"{field}.{problem}", f"{what}: {why}")
        for field, (what, longest) in _TEXT_FIELDS.items()
        for problem, why in (
            ("empty", "empty once trimmed"),
            ("too_long", f"over {longest} characters once trimmed"),
            ("markup", "holds `<` or `>`"),
            ("control_characters", "holds a control character"),
        )
    ),
)

# Codes a rule raises that never reach a client: the engine refuses the same input first, with
# the code beside each (tests/engine/test_codes.py checks each case).
SHADOWED: Final = {
    "vote.not_voting": RejectCode.VOTE_NOT_IN_VOTING,
    "guess.not_guess_time": RejectCode.GUESS_NOT_IN_GUESS,
    "game.player_count": RejectCode.START_PLAYER_COUNT,
    "settings.grade_gap": RejectCode.SETTINGS_INVALID,
    "kick.game_over": None,  # a kick once the game is decided only bans: it is accepted
}

ALL: Final = (*PROTOCOL, *ROUTES, *ENGINE, *CUSTOM_WORDS, *RULES)

DOCS: Final = Path(__file__).resolve().parents[3] / "docs" / "protocol.md"
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
        "Rules level (`RuleViolation` codes from `undercover.rules`, passed through unchanged; see",
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


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOCS.write_text(with_generated_section(DOCS.read_text("utf-8")), "utf-8")
    else:
        print(markdown())

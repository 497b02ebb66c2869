"""The room state machine: `apply(room, actor, command, now, deck) -> Step`.

h11-style: no I/O, no clock (time arrives as `now`, epoch seconds), randomness only from the
room's seed, the theme content as `deck` (`dealing.Deck`, built once by the host). A rejected
command raises `Rejected(code)` and the room is unchanged (it is immutable). After every
accepted command the machine settles the room: host transfer, absent players' turns skipped,
vote grace started, phase over → next phase, game over → end.

Host contract: `actor` is the player id bound to the connection (None before JoinRoom or
Reconnect, and for host-internal commands); after each step, carry out `Step.effects`: on
`Changed`, save `Step.room` and send views (`view.view_for`) to the connected seats it names;
then arm one alarm at `deadlines.next_deadline(step.room)` that delivers `TimePassed`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, assert_never

from undercover.engine import bot_seats, deadlines, ghosts, host_words, membership, seats
from undercover.engine.commands import (
    AddBot,
    BecomeGhost,
    BotPlayed,
    CastVote,
    Command,
    ConfirmRole,
    Connected,
    Disconnected,
    GiveClue,
    Guess,
    JoinRoom,
    Kick,
    Leave,
    ProposeTheme,
    RatePair,
    Reconnect,
    Rematch,
    RemoveBot,
    Resumed,
    SetHostWords,
    SetLock,
    SetLook,
    StartGame,
    TimePassed,
    UpdateSettings,
    WithdrawVote,
)
from undercover.engine.dealing import Deck
from undercover.engine.effects import Changed, DeleteRoom, Effect
from undercover.engine.errors import RejectCode, Rejected
from undercover.engine.phases import (
    PhaseRules,
    clues,
    ended,
    guess,
    lobby,
    reveal,
    role_reveal,
    voting,
)
from undercover.engine.state import PhaseValue, Room

SETTLE_LIMIT = 1000  # each settling step consumes a turn, a phase or a seat: far below this

# Every phase, in phase order (phases/__init__.py); each declares its rules in its own module.
PHASES: Final = (
    lobby.RULES,
    role_reveal.RULES,
    clues.RULES,
    voting.RULES,
    reveal.RULES,
    guess.RULES,
    ended.RULES,
)
_RULES_OF: Final[Mapping[type[PhaseValue], PhaseRules]] = MappingProxyType(
    {rules.value: rules for rules in PHASES}
)
_CALLED_BY: Final[Mapping[str, PhaseRules]] = MappingProxyType(
    {stage: rules for rules in PHASES for stage in rules.stages}
)


@dataclass(frozen=True)
class Step:
    room: Room
    effects: tuple[Effect, ...] = field(default=())


def apply(room: Room, actor: str | None, command: Command, now: float, deck: Deck) -> Step:
    """Apply one command at time `now`; raises Rejected and changes nothing if not allowed.

    >>> from undercover.engine.state import new_room
    >>> from undercover.themes.model import Catalog
    >>> join = JoinRoom(name="Ana", token="t" * 32)
    >>> step = apply(new_room("ABCDE", 1, 0.0), None, join, 1.0, Deck(Catalog(())))
    >>> step.room.host, step.effects[0]
    ('p1', Welcome(player_id='p1'))
    """
    before = room
    effects: list[Effect] = []
    match command:
        case JoinRoom(name=name, token=token, avatar=avatar, color=color, lang=lang):
            room, effects = membership.join(room, name, token, now, avatar, color, lang)
        case Reconnect(token=token):
            room, effects = membership.reconnect(room, token, now)
        case Leave():
            room, effects = membership.leave(room, _seated(room, actor), now)
        case UpdateSettings(seq=seq, changes=changes):
            room = lobby.update_settings(_current(room, seq), _seated(room, actor), changes, deck)
        case SetLook(avatar=avatar, color=color):
            room = membership.change_look(room, _seated(room, actor), avatar, color)
        case SetLock(locked=locked):
            seats.require_host(room, _seated(room, actor))
            settings = room.settings.model_copy(update={"locked": locked})
            room = room.model_copy(update={"settings": settings})
        case AddBot(seq=seq, strength=strength):
            room = bot_seats.add_bot(_current(room, seq), _seated(room, actor), strength)
        case RemoveBot(seq=seq, player_id=target):
            room = bot_seats.remove_bot(_current(room, seq), _seated(room, actor), target)
        case StartGame(seq=seq):
            room = lobby.start(_current(room, seq), _seated(room, actor), now, deck)
        case ConfirmRole(seq=seq):
            room = role_reveal.confirm(_current(room, seq), _seated(room, actor))
        case GiveClue(seq=seq, text=text):
            room = clues.clue(_current(room, seq), _seated(room, actor), text)
        case ProposeTheme(seq=seq, text=text):
            room = clues.theme(_current(room, seq), _seated(room, actor), text)
        case CastVote(seq=seq, target=target):
            room = voting.cast(_current(room, seq), _seated(room, actor), target)
        case WithdrawVote(seq=seq):
            room = voting.withdraw(_current(room, seq), _seated(room, actor))
        case Guess(seq=seq, text=text):
            room = guess.make_guess(_current(room, seq), _seated(room, actor), text)
        case Kick(player_id=target):
            room, effects = membership.kick_player(room, _seated(room, actor), target, now)
        case Rematch(seq=seq):
            room = ended.rematch(_current(room, seq), _seated(room, actor))
        case BecomeGhost(winner=winner, undercover=undercover):
            room = ghosts.become_ghost(room, _seated(room, actor), winner, undercover)
        case SetHostWords(seq=seq, lines=lines):
            text = "\n".join(lines)
            room = host_words.set_host_words(_current(room, seq), _seated(room, actor), text)
        case RatePair(seq=seq, up=up):
            room, effects = host_words.rate_pair(_current(room, seq), _seated(room, actor), up)
        case Connected(player_id=player_id):
            room = seats.connect(room, _seated(room, player_id), now)
        case Disconnected(player_id=player_id):
            if seats.find(room, player_id) is not None:
                room = seats.disconnect(room, player_id, now)
        case TimePassed():
            room, effects = _time_passed(room, now)
        case Resumed(connected=connected):
            room = _resumed(room, connected, now)
        case BotPlayed(player_id=player_id, command=chosen):
            room = _bot_played(room, player_id, chosen, now, deck)
        case _:
            assert_never(command)
    room = settle(room, now)
    if room is before:
        return Step(room, tuple(effects))
    if not isinstance(command, TimePassed | Resumed | Disconnected):
        room = room.model_copy(update={"last_activity": now})
    if isinstance(command, BecomeGhost) and actor is not None:
        return Step(room, (*effects, Changed(only=actor)))  # it reaches no one else
    return Step(room, (*effects, Changed()))


def _seated(room: Room, actor: str | None) -> str:
    seat = seats.find(room, actor)
    if seat is None or seat.kicked:
        raise Rejected(RejectCode.ROOM_NOT_SEATED)
    return seat.player_id


def _current(room: Room, seq: int) -> Room:
    if seq != room.seq:
        raise Rejected(RejectCode.SEQ_STALE)
    return room


def _time_passed(room: Room, now: float) -> tuple[Room, list[Effect]]:
    """Apply every deadline <= now, earliest first; an early or repeated alarm does nothing."""
    for _ in range(SETTLE_LIMIT):
        due = deadlines.earliest(room)
        if due is None or due.at > now:
            return room, []
        match due.kind:
            case "cleanup":
                return room, [DeleteRoom()]
            case "seat":
                seat = seats.find(room, due.player_id)
                assert seat is not None
                room = seats.replace(room, seat.model_copy(update={"absent": True}))
            case "phase":
                timeout = _RULES_OF[type(room.phase)].timeout
                room = follow(room, now) if timeout is None else timeout(room, now)
            case "bot":  # the host had no move for it: the bot passes, its timers run on
                assert due.player_id is not None
                turn = next(t for t in room.bot_turns if t.player_id == due.player_id)
                room = bot_seats.considered(room, due.player_id, turn.situation)
        room = settle(room, now)
    raise AssertionError("deadlines did not converge")


def _bot_played(room: Room, player_id: str, chosen: Command | None, now: float, deck: Deck) -> Room:
    """The bot's choice, applied as its own input; refused, it passes (nothing else changes)."""
    if not bot_seats.is_bot(room, player_id):
        raise Rejected(RejectCode.BOT_UNKNOWN)
    key = bot_seats.situation(room, player_id)
    if chosen is not None:
        # Refused (e.g. a clue the rules do not take), it passes: its timer runs as anyone's.
        with contextlib.suppress(Rejected):
            room = apply(room, player_id, chosen, now, deck).room
    return bot_seats.considered(room, player_id, key)


def _resumed(room: Room, connected: tuple[str, ...], now: float) -> Room:
    """After a restart: sockets not listed are gone (bots have none); deadlines leave >= 15 s."""
    for seat in room.seats:
        if seat.connected and seat.bot is None and seat.player_id not in connected:
            room = seats.disconnect(room, seat.player_id, now)
    if room.paused_at is not None and now > room.paused_at:
        # Downtime is not idleness: the idle clock restarts now, and the frozen deadlines keep
        # what was left of them.
        delta = now - room.paused_at
        room = deadlines.shifted(room, delta).model_copy(update={"paused_at": now})
    reference = room.paused_at if room.paused_at is not None else now
    return deadlines.extended(room, reference)


def settle(room: Room, now: float) -> Room:
    """Apply every consequence that needs no input, until nothing changes."""
    for _ in range(SETTLE_LIMIT):
        settled = _settle_once(room, now)
        if settled is None:
            return bot_seats.schedule(room, now)
        room = settled
    raise AssertionError("settle did not converge")


def _settle_once(room: Room, now: float) -> Room | None:
    if room.paused_at is not None:
        return None
    transferred = seats.transfer_host(room)
    if transferred is not None:
        return transferred
    rules = _RULES_OF[type(room.phase)]
    if rules.stages:  # led by the game's stage: over once the stage is none of its own
        assert room.game is not None
        if room.game.stage not in rules.stages:
            return follow(room, now)
    if rules.over(room):
        return follow(room, now)
    return rules.settle(room, now)


def follow(room: Room, now: float) -> Room:
    """Enter the phase that the game's stage calls for (each stage has one: tested)."""
    game = room.game
    assert game is not None
    begin = _CALLED_BY[game.stage].begin
    assert begin is not None
    return begin(room, now)

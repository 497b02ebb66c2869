"""Random whole games for the no-leak property (test_no_leak.py) and the frame tests: a seeded
table of any shape, one random step at a time, every view a host sends checked on the way."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any
from unittest import mock

from tests.engine.content import DECK
from tests.engine.table import Table, token_of
from undercover.bots import drive
from undercover.bots.brain import choices
from undercover.engine import deadlines, ghosts, seats
from undercover.engine.commands import (
    AddBot,
    BecomeGhost,
    BotPlayed,
    CastVote,
    ConfirmRole,
    Connected,
    Disconnected,
    GiveClue,
    Guess,
    Kick,
    Leave,
    ProposeTheme,
    Reconnect,
    Rematch,
    SetLock,
    SetLook,
    StartGame,
    TimePassed,
    UpdateSettings,
)
from undercover.engine.deadlines import next_deadline
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.settings import SettingsChanges
from undercover.engine.state import Room
from undercover.engine.view import private_part, public_view, view_for
from undercover.rules import Camp
from undercover.tools.leaks import LeakChecker
from undercover.wire.frames import render_views
from undercover.wire.recap_json import RecapJson

MAX_STEPS = 500
ACTIONS = ("play",) * 8 + (
    "tick",
    "deadline",
    "disconnect",
    "reconnect",
    "kick",
    "leave",
    "join",
    "hostile",
    "ghost",
    "device",
)


class Checked:
    """What one game renders and checks: the runner's recap cache, the shared leak checker,
    each distinct private part parsed once, and the last room checked."""

    def __init__(self) -> None:
        self.recap = RecapJson()
        self.leaks = LeakChecker()
        self.parsed: dict[str, dict[str, Any]] = {}
        self.room: Room | None = None

    def me(self, text: str) -> dict[str, Any]:
        if text not in self.parsed:
            if len(self.parsed) > 10_000:
                self.parsed.clear()
            self.parsed[text] = json.loads(text)
        return self.parsed[text]


def check_views(table: Table, checked: Checked) -> None:
    """Check what the last step sent: the shared public part once, then each private part."""
    room, game = table.room, table.room.game
    if room == checked.room:
        return  # views depend on the room, and on `now` only to echo it: all checked already
    checked.room = room
    # The sockets a host sends to: connected seats, and a board (viewer None). A seat that
    # comes back is checked at its reconnection; a bot's view is checked when it is handed.
    viewers: list[str | None] = [
        s.player_id for s in room.seats if s.connected and not s.kicked and s.bot is None
    ]
    viewers.append(None)
    rendered = render_views(room, viewers, table.now, DECK, checked.recap)
    head = rendered[None][: rendered[None].rindex(',"me":') + len(',"me":')]
    public = head[: -len(',"me":')] + "}"
    # That the public part is `public_view`'s, byte for byte, is tests/wire/test_frames.py's.
    shown = json.loads(public)
    privates = {}
    for viewer, text in rendered.items():
        assert text.startswith(head)  # every message shares the public part checked here
        privates[viewer] = text[len(head) : -1]
        view = {**shown, "me": checked.me(privates[viewer])}
        checked.leaks.check(room, viewer, view, (public, privates[viewer]))
    if room.ghosts and game is not None and not game.is_over:
        # What ghosts see or did reaches no one else: every other view is the ghost-free one.
        ghost_free = room.model_copy(update={"ghosts": ()})
        assert public_view(ghost_free, table.now, DECK) == shown, "a ghost reached the public part"
        haunting = {g.player_id for g in room.ghosts}
        for viewer in viewers:
            if viewer not in haunting:
                mine = checked.me(privates[viewer])
                assert private_part(ghost_free, viewer) == mine, f"a ghost reached {viewer}"


Pick = Callable[[Sequence[Any]], Any]


def act(table: Table, pick: Pick, checked: Checked) -> bool:
    """One random input, legal or not; True if views were sent (a rejection sends none)."""
    room, game = table.room, table.room.game
    seated = [s.nickname for s in room.seats if not s.kicked]
    choice = pick(ACTIONS)
    try:
        if choice == "tick":
            table.now += pick([0.5, 2, 5, 13])
            host_alarm(table, checked)
        elif choice == "deadline" and next_deadline(room) is not None:
            table.now = max(table.now, next_deadline(room) or table.now)
            host_alarm(table, checked)
        elif choice == "disconnect" and seated:
            table.disconnect(pick(seated))
        elif choice == "reconnect" and seated:
            table.reconnect(pick(seated))
        elif choice == "kick" and seated and pick(range(8)) == 0:
            table.kick(pick(seated))
        elif choice == "leave" and seated and pick(range(8)) == 0:
            table.leave(pick(seated))
        elif choice == "join":
            table.join(f"tard{len(room.seats)}")
        elif choice == "hostile":
            hostile(table, pick)
        elif choice == "ghost":
            haunt(table, pick)
        elif choice == "device" and (humans := list(devices(table))):
            device = devices(table)[pick(humans)]
            back = pick([True, False])
            for name in device:
                if back:
                    table.reconnect(name)
                else:
                    table.disconnect(name)
        elif choice == "play" and game is not None:
            play(table, pick)
    except Rejected:
        assert table.room is room  # a rejected input changed nothing
        return False
    return table.room is not room


def host_alarm(table: Table, checked: Checked) -> None:
    """What a host's alarm does at `table.now`: each bot due plays what its brain chose, then
    the timers. A bot's brain is handed its seat's view, nothing more, and that view obeys
    the same rule as any frame."""
    for _ in range(len(table.room.seats) * 4):
        due = deadlines.earliest(table.room)
        if due is None or due.at > table.now or due.kind != "bot" or due.player_id is None:
            break
        room, bot = table.room, due.player_id
        with mock.patch.object(drive, "choices", wraps=choices) as brain:
            chosen = drive.bot_move(room, bot, table.now, DECK)
        view, catalog, _ = brain.call_args.args
        assert view == view_for(room, bot, table.now, DECK)
        assert catalog is DECK.catalog  # the public theme catalog, nothing of the room
        checked.leaks.check(room, bot, view, (json.dumps(view),))
        table.run(None, BotPlayed(player_id=bot, command=chosen))
    table.run(None, TimePassed())


def devices(table: Table) -> dict[str, list[str]]:
    """Shared devices: seats grouped in joining order by a few players' phones (up to 4 seats
    each); each seat's name maps to every seat on its device. A bot seat has no device."""
    names = [s.nickname for s in table.room.seats if not s.kicked and s.bot is None]
    size = 1 + table.room.seed % 4
    groups = [names[i : i + size] for i in range(0, len(names), size)]
    return {name: group for group in groups for name in group}


def haunt(table: Table, pick: Pick) -> None:
    """Someone out of the game (or anyone, to be refused) becomes a ghost with a random bet."""
    room = table.room
    ready = [s.nickname for s in room.seats if ghosts.can_become_ghost(room, s.player_id)]
    name = pick(ready or [s.nickname for s in room.seats if not s.kicked] or ["joueur0"])
    suspects = list(room.game.roles) if room.game else []
    bet = BecomeGhost(winner=pick([None, *Camp]), undercover=pick([None, *suspects, "p999"]))
    table.run(name, bet)


def hostile(table: Table, pick: Pick) -> None:
    """Any command from anyone (or no one), aimed at any phase, at any target."""
    room = table.room
    ids = [s.player_id for s in room.seats] + ["p999", ""]
    seq = pick([room.seq - 1, room.seq, room.seq + 1])
    target = pick([*ids, None])
    text = pick(["", " ", "x" * 61, "<b>", "a\u0000b", "indice"])  # never a secret word
    command = pick(
        [
            StartGame(seq=seq),
            ConfirmRole(seq=seq),
            GiveClue(seq=seq, text=text),
            ProposeTheme(seq=seq, text=text),
            CastVote(seq=seq, target=target),
            Guess(seq=seq, text=text),
            Kick(player_id=target or ""),
            Rematch(seq=seq),
            BecomeGhost(winner=pick([None, Camp.MR_WHITE]), undercover=target),
            SetLock(locked=pick([True, False])),
            SetLook(
                avatar=pick([None, *seats.AVATARS[:2], "x"]), color=pick([None, *seats.COLORS[:2]])
            ),
            UpdateSettings(seq=seq, changes=SettingsChanges(clue_seconds=pick([10, 45]))),
            Leave(),
            Reconnect(token=pick(["nope", token_of("joueur0")])),
            Connected(player_id=pick(ids)),
            Disconnected(player_id=pick(ids)),
        ]
    )
    step = apply(room, pick([*ids, None]), command, table.now, DECK)
    table.room, table.effects = step.room, list(step.effects)


def play(table: Table, pick: Pick) -> None:
    """A move that is usually legal: the game moves on, with some wrong-player attempts."""
    game = table.game
    phase = table.phase
    if phase == "role_reveal":
        table.run(pick(table.alive_names), ConfirmRole(seq=table.seq))
    elif phase == "clues" and game.stage == "theme" and game.proposer:
        table.propose_theme(table.name(game.proposer), "un thème")
    elif phase == "clues" and game.speaker:
        speaker = table.name(game.speaker)
        table.give_clue(pick([speaker, speaker, speaker, *table.alive_names]), "un indice")
    elif phase == "voting":
        waiting = [p for p in game.alive if p not in game.ballots] or list(game.alive)
        voter = pick(waiting)
        target = pick([*game.candidates[:3], None])
        table.cast_vote(table.name(voter), table.name(target) if target else None)
    elif phase == "guess" and game.guesser:
        words = game.words
        right = words.civilian if words else str(game.grades.civilian if game.grades else 0)
        table.guess(table.name(game.guesser), pick([right, "zzz"]))


def random_table(pick: Pick) -> Table:
    players = pick(range(3, 21))
    mode = pick(["classic", "grade"])
    options = {
        "mode": mode,
        "mr_white": players >= 5 and pick([False, True]),
        "reveal_on_elimination": pick([False, True]),
        "reveal_word": pick([False, True]),
        "attribute_variant": mode == "classic" and pick([False, True]),
        "similarity": pick(["none", "close", "very_close"]),
        "clue_rounds_per_vote": pick([1, 2]),
    }
    # Two draws: on wasm32 (Pyodide) len() of a range over 2**31 items overflows.
    seed = pick(range(10**3, 10**6)) * 10**6 + pick(range(10**6))
    table = Table.seated(*(f"joueur{i}" for i in range(players)), seed=seed, **options)
    for _ in range(min(pick([0, 0, 1, 2, 3]), 20 - players)):  # bot seats, played by the host
        strength = pick(["debutant", "normal", "malin"])
        table.run(table.host_name, AddBot(seq=table.seq, strength=strength))
    table.run(table.host_name, StartGame(seq=table.seq))
    humans = {s.player_id for s in table.room.seats if s.bot is None}
    for name in table.alive_names:
        if table.pid(name) in humans:  # bots confirm on their own, on the host's alarm
            table.run(name, ConfirmRole(seq=table.seq))
    return table

"""The no-leak property: random games, every view sent to every viewer, checked.

Hypothesis plays whole rooms (3–20 players, both modes, Mr. White on or off, the reveal
setting on or off, the attribute variant, kicks, disconnections, leaves, timeouts, runoffs)
and checks every rendered view, case- and accent-insensitively, before the game is over:
never another camp's word, its aliases or attributes, the pair's shared tags, another
player's role or grade not yet revealed, and never the RNG seeds.

The room around one table is in it too: seats share devices (a device's seats drop and come
back together), the board is the viewer None (the runner renders a board's socket so), and
ghosts opt in with random bets. A ghost is a viewer of its own class: its private part may
hold every card, and every other view (each living player's, the board's) must be exactly
what it would be with no ghost in the room.
"""

from __future__ import annotations

import functools
import json
import os
import random
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.content import DECK
from tests.engine.table import Table, token_of
from undercover.engine import ghosts
from undercover.engine.commands import (
    BecomeGhost,
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
    StartGame,
    UpdateSettings,
)
from undercover.engine.deadlines import next_deadline
from undercover.engine.effects import DeleteRoom
from undercover.engine.errors import Rejected
from undercover.engine.machine import apply
from undercover.engine.settings import SettingsChanges
from undercover.engine.view import public_view
from undercover.rules import Camp, Role
from undercover.wire.frames import render_views

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


@functools.lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case- and accent-insensitive form: "Gaï Maito" and "GAI MAITO" fold alike."""
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


def camp_strings(table: Table, role: Role) -> set[str]:
    deal = table.room.deal
    if deal is None:
        return set()
    if role is Role.CIVILIAN:
        return {deal.civilian, *deal.civilian_aliases, *deal.civilian_attributes}
    if role is Role.UNDERCOVER:
        return {deal.undercover, *deal.undercover_aliases, *deal.undercover_attributes}
    return set()


def check_views(table: Table) -> None:
    """Check what the last step sent: the shared public part once, then each private part."""
    room, game = table.room, table.room.game
    viewers: list[str | None] = [seat.player_id for seat in room.seats] + [None]  # None: board
    rendered = render_views(room, viewers, table.now, DECK)
    haunting = {g.player_id for g in room.ghosts}
    if room.ghosts and game is not None and not game.is_over:
        # What ghosts see or did reaches no one else: every other view is the ghost-free one.
        unhaunted = render_views(room.model_copy(update={"ghosts": ()}), viewers, table.now, DECK)
        for viewer in viewers:
            if viewer not in haunting:
                assert rendered[viewer] == unhaunted[viewer], f"a ghost reached {viewer}"
    head = rendered[None][: rendered[None].rindex(',"me":') + len(',"me":')]
    public = head[: -len(',"me":')] + "}"
    assert json.loads(public) == public_view(room, table.now, DECK)
    seeds = [str(room.seed)] + ([str(game.seed)] if game else [])
    privates = {}
    for viewer, text in rendered.items():
        assert text.startswith(head)  # every message shares the public part checked here
        privates[viewer] = text[len(head) : -1]
    for text in (public, *privates.values()):
        assert not any(seed in text for seed in seeds), "a seed leaked"
    if game is None or game.is_over:
        return
    reveal = game.settings.reveal_on_elimination
    revealed = set(game.eliminated) | set(game.kicked) if reveal else set()
    words_shown = revealed if game.settings.reveal_word else set()
    check_public(json.loads(public), revealed, words_shown)
    keys = {role: forbidden_keys(table, words_shown, role) for role in (None, *Role)}
    assert_absent(public, keys[None], "everyone")
    for viewer in viewers:
        own_role = game.roles.get(viewer or "") if viewer not in game.kicked else None
        private = privates[viewer]
        me = json.loads(private)
        check_private(me, own_role)
        if viewer in haunting:
            assert len(me["ghost"]["cards"]) == len(game.speaking_order)
            continue  # a ghost may see every card: its own class of viewer
        assert me["ghost"] is None
        assert_absent(private, keys[own_role], viewer)


def forbidden_keys(table: Table, revealed: set[str], own_role: Role | None) -> list[str]:
    """The folded secrets a viewer of `own_role` (None: spectator) may not see yet."""
    game, deal = table.game, table.room.deal
    if deal is None:
        return []
    attributes = set(deal.civilian_attributes + deal.undercover_attributes)
    allowed: set[str] = set()
    shown_roles = {game.roles[p] for p in revealed} | ({own_role} if own_role else set())
    for role in shown_roles - {Role.MR_WHITE}:
        word = deal.civilian if role is Role.CIVILIAN else deal.undercover
        allowed |= {word} | (camp_strings(table, role) - attributes)
    forbidden = camp_strings(table, Role.CIVILIAN) | camp_strings(table, Role.UNDERCOVER)
    forbidden |= set(deal.shared_tags)
    folded_allowed = [fold(a) for a in allowed]
    # A secret inside something this viewer may see (own word, a revealed word) is no leak.
    return [
        key
        for key in (fold(secret) for secret in forbidden)
        if not any(key in a for a in folded_allowed)
    ]


def assert_absent(text: str, keys: list[str], viewer: str | None) -> None:
    text = json.dumps(json.loads(text), ensure_ascii=False)  # frames escape non-ASCII letters
    folded = unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()
    leaked = [key for key in keys if key in folded]
    assert not leaked, f"{leaked} leaked to {viewer}"


def check_private(me: dict[str, Any], own_role: Role | None) -> None:
    secret = me["secret"]
    if own_role is None:
        assert secret == {"kind": None, "value": None}
    elif own_role is Role.MR_WHITE:
        assert secret == {"kind": "mr_white", "value": None}
    else:
        assert secret["kind"] in ("word", "grade")


def check_public(view: dict[str, Any], revealed: set[str], words_shown: set[str]) -> None:
    """Roles appear only on revealed cards before the end, words and grades only on the
    cards whose word the host chose to reveal."""
    game = view["game"]
    assert game["end"] is None
    assert game["outcome"] is None
    for card in game["eliminated"] + game["kicked"]:
        if card["player_id"] not in revealed:
            assert card["role"] is None
        if card["player_id"] not in words_shown:
            assert (card["word"], card["grade"]) == (None, None)
    for entry in game["recap"]:
        assert "role" not in entry
        assert "grade" not in entry


Pick = Callable[[Sequence[Any]], Any]


def act(table: Table, pick: Pick) -> bool:
    """One random input, legal or not; True if views were sent (a rejection sends none)."""
    room, game = table.room, table.room.game
    seated = [s.nickname for s in room.seats if not s.kicked]
    choice = pick(ACTIONS)
    try:
        if choice == "tick":
            table.tick(pick([0.5, 2, 5, 13]))
        elif choice == "deadline" and next_deadline(room) is not None:
            table.until_deadline()
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
        elif choice == "device" and seated:
            device = devices(table)[pick(seated)]
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


def devices(table: Table) -> dict[str, list[str]]:
    """Shared devices: seats grouped in joining order by a few players' phones (up to 4 seats
    each); each seat's name maps to every seat on its device."""
    names = [s.nickname for s in table.room.seats if not s.kicked]
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
    return Table.seated(*(f"joueur{i}" for i in range(players)), seed=seed, **options).started()


@settings(
    max_examples=int(os.environ.get("NO_LEAK_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(game_seed=st.integers(0, 2**64))
def test_no_view_ever_leaks_a_secret(game_seed: int) -> None:
    """Hypothesis draws the seed of a whole random game; the seed replays it exactly."""
    rng = random.Random(game_seed)

    def pick(options: Sequence[Any]) -> Any:
        return rng.choice(options)

    table = random_table(pick)
    check_views(table)
    for _ in range(MAX_STEPS):
        if table.phase == "ended":
            break
        if act(table, pick):
            check_views(table)
        if DeleteRoom() in table.effects:
            break  # the room stayed empty for an hour: the host deletes it
        deadline = next_deadline(table.room)
        assert deadline is None or deadline > table.now  # never an alarm storm
    check_views(table)

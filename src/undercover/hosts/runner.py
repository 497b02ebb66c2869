"""The loop both hosts share: load the room → decode → apply → save → views → one alarm.

The self-host (hosts/local/) and the Durable Object (src/entry.py) only adapt sockets,
storage and the alarm to `RoomRunner`; everything else happens here, the same way on both.

Rules of this file:
- Every entry point reads the room's revision from the `Database` (after hibernation memory
  is gone); the parsed room is reused only when no one else saved since.
- One input = at most one row written (the room), written before any frame goes out.
- A refused input (bad frame, `Rejected`) changes nothing and is answered to its sender only.
- The engine's effects say what to do: without `Changed` the room is as it was, so nothing is
  saved and nothing is serialised; a socket that said hello or `sync` gets a full view anyway.
- A view frame carries only what changed since its socket's last frame (`wire/frames.py`,
  docs/protocol.md); a socket this runner has not sent a view to gets the whole view.
- An exception from our own code is logged with the room code (never a frame, a token or a
  word), nothing is saved, and the sender gets `server.internal`.
- Bots (engine/bot_seats.py) have no socket: their seats stay connected whatever the host
  reports. A bot's action is one of the room's deadlines; when the alarm finds it due, the
  bot's brain (`undercover.bots`) chooses from `view_for` of its seat and the runner applies
  `BotPlayed`, the same way on both hosts, within the same input.
- Connections: `connections` maps every open socket of the room the host knows of to the
  player it is bound to (None before its hello). Each call reconciles the seats' connected
  flags with it, so a close the host never reported is caught up at the next input. In
  `on_close` the closing socket may or may not still be in `connections`; it is ignored.

Beyond the interface first agreed (also in docs/architecture.md): every `Outbox`, refusals
included, carries the alarm to keep armed; `summary` answers "unknown" for a code with no
room, and "full" for a locked room; `room()` gives tools the stored room; probing a code
with no room writes nothing (the tables are created by `create` only).
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from undercover.bots.drive import bot_move
from undercover.engine import deadlines, seats
from undercover.engine.commands import (
    BotPlayed,
    Command,
    Connected,
    Disconnected,
    JoinRoom,
    Reconnect,
    Resumed,
    TimePassed,
)
from undercover.engine.deadlines import next_deadline
from undercover.engine.dealing import Deck
from undercover.engine.effects import Changed, CloseSeat, DeleteRoom, Effect, PairRated, Welcome
from undercover.engine.errors import RejectCode, Rejected, ServerFault
from undercover.engine.machine import apply
from undercover.engine.state import FORMAT_VERSION, Lobby, Room, new_room
from undercover.hosts import store
from undercover.hosts.logs import log_event
from undercover.rules import MAX_PLAYERS, PlayerId
from undercover.wire import codec
from undercover.wire.codec import ProtocolError
from undercover.wire.frames import Frames
from undercover.wire.protocol import CloseCode, Hello, ProtocolCode, Sync
from undercover.wire.recap_json import RecapJson

ConnectionId = str
Connections = Mapping[ConnectionId, PlayerId | None]

# What a board's socket is bound to: no seat (player ids are "p1", "p2", …), and the view it
# is sent is the spectator's, `view_for(room, None)`: a board holds nothing a stranger could not.
BOARD: Final = "board"
MAX_BOARDS = 8  # per room: each one costs a frame per change

log = logging.getLogger("undercover.runner")

_CLOSES: dict[str, tuple[int, str]] = {
    "kicked": (CloseCode.KICKED, "kicked by the host"),
    "replaced": (CloseCode.REPLACED, "this seat was opened on another connection"),
    "left": (CloseCode.NORMAL, "left the room"),
    "room_deleted": (CloseCode.ROOM_DELETED, "the room was deleted after staying empty"),
}
_FATAL_CLOSES: dict[str, int] = {
    ProtocolCode.OUTDATED: CloseCode.OUTDATED,
    ProtocolCode.ROOM_NOT_FOUND: CloseCode.ROOM_NOT_FOUND,
    RejectCode.TOKEN_BANNED: CloseCode.KICKED,
}


@dataclass(frozen=True)
class Outbox:
    """What the host must do after one call, in this order: send, close, arm, delete."""

    frames: tuple[tuple[ConnectionId, str], ...] = ()  # text frames to send, in order
    closes: tuple[tuple[ConnectionId, int, str], ...] = ()  # (connection, close code, reason)
    bound: PlayerId | None = None  # player now bound to the connection that sent the frame
    alarm_at: float | None = None  # epoch seconds; arm exactly this alarm, or clear it if None
    delete_room: bool = False  # idle cleanup: the host deletes the room's storage


@dataclass
class _Turn:
    """The outcome of one input being worked out, before it becomes an `Outbox`."""

    room: Room
    live: dict[ConnectionId, PlayerId]  # connections bound to a seat after this input
    frames: list[tuple[ConnectionId, str]] = field(default_factory=list)
    closes: list[tuple[ConnectionId, int, str]] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    sender: ConnectionId | None = None
    bound: PlayerId | None = None
    fresh: list[ConnectionId] = field(default_factory=list)  # to send a full view whatever


_Work = Callable[[_Turn], object]


@dataclass(frozen=True)
class _Loaded:
    room: Room
    revision: int


class RoomRunner:
    """One room's loop over a `Database`; cheap to build, so a host may build one per call."""

    def __init__(
        self, db: store.Database, code: str, *, deck: Deck, sole_writer: bool = False
    ) -> None:
        self.db = db
        self.code = code
        self.deck = deck  # the theme content: built once per process by the host
        # The host guarantees that no one else writes this room while this runner lives (a
        # Durable Object: one instance per room, its storage its own): the room in memory is
        # then current without reading the stored revision at each input.
        self.sole_writer = sole_writer
        self._schema_ready = False
        self._cache: _Loaded | None = None
        # The room as read from storage, until the next frames are built: what every socket
        # of a woken Durable Object holds (`Frames.prime`).
        self._stored: _Loaded | None = None
        recaps = RecapJson()  # the recap's JSON, reused from step to step
        self._writer = store.RoomWriter(recaps)  # for saving: the same entries
        self._frames = Frames(deck, recaps)  # and what each socket was last sent

    @classmethod
    def create(
        cls,
        db: store.Database,
        code: str,
        now: float,
        seed: int,
        *,
        deck: Deck,
        sole_writer: bool = False,
    ) -> RoomRunner:
        """Create the room (only `POST /api/rooms` does this); two rows written."""
        runner = cls(db, code, deck=deck, sole_writer=sole_writer)
        if runner.exists():
            raise ValueError(f"room {code} already exists")
        runner._ensure_schema()
        store.write_schema_version(db)
        runner._save(new_room(code, seed=seed, now=now), revision=1)
        return runner

    def exists(self) -> bool:
        return self._load() is not None

    def summary(self, now: float) -> dict[str, object]:
        """For `GET /api/rooms/{code}`: status "lobby", "running" or "full", and players."""
        loaded = self._load()
        if loaded is None:
            return {"code": self.code, "status": "unknown", "players": 0}
        room = loaded.room
        players = len(seats.players(room))
        if room.settings.locked or (isinstance(room.phase, Lobby) and players >= MAX_PLAYERS):
            status = "full"
        else:
            status = "lobby" if isinstance(room.phase, Lobby) else "running"
        return {"code": self.code, "status": status, "players": players}

    def greets_a_seat(self, text: str | bytes) -> bool:
        """Whether `text` is a hello with the token of one of this room's seats (or of a
        kicked one): the host's look-up limit never charges it (`admission.RoomPasses`)."""
        try:
            message = codec.decode(text)
        except ProtocolError:
            return False
        if not isinstance(message, Hello) or message.token is None:
            return False
        loaded = self._load()
        if loaded is None:
            return False
        room, token = loaded.room, message.token
        kicked = seats.hash_token(token) in room.banned
        return kicked or seats.find_by_token(room, token) is not None

    # Entry points ------------------------------------------------------------------------

    def on_frame(
        self,
        conn: ConnectionId,
        connections: Connections,
        text: str | bytes,
        now: float,
        new_token: str,
    ) -> Outbox:
        """A frame from `conn`; `new_token` seats a newcomer if this is a joining hello."""
        try:
            message = codec.decode(text)
        except ProtocolError as error:
            if error.command and connections.get(conn) is None:
                return self._refuse(conn, ProtocolCode.HELLO_REQUIRED)
            return self._refuse(conn, error.code, error.detail, fatal=error.fatal)
        if isinstance(message, Hello) and connections.get(conn) is not None:
            return self._refuse(conn, ProtocolCode.ALREADY_GREETED)
        if not isinstance(message, Hello) and connections.get(conn) is None:
            return self._refuse(conn, ProtocolCode.HELLO_REQUIRED)
        if isinstance(message, Sync):
            return self._run(conn, connections, now, lambda turn: turn.fresh.append(conn))
        return self._run(
            conn, connections, now, lambda turn: self._frame(turn, conn, message, now, new_token)
        )

    def on_close(self, conn: ConnectionId, connections: Connections, now: float) -> Outbox:
        """`conn` closed (by the client, the network or us)."""
        others = {c: p for c, p in connections.items() if c != conn}
        return self._run(None, others, now, lambda turn: None)

    def on_alarm(self, connections: Connections, now: float) -> Outbox:
        """The alarm fired (maybe late, early or twice: the engine compares `now`)."""
        return self._run(None, connections, now, lambda turn: self._alarm(turn, now))

    def on_restart(self, connections: Connections, now: float) -> Outbox:
        """The host restarted or was redeployed: deadlines extended, everyone gets a view."""
        live = tuple(sorted({p for p in connections.values() if p is not None}))
        return self._run(
            None,
            connections,
            now,
            lambda turn: self._apply(turn, None, Resumed(connected=live), now),
            broadcast=True,
        )

    # The loop ----------------------------------------------------------------------------

    def _run(
        self,
        sender: ConnectionId | None,
        connections: Connections,
        now: float,
        work: _Work,
        *,
        broadcast: bool = False,
    ) -> Outbox:
        loaded = self._load()
        if loaded is None:
            if sender is None:
                return Outbox()
            return _refusal(sender, ProtocolCode.ROOM_NOT_FOUND, fatal=True)
        live = {c: p for c, p in connections.items() if p is not None}
        turn = _Turn(room=loaded.room, live=live, sender=sender)
        try:
            self._reconcile(turn, now)
            work(turn)
            return self._finish(turn, loaded, now, broadcast=broadcast)
        except Rejected as rejected:
            if sender is not None:
                fatal = rejected.code in _FATAL_CLOSES
                detail = rejected.message
                alarm_at = next_deadline(loaded.room)
                return _refusal(sender, rejected.code, detail, fatal=fatal, alarm_at=alarm_at)
            failure: Exception = rejected  # a host-internal input refused: our bug
        except Exception as error:
            failure = error
        # Only the place in our code is logged: a message could quote a token or a word.
        where = " < ".join(
            f"{frame.name}:{frame.lineno}"
            for frame in traceback.extract_tb(failure.__traceback__)[::-1][:8]
        )
        # A code (a rule our code broke: `ServerFault`) is a stable string, safe to log.
        name = type(failure).__name__
        if isinstance(failure, ServerFault | Rejected):
            name = f"{name}({failure.code})"
        log.error("room %s: %s at %s; nothing saved", self.code, name, where)
        self._cache = None
        try:
            alarm_at = next_deadline(loaded.room)
        except Exception:
            alarm_at = None  # the bug is there too: no alarm rather than a crashing host
        if sender is None:
            return Outbox(alarm_at=alarm_at)
        return _refusal(sender, ProtocolCode.INTERNAL, alarm_at=alarm_at)

    def _refuse(
        self, conn: ConnectionId, code: str, detail: str = "", *, fatal: bool = False
    ) -> Outbox:
        """Refuse a frame before the engine: nothing changes, so the alarm stays as it is."""
        loaded = self._load()
        if loaded is None:
            return _refusal(conn, ProtocolCode.ROOM_NOT_FOUND, fatal=True)
        return _refusal(conn, code, detail, fatal=fatal, alarm_at=next_deadline(loaded.room))

    def _frame(
        self, turn: _Turn, conn: ConnectionId, message: Hello | Command, now: float, new_token: str
    ) -> None:
        if not isinstance(message, Hello):
            self._apply(turn, turn.live[conn], message, now)
            return
        if message.board:
            if sum(1 for player in turn.live.values() if player == BOARD) >= MAX_BOARDS:
                raise Rejected(RejectCode.ROOM_FULL)
            turn.live[conn] = turn.bound = BOARD
            turn.fresh.append(conn)
            return
        token = message.token
        effects: tuple[Effect, ...] = ()
        if token is not None:
            try:
                effects = self._apply(turn, None, Reconnect(token=token), now)
            except Rejected as rejected:
                if rejected.code != RejectCode.TOKEN_UNKNOWN or message.name is None:
                    raise
                token = None  # a token from another room or a deleted one: join by name
        if token is None:
            token = new_token
            join = JoinRoom(
                name=message.name or "",
                token=token,
                avatar=message.avatar,
                color=message.color,
                lang=message.lang,
            )
            effects = self._apply(turn, None, join, now)
        (player,) = (effect.player_id for effect in effects if isinstance(effect, Welcome))
        for other, bound in list(turn.live.items()):
            if bound == player and other != conn:
                _close(turn, other, "replaced")
        turn.live[conn] = turn.bound = player
        turn.fresh.append(conn)
        turn.frames.append((conn, codec.welcome_frame(player, token)))

    def _alarm(self, turn: _Turn, now: float) -> None:
        """Every deadline due by `now`: each due bot's action first (chosen by its brain),
        then the timers (`deadlines.bot_due`)."""
        for _ in range(MAX_PLAYERS * 4):  # each bot acts at most once per due turn
            bot = deadlines.bot_due(turn.room, now)
            if bot is None:
                break
            chosen = bot_move(turn.room, bot, now, self.deck)
            self._apply(turn, None, BotPlayed(player_id=bot, command=chosen), now)
        self._apply(turn, None, TimePassed(), now)

    def _apply(
        self, turn: _Turn, actor: PlayerId | None, command: Command, now: float
    ) -> tuple[Effect, ...]:
        step = apply(turn.room, actor, command, now, self.deck)
        turn.room = step.room
        turn.effects.extend(step.effects)
        return step.effects

    def _reconcile(self, turn: _Turn, now: float) -> None:
        """Make the seats' connected flags agree with the sockets the host has."""
        present = set(turn.live.values())
        for seat in turn.room.seats:
            if seat.kicked or seat.bot is not None:
                continue
            if seat.connected and seat.player_id not in present:
                self._apply(turn, None, Disconnected(player_id=seat.player_id), now)
            elif not seat.connected and seat.player_id in present:
                self._apply(turn, None, Connected(player_id=seat.player_id), now)

    def _finish(self, turn: _Turn, loaded: _Loaded, now: float, *, broadcast: bool) -> Outbox:
        """The step's effects carried out: closes and deletion, the save, then the frames."""
        if _carry_out(turn):
            return self._delete(turn)
        changes = [effect for effect in turn.effects if isinstance(effect, Changed)]
        revision = loaded.revision + 1 if changes else loaded.revision
        if changes:
            self._save(turn.room, revision, self._writer.dump(turn.room))
        targets = _targets(turn, changes, broadcast=broadcast)
        self._send(turn, revision, now, targets)
        return Outbox(
            frames=tuple(turn.frames),
            closes=tuple(turn.closes),
            bound=turn.bound,
            alarm_at=next_deadline(turn.room),
        )

    def _send(
        self, turn: _Turn, revision: int, now: float, targets: list[tuple[str, str | None]]
    ) -> None:
        """The view frames of `targets`, added to the turn's: a new socket gets a full view,
        the others what changed since the view they hold."""
        for conn in turn.fresh:
            self._frames.forget(conn)
        if not targets:
            return
        if self._stored is not None:
            # A wake: each socket holds the stored room's view; send it what changed since.
            stored, self._stored = self._stored.room, None
            held = [(c, _viewer(p)) for c, p in turn.live.items() if c not in turn.fresh]
            self._frames.prime(stored, now, held)
        # Last: from here on these frames are sent.
        turn.frames.extend(self._frames.build(turn.room, revision, now, targets, turn.live))

    def _delete(self, turn: _Turn) -> Outbox:
        for conn in list(turn.live):
            _close(turn, conn, "room_deleted")
        store.delete(self.db)
        self._cache = None
        return Outbox(frames=tuple(turn.frames), closes=tuple(turn.closes), delete_room=True)

    # Storage -----------------------------------------------------------------------------

    def _ensure_schema(self) -> None:
        if not self._schema_ready:
            store.ensure_schema(self.db)
            self._schema_ready = True

    def _load(self) -> _Loaded | None:
        # Probing an unknown code must write nothing (on Cloudflare every code names a
        # Durable Object): the tables are only created by `create`, or upgraded once found.
        if not self._schema_ready:
            missing = store.missing_tables(self.db)
            if "room" in missing:
                return None
            if missing:  # a table added to the schema since the room was created
                store.ensure_schema(self.db)
            self._schema_ready = True  # a wake's first event: one statement, not three
        cached = self._cache
        if cached is not None and (
            self.sole_writer or store.read_revision(self.db) == cached.revision
        ):
            return cached  # every save bumps the revision: the room in memory is current
        record = store.read(self.db)
        if record is None:
            self._cache = None
            return None
        self._cache = _Loaded(store.load_room(record), record.revision)
        if self.sole_writer:  # no other writer: the stored room is what the sockets were sent
            self._stored = self._cache
        return self._cache

    def _save(self, room: Room, revision: int, doc: str | None = None) -> None:
        self._ensure_schema()
        record = (
            store.room_record(room, revision)
            if doc is None
            else store.Record(FORMAT_VERSION, revision, doc)
        )
        store.write(self.db, record)
        self._cache = _Loaded(room, revision)

    def room(self) -> Room | None:
        """The stored room (for tools such as `undercover simulate`; hosts never need it)."""
        loaded = self._load()
        return loaded.room if loaded else None


def _carry_out(turn: _Turn) -> bool:
    """Close the seats the step closed and log its ratings; True if it deletes the room."""
    delete = False
    for effect in turn.effects:
        if isinstance(effect, CloseSeat):
            for conn, player in list(turn.live.items()):
                if player == effect.player_id and (
                    effect.reason != "replaced" or conn != turn.sender
                ):
                    _close(turn, conn, effect.reason)
        elif isinstance(effect, DeleteRoom):
            delete = True
        elif isinstance(effect, PairRated):
            _log_rating(turn.room.code, effect)
    return delete


def _targets(
    turn: _Turn, changes: list[Changed], *, broadcast: bool
) -> list[tuple[str, str | None]]:
    """The sockets to send the step's view to, with their viewers (None: the board)."""
    # A step that changed only some seats' views (a ghost's opt-in: `Changed(only=…)`) is
    # sent to them alone, so that what a ghost does never reaches anyone else, not even as a
    # frame.
    only = {change.only for change in changes}
    if broadcast or None in only:
        recipients = list(turn.live)
    else:
        recipients = [c for c, p in turn.live.items() if p in only or c in turn.fresh]
    return [(c, _viewer(turn.live[c])) for c in recipients]


def _viewer(player: str) -> str | None:
    """A socket's viewer: its seat's player, or None for a board."""
    return None if player == BOARD else player


def _close(turn: _Turn, conn: ConnectionId, reason: str) -> None:
    code, text = _CLOSES[reason]
    turn.frames.append((conn, codec.closed_frame(reason)))
    turn.closes.append((conn, code, text))
    turn.live.pop(conn, None)


def _refusal(
    conn: ConnectionId,
    code: str,
    detail: str = "",
    *,
    fatal: bool = False,
    alarm_at: float | None = None,
) -> Outbox:
    frame = codec.error_frame(
        code, codec.describe(code) + (f" ({detail})" if detail else ""), fatal=fatal
    )
    closes = ((conn, _FATAL_CLOSES.get(code, CloseCode.PROTOCOL_ERROR), code),) if fatal else ()
    return Outbox(frames=((conn, frame),), closes=closes, alarm_at=alarm_at)


def _log_rating(code: str, rating: PairRated) -> None:
    """Both hosts log every rating the same way: pair ids and counts, never a word."""
    log_event(
        "pair.rated",
        room=code,
        pair=list(rating.pair),
        vote="up" if rating.up else "down",
        ups=rating.ups,
        downs=rating.downs,
        players=rating.players,
        removed=rating.removed,
        custom=rating.custom,
    )

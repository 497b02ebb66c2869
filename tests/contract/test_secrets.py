"""Every frame every player received during whole games, searched for what they must not see.

Through the real server (welcome, views, errors, closes), in both modes, with Mr. White on
and off and the reveal setting on and off: no frame holds the other camp's word, its
aliases or attributes, the pair's shared tags, the game's or the room's seed, or another
player's seat token before the game reveals it; the HTTP API and the log hold none either.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server
from tests.contract.table import Table
from undercover.rules.text import fold


def _contains(folded_text: str, secret: str) -> bool:
    needle = fold(secret)
    return bool(needle) and re.search(rf"\b{re.escape(needle)}\b", folded_text) is not None


def _revealed_words(view: Json) -> set[str]:
    game = view.get("game") or {}
    cards = [*game.get("eliminated", ()), *game.get("kicked", ())]
    return {card["word"] for card in cards if card.get("word")}


def _check_classic(conn: Conn, pair: Json) -> None:
    own = None
    civilian = {pair["civilian"], *pair["civilian_aliases"], *pair["civilian_attributes"]}
    undercover = {pair["undercover"], *pair["undercover_aliases"], *pair["undercover_attributes"]}
    for frame in conn.frames:
        if frame.get("type") != "view":
            continue
        view = frame["view"]
        if view["phase"] == "ended" or (view["game"] or {}).get("outcome"):
            return  # the game is over: everything is revealed from here on
        secret = view["me"]["secret"]
        if secret["kind"] == "word":
            own = secret["value"]
        revealed = _revealed_words(view)
        hidden: set[str] = set(pair["shared_tags"])
        if own != pair["civilian"] and pair["civilian"] not in revealed:
            hidden |= civilian
        if own != pair["undercover"] and pair["undercover"] not in revealed:
            hidden |= undercover
        if view["phase"] == "lobby" or view.get("game") is None:
            hidden |= civilian | undercover  # before the deal, nothing
        else:
            # What a word one may see spells out is no leak: one's own word, or a revealed card's
            # ("Burgonde" in "L'Interprète burgonde", "clown" in "Krusty le clown").
            known = [fold(word) for word in (own, *revealed) if word]
            hidden = {word for word in hidden if not any(_contains(k, word) for k in known)}
        text = fold(" | ".join(_free_text(frame)))
        leaked = sorted(word for word in hidden if _contains(text, word))
        assert not leaked, f"{conn.player_id} saw {leaked} in {view['phase']}"


# Keys whose values are the protocol's own vocabulary or ids, not text that could carry a word.
_VOCABULARY = frozenset(
    {"type", "phase", "kind", "status", "stage", "mode", "similarity", "requested", "available",
     "used", "ballot_kind", "result", "skipped", "reason", "room", "host", "player_id", "player",
     "speaker", "proposer", "guesser", "revealed", "error"}
)  # fmt: skip


def _free_text(value: Any, key: str = "") -> list[str]:
    """Every string value of a frame, except the protocol's vocabulary and ids, and the lobby's
    public theme catalog (franchise names may hold any word). Keys are not included."""
    if isinstance(value, str):
        return [] if key in _VOCABULARY or re.fullmatch(r"p\d+", value) else [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k != "catalog" for t in _free_text(v, k)]
    if isinstance(value, list):
        return [t for item in value for t in _free_text(item, key)]
    return []


def _check_everyone(table: Table, stored: Json) -> None:
    tokens = {c.token for c in table.conns if c.token}
    seeds = {str(stored["seed"]), str(stored["game"]["seed"])}
    for conn in table.conns:
        for raw in conn.raw:
            for seed in seeds:
                assert seed not in raw
            for token in tokens - {conn.token}:
                assert token not in raw
        assert sum(raw.count(conn.token or "?") for raw in conn.raw) == 1  # its welcome
    # In every step, every seated player's view has the same keys whatever the role.
    shapes: dict[int, set[str]] = {}
    for conn in table.conns:
        for frame in conn.frames:
            if frame.get("type") == "view":
                shapes.setdefault(frame["seq"], set()).add(json.dumps(_keys(frame["view"])))
    assert all(len(found) == 1 for found in shapes.values())


def _keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _keys(v) for k, v in sorted(value.items())}
    return None


CONFIGS = [
    pytest.param(4, {"reveal_on_elimination": True}, id="classic-reveal"),
    pytest.param(4, {"reveal_on_elimination": False}, id="classic-hidden"),
    pytest.param(5, {"mr_white": True, "reveal_on_elimination": True}, id="mrwhite-reveal"),
    pytest.param(6, {"mr_white": True, "reveal_on_elimination": False}, id="mrwhite-hidden"),
    pytest.param(5, {"mode": "grade", "mr_white": True}, id="grade-mrwhite"),
    pytest.param(4, {"mode": "grade", "reveal_on_elimination": False}, id="grade-hidden"),
]


@pytest.mark.parametrize(("players", "settings"), CONFIGS)
def test_no_frame_leaks_a_secret(server: Server, players: int, settings: Json) -> None:
    async def play() -> Table:
        table = await Table.seat(server, players, **settings)
        spectator = await Conn.open(server.base_url, table.code)
        await table.start()
        assert (await spectator.hello("Qzz"))["type"] == "welcome"
        await table.play_to_end()
        table.conns.append(spectator)
        for conn in table.conns:
            await conn.close()
        return table

    table = run(play())
    stored = server.stored_room(table.code)
    game = stored["game"]
    if stored["deal"] is not None:
        for conn in table.conns:
            _check_classic(conn, stored["deal"])
    else:
        grades = game["grades"]
        for conn in table.conns:
            _check_grades(conn, game["roles"], grades)
    spectator = table.conns[-1]
    for frame in spectator.frames:
        if frame.get("type") == "view" and frame["view"]["phase"] != "ended":
            assert frame["view"]["me"]["secret"] == {"kind": None, "value": None}
    table.conns.pop()
    _check_everyone(table, stored)
    # The HTTP API tells nothing more than the code, a status and a count.
    status, summary = run(server.lookup(table.code))
    assert status == 200
    assert set(summary) == {"code", "status", "players", "share_url"}
    log = fold(server.log_text())
    assert fold(table.code) in log  # the room's creation is logged, with its code
    assert "indice" not in log  # the bots' clues: no clue text is logged either
    for conn in table.conns:
        assert conn.token is not None
        assert fold(conn.token) not in log
    if stored["deal"] is not None:
        for word in (stored["deal"]["civilian"], stored["deal"]["undercover"]):
            # A name of one or two letters (Naruto's "A") is ordinary text: not searched for.
            assert len(fold(word)) <= 2 or not _contains(log, word)


def _check_grades(conn: Conn, roles: dict[str, str], grades: Json) -> None:
    """Grade mode: one's own grade only; another's grade only on a revealed card."""
    role = roles.get(conn.player_id or "")
    own = {"civilian": grades["civilian"], "undercover": grades["undercover"]}.get(role or "")
    for frame in conn.frames:
        if frame.get("type") != "view" or frame["view"]["phase"] in {"lobby", "ended"}:
            continue
        if frame["view"]["game"]["outcome"]:
            break
        view = frame["view"]
        secret = view["me"]["secret"]
        if role == "mr_white":
            assert secret == {"kind": "mr_white", "value": None}
        elif role is not None:
            assert secret == {"kind": "grade", "value": own}
        game = view["game"]
        for card in [*game["eliminated"], *game["kicked"]]:
            if view["settings"]["reveal_on_elimination"]:
                assert card["role"] is not None
            else:
                assert card == {
                    "player_id": card["player_id"],
                    "role": None,
                    "word": None,
                    "grade": None,
                }

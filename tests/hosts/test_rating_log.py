"""Both hosts log each 👍/👎 the same way (the runner they share): pair ids and counts only."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from tests.engine.content import DECK
from tests.engine.table import ended, token_of, with_words
from undercover.hosts import store
from undercover.hosts.runner import RoomRunner
from undercover.hosts.store import SqliteDatabase


def test_a_rating_through_the_runner_is_logged_without_a_word(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = ended(with_words("ana", "ben", "cy", "dan"))
    deal = table.room.deal
    assert deal is not None
    db = SqliteDatabase(tmp_path / "room.db")
    store.ensure_schema(db)
    store.write_schema_version(db)
    store.write(db, store.room_record(table.room, revision=1))
    runner = RoomRunner(db, table.room.code, deck=DECK)
    connections: dict[str, str | None] = {"c1": None}
    hello = {"type": "hello", "protocol": 5, "token": token_of("ben"), "name": None}
    outbox = runner.on_frame("c1", connections, json.dumps(hello), table.now, "t" * 43)
    connections["c1"] = outbox.bound
    rate = {"type": "rate_pair", "seq": table.seq, "up": False}
    with caplog.at_level(logging.INFO, logger="undercover"):
        runner.on_frame("c1", connections, json.dumps(rate), table.now, "t" * 43)
    [record] = [r for r in caplog.records if r.getMessage() == "pair.rated"]
    fields = {k: getattr(record, k) for k in ("room", "pair", "vote", "ups", "downs", "players")}
    assert fields == {
        "room": table.room.code,
        "pair": list(deal.pair_id),
        "vote": "down",
        "ups": 0,
        "downs": 1,
        "players": 4,
    }
    assert (record.removed, record.custom) == (False, True)  # type: ignore[attr-defined]
    logged = json.dumps(record.__dict__, default=str, ensure_ascii=False)
    assert deal.civilian not in logged
    assert deal.undercover not in logged

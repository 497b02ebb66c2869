"""Mr. White's one guess through the real server: what a typo costs him."""

from __future__ import annotations

import pytest

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server
from tests.contract.table import Table


async def _guessing(server: Server, **settings: object) -> tuple[Table, Conn]:
    """A 5-player table with Mr. White, voted out in the first cycle: his guess is open."""
    table = await Table.seat(
        server, 5, clue_timer=False, vote_timer=False, mr_white=True, **settings
    )
    await table.start()
    white = next(c for c in table.conns if c.view["me"]["secret"]["kind"] == "mr_white")
    await table.clue_round()
    ids = [c.player_id or "" for c in table.conns]
    other = next(p for p in ids if p != white.player_id)
    await table.vote({p: (white.player_id if p != white.player_id else other) for p in ids})
    await white.until_view(lambda v: v["phase"] == "guess")
    return table, white


def _try(server: Server, texts: list[str], **settings: object) -> list[Json]:
    async def play() -> list[Json]:
        table, white = await _guessing(server, **settings)
        seq = white.view["phase_seq"]
        answers = [await white.request({"type": "guess", "seq": seq, "text": t}) for t in texts]
        for conn in table.conns:
            await conn.close()
        return answers

    return run(play())


@pytest.mark.parametrize("typo", ["douze", "12.5", "-1", "١٢", "1 2", "+5"])
def test_a_grade_guess_that_is_not_a_number_may_be_typed_again(server: Server, typo: str) -> None:
    answers = _try(server, [typo], mode="grade")
    assert answers[0]["type"] == "error"
    assert answers[0]["code"] == "guess.not_a_grade"


@pytest.mark.parametrize("typo", ["21", "99"])
def test_a_grade_guess_out_of_range_may_be_typed_again(server: Server, typo: str) -> None:
    answers = _try(server, [typo], mode="grade")
    assert answers[0]["type"] == "error"
    assert answers[0]["code"] == "guess.not_a_grade"


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "guess.empty"), ("<b>", "guess.markup"), ("a\u200bb", "guess.control_characters")],
)
def test_a_malformed_word_guess_is_refused_and_kept_open(
    server: Server, text: str, code: str
) -> None:
    answers = _try(server, [text, "zzqx"])
    assert answers[0]["type"] == "error"
    assert answers[0]["code"] == code
    assert answers[1]["type"] == "view"  # the guess was still open
    assert answers[1]["view"]["game"]["recap"][-1]["text"] == "zzqx"


def test_kicking_mr_white_during_his_guess_then_host_leaves_then_rematch(
    server: Server,
) -> None:
    """Kick = the guess is lost; the host's leave passes the crown; "Rejouer" seats the
    spectator and drops the kicked and the departed, keeping the scoreboard."""

    async def play() -> tuple[Json, Json, Json, str, str, str]:
        table, white = await _guessing(server)
        spectator = await Conn.open(server.base_url, table.code)
        assert (await spectator.hello("Qzz"))["type"] == "welcome"
        host = table.host()
        if white.player_id == host.player_id:  # the host cannot kick himself: let him guess
            await white.request({"type": "guess", "seq": white.view["phase_seq"], "text": "zz"})
        else:
            await host.request({"type": "kick", "player_id": white.player_id})
        after_guess = await spectator.until_view(lambda v: v["phase"] != "guess")
        old_host = host.player_id or ""
        await host.request({"type": "leave"})
        moved = await spectator.until_view(lambda v: v["host"] != old_host)
        table.conns.remove(host)
        await host.close()
        await table.play_to_end()
        new_host = table.by_id(table.view["host"])
        await new_host.request({"type": "rematch", "seq": table.view["phase_seq"]})
        lobby = await spectator.until_view(lambda v: v["phase"] == "lobby")
        for conn in [*table.live(), spectator]:
            await conn.close()
        return after_guess, moved, lobby, white.player_id or "", old_host, spectator.player_id or ""

    after_guess, moved, lobby, white, old_host, watcher = run(play())
    guess = next(e for e in after_guess["game"]["recap"] if e["kind"] == "guess")
    assert guess["player"] == white
    assert guess["correct"] is False
    assert moved["host"] not in {old_host, watcher}  # a connected player, not the spectator
    seated = {p["player_id"]: p["status"] for p in lobby["players"]}
    assert seated[watcher] == "seated"
    assert old_host not in seated
    if white != old_host:
        assert white not in seated  # kicked
    assert lobby["scoreboard"]["games"] == 1

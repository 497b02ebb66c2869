"""Game logic and authority through the real server: who may do what, and what a kick,
a runoff or an empty table does to a game in progress."""

from __future__ import annotations

import asyncio

import pytest

from tests.contract.client import Conn, Json, run
from tests.contract.hosts import Server
from tests.contract.table import Table


def _code(answer: Json) -> str:
    assert answer["type"] == "error", answer
    return str(answer["code"])


def test_host_commands_from_a_non_host_change_nothing(server: Server) -> None:
    async def play() -> None:
        table = await Table.seat(server, 4)
        other = table.conns[1]
        seq = table.view["phase_seq"]
        before = other.view
        for frame in (
            {"type": "start_game", "seq": seq},
            {"type": "update_settings", "seq": seq, "changes": {"vote_seconds": 30}},
            {"type": "set_lock", "locked": True},
            {"type": "kick", "player_id": table.conns[0].player_id},
            {"type": "rematch", "seq": seq},
        ):
            assert _code(await other.error_after(frame)) == "room.not_host"
        host = table.conns[0]
        assert _code(await host.error_after({"type": "kick", "player_id": "p1"})) == "kick.self"
        for stale in (seq + 1, seq - 1, 10**30):
            frame = {"type": "start_game", "seq": stale}
            assert _code(await host.error_after(frame)) == "seq.stale"
        assert other.view == before
        for conn in table.conns:
            await conn.close()

    run(play())


def test_spectators_kicked_and_self_votes_are_refused(server: Server) -> None:
    async def play() -> None:
        table = await Table.seat(server, 5, clue_timer=False, vote_timer=False)
        await table.start()
        spectator = await Conn.open(server.base_url, table.code)
        assert (await spectator.hello("Zed"))["type"] == "welcome"
        assert spectator.view["me"]["status"] == "spectator"
        assert spectator.view["me"]["secret"] == {"kind": None, "value": None}
        seq = table.view["phase_seq"]
        clue = {"type": "give_clue", "seq": seq, "text": "x"}
        assert _code(await spectator.error_after(clue)) == "clue.not_your_turn"
        confirm = {"type": "confirm_role", "seq": seq}
        assert _code(await spectator.error_after(confirm)) == "role.not_in_reveal"
        # The host kicks the current speaker (or the next one): the turn passes at once.
        host = table.host()
        spared = {host.player_id, *table.undercovers()}  # kicking the undercover ends the game
        speaker = table.view["game"]["speaker"]
        while speaker in spared:
            await table.by_id(speaker).request({"type": "give_clue", "seq": seq, "text": "a"})
            await table.everyone(lambda v, s=speaker: v["game"]["speaker"] != s)
            speaker = table.view["game"]["speaker"]
        kicked = table.by_id(speaker)
        await host.request({"type": "kick", "player_id": speaker})
        await table.everyone(lambda v: v["game"]["speaker"] != speaker)
        await kicked.wait_for(lambda f: f.get("type") == "closed" and f["reason"] == "kicked")
        assert table.view["game"]["recap"][-1]["skipped"] == "kicked"
        # The kicked token is refused for good, with or without a new name.
        for name in (None, "Newcomer"):
            again = await Conn.open(server.base_url, table.code)
            assert _code(await again.hello(name, token=kicked.token)) == "token.banned"
            await again.close()
        await table.clue_round()
        voter = next(c for c in table.live() if c.player_id != host.player_id)
        vote = table.view["phase_seq"]
        for target, code in (
            (voter.player_id, "vote.self_vote"),
            (speaker, "vote.unknown_target"),
            (spectator.player_id, "vote.unknown_target"),
            ("p99", "vote.unknown_target"),
        ):
            frame = {"type": "cast_vote", "seq": vote, "target": target}
            assert _code(await voter.error_after(frame)) == code
        for conn in table.live():
            await conn.close()
        await spectator.close()

    run(play())


def test_ballot_changes_are_bounded(server: Server) -> None:
    async def play() -> None:
        table = await Table.seat(server, 4, clue_timer=False, vote_timer=False)
        await table.start()
        await table.clue_round()
        voter = table.conns[1]  # not the host: fewer frames spent from its burst
        seq = table.view["phase_seq"]
        target = next(p for p in table.view["game"]["candidates"] if p != voter.player_id)
        start = len(voter.frames)
        for index in range(14):  # as fast as the socket goes (within the frame burst)
            choice = target if index % 2 == 0 else None
            await voter.send({"type": "cast_vote", "seq": seq, "target": choice})
        answers = []
        for _ in range(14):
            frame = await voter.wait_for(
                lambda f: (
                    f.get("type") in {"error", "view"}
                    and (f["type"] == "error" or f["view"]["me"]["ballot"]["cast"])
                ),
                start,
            )
            start = voter.frames.index(frame, start) + 1
            answers.append(frame)
        refused = [a["code"] for a in answers if a["type"] == "error"]
        assert refused == ["vote.too_many_changes"] * 3
        for conn in table.conns:
            await conn.close()

    run(play())


def test_a_kick_that_reopens_a_runoff_starts_a_new_ballot_phase(server: Server) -> None:
    async def play() -> tuple[Json, Json, Json]:
        table = await Table.seat(server, 6, clue_timer=False, vote_seconds=180)
        await table.start()
        host = table.view["host"]
        undercover = table.undercovers()
        ids = [c.player_id or "" for c in table.conns]
        x, y = [p for p in ids if p not in undercover and p != host][:2]
        await table.clue_round()
        others = [p for p in ids if p not in {x, y}]
        half = len(others) // 2  # an even split: x and y tie
        ballots = {x: y, y: x} | {p: (x if k < half else y) for k, p in enumerate(others)}
        await table.vote(ballots)
        await table.everyone(lambda v: v["game"]["ballot_kind"] == "runoff")
        runoff = table.view
        await table.by_id(host).request({"type": "kick", "player_id": x})
        await table.everyone(lambda v: v["game"]["ballot_kind"] == "reopened")
        reopened = table.view
        late = next(c for c in table.live() if c.player_id not in {x, y, host})
        answer = await late.request({"type": "cast_vote", "seq": runoff["phase_seq"], "target": y})
        for conn in table.live():
            await conn.close()
        return runoff, reopened, answer

    runoff, reopened, late_ballot = run(play())
    assert reopened["game"]["candidates"] != runoff["game"]["candidates"]
    # A new ballot is a new phase, as after a tie: new seq, a full vote timer ...
    assert reopened["phase_seq"] > runoff["phase_seq"]
    assert reopened["deadline"] > runoff["deadline"]
    # ... so a ballot aimed at the runoff does not land in the reopened vote.
    assert late_ballot["type"] == "error"
    assert late_ballot["code"] == "seq.stale"


def test_a_spectator_alone_does_not_keep_the_game_running(server: Server) -> None:
    async def play() -> Json:
        table = await Table.seat(server, 4)
        await table.start()
        spectator = await Conn.open(server.base_url, table.code)
        assert (await spectator.hello("Tele"))["type"] == "welcome"
        for conn in table.conns:
            await conn.close()
        players = {c.player_id for c in table.conns}

        def seats(view: Json) -> list[Json]:
            return [p for p in view["players"] if p["player_id"] in players]

        await spectator.until_view(lambda v: not any(p["connected"] for p in seats(v)))
        # Either the room pauses, or the players' reconnection graces run out.
        view = await spectator.until_view(
            lambda v: v["paused"] or any(p["absent"] for p in seats(v))
        )
        await spectator.close()
        return view

    view = run(play())
    assert view["paused"]
    assert view["phase"] == "clues"


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u3164 \u3164"])
def test_an_invisible_clue_is_refused(server: Server, blank: str) -> None:
    async def play() -> Json:
        table = await Table.seat(server, 3, clue_timer=False)
        await table.start()
        speaker = table.by_id(table.view["game"]["speaker"])
        seq = table.view["phase_seq"]
        answer = await speaker.request({"type": "give_clue", "seq": seq, "text": blank})
        for conn in table.conns:
            await conn.close()
        return answer

    answer = run(play())
    assert answer["type"] == "error"
    assert answer["code"] in {"clue.empty", "clue.control_characters"}


def test_a_spectator_joining_does_not_unpause_an_empty_game(server: Server) -> None:
    async def play() -> Json:
        table = await Table.seat(server, 4)
        await table.start()
        watcher = table.conns[0]
        for conn in table.conns[1:]:
            await conn.close()
        await watcher.until_view(lambda v: sum(p["connected"] for p in v["players"]) == 1)
        await watcher.close()
        stranger = await Conn.open(server.base_url, table.code)
        assert (await stranger.hello("Qzz"))["type"] == "welcome"
        assert stranger.view["me"]["status"] == "spectator"
        seated = {c.player_id for c in table.conns}

        def absent(view: Json) -> bool:
            return any(p["absent"] for p in view["players"] if p["player_id"] in seated)

        view = await stranger.until_view(lambda v: v["paused"] or absent(v))
        await stranger.close()
        return view

    view = run(play())
    assert view["paused"]


def test_everyone_away_pauses_the_turn_and_it_resumes_where_it_was(server: Server) -> None:
    async def play() -> tuple[Json, Json, Json]:
        table = await Table.seat(server, 4, clue_seconds=90)
        await table.start()
        before = table.view
        for conn in table.conns:
            await conn.close()
        await asyncio.sleep(1.0)  # 20 s of room time with nobody connected
        back = []
        for conn in table.conns:
            again = await Conn.open(server.base_url, table.code)
            assert (await again.hello(None, token=conn.token))["type"] == "welcome"
            back.append(again)
        first = back[0].view
        after = await back[-1].until_view(lambda v: all(p["connected"] for p in v["players"]))
        for conn in back:
            await conn.close()
        return before, first, after

    before, first, after = run(play())
    assert not first["paused"]
    for view in (first, after):
        assert view["phase_seq"] == before["phase_seq"]
        assert view["game"]["speaker"] == before["game"]["speaker"]
        assert view["game"]["recap"] == before["game"]["recap"]
        assert not any(p["absent"] for p in view["players"])
        assert view["deadline"] > before["deadline"]  # shifted by the time spent paused


def test_a_kick_after_the_game_bans_the_seat_and_leaves_the_record(server: Server) -> None:
    """Decided: the finished game is a record (who was alive at the end, who won); a kick on
    the end screen bans the seat for the next games and does not rewrite that record."""

    async def play() -> tuple[str, Json, Json]:
        table = await Table.seat(server, 4, clue_timer=False, vote_timer=False)
        await table.start()
        await table.play_to_end()
        before = table.view
        host = table.by_id(before["host"])
        target = next(p for p in before["game"]["alive"] if p != host.player_id)
        answer = await host.request({"type": "kick", "player_id": target})
        assert answer["type"] == "view", answer
        after = host.view
        for conn in table.live():
            await conn.close()
        return target, before, after

    target, before, after = run(play())
    status = {p["player_id"]: p["status"] for p in after["players"]}
    assert status[target] == "kicked"
    assert after["game"]["alive"] == before["game"]["alive"]
    assert after["game"]["outcome"] == before["game"]["outcome"]


def test_a_stranger_spectator_never_becomes_host_of_a_running_game(server: Server) -> None:
    async def play() -> tuple[Json, Json]:
        table = await Table.seat(server, 4, clue_timer=False, vote_timer=False)
        await table.start()
        stranger = await Conn.open(server.base_url, table.code)
        assert (await stranger.hello("Qzz"))["type"] == "welcome"
        for conn in table.conns:
            await conn.close()
        seated = {c.player_id for c in table.conns}

        def settled(view: Json) -> bool:
            players = [p for p in view["players"] if p["player_id"] in seated]
            return (
                view["paused"]
                or view["host"] == stranger.player_id
                or all(p["absent"] for p in players)
            )

        view = await stranger.until_view(settled)
        answer = await stranger.request({"type": "kick", "player_id": "p2"})
        await stranger.close()
        return view, answer

    view, kick = run(play())
    assert view["host"] != view["me"]["player_id"]
    assert kick["type"] == "error"
    assert kick["code"] == "room.not_host"


def test_a_changed_ballot_is_a_frame_to_its_voter_only(server: Server) -> None:
    """No frame to a socket whose view did not change: moving one's ballot changes only one's
    own `me` (who has voted, and how many, stay the same), so the others get nothing."""

    async def play() -> None:
        table = await Table.seat(server, 4, clue_timer=False, vote_timer=False)
        await table.start()
        await table.clue_round()
        await table.everyone(lambda v: v["phase"] == "voting")
        first, second, third, fourth = table.live()
        ids = [c.player_id for c in (first, second, third, fourth)]
        await table.vote({ids[0]: ids[1]})
        await table.everyone(lambda v: v["game"]["ballots_cast"] == 1)
        marks = {conn.player_id: len(conn.frames) for conn in table.live()}
        await table.vote({ids[0]: ids[2]})  # the voter's frame: its own ballot moved
        assert first.view["me"]["ballot"] == {"cast": True, "target": ids[2]}
        await table.vote({ids[1]: ids[0]})  # a change everyone sees
        await table.everyone(lambda v: v["game"]["ballots_cast"] == 2)
        views = {
            conn.player_id: [f for f in conn.frames[marks[conn.player_id] :] if f["type"] == "view"]
            for conn in table.live()
        }
        assert {p: len(v) for p, v in views.items()} == {ids[0]: 2, ids[1]: 1, ids[2]: 1, ids[3]: 1}
        for conn in table.live():
            await conn.close()

    run(play())


def test_host_words_with_no_letter_and_rating_a_grade_game_are_refused(server: Server) -> None:
    async def play() -> None:
        table = await Table.seat(server, 4, mode="grade", clue_timer=False, vote_timer=False)
        host = table.host()
        seq = table.view["phase_seq"]
        lines = ["Pizza / Quiche", "Chat / Chien", "123 / 456", "Mer / Océan"]
        refused = await host.error_after({"type": "set_host_words", "seq": seq, "lines": lines})
        assert _code(refused) == "custom_words.no_letters"
        assert refused["message"].endswith("(line 3)")
        await table.start()
        await table.play_to_end()
        assert table.view["game"]["end"]["rating"] is None  # a grade game has no pair
        rate = {"type": "rate_pair", "seq": table.view["phase_seq"], "up": True}
        assert _code(await host.error_after(rate)) == "rate.no_pair"
        for conn in table.live():
            await conn.close()

    run(play())

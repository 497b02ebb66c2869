import json

import pytest

from undercover.tools.simulate import main
from undercover.tools.simulate.rules import EDGE_CASES, Report, play


def test_a_thousand_games_show_every_edge_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "8", "--games", "1000", "--seed", "1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1000
    assert all(summary["edge_cases"][name] > 0 for name in EDGE_CASES)
    assert sum(summary["winners"].values()) == 1000


@pytest.mark.parametrize("players", range(3, 21))
def test_every_table_size_plays_to_the_end_over_20_seeds(players: int) -> None:
    report = Report()
    for seed in range(20):
        play(players, seed, report)  # raises InvariantBroken on any broken promise
    assert report.games == 20
    assert sum(report.winners.values()) == 20


def test_too_few_games_to_judge_edge_cases_still_succeed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--players", "5", "--games", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3


def test_rooms_through_the_engine_leak_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "7", "--rooms", "4", "--games", "2", "--seed", "5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 8
    assert summary["frames_checked_for_leaks"] > 100
    for event in ("disconnect", "reconnect", "alarm", "hostile_frame", "cast_vote"):
        assert summary["events"][event] > 0, event


def test_a_game_that_never_gives_the_civilians_their_win_breaks_an_invariant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from undercover.rules import flow, outcome

    def without_rule_2(roles, alive, kicked, guessed, **kwargs):  # type: ignore[no-untyped-def]
        if any(roles[p] != "civilian" for p in alive) or guessed:
            return outcome.decide_outcome(roles, alive, kicked, guessed, **kwargs)
        return None  # "civilians win when no impostor is left" switched off

    monkeypatch.setattr(flow, "decide_outcome", without_rule_2)
    assert main(["--players", "6", "--games", "50", "--seed", "3"]) == 1
    assert "invariant_broken" in json.loads(capsys.readouterr().out)


def test_a_wrong_composition_breaks_an_invariant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from undercover.rules import flow
    from undercover.rules.roles import Role

    real = flow.deal_roles

    def one_undercover_too_many(players, mr_white, rng):  # type: ignore[no-untyped-def]
        roles = dict(real(players, mr_white, rng))
        civilian = next(p for p, r in roles.items() if r is Role.CIVILIAN)
        return {**roles, civilian: Role.UNDERCOVER}

    monkeypatch.setattr(flow, "deal_roles", one_undercover_too_many)
    assert main(["--players", "8", "--games", "20", "--seed", "3"]) == 1
    assert "composition" in json.loads(capsys.readouterr().out)["invariant_broken"]


def test_a_kick_missing_from_the_recap_breaks_an_invariant() -> None:
    from undercover.rules import RuleSettings, kick, start_game
    from undercover.tools.simulate.rules import WORDS, InvariantBroken, check_end

    game = start_game(["a", "b", "c", "d"], RuleSettings(), 5, WORDS)
    undercover = next(p for p, r in game.roles.items() if r == "undercover")
    over = kick(game, undercover)
    check_end(over, 4)
    doctored = over.model_copy(update={"recap": tuple(e for e in over.recap if e.kind != "kick")})
    with pytest.raises(InvariantBroken, match="kick"):
        check_end(doctored, 4)


def _table(players: int = 4):  # type: ignore[no-untyped-def]
    import random
    import tempfile
    from pathlib import Path

    from tests.engine.content import builtin_deck
    from undercover.hosts.runner import RoomRunner
    from undercover.hosts.store import SqliteDatabase
    from undercover.tools.simulate.rooms import Table

    folder = tempfile.mkdtemp(prefix="undercover-sim-test-")
    db = SqliteDatabase(Path(folder) / "room.sqlite3")
    runner = RoomRunner.create(
        db, "SIMUL", now=1_000_000.0, seed=random.Random(5).getrandbits(62), deck=builtin_deck()
    )
    table = Table(runner, players, random.Random(5), now=1_000_000.0)
    for bot in table.bots:
        table.connect(bot)
    return table


def test_a_kicked_bot_is_replaced_by_a_newcomer() -> None:
    from undercover.hosts.runner import Outbox

    table = _table()
    victim = table.bots[1]
    assert victim.conn is not None
    kicked = Outbox(frames=((victim.conn, json.dumps({"type": "closed", "reason": "kicked"})),))
    table.deliver(kicked)
    assert victim.kicked
    assert len([b for b in table.bots if not b.kicked]) == 4


def test_the_clock_never_jumps_past_the_idle_cleanup() -> None:
    table = _table()
    for bot in list(table.bots):
        table.drop(bot)  # everyone gone: the room pauses, its only alarm is the cleanup
    for _ in range(200):
        table.tick()
    assert table.runner.room() is not None
    assert table.now < 1_000_000.0 + 3600


def test_a_tool_failure_exits_apart_from_a_broken_invariant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from undercover.tools.leaks import LeakChecker, LeakFound
    from undercover.tools.simulate import TOOL_FAILURE_EXIT
    from undercover.tools.simulate import rooms as simulate_rooms

    def broken_bot(*args: object) -> None:
        raise KeyError("a bot's own bug")

    monkeypatch.setattr(simulate_rooms, "choose_move", broken_bot)
    assert main(["--players", "4", "--rooms", "1", "--games", "1"]) == TOOL_FAILURE_EXIT
    assert "tool_failure" in json.loads(capsys.readouterr().out)

    def leaking(*args: object) -> None:
        raise LeakFound("a word reached the other camp")

    monkeypatch.setattr(LeakChecker, "check", leaking)
    assert main(["--players", "4", "--rooms", "1", "--games", "1"]) == 1
    assert "invariant_broken" in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_rooms_with_seed_3_play_through(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 3 made the simulator fail on its own (kicked bots, the clock, a word in a word).
    assert main(["--players", str(players), "--rooms", "4", "--games", "1", "--seed", "3"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4

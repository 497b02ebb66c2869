import json

import pytest

from undercover.simulate import EDGE_CASES, Report, main, play


def test_a_thousand_games_show_every_edge_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "8", "--games", "1000", "--seed", "1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1000
    assert all(summary["edge_cases"][name] > 0 for name in EDGE_CASES)
    assert sum(summary["winners"].values()) == 1000


@pytest.mark.parametrize("players", [3, 4, 5, 12, 20])
def test_every_table_size_plays_to_the_end(players: int) -> None:
    report = Report()
    for seed in range(40):
        play(players, seed, report)
    assert report.games == 40
    assert sum(report.winners.values()) == 40


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


def test_leak_checker_catches_a_word_sent_to_the_other_camp() -> None:
    from undercover.rules import RuleSettings, Words, start_game
    from undercover.simulate_rooms import LeakFound, check_no_leak

    game = start_game(
        ["a", "b", "c"], RuleSettings(), 1, Words(civilian="Lune", undercover="Soleil")
    )
    undercover = next(p for p, r in game.roles.items() if r == "undercover")
    view = {"me": {"secret": {"kind": "word", "value": "Soleil"}}, "game": {"eliminated": []}}
    frame = json.dumps({**view, "leak": "la lune"})
    with pytest.raises(LeakFound):
        check_no_leak(frame, view, game, undercover, seed=123456789)
    check_no_leak(json.dumps(view), view, game, undercover, seed=123456789)

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

"""`undercover bench` runs end to end with tiny counts (its figures are not checked: no timings)."""

from __future__ import annotations

import json

import pytest

from undercover.tools import bench


def test_the_bench_prints_every_figure_and_writes_at_most_two_rows_per_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--players", "5", "--games", "1", "--rebuild-repeats", "3", "--rebuild-round", "2"]
    assert bench.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {
        "python",
        "players",
        "games",
        "inputs_measured",
        "input_ms",
        "input_cold_ms",
        "floor_ms",
        "ratio_to_floor",
        "rebuild_ms",
        "rebuild_at_round",
        "rebuild_document_bytes",
        "view_frame_bytes",
        "rows_per_input",
        "bytes_per_input",
        "targets",
    }
    assert report["players"] == 5
    assert report["inputs_measured"] > 0
    summary = {"wall_median", "wall_p99", "cpu_median", "cpu_p99"}
    assert (
        set(report["input_ms"]) == set(report["floor_ms"]) == set(report["rebuild_ms"]) == summary
    )
    assert set(report["ratio_to_floor"]) == {"wall", "cpu"}
    assert report["rebuild_at_round"] == 2
    assert 1 <= report["rows_per_input"]["max"] <= 2
    assert report["bytes_per_input"]["max"] >= report["rebuild_document_bytes"] > 0
    frames = report["view_frame_bytes"]
    assert frames["at_round"] == 2
    assert frames["inputs"] > 0
    assert 0 < frames["per_socket_median"] <= frames["per_socket_max"]

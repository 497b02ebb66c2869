from __future__ import annotations

from pathlib import Path

import pytest

from undercover.hosts.clock import CLOCK_FILE, Clock, open_clock


class FakeTime:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_scaled_clock_runs_faster_and_alarms_wait_less() -> None:
    real = FakeTime(1000.0)
    clock = Clock(scale=10.0, real_anchor=1000.0, room_anchor=1000.0, real=real)
    real.now = 1003.0
    assert clock.now() == 1030.0
    assert clock.real_delay(1090.0) == pytest.approx(6.0)
    assert clock.real_delay(1000.0) == 0.0


def test_a_plain_run_on_a_fresh_data_dir_keeps_real_time(tmp_path: Path) -> None:
    real = FakeTime(5000.0)
    clock = open_clock(tmp_path, 1.0, real)
    real.now = 5007.5
    assert clock.now() == 5007.5
    assert not (tmp_path / CLOCK_FILE).exists()


def test_room_time_continues_across_restarts(tmp_path: Path) -> None:
    real = FakeTime(1000.0)
    first = open_clock(tmp_path, 100.0, real)
    real.now = 1010.0
    assert first.now() == 2000.0  # 10 real seconds at x100
    real.now = 1012.0  # killed, restarted two seconds later
    second = open_clock(tmp_path, 100.0, real)
    assert second.now() == 2200.0
    # Back to real speed on the same data dir: time never goes backwards.
    real.now = 1020.0
    third = open_clock(tmp_path, 1.0, real)
    assert third.now() == 3000.0
    real.now = 1021.0
    assert third.now() == 3001.0


def test_a_damaged_clock_file_falls_back_to_real_time(tmp_path: Path) -> None:
    (tmp_path / CLOCK_FILE).write_text("{not json")
    assert open_clock(tmp_path, 2.0, FakeTime(50.0)).now() == 50.0


def test_the_scale_must_be_positive(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="positive"):
        open_clock(tmp_path, 0.0)

"""The self-host's room clock, optionally accelerated for tests (`--time-scale N`).

Rooms only ever see `now()` (epoch seconds). With a scale N the clock runs N times
faster than real time, and alarms wait (deadline - now) / N real seconds, so a
test plays a 60 s vote in a fraction of a second. The scale is fixed on the
command line; no client can change it.

The clock is continuous across restarts: its anchor is kept in the data dir, so
a room saved by an accelerated run never sees time go backwards when the server
comes back (with any scale).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

CLOCK_FILE: Final = "clock.json"


@dataclass(frozen=True)
class Clock:
    """Room time = `room_anchor` + (real time - `real_anchor`) × `scale`."""

    scale: float = 1.0
    real_anchor: float = 0.0
    room_anchor: float = 0.0
    real: Callable[[], float] = time.time

    def now(self) -> float:
        return self.room_anchor + (self.real() - self.real_anchor) * self.scale

    def real_delay(self, room_time: float) -> float:
        """Real seconds until the room clock reads `room_time` (0 if already past)."""
        return max(0.0, (room_time - self.now()) / self.scale)

    @classmethod
    def real_time(cls, real: Callable[[], float] = time.time) -> Clock:
        return cls(real=real)


def open_clock(data_dir: Path, scale: float, real: Callable[[], float] = time.time) -> Clock:
    """The clock for a server on `data_dir`, continuing the previous run's room time."""
    if scale <= 0:
        raise ValueError("the time scale must be positive")
    path = data_dir / CLOCK_FILE
    real_now = real()
    room_now = real_now
    previous = _read(path)
    if previous is not None:
        room_now = max(
            real_now, previous.room_anchor + (real_now - previous.real_anchor) * previous.scale
        )
    if previous is None and scale == 1.0:
        return Clock(real=real)  # a plain run on a fresh data dir keeps plain time
    clock = Clock(scale=scale, real_anchor=real_now, room_anchor=room_now, real=real)
    _write(path, clock)
    return clock


def _read(path: Path) -> Clock | None:
    try:
        data = json.loads(path.read_text("utf-8"))
        return Clock(
            scale=float(data["scale"]),
            real_anchor=float(data["real_anchor"]),
            room_anchor=float(data["room_anchor"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(path: Path, clock: Clock) -> None:
    data = {
        "scale": clock.scale,
        "real_anchor": clock.real_anchor,
        "room_anchor": clock.room_anchor,
    }
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data), "utf-8")
    temporary.replace(path)

"""The self-host's options: `undercover serve`'s command line and what it sets."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from undercover.hosts.admission import SILENCE_SECONDS
from undercover.hosts.ratelimit import FIRST_FRAME_SECONDS

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8787
DEFAULT_DATA_DIR: Final = Path("data")
STATIC_DIR: Final = Path(__file__).resolve().parents[4] / "static"


@dataclass(frozen=True)
class Options:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    data_dir: Path = DEFAULT_DATA_DIR
    lan: bool = False
    time_scale: float = 1.0
    static_dir: Path = STATIC_DIR
    loopback_unlimited: bool = False
    first_frame_seconds: float = FIRST_FRAME_SECONDS
    # Real seconds without a frame (pings included) before a seated socket counts as gone.
    silence_seconds: float = SILENCE_SECONDS
    offload: bool = True  # runner calls in worker threads (see rooms.LiveRoom._step)
    # Real seconds for the rate limits (never the scaled room clock); tests pass a fake one.
    limits_clock: Callable[[], float] = time.monotonic


def parse_args(argv: list[str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="undercover serve", description="Run the Undercover game server on this machine."
    )
    parser.add_argument("--host", default=None, help=f"address to bind (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default 8787)")
    parser.add_argument(
        "--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="where rooms are stored (./data)"
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="bind all interfaces and share links with this machine's LAN address",
    )
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="TESTS ONLY: run room clocks N times faster (timers play in seconds)",
    )
    parser.add_argument(
        "--loopback-unlimited",
        action="store_true",
        help="TESTS ONLY: no per-address limits for clients on this machine (not behind a proxy)",
    )
    parser.add_argument(
        "--frozen-limits",
        action="store_true",
        help="TESTS ONLY: the rate limits never refill (a limit test's allowance stays spent)",
    )
    parser.add_argument(
        "--silence-seconds",
        type=float,
        default=SILENCE_SECONDS,
        help="TESTS ONLY: real seconds without a frame before a seat counts as away",
    )
    parser.add_argument("--inline-runner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.time_scale <= 0 or args.silence_seconds <= 0:
        parser.error("--time-scale and --silence-seconds must be positive")
    host = args.host if args.host is not None else ("0.0.0.0" if args.lan else DEFAULT_HOST)
    return Options(
        host=host,
        port=args.port,
        data_dir=args.data_dir,
        lan=args.lan,
        time_scale=args.time_scale,
        loopback_unlimited=args.loopback_unlimited,
        silence_seconds=args.silence_seconds,
        offload=not args.inline_runner,
        limits_clock=_frozen if args.frozen_limits else time.monotonic,
    )


def _frozen() -> float:
    """The rate limits' clock under `--frozen-limits`: it stands still."""
    return 0.0

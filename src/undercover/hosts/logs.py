"""Structured logs: one JSON object per line, carrying the room code. Info (and debug) lines go
to stdout, warnings and errors to stderr, on both hosts: log collectors and `wrangler dev` /
`wrangler tail` treat stderr as errors.

Rule: never pass a seat token, a word, a clue or a frame's text to `log_event`;
the fields are ids, codes, counts and durations.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Final

LOGGER: Final = logging.getLogger("undercover")

_STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's copy of the message with terminal colours
}


class JsonLines(logging.Formatter):
    """`{"ts": ..., "level": ..., "event": ..., **fields}` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        entry.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


# uvicorn logs these client faults as errors with a traceback: any client could fill the
# log with errors. They are the client's fault, and the connection is closed (1007).
CLIENT_FAULTS: Final = frozenset({"Invalid UTF-8 sequence received from client."})


class ClientFaultsAreWarnings(logging.Filter):
    """Downgrade `CLIENT_FAULTS` to a warning without traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in CLIENT_FAULTS:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info, record.exc_text = None, None
        return True


def _below_warning(record: logging.LogRecord) -> bool:
    return record.levelno < logging.WARNING


def configure(level: int = logging.INFO) -> None:
    """Send every logger (ours and uvicorn's) as JSON lines: below warning to stdout, the rest
    to stderr (the filter runs first, so a downgraded client fault lands on stderr too)."""
    quiet = logging.StreamHandler(sys.stdout)
    quiet.addFilter(ClientFaultsAreWarnings())
    quiet.addFilter(_below_warning)
    loud = logging.StreamHandler(sys.stderr)
    loud.addFilter(ClientFaultsAreWarnings())
    loud.setLevel(logging.WARNING)
    for handler in (quiet, loud):
        handler.setFormatter(JsonLines())
    root = logging.getLogger()
    root.handlers[:] = [quiet, loud]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


def log_event(
    event: str,
    *,
    room: str | None = None,
    level: int = logging.INFO,
    exc: BaseException | None = None,
    **fields: object,
) -> None:
    """Log `event` (e.g. "room.created") with the room code and plain fields."""
    extra: dict[str, object] = {"room": room} if room is not None else {}
    extra.update(fields)
    LOGGER.log(level, event, extra=extra, exc_info=exc)

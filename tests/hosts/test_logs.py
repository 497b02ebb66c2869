from __future__ import annotations

import json
import logging

import pytest

from undercover.hosts.logs import ClientFaultsAreWarnings, JsonLines, configure, log_event


def _record(msg: str, level: int = logging.INFO, **extra: object) -> logging.LogRecord:
    record = logging.makeLogRecord({"name": "undercover", "msg": msg, "levelno": level})
    record.levelname = logging.getLevelName(level)
    record.__dict__.update(extra)
    return record


def test_one_json_object_per_line_with_the_room() -> None:
    line = JsonLines().format(_record("room.created", room="K7QXM", color_message="\x1b[1m"))
    entry = json.loads(line)
    assert "\n" not in line
    assert (entry["event"], entry["room"], entry["level"]) == ("room.created", "K7QXM", "info")
    assert "color_message" not in entry


def test_a_client_fault_is_a_warning_without_traceback() -> None:
    try:
        b"\xff".decode()
    except UnicodeDecodeError as error:
        record = _record("Invalid UTF-8 sequence received from client.", logging.ERROR)
        record.exc_info = (type(error), error, error.__traceback__)
    assert ClientFaultsAreWarnings().filter(record)
    entry = json.loads(JsonLines().format(record))
    assert entry["level"] == "warning"
    assert "exception" not in entry


def test_other_errors_keep_their_level() -> None:
    record = _record("Exception in ASGI application", logging.ERROR)
    ClientFaultsAreWarnings().filter(record)
    assert record.levelno == logging.ERROR


def test_info_goes_to_stdout_and_warnings_and_errors_to_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    configure()
    try:
        log_event("room.created", room="K7QXM")
        log_event("socket.origin_refused", room="K7QXM", level=logging.WARNING)
        logging.getLogger("uvicorn.error").error("Exception in ASGI application")
        logging.getLogger("uvicorn.error").error("Invalid UTF-8 sequence received from client.")
    finally:
        logging.getLogger().handlers[:] = []
    out, err = capsys.readouterr()
    assert [json.loads(line)["event"] for line in out.splitlines()] == ["room.created"]
    assert [json.loads(line)["level"] for line in err.splitlines()] == [
        "warning",
        "error",
        "warning",  # a client fault, downgraded: still on stderr, never lost
    ]

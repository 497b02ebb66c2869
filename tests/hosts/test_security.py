from __future__ import annotations

import pytest

from undercover.hosts.security import (
    CONTENT_SECURITY_POLICY,
    SECURITY_HEADERS,
    headers_file,
    is_origin_allowed,
    parse_headers_file,
)


def test_csp_forbids_inline_script_and_other_origins() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "http" not in CONTENT_SECURITY_POLICY
    assert "*" not in CONTENT_SECURITY_POLICY


def test_headers_file_round_trips() -> None:
    assert parse_headers_file(headers_file()) == {"/*": dict(SECURITY_HEADERS)}


def test_parse_headers_file_ignores_comments() -> None:
    text = "# comment\n/*\n  X-A: 1\n\n/api/*\n  X-B: two: parts\n"
    assert parse_headers_file(text) == {"/*": {"X-A": "1"}, "/api/*": {"X-B": "two: parts"}}


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        (None, "127.0.0.1:8787", True),
        ("http://127.0.0.1:8787", "127.0.0.1:8787", True),
        ("http://LOCALHOST:8787", "localhost:8787", True),
        ("https://undercover.example", "undercover.example", True),
        ("https://undercover.example", "undercover.example:443", True),
        ("http://127.0.0.1:8788", "127.0.0.1:8787", False),
        ("https://evil.example", "127.0.0.1:8787", False),
        ("http://127.0.0.1:8787.evil.example", "127.0.0.1:8787", False),
        ("null", "127.0.0.1:8787", False),
        ("file://", "127.0.0.1:8787", False),
        ("http://127.0.0.1:port", "127.0.0.1:8787", False),
        ("http://127.0.0.1:8787", None, False),
        ("https://undercover.example", "undercover.example:80", False),
    ],
)
def test_origin_must_match_host(origin: str | None, host: str | None, allowed: bool) -> None:
    assert is_origin_allowed(origin, host) is allowed

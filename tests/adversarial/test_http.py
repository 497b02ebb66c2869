"""The HTTP surface as a prober sees it: no file outside static/, no word list, no secret."""

from __future__ import annotations

import re
import socket

import pytest

from tests.contract.table import http
from tests.e2e.harness import ROOT, LocalServer
from undercover.rules.text import fold
from undercover.themes.builtin import builtin_catalog


def _raw_get(port: int, path: str) -> tuple[int, bytes]:
    """A request line sent as is (no client-side normalisation of `..` or `%2e`)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
        )
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/js/../../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/js/%2e%2e/%2e%2e/pyproject.toml",
        "/..%2fpyproject.toml",
        "/js/..%5c..%5cpyproject.toml",
        "/%2e%2e%2f%2e%2e%2fsrc/undercover/themes/data.py",
        "/....//....//pyproject.toml",
        "/index.html%00.toml",
        "//etc/passwd",
        "/static/../src/undercover/themes/data.py",
    ],
)
def test_no_file_outside_static(server: LocalServer, path: str) -> None:
    status, body = _raw_get(server.port, path)
    assert status in {200, 400, 404}
    if status == 200:  # only the single-page fallback may answer
        assert body == (ROOT / "static" / "index.html").read_bytes()
    assert b"[project]" not in body
    assert b"THEMES_JSON" not in body


def test_static_files_hold_no_word_list(server: LocalServer) -> None:
    # Everyday words of the classic deck (Montre, Écran, Joue) turn up in any French text, so
    # the check is per franchise or family: a shipped list would hold most of one, prose a few.
    lists = [
        {fold(entry.name) for entry in franchise.entries if len(fold(entry.name)) >= 4}
        for franchise in builtin_catalog().franchises
    ]
    root = ROOT / "static"
    files = [p for p in root.rglob("*") if p.is_file()]
    assert files
    for file in files:
        status, _, body = http(server.base_url, "GET", "/" + file.relative_to(root).as_posix())
        assert status == 200, file
        text = fold(body.decode("utf-8", "replace"))
        for names in lists:
            # The plain substring test first: the regex only for the few names it finds.
            found = {n for n in names if n in text and re.search(rf"\b{re.escape(n)}\b", text)}
            assert len(found) * 5 < len(names), (file, sorted(found)[:20])

"""Security headers and the WebSocket origin check, shared by both hosts.

`SECURITY_HEADERS` is the one list: the self-host adds it to every response and
the Cloudflare build's `static/_headers` must say the same (`headers_file()`
renders it; a test compares them).
"""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        # 'self' covers ws:// and wss:// to the same host (CSP level 3).
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    )
)

SECURITY_HEADERS: Final[tuple[tuple[str, str], ...]] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
)

# API answers are about live rooms: never cached.
API_HEADERS: Final[tuple[tuple[str, str], ...]] = (("Cache-Control", "no-store"),)


def headers_file(pattern: str = "/*") -> str:
    """`SECURITY_HEADERS` in Cloudflare's `_headers` format."""
    lines = [pattern] + [f"  {name}: {value}" for name, value in SECURITY_HEADERS]
    return "\n".join(lines) + "\n"


def parse_headers_file(text: str) -> dict[str, dict[str, str]]:
    """Cloudflare `_headers` text as {path pattern: {header: value}}."""
    rules: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            current = rules.setdefault(line.strip(), {})
        elif current is not None and ":" in line:
            name, value = line.split(":", 1)
            current[name.strip()] = value.strip()
    return rules


def is_origin_allowed(origin: str | None, host: str | None) -> bool:
    """Whether a WebSocket from `origin` may talk to this server reached as `host`.

    Browsers always send Origin on a WebSocket; a page on another site must not
    drive a player's seat. Clients that send no Origin (bots, the load tool) are
    not browsers and cannot carry another site's cookies, so they pass.

    >>> is_origin_allowed("http://192.168.1.20:8787", "192.168.1.20:8787")
    True
    >>> is_origin_allowed("https://evil.example", "192.168.1.20:8787")
    False
    """
    if origin is None:
        return True
    if host is None:
        return False
    try:
        parts = urlsplit(origin)
        host_parts = urlsplit(f"//{host}")
        origin_port, host_port = parts.port, host_parts.port
    except ValueError:  # a port that is not a number
        return False
    if parts.scheme not in {"http", "https"} or not parts.hostname or not host_parts.hostname:
        return False  # includes the opaque "null" origin of sandboxed frames and files
    default_port = 443 if parts.scheme == "https" else 80
    origin_port = origin_port or default_port
    host_port = host_port or default_port
    return parts.hostname.lower() == host_parts.hostname.lower() and origin_port == host_port

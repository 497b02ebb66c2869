"""The lobby's share link and its QR code (an SVG drawn by segno, on either host)."""

from __future__ import annotations

import io
import socket
from typing import Final

import segno

from undercover.hosts.routes import share_path

# TEST-NET-1 (RFC 5737): connecting a UDP socket to it sends nothing, but makes the
# system pick the interface it would route through, whose address the phones can reach.
_ROUTE_PROBE: Final = ("192.0.2.1", 9)


def share_url(base_url: str, code: str) -> str:
    """The link that opens a room, e.g. ``http://192.168.1.20:8787/r/K7QXM``."""
    return base_url.rstrip("/") + share_path(code)


def base_url(scheme: str, host: str) -> str:
    """The server's own address as a browser reached it (`host` is the Host header)."""
    return f"{scheme}://{host}"


def qr_svg(text: str) -> str:
    """`text` as a scalable, self-contained SVG QR code (no script, no external reference)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer,
        kind="svg",
        scale=1,
        border=2,
        dark="#000",
        light="#fff",
        xmldecl=False,
        omitsize=True,
        title="QR",
    )
    return buffer.getvalue().decode("utf-8")


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return address if address != "0.0.0.0" else "127.0.0.1"

from __future__ import annotations

import ipaddress

from undercover.hosts.share import base_url, lan_address, qr_svg, share_url


def test_share_url() -> None:
    assert share_url("http://192.168.1.20:8787/", "K7QXM") == "http://192.168.1.20:8787/r/K7QXM"
    assert base_url("http", "127.0.0.1:8787") == "http://127.0.0.1:8787"


def test_qr_svg_is_inert_and_scalable() -> None:
    svg = qr_svg("http://192.168.1.20:8787/r/K7QXM")
    assert svg.startswith("<svg")
    assert svg.rstrip().endswith("</svg>")
    assert "viewBox" in svg
    assert "<script" not in svg
    assert "href" not in svg


def test_qr_svg_differs_per_link() -> None:
    assert qr_svg("http://a/r/AAAAA") != qr_svg("http://a/r/BBBBB")


def test_lan_address_is_an_ipv4_address() -> None:
    assert ipaddress.ip_address(lan_address()).version == 4

"""The error catalogue holds exactly what the server can send; the docs and both languages
follow it."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from undercover.engine.errors import RejectCode
from undercover.wire import error_codes
from undercover.wire.protocol import ProtocolCode, RouteCode

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "undercover"
CODE = re.compile(r"[a-z_]+\.[a-z_]+")


def _codes(level: tuple[error_codes.ErrorCode, ...]) -> set[str]:
    return {str(entry.code) for entry in level}


def _trees(folder: Path) -> list[ast.Module]:
    return [ast.parse(path.read_text("utf-8")) for path in sorted(folder.rglob("*.py"))]


def _called(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def raised_rule_codes() -> set[str]:
    """Every code a rule raises as the player's or the host's fault, read from the source:
    literals (also through a local variable or a conditional), and `<field>.x` f-strings
    expanded with the fields `clean_line` is called with."""
    constants: list[ast.Constant] = []
    server: set[int] = set()
    fields: set[str] = set()
    patterns: set[str] = set()
    for tree in _trees(SRC / "rules"):
        for node in ast.walk(tree):
            if _called(node, "clean_line"):
                assert isinstance(node, ast.Call)
                fields |= {
                    k.value.value
                    for k in node.keywords
                    if k.arg == "field" and isinstance(k.value, ast.Constant)
                }
            if _called(node, "server_error"):
                assert isinstance(node, ast.Call)
                server |= {id(a) for a in ast.walk(node.args[0]) if isinstance(a, ast.Constant)}
            if isinstance(node, ast.JoinedStr) and len(node.values) == 2:
                tail = node.values[1]
                if isinstance(tail, ast.Constant) and CODE.fullmatch(f"x{tail.value}"):
                    patterns.add(str(tail.value))
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and CODE.fullmatch(node.value):
                constants.append(node)
    # A code raised only as the server's fault reaches the client as `server.internal`.
    codes = {node.value for node in constants if id(node) not in server}
    expanded = {f"{field}{suffix}" for field in fields for suffix in patterns}
    return codes | expanded


def raised_reject_codes() -> set[str]:
    used: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        if path.name in ("errors.py", "codec.py", "error_codes.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            owner = getattr(node, "value", None)
            named = isinstance(owner, ast.Name) and owner.id == "RejectCode"
            if isinstance(node, ast.Attribute) and named:
                used.add(RejectCode[node.attr].value)
    return used


def test_the_docs_list_is_the_generated_one() -> None:
    text = error_codes.DOCS.read_text("utf-8")
    assert error_codes.with_generated_section(text) == text, (
        "docs/protocol.md is stale: uv run python -m undercover.wire.error_codes --write"
    )


def test_each_code_is_listed_once() -> None:
    codes = [str(entry.code) for entry in error_codes.ALL]
    assert len(codes) == len(set(codes))


def test_the_protocol_level_is_every_protocol_code_and_the_frame_limit() -> None:
    assert _codes(error_codes.PROTOCOL) == {c.value for c in ProtocolCode} | {
        RouteCode.RATE_LIMITED
    }
    assert _codes(error_codes.ROUTES) == {c.value for c in RouteCode} - {RouteCode.RATE_LIMITED}


def test_the_engine_level_is_every_reject_code_and_each_is_raised_somewhere() -> None:
    assert _codes(error_codes.ENGINE) == {c.value for c in RejectCode}
    assert raised_reject_codes() == {c.value for c in RejectCode}


def test_the_custom_words_level_is_every_problem_a_pasted_list_can_have() -> None:
    from undercover.themes.custom import PROBLEMS

    assert _codes(error_codes.CUSTOM_WORDS) == {f"custom_words.{p}" for p in PROBLEMS}


def test_the_rules_level_is_every_code_a_rule_can_raise() -> None:
    found = raised_rule_codes()
    assert {"vote.unknown_target", "game.mr_white_too_few", "clue.too_long"} <= found
    listed = _codes(error_codes.RULES) | set(error_codes.SHADOWED)
    assert listed == found - _codes(error_codes.ENGINE)
    assert not _codes(error_codes.RULES) & set(error_codes.SHADOWED)


def test_every_code_is_translated_in_both_languages() -> None:
    for lang in ("fr", "en"):
        texts = json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text("utf-8"))
        missing = sorted(
            c for c in map(str, (e.code for e in error_codes.ALL)) if f"error.{c}" not in texts
        )
        assert missing == [], f"{lang}: {missing}"


def test_every_listed_code_is_produced_by_some_test() -> None:
    """A code no test asserts is a code no one knows a client can get: each one listed is
    named (quoted, or as its enum member) by a test other than these catalogue checks."""
    here = Path(__file__).resolve()
    texts = "\n".join(
        path.read_text("utf-8")
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if path.resolve() != here
    )
    members = {
        str(member): f"{type(member).__name__}.{member.name}"
        for enum in (ProtocolCode, RouteCode, RejectCode)
        for member in enum
    }
    unnamed = [
        code
        for code in map(str, (entry.code for entry in error_codes.ALL))
        if f'"{code}"' not in texts and (code not in members or members[code] not in texts)
    ]
    assert unnamed == []

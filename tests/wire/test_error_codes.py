"""The error catalogue holds exactly what the server can send; the docs and both languages
follow it."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from undercover.engine.errors import RejectCode
from undercover.rules import RuleBug, RuleCode
from undercover.themes.custom import CustomWordsCode
from undercover.themes.select import DealErrorCode
from undercover.wire import error_codes
from undercover.wire.codec import describe
from undercover.wire.protocol import ProtocolCode, RouteCode

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "undercover"


def _codes(level: tuple[error_codes.ErrorCode, ...]) -> set[str]:
    return {str(entry.code) for entry in level}


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
    assert _codes(error_codes.CUSTOM_WORDS) == {c.value for c in CustomWordsCode}


def test_the_themes_level_is_every_code_a_deal_can_fail_with() -> None:
    assert _codes(error_codes.THEMES) == {c.value for c in DealErrorCode}


def test_the_rules_level_is_every_rule_code_the_engine_does_not_send_itself() -> None:
    listed = _codes(error_codes.RULES) | set(error_codes.SHADOWED)
    assert listed == {c.value for c in RuleCode} - _codes(error_codes.ENGINE)
    assert not _codes(error_codes.RULES) & set(error_codes.SHADOWED)


def test_the_catalogue_is_every_code_of_every_enum_and_no_rule_bug() -> None:
    sent = {
        *ProtocolCode,
        *RouteCode,
        *RejectCode,
        *DealErrorCode,
        *CustomWordsCode,
        *(set(RuleCode) - set(error_codes.SHADOWED)),
    }
    assert _codes(error_codes.ALL) == {str(code) for code in sent}
    bugs_only = {c.value for c in RuleBug} - {c.value for c in RuleCode}
    assert bugs_only
    assert not bugs_only & _codes(error_codes.ALL)


def test_each_code_has_one_english_text_the_server_and_the_client_share() -> None:
    text = error_codes.CATALOGUE.read_text("utf-8")
    english = json.loads(text)
    assert error_codes.catalogue_json(english) == text  # a rewrite keeps the file's layout
    assert error_codes.with_english_texts(english) == english, (
        "static/i18n/en.json is stale: uv run python -m undercover.wire.error_codes --write"
    )
    for entry in error_codes.ALL:
        assert entry.english.strip(), entry.code
        assert describe(entry.code) == entry.english


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
        for enum in (ProtocolCode, RouteCode, RejectCode, DealErrorCode, CustomWordsCode, RuleCode)
        for member in enum
    }
    unnamed = [
        code
        for code in map(str, (entry.code for entry in error_codes.ALL))
        if f'"{code}"' not in texts and (code not in members or members[code] not in texts)
    ]
    assert unnamed == []

"""The codec: every kind of hostile frame is refused with a stable code, before the engine."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from undercover.engine.commands import CastVote, GiveClue, Leave, UpdateSettings
from undercover.rules import Mode
from undercover.wire import codec
from undercover.wire.codec import ProtocolError
from undercover.wire.protocol import MAX_FRAME_BYTES, Hello, ProtocolCode

TOKEN = "k" * 43


def refusal(frame: str | bytes) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        codec.decode(frame)
    return caught.value


def test_a_hello_with_a_token() -> None:
    frame = {"type": "hello", "protocol": 5, "token": TOKEN, "name": None, "lang": "en"}
    assert codec.decode(json.dumps(frame)) == Hello(
        type="hello", protocol=5, token=TOKEN, name=None, lang="en"
    )


def test_a_hello_defaults_to_french_and_no_token() -> None:
    hello = codec.decode('{"type": "hello", "protocol": 5, "name": "Zoé"}')
    assert hello == Hello(type="hello", protocol=5, token=None, name="Zoé", lang="fr")


def test_commands_decode_to_the_engine_models() -> None:
    assert codec.decode('{"type":"leave"}') == Leave()
    assert codec.decode('{"type":"give_clue","seq":3,"text":"forêt"}') == GiveClue(
        seq=3, text="forêt"
    )
    assert codec.decode('{"type":"cast_vote","seq":4,"target":null}') == CastVote(
        seq=4, target=None
    )
    settings = codec.decode('{"type":"update_settings","seq":1,"changes":{"mode":"grade"}}')
    assert isinstance(settings, UpdateSettings)
    assert settings.changes.mode is Mode.GRADE


@pytest.mark.parametrize("version", [0, 1, 2, 3, 4, 6])  # 4: the last protocol
def test_another_protocol_version_is_outdated_and_fatal(version: object) -> None:
    error = refusal(json.dumps({"type": "hello", "protocol": version, "name": "Zoé"}))
    assert (error.code, error.fatal) == (ProtocolCode.OUTDATED, True)


@pytest.mark.parametrize("version", ["2", None, True, 2.5, [2]])
def test_a_wrongly_typed_protocol_is_an_invalid_message_not_an_old_page(version: object) -> None:
    error = refusal(json.dumps({"type": "hello", "protocol": version, "name": "Zoé"}))
    assert (error.code, error.fatal) == (ProtocolCode.INVALID_MESSAGE, False)
    missing = refusal(json.dumps({"type": "hello", "name": "Zoé"}))
    assert (missing.code, missing.fatal) == (ProtocolCode.INVALID_MESSAGE, False)


@pytest.mark.parametrize("length", [201, 1000, 4000])
def test_long_typed_text_reaches_the_rules_whole(length: int) -> None:
    # The frame bounds it; the rules answer `clue.too_long`, `name.too_long` and co.
    clue = codec.decode(json.dumps({"type": "give_clue", "seq": 1, "text": "a" * length}))
    assert clue == GiveClue(seq=1, text="a" * length)
    hello = codec.decode(json.dumps({"type": "hello", "protocol": 5, "name": "b" * length}))
    assert isinstance(hello, Hello)
    assert hello.name == "b" * length


def test_a_command_frame_is_marked_so_that_before_the_hello_it_needs_one() -> None:
    assert refusal(r'{"type": "give_clue", "seq": 1, "text": "a\u0007"}').command is True
    assert refusal('{"type": "give_clue", "seq": "1", "text": "a"}').command is True
    assert refusal(r'{"type": "hello", "protocol": 5, "name": "a\u0007"}').command is False
    assert refusal('{"type": "nope"}').command is False


def test_an_old_hello_of_another_shape_is_still_outdated() -> None:
    error = refusal('{"type": "hello", "protocol": 0, "nick": "Zoé", "room": "ABCDE"}')
    assert error.code == ProtocolCode.OUTDATED


def test_binary_frames_are_refused() -> None:
    assert refusal(b'{"type":"leave"}').code == ProtocolCode.BINARY_FRAME


def test_frames_over_4_kib_are_refused_counting_bytes_not_characters() -> None:
    padding = "é" * ((MAX_FRAME_BYTES - 40) // 2 + 1)  # fewer than 4096 characters
    frame = json.dumps({"type": "give_clue", "seq": 1, "text": padding}, ensure_ascii=False)
    assert len(frame) < MAX_FRAME_BYTES < len(frame.encode())
    assert refusal(frame).code == ProtocolCode.TOO_LARGE


def test_a_frame_of_exactly_4_kib_is_read() -> None:
    frame = '{"type":"leave"}' + " " * (MAX_FRAME_BYTES - 16)
    assert len(frame.encode()) == MAX_FRAME_BYTES
    assert codec.decode(frame) == Leave()


@pytest.mark.parametrize(
    "frame", ["", "nope", "{", '{"type": "leave"} trailing', "[1, 2]", '"leave"', "null", "42"]
)
def test_anything_but_one_json_object_is_malformed(frame: str) -> None:
    assert refusal(frame).code == ProtocolCode.MALFORMED_JSON


def test_deep_nesting_is_malformed_not_a_crash() -> None:
    assert refusal("[" * 2000 + "]" * 2000).code == ProtocolCode.MALFORMED_JSON
    assert refusal('{"a":' * 600 + "1" + "}" * 600).code == ProtocolCode.UNKNOWN_TYPE


@pytest.mark.parametrize(
    "frame",
    ['{"type": "dance"}', "{}", '{"type": 1}', '{"type": "join", "name": "a", "token": "x"}'],
)
def test_unknown_or_missing_types_are_refused(frame: str) -> None:
    assert refusal(frame).code == ProtocolCode.UNKNOWN_TYPE


@pytest.mark.parametrize(
    "message",
    [
        {"type": "time_passed"},
        {"type": "connected", "player_id": "p1"},
        {"type": "resumed", "connected": []},
        {"type": "reconnect", "token": TOKEN},
    ],
)
def test_host_internal_commands_cannot_come_from_a_client(message: dict[str, object]) -> None:
    assert refusal(json.dumps(message)).code == ProtocolCode.UNKNOWN_TYPE


@pytest.mark.parametrize(
    ("message", "where"),
    [
        ({"type": "cast_vote", "seq": 1}, "target"),
        ({"type": "cast_vote", "seq": 1, "target": "p1", "weight": 2}, "weight"),
        ({"type": "leave", "player_id": "p2"}, "player_id"),
        ({"type": "give_clue", "seq": "1", "text": "a"}, "seq"),
        ({"type": "give_clue", "seq": 1.0, "text": "a"}, "seq"),
        ({"type": "give_clue", "seq": True, "text": "a"}, "seq"),
        ({"type": "give_clue", "seq": 1, "text": 5}, "text"),
        ({"type": "set_lock", "locked": 1}, "locked"),
        ({"type": "update_settings", "seq": 1, "changes": {"mode": "chess"}}, "changes.mode"),
        ({"type": "update_settings", "seq": 1, "changes": {"speed": 2}}, "changes.speed"),
        ({"type": "hello", "protocol": 5, "name": "a", "lang": "de"}, "lang"),
        ({"type": "hello", "protocol": 5, "name": "a", "token": ""}, "token"),
        ({"type": "give_clue", "seq": 1, "text": "\ud800"}, "message"),
        ({"type": "give_clue", "seq": 1, "text": {"a": [[[[[[[[]]]]]]]]}}, "text"),
    ],
)
def test_missing_extra_and_wrongly_typed_fields_are_named(
    message: dict[str, object], where: str
) -> None:
    error = refusal(json.dumps(message))
    assert error.code == ProtocolCode.INVALID_MESSAGE
    assert error.detail.startswith(f"{where}:")
    assert not error.fatal


@pytest.mark.parametrize(
    "text", ["a\x00b", "tab\there", "new\nline", "\x1b[31mred", "\u202eevil", "\x85", "a\u2028b"]
)
def test_control_characters_are_refused_in_any_string(text: str) -> None:
    for message in (
        {"type": "give_clue", "seq": 1, "text": text},
        {"type": "hello", "protocol": 5, "name": text},
        {"type": "cast_vote", "seq": 1, "target": text},
        {"type": "update_settings", "seq": 1, "changes": {"themes": ["films", text]}},
    ):
        assert refusal(json.dumps(message)).code == ProtocolCode.CONTROL_CHARACTERS


def test_plain_french_text_and_emoji_pass() -> None:
    clue = codec.decode(json.dumps({"type": "give_clue", "seq": 1, "text": "l'été à Noël 🎄"}))
    assert clue == GiveClue(seq=1, text="l'été à Noël 🎄")


# No per-example deadline: on a loaded machine the first example's import alone outlasts it.
@settings(deadline=None)
@given(st.text(max_size=300))
def test_no_text_frame_raises_anything_but_a_protocol_error(frame: str) -> None:
    with contextlib.suppress(ProtocolError):
        codec.decode(frame)


@settings(deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["type", "seq", "text", "target", "protocol", "name", "token", "x"]),
        st.none() | st.booleans() | st.integers() | st.text(max_size=20) | st.lists(st.integers()),
        max_size=5,
    )
)
def test_no_json_object_raises_anything_but_a_protocol_error(message: dict[str, object]) -> None:
    with contextlib.suppress(ProtocolError):
        codec.decode(json.dumps(message))


def test_server_frames_are_compact_json() -> None:
    assert json.loads(codec.welcome_frame("p1", TOKEN)) == {
        "type": "welcome",
        "protocol": 5,
        "player_id": "p1",
        "token": TOKEN,
    }
    assert json.loads(codec.error_frame("vote.not_in_voting")) == {
        "type": "error",
        "code": "vote.not_in_voting",
        "message": "There is no vote in progress.",
        "fatal": False,
    }
    assert codec.closed_frame("kicked") == '{"type":"closed","reason":"kicked"}'


def test_a_view_continuing_the_recap_is_read_back_whole_or_refused() -> None:
    held = {"now": 1, "game": {"recap": [1, 2, 3], "round": 1}}
    tail = {
        "type": "view",
        "seq": 9,
        "full": False,
        "recap_from": 2,
        "view": {"game": {"recap": [4]}},
    }
    # Only the fields of `game` that changed come: the others are as held.
    assert codec.read_view(held, tail) == {"now": 1, "game": {"recap": [1, 2, 4], "round": 1}}
    whole = {"type": "view", "seq": 9, "full": True, "recap_from": 0, "view": {"game": None}}
    assert codec.read_view(None, whole) == {"game": None}
    assert codec.read_view(held, whole) == {"game": None}  # a full view replaces what was held
    for before in ({"game": None}, {"game": {"recap": [1]}}):
        with pytest.raises(ValueError, match="never had"):
            codec.read_view(before, tail)


def test_a_partial_view_is_merged_into_the_held_one_or_refused_without_one() -> None:
    held = {"now": 1, "phase": "clues", "me": {"a": 1}}
    part = {"type": "view", "seq": 2, "full": False, "recap_from": 0, "view": {"now": 2}}
    assert codec.read_view(held, part) == {"now": 2, "phase": "clues", "me": {"a": 1}}
    assert held["now"] == 1  # what the socket held is left as it was
    with pytest.raises(ValueError, match="holds no view"):
        codec.read_view(None, part)
    with pytest.raises(ValueError, match="full view continues no recap"):
        codec.read_view(None, {**part, "full": True, "recap_from": 3})


def test_an_unknown_code_still_gets_a_message() -> None:
    assert codec.describe("made.up") == "Not allowed (made.up)."


def test_a_rule_code_and_a_word_list_code_get_their_own_text() -> None:
    assert codec.describe("vote.self_vote") == "You cannot vote against yourself."
    assert codec.describe("custom_words.bad_pair") == (
        "A pair is written “word / word”, with a single slash."
    )


def test_a_patch_of_players_replaces_those_seats_and_no_other() -> None:
    held = {"now": 1, "players": [{"id": "p1"}, {"id": "p2"}]}
    patch = {"full": False, "view": {"players_patch": {"1": {"id": "p2", "connected": False}}}}
    assert codec.read_view(held, patch) == {
        "now": 1,
        "players": [{"id": "p1"}, {"id": "p2", "connected": False}],
    }
    assert held["players"][1] == {"id": "p2"}  # what the socket held is left as it was
    with pytest.raises(ValueError, match="seat 2"):
        codec.read_view(held, {"full": False, "view": {"players_patch": {"2": {}}}})

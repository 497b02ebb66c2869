"""The leak checker itself: it passes the engine's real views and catches each kind of leak."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engine.content import DECK
from tests.engine.table import Table
from undercover.engine.ghosts import Ghost
from undercover.rules import Role
from undercover.tools.leaks import LeakChecker, LeakFound, fold, readable
from undercover.wire.frames import render_views


@pytest.fixture
def table() -> Table:
    """Five players (Mr. White on), past the first clue round: a vote is open."""
    names = ("ana", "ben", "cy", "dan", "eve")
    table = Table.seated(*names, seed=918_273_645_546, mr_white=True).started()
    return table.clue_round()


def one_of(table: Table, role: Role) -> str:
    return table.pid(table.with_role(role)[0])


def view_of(table: Table, viewer: str | None) -> tuple[dict[str, Any], str]:
    text = render_views(table.room, [viewer], table.now, DECK)[viewer]
    return json.loads(text), text


def check(table: Table, viewer: str | None, extra: str = "", **changes: Any) -> None:
    """The viewer's real view, with `extra` text and `changes` to its parts, checked afresh."""
    view, text = view_of(table, viewer)
    view.update(changes)
    sent = json.dumps(view) + extra if changes or extra else text
    LeakChecker().check(table.room, viewer, view, (sent,))


def test_every_real_view_of_the_engine_passes(table: Table) -> None:
    checker = LeakChecker()
    viewers = [seat.player_id for seat in table.room.seats] + [None]
    for viewer, text in render_views(table.room, viewers, table.now, DECK).items():
        checker.check(table.room, viewer, json.loads(text), (text,))


def test_the_other_camps_word_or_alias_leaks_to_a_player_but_ones_own_does_not(
    table: Table,
) -> None:
    deal = table.room.deal
    assert deal is not None
    civilian, undercover = one_of(table, Role.CIVILIAN), one_of(table, Role.UNDERCOVER)
    check(table, civilian, f'"{deal.civilian}"')
    with pytest.raises(LeakFound, match="leaked"):
        check(table, civilian, f'"{deal.undercover}"')
    with pytest.raises(LeakFound, match="leaked"):
        check(table, undercover, f'"{deal.civilian_aliases[0]}"')
    for viewer in (None, one_of(table, Role.MR_WHITE)):  # a board, Mr. White: no word at all
        with pytest.raises(LeakFound, match="leaked"):
            check(table, viewer, f'"{deal.civilian}"')


def test_attributes_and_shared_tags_leak_to_everyone(table: Table) -> None:
    deal = table.room.deal
    assert deal is not None
    assert deal.shared_tags
    for secret in (deal.civilian_attributes[0], deal.undercover_attributes[0], deal.shared_tags[0]):
        with pytest.raises(LeakFound, match="leaked"):
            check(table, one_of(table, Role.CIVILIAN), f'"{secret}"')


def test_case_accents_punctuation_and_json_escapes_do_not_hide_a_word(table: Table) -> None:
    deal = table.room.deal
    assert deal is not None
    disguised = json.dumps(f"¡{deal.undercover.upper()[:1]}\u0301{deal.undercover.upper()[1:]}!")
    assert disguised.isascii()  # as a frame carries it: \u escapes
    with pytest.raises(LeakFound, match="leaked"):
        check(table, one_of(table, Role.CIVILIAN), disguised)


def test_a_seed_leaks(table: Table) -> None:
    with pytest.raises(LeakFound, match="seed"):
        check(table, None, f'"{table.room.game.seed if table.room.game else 0}"')
    with pytest.raises(LeakFound, match="seed"):
        check(table, None, f"{table.room.seed}")


def test_a_word_inside_a_word_one_may_see_is_no_leak_but_alone_it_is(table: Table) -> None:
    deal = table.room.deal
    assert deal is not None
    own = deal.model_copy(update={"civilian": f"Moules-{deal.undercover}"})
    table.room = table.room.model_copy(update={"deal": own})
    civilian = one_of(table, Role.CIVILIAN)
    check(table, civilian, f'"Moules {deal.undercover.lower()}"')
    with pytest.raises(LeakFound, match="leaked"):
        check(table, civilian, f'"des {deal.undercover}"')


def test_what_players_typed_is_theirs_to_say(table: Table) -> None:
    deal = table.room.deal
    assert deal is not None
    tag = deal.shared_tags[0]
    civilian = one_of(table, Role.CIVILIAN)
    with pytest.raises(LeakFound, match="leaked"):
        check(table, civilian, f'"{tag}"')
    table.vote_out(table.with_role(Role.CIVILIAN)[-1]).tick(10)
    while table.phase != "clues" or table.game.stage != "clue":
        table.until_deadline()
    table.give_clue(table.speaker, tag)  # a player may say a shared tag: the server forwards it
    check(table, civilian)


def test_a_hidden_card_a_wrong_secret_or_a_ghosts_cards_leak(table: Table) -> None:
    civilian = one_of(table, Role.CIVILIAN)
    view, _ = view_of(table, civilian)
    with pytest.raises(LeakFound, match="not theirs"):
        check(table, civilian, me={**view["me"], "secret": {"kind": "mr_white", "value": None}})
    board = view_of(table, None)[0]["me"]
    with pytest.raises(LeakFound, match="not theirs"):  # a board told it is Mr. White
        check(table, None, me={**board, "secret": {"kind": "mr_white", "value": None}})
    with pytest.raises(LeakFound, match="ghost"):
        check(table, civilian, me={**view["me"], "ghost": {"cards": []}})
    table.vote_out(table.with_role(Role.CIVILIAN)[-1])
    game = dict(view_of(table, None)[0]["game"])
    card = {**game["eliminated"][0]}
    hidden = table.room.game is not None and not table.room.game.settings.reveal_word
    assert hidden  # the default: a revealed card shows the role, not the word
    with pytest.raises(LeakFound, match="hidden card"):
        check(table, None, game={**game, "eliminated": [{**card, "word": "x"}]})
    with pytest.raises(LeakFound, match="over"):
        check(table, None, game={**game, "outcome": {"winners": ["civilians"]}})


def test_a_ghost_sees_every_word_but_no_hidden_tag(table: Table) -> None:
    deal = table.room.deal
    assert deal is not None
    out = table.with_role(Role.CIVILIAN)[-1]
    table.vote_out(out)
    ghost = table.pid(out)
    table.room = table.room.model_copy(update={"ghosts": (Ghost(player_id=ghost),)})
    check(table, ghost, f'"{deal.undercover}"')
    with pytest.raises(LeakFound, match="leaked"):
        check(table, ghost, f'"{deal.shared_tags[0]}"')


def test_folding_and_unescaping() -> None:
    assert fold("  Gaï-MAÎTO! ") == " gai maito "
    assert fold("Ça") == " ca "
    assert readable(json.dumps("Éclair 🍫")) == '"Éclair 🍫"'

"""engine/host_words.py: the host's own words, and the players' 👍/👎 on each pair."""

from __future__ import annotations

import json

import pytest

from tests.engine.table import HOST_PAIRS, Table, ended, with_words
from undercover.engine.commands import RatePair, SetHostWords
from undercover.engine.effects import PairRated
from undercover.rules import Role

PAIRS = HOST_PAIRS
WORDS = {"Pizza", "Quiche", "Chat", "Chien", "Mer", "Océan"}


def test_the_game_deals_a_pair_of_the_hosts_words() -> None:
    table = with_words("ana", "ben", "cy", "dan").started()
    words = table.game.words
    assert words is not None
    assert {words.civilian, words.undercover} in [
        {"Pizza", "Quiche"},
        {"Chat", "Chien"},
        {"Mer", "Océan"},
    ]
    assert table.room.deal is not None
    assert table.room.deal.custom


def test_the_words_are_never_in_a_view_before_the_deal_only_their_count() -> None:
    table = with_words("ana", "ben", "cy", "dan")
    for viewer in ("ana", "ben", None):
        text = json.dumps(table.view(viewer), ensure_ascii=False)
        assert not any(word in text for word in WORDS), viewer
    assert table.view("ben")["host_words"] == {"pairs": 3, "words": 0, "playable_pairs": 3}
    assert table.view("ana")["similarity"] is None  # no theme, no level to promise


def test_only_the_host_in_the_lobby_and_bad_lists_are_refused_with_their_problem() -> None:
    table = Table.seated("ana", "ben", "cy", "dan")
    assert table.rejected("ben", SetHostWords(seq=table.seq, lines=(PAIRS,))) == "room.not_host"
    bad = SetHostWords(seq=table.seq, lines=("Pizza / Pizza", "A / B", "C / D"))
    assert table.rejected("ana", bad) == "custom_words.same_words"
    started = with_words("ana", "ben", "cy", "dan").started()
    assert (
        started.rejected("ana", SetHostWords(seq=started.seq, lines=())) == "settings.not_in_lobby"
    )


def test_an_empty_text_goes_back_to_the_themes() -> None:
    table = with_words("ana", "ben", "cy", "dan")
    table.run("ana", SetHostWords(seq=table.seq, lines=("  ", "")))
    assert table.room.host_words is None
    assert table.view("ana")["host_words"] is None


def test_the_hosts_words_work_with_every_other_setting() -> None:
    table = with_words(
        "ana", "ben", "cy", "dan", "eve", "fay", mr_white=True, attribute_variant=True,
        similarity="none", clue_rounds_per_vote=2,
    )  # fmt: skip
    table.started()
    assert table.with_role(Role.MR_WHITE)
    words = table.game.words
    assert words is not None
    assert {words.civilian, words.undercover} <= WORDS  # not an attribute: the host's pair


def test_a_thumbs_down_majority_removes_the_pair_and_each_rating_is_logged() -> None:
    table = ended(with_words("ana", "ben", "cy", "dan"))
    deal = table.room.deal
    assert deal is not None
    table.run("ana", RatePair(seq=table.seq, up=False))
    table.run("ben", RatePair(seq=table.seq, up=False))
    assert table.room.removed_pairs == ()  # 2 of 4 is not a majority
    assert table.view("cy")["game"]["end"]["rating"]["votes"] == {
        table.pid("ana"): "down", table.pid("ben"): "down",
    }  # fmt: skip
    table.run("cy", RatePair(seq=table.seq, up=False))
    assert table.room.removed_pairs == (deal.pair_id,)
    [rated] = [e for e in table.effects if isinstance(e, PairRated)]
    assert rated == PairRated(
        pair=deal.pair_id, up=False, ups=0, downs=3, players=4, removed=True, custom=True
    )
    assert table.view("dan")["game"]["end"]["rating"]["removed"]
    # The room never deals it again.
    for _ in range(4):
        table.rematch()
        ended(table)
        assert table.room.deal is not None
        assert table.room.deal.pair_id != deal.pair_id


def test_a_player_changes_their_rating_and_spectators_cannot_rate() -> None:
    table = ended(Table.seated("ana", "ben", "cy", "dan"))
    table.run("ben", RatePair(seq=table.seq, up=True))
    table.run("ben", RatePair(seq=table.seq, up=False))
    assert table.room.ratings is not None
    assert (table.room.ratings.up, table.room.ratings.down) == (0, 1)
    table.join("zoe")  # joins during the end: a spectator of this game
    assert table.rejected("zoe", RatePair(seq=table.seq, up=False)) == "role.not_playing"


def test_rating_is_only_for_the_end_screen() -> None:
    table = Table.seated("ana", "ben", "cy", "dan").started()
    assert table.rejected("ana", RatePair(seq=table.seq, up=True)) == "rate.not_ended"


def test_builtin_pairs_voted_out_are_not_dealt_again() -> None:
    table = ended(Table.seated("ana", "ben", "cy", "dan"))
    deal = table.room.deal
    assert deal is not None
    assert deal.pair_id[0]
    assert not deal.custom
    for name in ("ana", "ben", "cy"):
        table.run(name, RatePair(seq=table.seq, up=False))
    assert table.room.removed_pairs == (deal.pair_id,)
    for _ in range(6):
        table.rematch()
        ended(table)
        assert table.room.deal is not None
        assert table.room.deal.pair_id != deal.pair_id


@pytest.mark.parametrize("text", [PAIRS, "Pomme\nPoire\nPrune\nPêche"])
def test_host_words_survive_the_room_document(text: str) -> None:
    from undercover.engine.state import Room

    table = with_words("ana", "ben", "cy", "dan", text=text)
    assert Room.model_validate(table.room.model_dump(mode="json")) == table.room


def test_a_grade_game_has_no_pair_to_rate() -> None:
    table = ended(Table.seated("ana", "ben", "cy", "dan", mode="grade"))
    assert table.view("ben")["game"]["end"]["rating"] is None  # so the client offers none
    assert table.rejected("ben", RatePair(seq=table.seq, up=True)) == "rate.no_pair"


def test_the_count_of_a_list_of_words_is_in_words_and_of_pairs_in_pairs() -> None:
    table = with_words("ana", "ben", "cy", "dan", text="Pomme\nPoire\nPrune\nPêche")
    assert table.view("ben")["host_words"] == {"pairs": 0, "words": 4, "playable_pairs": 6}

from undercover.rules import Camp, EndReason, Role, decide_outcome

C, U, W = Role.CIVILIAN, Role.UNDERCOVER, Role.MR_WHITE
ROLES = {"a": C, "b": C, "c": C, "d": U, "e": U, "f": W}


def test_game_goes_on_while_impostors_and_two_civilians_are_left() -> None:
    assert decide_outcome(ROLES, ["a", "b", "d"], [], False) is None


def test_civilians_win_when_no_impostor_is_left() -> None:
    outcome = decide_outcome(ROLES, ["a", "b"], [], False)
    assert outcome is not None
    assert outcome.winners == (Camp.CIVILIANS,)
    assert outcome.reason is EndReason.IMPOSTORS_GONE
    assert set(outcome.winning_players) == {"a", "b", "c"}  # eliminated civilians win too


def test_undercovers_win_with_a_single_civilian_left() -> None:
    outcome = decide_outcome(ROLES, ["a", "d"], [], False)
    assert outcome is not None
    assert outcome.winners == (Camp.UNDERCOVERS,)
    assert set(outcome.winning_players) == {"d", "e"}


def test_mr_white_wins_with_a_single_civilian_left() -> None:
    outcome = decide_outcome(ROLES, ["a", "f"], [], False)
    assert outcome is not None
    assert outcome.winners == (Camp.MR_WHITE,)


def test_both_impostor_camps_win_together() -> None:
    outcome = decide_outcome(ROLES, ["a", "d", "f"], [], False)
    assert outcome is not None
    assert outcome.winners == (Camp.UNDERCOVERS, Camp.MR_WHITE)
    assert outcome.reason is EndReason.CIVILIANS_OUTNUMBERED


def test_right_guess_wins_alone_whatever_the_table() -> None:
    outcome = decide_outcome(ROLES, ["a", "b", "c", "d"], [], True)
    assert outcome is not None
    assert outcome.winners == (Camp.MR_WHITE,)
    assert outcome.winning_players == ("f",)


def test_kicks_leaving_no_civilian_give_the_win_to_the_impostors() -> None:
    outcome = decide_outcome(ROLES, ["d", "e"], ["a", "b", "c"], False)
    assert outcome is not None
    assert outcome.winners == (Camp.UNDERCOVERS,)


def test_kicked_players_are_not_among_the_winners() -> None:
    outcome = decide_outcome(ROLES, ["a", "b"], ["c", "d"], False)
    assert outcome is not None
    assert "c" not in outcome.winning_players

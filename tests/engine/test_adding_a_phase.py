"""Adding a phase: the files it touches, counted, and each checked to know every phase there is
(docs/architecture.md, "Where a change goes"). The engine's part is declared by the phase
itself: its value's timers (`PhaseValue.TIMERS`) and its `PhaseRules` (the stages that call for
it, how it begins, when it is over, what settles, what its timer does), listed once in
`machine.PHASES`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from undercover.engine.machine import PHASES
from undercover.engine.state import Phase
from undercover.rules import Stage

ROOT = Path(__file__).resolve().parents[2]
# Where a phase is written; "{kind}" is the phase's `kind` (each file names every phase).
PLACES = (
    "src/undercover/engine/state.py",  # its value, its timers, the `Phase` union
    "src/undercover/engine/phases/{kind}.py",  # its rules (`RULES`) and commands
    "src/undercover/engine/machine.py",  # `PHASES`, and a `case` per command it takes
    "src/undercover/engine/view.py",  # what it adds to a view (nothing for most)
    "static/js/room.js",  # its screen and its step in the header
    "static/js/board/screens.js",  # the shared board's screen
    "static/i18n/fr.json",  # its name, "phase.{kind}", and its texts
    "static/i18n/en.json",
    "docs/protocol.md",  # its view
    "tests/engine/phases/test_{kind}.py",
)
# A phase that takes a command of its own also touches these.
COMMAND_PLACES = (
    "src/undercover/engine/commands.py",  # the command, in `SeatCommand`
    "src/undercover/engine/errors.py",  # the code refusing it out of its phase
    "src/undercover/wire/error_codes.py",  # that code's English text
    "src/undercover/bots/legal.py",  # the bots' move
    "static/js/screens/{screen}.js",  # its screen (room.js loads it)
)
# Checked per phase below: where each names it by its kind.
NAMED_IN = ("static/js/room.js", "static/js/board/screens.js", "docs/protocol.md")


def kinds() -> list[str]:
    return [value.model_fields["kind"].default for value in get_args(get_args(Phase)[0])]


def test_adding_a_phase_touches_at_most_fifteen_files() -> None:
    assert len(PLACES) == 10
    assert len(PLACES) + len(COMMAND_PLACES) == 15


def test_every_phase_declares_its_rules_once() -> None:
    assert [rules.value.model_fields["kind"].default for rules in PHASES] == kinds()


def test_every_stage_calls_for_exactly_one_phase() -> None:
    called = [stage for rules in PHASES for stage in rules.stages]
    assert sorted(called) == sorted(Stage)
    assert all(rules.begin is not None for rules in PHASES if rules.stages)


def test_every_place_knows_every_phase() -> None:
    missing = []
    for kind in kinds():
        for place in PLACES:
            if "{kind}" in place and not (ROOT / place.format(kind=kind)).is_file():
                missing.append(place.format(kind=kind))
        for place in NAMED_IN:
            if not re.search(rf"\b{kind}\b", (ROOT / place).read_text("utf-8")):
                missing.append(f"{place}: {kind}")
        for catalogue in ("static/i18n/fr.json", "static/i18n/en.json"):
            if f'"phase.{kind}"' not in (ROOT / catalogue).read_text("utf-8"):
                missing.append(f"{catalogue}: phase.{kind}")
    assert missing == []

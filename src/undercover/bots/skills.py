"""What each strength changes: how closely clues fit, and how sharply votes read them."""

from __future__ import annotations

from dataclasses import dataclass

from undercover.engine.seats import Strength


@dataclass(frozen=True)
class Skill:
    clue_noise: float  # spread added to each candidate clue's score: high = nearly any feature
    target_share: float  # how common in the pool a clue should be (vague enough, still telling)
    vote_noise: float  # spread added to each player's suspicion before choosing
    abstain_margin: float  # the suspect must stand out from the next one by this much
    reads_self: bool  # notices when the table's clues fit another word, and blends in
    white_reads: bool  # as Mr. White, follows the clues already given instead of the pool


SKILLS: dict[Strength, Skill] = {
    "debutant": Skill(
        clue_noise=4.0,
        target_share=0.05,
        vote_noise=2.0,
        abstain_margin=0.2,
        reads_self=False,
        white_reads=False,
    ),
    "normal": Skill(
        clue_noise=0.8,
        target_share=0.15,
        vote_noise=0.8,
        abstain_margin=0.4,
        reads_self=False,
        white_reads=True,
    ),
    "malin": Skill(
        clue_noise=0.15,
        target_share=0.2,
        vote_noise=0.15,
        abstain_margin=0.6,
        reads_self=True,
        white_reads=True,
    ),
}

"""What each strength changes: how closely clues fit, and how sharply votes read them."""

from __future__ import annotations

from dataclasses import dataclass

from undercover.engine.state import Strength


@dataclass(frozen=True)
class Skill:
    clue_noise: float  # spread added to each candidate clue's score: high = nearly any feature
    target_share: float  # how common in the pool a clue should be (vague enough, still telling)
    vote_noise: float  # spread added to each player's suspicion before choosing
    abstain_margin: float  # the suspect must stand out from the next one by this much
    caution: float  # weight of the odds that a ballot hits a civilian (0: votes regardless)
    blend: float  # weight of "this clue also fits the word the table describes" (0: ignores)
    self_doubt: float  # below this chance that the table shares its word, it borrows theirs
    lie_cost: float  # how much less it likes a clue of the table's word that misses its own
    guess_temperature: float  # Mr. White draws his guess from the posterior raised to 1/this
    white_reads: bool  # as Mr. White, follows the clues already given instead of the pool
    knows: float  # the share of the pool's clue-to-entry links it recognises (the rest: misfits)
    white_caution: float  # with Mr. White listening, aims at features this much more common


SKILLS: dict[Strength, Skill] = {
    "debutant": Skill(
        clue_noise=4.0,
        target_share=0.08,
        vote_noise=5.0,
        abstain_margin=0.0,
        caution=0.0,
        blend=0.0,
        self_doubt=0.0,
        lie_cost=9.0,
        white_reads=False,
        knows=0.4,
        guess_temperature=3.0,
        white_caution=1.4,
    ),
    "normal": Skill(
        clue_noise=0.8,
        target_share=0.7,
        vote_noise=2.0,
        abstain_margin=0.4,
        caution=1.5,
        blend=1.5,
        self_doubt=0.3,
        lie_cost=1.0,
        white_reads=True,
        knows=0.7,
        guess_temperature=3.0,
        white_caution=1.4,
    ),
    "malin": Skill(
        clue_noise=0.15,
        target_share=0.5,
        vote_noise=0.15,
        abstain_margin=0.1,
        caution=0.0,
        blend=2.0,
        self_doubt=0.4,
        lie_cost=0.5,
        white_reads=True,
        knows=0.95,
        guess_temperature=0.5,
        white_caution=1.4,
    ),
}

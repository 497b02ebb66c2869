"""The bots' knowledge of the content: which entries the room deals from, what each entry's
clues could be (its tags and attributes), and how well a clue fits an entry.

A clue *fits* an entry when it is one of the entry's features (folded alike: 1), or shares a
significant word with one (0.5), so a person's free text counts too. The likelihood of a clue
given an entry is `EPSILON + fit / len(features)`: a player picks one of their word's
features, or (rarely, `EPSILON`) something else. Unknown words are neutral, as they fit
every entry equally little.
"""

from __future__ import annotations

import functools
import math
import re
import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from undercover.rules.text import clue_contains
from undercover.rules.text import fold as fold_text
from undercover.themes.clue_lists import ClueLists, builtin_lists
from undercover.themes.model import Catalog, Entry
from undercover.themes.select import DealError, DealRequest, allowed_pool

EPSILON = 0.02
READING_EPSILON = 0.002  # reading a word from many clues: a clue off the word is rare
_LONGEST_NAME = 8  # words: the longest name a clue is searched for (longer ones never fit)
_SIGNIFICANT = 4  # a word of at least this many letters can tie a free-text clue to a feature


_SHORTEST_PART = 4  # letters: a shorter word of a feature is rarely a clue on its own
# Words of features that say nothing on their own (a person out of ideas says "flamme" from
# "flamme au bout de la queue", never "forme" from "forme de base"), folded.
_HOLLOW_WORDS = """
    forme base lignee generation evolution intermediaire finale grande grand grands petit
    petite petits petites equipe niveau caractere droite gauche secret affaire famille bande
    mille millions premier premiere dernier derniere toujours jamais beaucoup autre autres
    comme avant apres entre contre depuis pendant moins toute toutes leurs cette celui celle
    quand alors encore aussi faire avoir etre saison episode episodes partie chose sorte
    genre nombre numero version serie saga personnage principal principale second seconde
    membre membres ancien ancienne jeune vieux vieille nouveau nouvelle bonne mauvais
    mauvaise vraie haute basse longue courte grosse pleine simple double moitie plusieurs
    souvent parfois celebre connu connue classique typique fille garcon homme femme
    first second third great small little large older other their there these those which
    where while about after before under without every never always season episode series
    character member version number final based kind sort thing stage level line early late
    young being having poste parle moyen quatre plein visite ronde pousse service siecle
    postale temps origine porte milieu manche depassement ouvert deplace nomme taille
    longues longue longs lente ouest individuel tendues hautes debut annee union europeenne
    central table compagnie difficile heures douce pressee cuite regarder libre moderne
    histoire titre super cinq trois deux milieu public marche objet personnel originale
    distance ligne hauteur pointe cache brisee family staff branch powers friends player
    married partner parent original regional cover power talks circle owner service royal
    business sibling customer loves raised wants voice drinking looks dated former
    everything outside itself hands found lives calls three round killed flying
    avec dans pour sans sous plus tout tres leur elle fait deux fois bien etre lors vers chez
    dont mais peut sont font vont aime sait avait etait fils fille sœur soeur pere mere jour
    haut long gros vrai faux seul rien tete main fort dure mode type zone face lieu part
    with from that this they have into over only also once then them than when what some
    most more very like just made make many much each used uses part side back left both
    does done gets goes kept took said says well good best true real full half high self
    tous jeux bord plan coup veut vive fond cote avis file xixe kung form time guys open eats
    year wins lost wear name case four hire stop down your term pass stay past sign thin site
    trip
"""
_HOLLOW = frozenset(_HOLLOW_WORDS.split())
# Every pool folds the same few thousand texts: folded once per process.
fold = functools.lru_cache(maxsize=1 << 16)(fold_text)


_LETTERS = re.compile(r"[^\W\d_]+")


def _parts_of(feature: str) -> list[str]:
    """The words of a feature, less those of a proper name of several words ("Street
    Fighter", "Ordre du Phénix": a part of it means nothing)."""
    words = _LETTERS.findall(feature)
    if sum(1 for w in words if w[0].isupper()) > 1:
        return [w for w in words if not w[0].isupper()]
    return words


def _words(folded: str) -> frozenset[str]:
    return frozenset(w for w in folded.split() if len(w) >= _SIGNIFICANT)


@dataclass(frozen=True)
class Knowledge:
    """What one bot recognises: each (entry, clue) link it knows with probability `share`,
    the same ones all game long (a person does not know every tag of every character)."""

    who: str  # the bot's seat and word: stable within a game, different between bots
    share: float

    def __call__(self, key: str, clue: str) -> bool:
        if self.share >= 1.0:
            return True
        return zlib.crc32(f"{self.who}|{key}|{clue}".encode()) < self.share * 2**32


EVERYTHING = Knowledge("", 1.0)


@dataclass(frozen=True)
class Lexicon:
    """The pool the room deals from, with every entry's features folded once."""

    entries: tuple[Entry, ...]
    with_attributes: bool  # the attribute variant leaves attributes out: one is a secret word
    same_franchise: bool  # pairs come from one franchise at every level, "none" included
    # What people say of each tag (`themes/<category>/<id>.clues.json`), per theme and tag.
    lists: ClueLists = field(default_factory=dict, hash=False, compare=False)

    @functools.cached_property
    def features(self) -> Mapping[str, tuple[str, ...]]:
        """entry key -> its features as written (tags, attributes, then what people say of
        its tags), without repeats."""
        found = {}
        for e in self.entries:
            attributes = e.attributes if self.with_attributes else ()
            said = self.lists.get(e.franchise_id, {})
            associated = (clue for tag in e.tags for clue in said.get(tag, ()))
            found[e.key] = tuple(dict.fromkeys((*e.tags, *attributes, *associated)))
        return found

    @functools.cached_property
    def parts(self) -> Mapping[str, tuple[str, ...]]:
        """entry key -> the telling words of its longer features, as written ("flamme" from
        "flamme au bout de la queue"), each held by more than one entry of the pool: what a
        person says once the features themselves are used up."""
        loose = self._index[1]
        found = {}
        for key, features in self.features.items():
            words = (w for f in features if " " in f.strip() for w in _parts_of(f))
            found[key] = tuple(
                dict.fromkeys(
                    w
                    for w in words
                    if len(w) >= _SHORTEST_PART
                    and fold(w) not in _HOLLOW
                    and fold(w) not in self.folded[key]
                    and len(loose.get(fold(w), ())) > 1
                )
            )
        return found

    @functools.cached_property
    def folded(self) -> Mapping[str, frozenset[str]]:
        return {key: frozenset(fold(f) for f in feats) for key, feats in self.features.items()}

    def _names_of(self, among: tuple[Entry, ...]) -> frozenset[str]:
        found = self._name_sets.get(id(among))
        if found is None:
            spellings = (fold(s) for e in among for s in (e.name, *e.aliases))
            found = self._name_sets[id(among)] = frozenset(s for s in spellings if s)
        return found

    @functools.cached_property
    def _name_sets(self) -> dict[int, frozenset[str]]:
        """id of a `neighbours` tuple (which this lexicon keeps) -> its names, folded."""
        return {}

    @functools.cached_property
    def entries_by_key(self) -> Mapping[str, Entry]:
        return {e.key: e for e in self.entries}

    @functools.cached_property
    def by_name(self) -> Mapping[str, Entry]:
        found: dict[str, Entry] = {}
        for entry in self.entries:
            for spelling in (entry.name, *entry.aliases):
                found.setdefault(fold(spelling), entry)
        return found

    def entry_named(self, word: str) -> Entry | None:
        return self.by_name.get(fold(word))

    def owners_of(self, word: str) -> tuple[Entry, ...]:
        """Entries holding `word` as an attribute (the attribute variant's undercover word)."""
        return self._owners.get(fold(word), ())

    @functools.cached_property
    def _owners(self) -> Mapping[str, tuple[Entry, ...]]:
        owners: dict[str, list[Entry]] = {}
        for entry in self.entries:
            for attribute in dict.fromkeys(fold(a) for a in entry.attributes):
                owners.setdefault(attribute, []).append(entry)
        return {key: tuple(found) for key, found in owners.items()}

    def neighbours(self, entry: Entry) -> tuple[Entry, ...]:
        """The entries the other camp's word could be: the franchise's, or the whole pool's."""
        if not self.same_franchise:
            return self.entries
        return self._by_franchise[entry.franchise_id]

    @functools.cached_property
    def _by_franchise(self) -> Mapping[str, tuple[Entry, ...]]:
        groups: dict[str, list[Entry]] = {}
        for entry in self.entries:
            groups.setdefault(entry.franchise_id, []).append(entry)
        return {key: tuple(group) for key, group in groups.items()}

    @functools.cached_property
    def _index(self) -> tuple[Mapping[str, frozenset[str]], Mapping[str, frozenset[str]]]:
        """(folded feature -> keys holding it, significant word -> keys with it in a feature)."""
        exact: dict[str, set[str]] = {}
        loose: dict[str, set[str]] = {}
        for key, features in self.folded.items():
            for feature in features:
                exact.setdefault(feature, set()).add(key)
                for word in _words(feature):
                    loose.setdefault(word, set()).add(key)
        return (
            {k: frozenset(v) for k, v in exact.items()},
            {k: frozenset(v) for k, v in loose.items()},
        )

    def matches(self, clue: str) -> Mapping[str, float]:
        """entry key -> fit, for the entries the clue fits at all (read once per clue)."""
        found = self._matches.get(clue)
        if found is None:
            folded = fold(clue)
            exact, loose = self._index
            partial = {k for w in _words(folded) for k in loose.get(w, ())}
            found = dict.fromkeys(partial, 0.5) | dict.fromkeys(exact.get(folded, ()), 1.0)
            self._matches[clue] = found
        return found

    @functools.cached_property
    def _matches(self) -> dict[str, Mapping[str, float]]:
        return {}

    def fit(self, clue: str, entry: Entry) -> float:
        return self.matches(clue).get(entry.key, 0.0)

    def likelihood(self, clue: str, entry: Entry, epsilon: float = EPSILON) -> float:
        return epsilon + self.fit(clue, entry) / max(1, len(self.features[entry.key]))

    def known_matches(self, clue: str, knows: Knowledge) -> Mapping[str, float]:
        """`matches` as one bot sees them: the links it does not know are left out."""
        fits = self.matches(clue)
        if knows.share >= 1.0:
            return fits
        known = self._known.get((clue, knows))
        if known is None:
            folded = fold(clue)
            known = {key: fit for key, fit in fits.items() if knows(key, folded)}
            if len(self._known) > 1 << 14:
                self._known.clear()
            self._known[clue, knows] = known
        return known

    @functools.cached_property
    def _known(self) -> dict[tuple[str, Knowledge], Mapping[str, float]]:
        """(clue, bot) -> the fits it knows: each bot reads the same clues at every vote."""
        return {}

    def log_odds(
        self, clue: str, entry: Entry, among: tuple[Entry, ...], knows: Knowledge = EVERYTHING
    ) -> float:
        """How much more likely `clue` is from `entry` than from a typical entry of `among`."""
        fits = self.known_matches(clue, knows)
        typical = self._typical.get((clue, id(among), knows))
        if typical is None:
            held = sum(
                fits[e.key] / max(1, len(self.features[e.key])) for e in among if e.key in fits
            )
            typical = EPSILON + held / max(1, len(among))
            self._typical[clue, id(among), knows] = typical
        own = EPSILON + fits.get(entry.key, 0.0) / max(1, len(self.features[entry.key]))
        return math.log(own / typical)

    @functools.cached_property
    def _typical(self) -> dict[tuple[str, int, Knowledge], float]:
        """(clue, id of a `neighbours` tuple, which this lexicon keeps) -> mean likelihood."""
        return {}

    def loose_share(self, word: str, among: tuple[Entry, ...]) -> float:
        """The fraction of `among` with `word` (folded) in one of its features."""
        holders = self._index[1].get(fold(word), frozenset())
        return sum(1 for key in holders if key in self._keys(among)) / max(1, len(among))

    def holders(self, feature: str) -> int:
        """How many entries of the pool hold `feature` (1: it names its entry)."""
        return len(self._index[0].get(fold(feature), frozenset()))

    def share(self, feature: str, among: tuple[Entry, ...]) -> float:
        """The fraction of `among` holding `feature` (1 / len: held by one entry only)."""
        holders = self._index[0].get(fold(feature), frozenset())
        if among is self.entries:
            return len(holders) / max(1, len(among))
        return sum(1 for key in holders if key in self._keys(among)) / max(1, len(among))

    def _keys(self, among: tuple[Entry, ...]) -> frozenset[str]:
        keys = self._key_sets.get(id(among))
        if keys is None:
            keys = self._key_sets[id(among)] = frozenset(e.key for e in among)
        return keys

    @functools.cached_property
    def _key_sets(self) -> dict[int, frozenset[str]]:
        return {}

    def posterior(
        self,
        speakers: tuple[tuple[str, ...], ...],
        among: tuple[Entry, ...],
        knows: Knowledge = EVERYTHING,
        majority: float = 1.0,
    ) -> dict[str, float]:
        """entry key -> probability that the word the speakers describe is this entry (uniform
        prior), each speaker's clues in one tuple. Each speaker describes it with chance
        `majority`; else (another word, or none) their clues fit as a typical entry of `among`
        would: a table with an undercover or two still points to the civilians' word, where
        reading every clue as the same word's would favour whatever entry fits them all."""
        base = math.log(READING_EPSILON)
        logs = dict.fromkeys((e.key for e in among), 0.0)
        for clues in speakers:
            own: dict[str, float] = {}  # key -> log-likelihood ratio of the clues, if some fit
            off = 0.0  # the same for a typical entry of `among`
            for clue in clues:
                held = 0.0
                for key, fit in self.known_matches(clue, knows).items():
                    if key in logs:
                        size = max(1, len(self.features[key]))
                        own[key] = own.get(key, 0.0) + math.log(READING_EPSILON + fit / size) - base
                        held += fit / size
                off += math.log(READING_EPSILON + held / max(1, len(among))) - base
            if majority >= 1.0:
                for key, value in own.items():
                    logs[key] += value
                continue
            # Relative to an entry none of the clues fit (a constant shift for all).
            unfit = math.log(majority + (1 - majority) * math.exp(off))
            for key, value in own.items():
                logs[key] += math.log(majority * math.exp(value) + (1 - majority) * math.exp(off))
                logs[key] -= unfit
        top = max(logs.values(), default=0.0)
        weights = {key: math.exp(value - top) for key, value in logs.items()}
        total = sum(weights.values()) or 1.0
        return {key: weight / total for key, weight in weights.items()}

    def gives_away(
        self, clue: str, own: tuple[str, ...], among: tuple[Entry, ...] | None = None
    ) -> bool:
        """Would `clue` name a word: the bot's own (or a part of it), or an entry the other
        camp's word could be (`among`; the whole pool by default)? A name from another
        franchise is no word of this game ("vache" for a cheese)."""
        words = fold(clue).split()
        if not words:
            return True
        spans = {
            " ".join(words[i:j])
            for i in range(len(words))
            for j in range(i + 1, min(len(words), i + _LONGEST_NAME) + 1)
        }
        if spans & self._names_of(self.entries if among is None else among):
            return True
        own_words = {w for s in own for w in fold(s).split() if len(w) >= 3}
        if own and clue_contains(clue, own[0], own[1:]):  # as the engine reads it: plurals too
            return True
        return bool(own_words & set(words)) or bool(spans & {fold(s) for s in own})


_cache: dict[tuple[int, tuple[Any, ...]], tuple[Catalog, Lexicon]] = {}


def lexicon_for(catalog: Catalog, settings: Mapping[str, Any]) -> Lexicon:
    """The lexicon of the pool the room's (public) settings deal from, built once per setting."""
    key = (
        tuple(settings.get("themes") or ()),
        tuple(settings.get("franchises") or ()),
        bool(settings.get("family_safe", True)),
        bool(settings.get("attribute_variant", False)),
        str(settings.get("similarity", "very_close")),
        str(settings.get("word_language", "fr")),
    )
    cached = _cache.get((id(catalog), key))
    if cached is not None and cached[0] is catalog:
        return cached[1]
    request = DealRequest(
        categories=frozenset(key[0]),
        franchises=frozenset(key[1]),
        family_safe_only=key[2],
        attribute_variant=key[3],
        language=key[5],
    )
    try:
        pool = allowed_pool(catalog, request)
    except DealError:
        pool = ()
    # Every level deals inside one franchise, unless no franchise keeps two entries of the pool
    # (themes/select.py, reason small_pool): then the other word comes from anywhere in it.
    franchises = Counter(entry.franchise_id for entry in pool)
    crossing = max(franchises.values(), default=0) < 2
    lexicon = Lexicon(
        pool, with_attributes=not key[3], same_franchise=not crossing, lists=builtin_lists()
    )
    if len(_cache) > 64:
        _cache.clear()
    _cache[id(catalog), key] = (catalog, lexicon)
    return lexicon

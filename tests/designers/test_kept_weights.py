"""The designers' weights kept in parts (a Type's, a creature's, the adjectives that fit a noun)
are the very weights worked out whole, as they were before they were kept."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.designers.naming import _creature_weights, _fitting, vocabulary
from game.designers.personality import personalities
from game.designers.scout import REPEAT_WEIGHT, UNPROTECTED_WEIGHT, _type_weights, type_kinds
from game.mapgen.themes import themes

TYPES = sorted(type_kinds())
KINDS = sorted({p.monsters.kinds for p in personalities().values()}
               | {p.traps.kinds for p in personalities().values()} | {(("nothing-known", 1.0),)})


def _type_weights_whole(kinds, protected, avoid):
    by_kind = dict(kinds)
    names, weights = [], []
    for name, kind in type_kinds().items():
        w = by_kind.get(kind, 0.0)
        if w <= 0:
            continue
        if name not in protected:
            w *= UNPROTECTED_WEIGHT
        if name in avoid:
            w *= REPEAT_WEIGHT
        names.append(name)
        weights.append(w)
    if not names:
        names = list(type_kinds())
        weights = [UNPROTECTED_WEIGHT if n not in protected else 1.0 for n in names]
    return tuple(names), tuple(weights)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(KINDS), st.frozensets(st.sampled_from(TYPES)), st.lists(st.sampled_from(TYPES), max_size=6))
def test_a_types_weights_are_the_whole_tables(kinds, protected, avoid) -> None:
    names, weights, repeats_count = _type_weights(kinds, protected)
    if repeats_count and avoid:
        weights = tuple(w * REPEAT_WEIGHT if n in set(avoid) else w for n, w in zip(names, weights, strict=True))
    assert (names, weights) == _type_weights_whole(kinds, protected, set(avoid))


def _creature_weights_whole(tier, kinds, theme):
    out, weights = [], []
    for c in vocabulary().creatures:
        gap = abs(c.tier - tier)
        if gap > 1:
            continue
        w = 4.0 if gap == 0 else 1.0
        if kinds:
            w *= 4.0 if c.kinds & kinds else 0.25
        w *= 3.0 if theme in c.themes else 1.5 if not c.themes else 0.4
        out.append(c)
        weights.append(w)
    return tuple(out), tuple(weights)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4), st.frozensets(st.sampled_from(sorted({c for c in type_kinds().values()}))),
       st.sampled_from(sorted(themes()) + ["nowhere"]))
def test_a_creatures_weights_are_the_whole_tables(tier, kinds, theme) -> None:
    assert _creature_weights(tier, kinds, theme) == _creature_weights_whole(tier, kinds, theme)


@given(st.sampled_from([words for tone in vocabulary().tones.values() for words in tone.values()]),
       st.sampled_from([c.noun for c in vocabulary().creatures] + ["Hidden Drop", "a GREAT thing"]))
def test_the_adjectives_that_fit_a_noun_repeat_none_of_its_words(adjectives, noun) -> None:
    own = {w.lower() for w in noun.split()}
    assert _fitting(adjectives, noun) == tuple(a for a in adjectives if not own & {w.lower() for w in a.split()})

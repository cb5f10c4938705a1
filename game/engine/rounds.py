"""Rounds (DESIGN.md §4): every living hero acts once in seat order, then the monsters move, the
combat turn resolves and the time track advances (light, meals, lingering)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import capitalised, possessive
from game.engine.combat import any_effects, combat_turn, struggle_free
from game.engine.encounters import wandering_check
from game.engine.fates import wipe
from game.engine.game import TIME_TRACK
from game.engine.harm import suffer
from game.engine.light import burn_light
from game.engine.party_sight import update_sight
from game.engine.reach import engaged_with
from game.engine.sightings import tell_sightings
from game.engine.tactics import monster_turn
from game.world.components import Effects, HeroState, MonsterState

if TYPE_CHECKING:
    from game.engine.game import Game



def start_round(game: Game) -> None:
    """Every living hero acts once, in seat order; a held hero loses its action."""
    update_sight(game)
    for _ in range(50):
        if game.phase != "dungeon":
            return
        game.party.queue = unheld_seats(game)
        tell_held(game)
        if game.party.queue:
            return
        if not game.heroes():
            wipe(game)
            return
        end_round(game)  # everyone is held: the monsters go on
        update_sight(game)


def end_round(game: Game) -> None:
    monster_turn(game)
    if game.party.pressed:
        tell_blows_on_nothing(game)
    fought = combat_turn(game)
    if not fought:
        struggle_free(game)
    game.turn += 1
    burn_light(game)
    if game.turn % TIME_TRACK.meal_rounds == 0:
        eat(game)
    focus = game.party.focus
    if focus:  # the usual round has none to check
        game.party.focus = {k: v for k, v in focus.items() if alive_monster(game, v)}
    if not game.heroes():
        wipe(game)
        return
    if fought:
        game.time.lingering = 0
    elif not monster_after_party(game):
        game.time.lingering += 1
        if game.time.lingering % TIME_TRACK.linger_rounds == 0:
            wandering_check(game)


def tell_blows_on_nothing(game: Game) -> None:
    """A hero walked into a monster ("presses the attack") and the monster then moved out of its
    reach (most often fleeing): the combat turn gives that hero no blow on it, and without a word
    the log would leave the attack hanging. Said before the combat turn, as it happens; a blow
    of an earlier round (one whose round never ended here: the party left the floor) is not."""
    for turn, hero, target in game.party.pressed:
        mon, striker = game.world.try_comp(target, MonsterState), game.world.try_comp(hero, HeroState)
        pos = game.position(target)
        if turn != game.turn or mon is None or mon.hits <= 0 or pos is None or striker is None or striker.hits <= 0:
            continue
        if not engaged_with(game, hero, game.sheet(hero).attack, [(target, pos)]):
            game.say(f"{capitalised(game.name(target))} slips out of {possessive(game.name(hero))} reach.", "combat")
    game.party.pressed.clear()


def turn_done(game: Game, seat: int) -> None:
    """The acting hero's turn is over: the next hero, or the end of the round."""
    if game.phase != "dungeon":
        return
    if game.party.queue and game.party.queue[0] == seat:
        game.party.queue.pop(0)
    if not game.party.queue:
        tell_sightings(game)  # what the action brought into view, before the monsters act
        end_round(game)
        start_round(game)
    else:
        update_sight(game)
        tell_sightings(game)


def unheld_seats(game: Game) -> list[int]:
    """The seats of the living heroes that may act this round, in seat order: a held one may not.
    A hero with no effect on it is asked no more (the usual case, every round: no hero has any)."""
    if not any_effects(game):
        return [hero.seat for _, hero in game.heroes()]
    comp = game.world.comp
    seats = []
    for eid, hero in game.heroes():
        effects = comp(eid, Effects)
        if not effects.active or not effects.held:
            seats.append(hero.seat)
    return seats


def tell_held(game: Game) -> None:
    """Each hero left out of this round for a hold is said to be, with what holds it: a held
    player's turn went by with no word of why."""
    if len(game.party.queue) == len(game.heroes()):
        return  # the usual round: nobody held
    for eid, hero in game.heroes():
        if hero.seat not in game.party.queue:
            holds = [e.source for e in game.world.comp(eid, Effects).active if e.hold]
            game.say(f"{game.name(eid)} is held by {holds[0] if holds else 'something'}: no action this turn.",
                     "combat")


def monster_after_party(game: Game) -> bool:
    """Whether any monster, on any floor, is aware of the party and alive (no lingering then).
    A plain loop, asked every quiet round over every floor's monsters: any() would resume a
    generator per monster."""
    for _, mon in game.world.get(MonsterState):  # noqa: SIM110 - see the docstring
        if mon.aware and mon.hits > 0:
            return True
    return False


def alive_monster(game: Game, eid: int) -> bool:
    mon = game.world.try_comp(eid, MonsterState)
    return mon is not None and mon.hits > 0


def eat(game: Game) -> None:
    """The time track is full: every living hero eats a ration (Roll Through the Dungeon). A hero
    with none goes hungry: the book's loss of 1 HP, as a painful conflict against 1 Pain die."""
    for eid, _ in game.heroes():
        if game.time.rations > 0:
            game.time.rations -= 1
            continue
        game.say(f"{game.name(eid)} has nothing left to eat.", "danger")
        suffer(game, eid, "hunger", -1, 1, "hunger", True, "hunger", kind="hunger")
    if 0 < game.time.rations <= len(game.heroes()):
        left = game.time.rations
        game.say(f"Food is running low: {left} ration{'s' if left != 1 else ''} left.", "danger")

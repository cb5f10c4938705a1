"""Lines the engine writes say what is true and read right (issue 15, point 3): a possessive of a
name ending in s, a mundane item that is not "magic at work", treasure guarded by something the
party cannot see, a surprise that names no monsters when the room keeps the peace."""

from __future__ import annotations

from engine_arena import arena, free_neighbour, give, put_monster, put_trap

from game.engine import actions as A
from game.engine.combat import use_ability
from game.engine.dispatch import apply_action
from game.engine.encounters import surprise
from game.engine.harm import suffer
from game.engine.loot import reachable_treasure
from game.engine.spawning import make_treasure_entity
from game.rules.purchases import Ability, Monster, Treasure
from game.world.components import MonsterState, Position, TreasureState


def test_a_name_ending_in_s_takes_a_bare_apostrophe() -> None:
    game, hero = arena()
    x, y = free_neighbour(game, hero)
    bite = Ability("bite", annoy=1, pain=1, name="bite")
    mon = put_monster(game, x, y, Monster(1, "claws", (bite,), name="Eater of Adventurers"))
    use_ability(game, mon, bite, hero)
    lines = " ".join(line.text for line in game.log)
    assert "Eater of Adventurers' bite" in lines and "Adventurers's" not in lines


def test_a_mundane_item_is_for_trading_not_magic_at_work() -> None:
    game, hero = arena()
    give(game, hero, Treasure(value=2, name="Brass Spoon"))
    result = apply_action(game, A.UseItem(0, 0))
    assert result.reason == "Brass Spoon is for trading in town, not for using."
    give(game, hero, Treasure(fancy=True, value=1, annoy=1, type="fire", name="Ember Ring"))
    ring = next(i for i, (_, t) in enumerate(game.pack(hero)) if t.spec.name == "Ember Ring")
    assert "magic is always at work" in apply_action(game, A.UseItem(0, ring)).reason


def test_treasure_guarded_by_an_unseen_monster_does_not_claim_the_monsters_stand_in_view() -> None:
    game, hero = arena()
    pos = game.position(hero)
    cell = game.floor.cell_of(pos.x, pos.y)
    item = make_treasure_entity(game, Treasure(value=3, name="Gilt Cup"), "Gilt Cup", 1,
                                Position(pos.x, pos.y, pos.floor))
    game.world.comp(item, TreasureState).cell = cell
    x, y = free_neighbour(game, hero)
    lurker = put_monster(game, x, y, Monster(1, name="Lurker"))
    game.derived.visible[:] = False  # the party sees nothing of it
    why = dict(reachable_treasure(game, hero))[item]
    assert why.startswith("Something unseen still prowls this room") and "still stand" not in why
    game.derived.visible[y, x] = True
    assert "the room's monsters still stand" in dict(reachable_treasure(game, hero))[item]
    assert game.world.comp(lurker, MonsterState).hostile


def test_a_peaceful_room_never_announces_a_surprise_attack() -> None:
    for seed in range(1, 400):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(1, name="Shy Vole"))
        state = game.world.comp(mon, MonsterState)
        state.peaceful, state.aware = True, False
        before = len(game.log)
        surprise(game, game.floor.cell_of(x, y))
        lines = [line.text for line in game.log[before:]]
        assert not any(text.startswith("Surprise!") for text in lines), (seed, lines)
        game.close()


def test_an_ability_named_in_the_plural_takes_a_plural_verb() -> None:
    """"Rask's raking claws catches Pim" read wrong: the verb agrees with the ability's own noun,
    not with the owner's name or what follows an "of" (the sentence rule: tests/core)."""
    for name, catch, deal in (("raking claws", "catch", "deal"), ("rain of arrows", "catches", "deals")):
        game, hero = arena()
        x, y = free_neighbour(game, hero)
        ability = Ability("claws", annoy=40, name=name)  # no Pain dice: the hero lives to be caught again
        mon = put_monster(game, x, y, Monster(9, "claws", (ability,), name="Eater of Adventurers"))
        for _ in range(40):  # a resister that ties the obstacle's highest die avoids it: try until caught
            use_ability(game, mon, ability, hero)
        label = f"Eater of Adventurers' {name}"
        lines = [line.text for line in game.log]
        assert f"{label} {catch} Test Soldier." in lines
        suffer(game, hero, label, 1, 40, "claws", False, "Eater of Adventurers", mon, kind="abilities")
        assert any(line.text.startswith(f"{label} {deal} Test Soldier ") for line in game.log[len(lines):])


def test_no_line_names_a_monster_acting_before_the_party_is_told_it_is_there() -> None:
    """The party's look is taken when a round begins, after the monsters moved and fought: a
    monster a hero's step brought into view was named shooting or fleeing before anything said
    it was there, and one in the dark was named with no word that the party could not see it.
    Now the first line about each monster (after the room's or the wanderer's announcement) says
    it comes into view, or that it is out of sight."""
    from game.agents.autoplay import autoplay

    told = ("comes into view", "out of sight")
    announced = ("monsters hold this room", "out of the dark!", "out of sight in the room ahead")
    for seed in range(1, 7):
        game, _ = autoplay(seed, "ai+hero,ai+hero,ai", max_turns=600)
        names = [game.name(e) for e, _ in game.world.get(MonsterState)]
        for name in {n for n in names if names.count(n) == 1 and not any(n in o for o in names if o != n)}:
            lines = [line.text for line in game.log if name in line.text and not any(a in line.text for a in announced)]
            if lines:
                assert any(t in lines[0] for t in told), (seed, lines[:3])
        game.close()


def test_a_feature_that_hurts_says_first_who_worked_it() -> None:
    """"The lever deals Rook of the Low Road 2 damage." came after "The room falls quiet.", and
    "The trapped chest deals Nell Thimble 1 damage." after another hero's search: nothing said
    who had worked the lever or the chest, or that anything had gone wrong there. Now a line
    naming the hero and the feature comes first (the first runs where each happens)."""
    import re

    from game.agents.autoplay import autoplay

    harm = re.compile(r"^The (lever|trapped chest) (?:deals (.+) \d+ damage|does (.+) no harm)\.$")
    met = set()
    for seed in range(1, 120):
        game, _ = autoplay(seed, "ai+hero,ai+hero,ai", max_turns=500)
        lines = [line.text for line in game.log]
        game.close()
        for i, text in enumerate(lines):
            if m := harm.match(text):
                feature, hero = m.group(1), m.group(2) or m.group(3)
                assert feature in lines[i - 1] and hero in lines[i - 1], (seed, lines[i - 1], text)
                met.add(feature)
        if met == {"lever", "trapped chest"}:
            return
    raise AssertionError(f"only {met} hurt anyone in these runs")


def test_a_fever_caught_in_a_mire_is_said_before_it_is_shaken_off() -> None:
    """Seed 13: "Lark Sootwhistle founders in the mire." and, a hundred turns later, "Lark
    Sootwhistle shakes off a fever from the mire." was the first word of any fever: the mire's
    disease (continuous damage, rolled in each Hallway) was caught without a line. Now each
    fever is said when it is caught, as a trap's lasting harm is."""
    from game.agents.autoplay import autoplay

    for seed in range(13, 60):  # the first runs in which a fever is caught and shaken off
        game, _ = autoplay(seed, "ai+hero,ai+hero,ai", max_turns=300)
        lines = [line.text for line in game.log]
        game.close()
        shaken = [i for i, text in enumerate(lines) if " shakes off a fever from the mire" in text]
        if shaken:
            break
    assert shaken
    for i in shaken:
        hero = lines[i].split(" shakes off ")[0]
        caught = sum(text == f"A fever from the mire stays with {hero}: it strikes again in each Hallway until "
                             "shaken off." for text in lines[:i])
        gone = sum(text == f"{hero} shakes off a fever from the mire." for text in lines[:i + 1])
        assert caught >= gone, (hero, lines[i])


def test_a_monster_on_another_floor_never_comes_into_view() -> None:
    """A monster on another floor that checks morale (before rules 20 a room-mate's death here made
    the monsters of the same cell on every floor check) was said to come into view when its spot
    on that floor matched a tile the party sees here."""
    from game.engine.morale import morale_check

    for seed in range(1, 200):
        game, hero = arena(seed)
        x, y = free_neighbour(game, hero)
        mon = put_monster(game, x, y, Monster(1, name="Far Newt"))
        game.world.comp(mon, Position).floor = game.dungeon.floor_no + 1  # the same spot, a floor down
        before = len(game.log)
        fled = morale_check(game, mon)
        lines = [line.text for line in game.log[before:]]
        game.close()
        if lines:  # it fled or rallied: said out of sight, never in view
            did = "breaks and flees!" if fled else "rallies with a roar!"
            assert lines == [f"Far Newt, out of sight, {did}"], lines
            return
    raise AssertionError("no seed made it flee or rally")


def test_an_ai_hero_grows_no_trait_past_its_highest_degree() -> None:
    """An AI hero raised its fighting trait at every growth, past "the most sorcerous" (each time
    a die more on the rolls it ties to), while a human's was held at the highest degree. Now the
    AI's growth stops there too and goes to a trait it may still grow by (rules 21)."""
    from game.core.content import traits
    from game.engine.growth import develop
    from game.world.components import HeroState

    game, hero = arena(seats="ai+hero,ai,ai")
    top = len(traits().degrees)
    for _ in range(3 * top):
        develop(game, hero, "a test")
    held = game.world.comp(hero, HeroState).traits
    assert max(held.count(t) for t in held) == top
    assert len(set(held)) > 3  # the growth went on to other traits
    lines = [line.text for line in game.log if "grows (a test)" in line.text]
    assert len(lines) == 3 * top and all("beyond" not in text for text in lines)


def test_the_line_that_ends_an_annoying_roll_names_the_seat_that_tells_it() -> None:
    """The roll panel said "freezing spray (annoying, ..., told by Ann)" but the log's "Ysolde
    avoids Orrin's freezing spray." had no "~ Ann", nor did a trap avoided or a door worked: only
    a painful roll's lines named their teller. Every outcome line of an annoying roll does now:
    an ability (both ways), a trap sprung (through `spring`, as a step springs it)."""
    from game.engine.trap_play import spring
    from game.rules.purchases import Trap

    told: dict[str, int] = {}
    for seed in range(1, 40):
        game, hero = arena(seed=seed)
        x, y = free_neighbour(game, hero)
        spray = Ability("cold", annoy=2, pain=1, name="freezing spray")
        mon = put_monster(game, x, y, Monster(1, "claws", (spray,), name="Orrin"))
        use_ability(game, mon, spray, hero)
        record = next(r for r in reversed(game.rolls) if r.kind == "annoy")
        line = next(line for line in game.log if line.text.startswith("Orrin's freezing spray catches")
                    or line.text.endswith("avoids Orrin's freezing spray."))
        assert record.narrator >= 0 and line.narrator == record.narrator, (seed, line, record.narrator)
        told["avoids" if "avoids" in line.text else "catches"] = seed
        trap = put_trap(game, x, y, Trap("fire", annoy=2, pain=1, name="Test Plate"))
        spring(game, trap, hero, "steps on a plate")
        record = next(r for r in reversed(game.rolls) if r.kind == "annoy")
        said = [line for line in game.log if line.text.endswith("avoids Test Plate.")]
        if said:
            assert said[-1].narrator == record.narrator, (seed, said[-1])
            told["trap"] = seed
        if len(told) == 3:
            return
    raise AssertionError(f"not every outcome came up: {told}")

"""Entering rooms: the Hallway before each new room (Fungeon), the table's roll-off, human
designers' picks and builds while the Hallway waits, and the room designed, carved and filled."""

from __future__ import annotations

from game.core.sentences import plural
from game.engine import actions as A
from game.engine.combat import continuous_effects
from game.engine.encounters import surprise
from game.engine.game import Game, PendingRoom
from game.engine.growth import develop
from game.engine.kits import give_kit
from game.engine.placement import free_tile_near, room_tile
from game.engine.quests import is_named, target_for_room, wants_objective
from game.engine.results import DONE, Refused, Result
from game.engine.spawning import make_treasure_entity, spawn_room
from game.rules.heroes import max_hits
from game.rules.party import level_for_xp, level_up_heal, new_hero_level, party_min_rose, room_budgets
from game.rules.purchases import Treasure
from game.world.components import HeroState, Position, TreasureState


def waiting_words(game: Game) -> str:
    """What the Hallway waits for, said to a seat whose action must wait too."""
    waiting = game.hallway.pending.waiting if game.hallway.pending is not None else ()
    if waiting[:1] == ("trait",):
        hero = game.party.hero_of.get(waiting[1])
        return f"The Hallway waits for {game.name(hero)}'s growth to be chosen."
    return "The Hallway waits for the designers."


def hallway(game: Game, leader: int) -> bool:
    """Fungeon's Hallway, in order: new heroes for the dead, level-ups, continuous damage.
    Each step says what it did as it happens, so the log keeps that order (a level reached
    comes before the growth it brings). Returns whether Party Min rose (a Downward Stair is
    owed, see `party_min_rose`)."""

    before = {seat: game.world.comp(eid, HeroState).level for seat, eid in game.party.hero_of.items()}
    replaced = set()
    lpos = game.position(leader)
    for seat in sorted(game.party.hero_of):
        hero = game.world.comp(game.party.hero_of[seat], HeroState)
        if hero.hits > 0:
            continue
        level = new_hero_level(game.dungeon.floor_no)
        eid = game.make_hero(seat, level)
        give_kit(game, eid)  # a replacement sets out from town with its class's kit too
        x, y = free_tile_near(game, lpos.x, lpos.y)
        game.world.add(eid, Position(x, y, game.dungeon.floor_no))
        replaced.add(seat)
        game.say(f"{game.name(eid)} joins the party at Level {level}, for {game.seats[seat].name}.", "hallway")
    for eid, hero in game.heroes():
        level = level_for_xp(hero.xp, hero.level)
        if level > hero.level:
            gained = level - hero.level
            hero.level = level
            hero.hits = min(max_hits(level), hero.hits + level_up_heal(gained))
            game.say(f"{game.name(eid)} reaches Level {level}!", "hallway")  # before what the level brings
            for _ in range(gained):
                develop(game, eid, "a level gained")
    continuous_effects(game, in_combat=False)
    after = {h.seat: h.level for _, h in game.heroes()}
    game.dungeon.last_party_min = game.party_numbers()[0]
    return party_min_rose(before, after, replaced)


class NeedChoice(Exception):
    def __init__(self, seat: int, left: tuple[str, ...]) -> None:
        self.seat, self.left = seat, left


def enter_room(game: Game, leader: int, cell: tuple[int, int], side: str, target: tuple[int, int]) -> bool:
    """The party enters an unmapped cell: Hallway, roll-off, the designers spend, the room is
    carved and furnished. Returns False while a human hero's growth is still to be chosen (the
    Hallway's level-ups come before the roll-off, and the designers see the party as it will
    enter) or human designers still have to choose or build (game.hallway.pending says what
    for); the step into the room completes when they have."""
    from game.designers.builds import decode  # start-up: the first frame needs no designer
    from game.designers.hallway import roll_off  # start-up: the first frame needs no designer
    from game.designers.room_design import design_room  # start-up: the first frame needs no designer
    from game.designers.table import designers_for  # start-up: the first frame needs no designer

    if game.hallway.pending is None:
        min_rose = hallway(game, leader)
        if not game.heroes():
            return True
        game.hallway.pending = PendingRoom(leader, cell, side, target, min_rose)
    pending = game.hallway.pending
    owed = next((hero.seat for _, hero in game.heroes() if hero.growth_due > 0), None)
    if owed is not None:  # a level-up's trait is chosen in the Hallway, before anyone designs
        pending.waiting = ("trait", owed)
        return False
    designers = designers_for(game.seats, game.dials.design)
    room_no = game.stats.rooms_entered + 1
    stream = game.streams.get("hallway", game.dungeon.floor_no, room_no).fork("roll-off")

    def choose(seat: int, left: tuple[str, ...]) -> str:
        made = [c for s, c in pending.picks if s == seat]
        asked = choose.calls.get(seat, 0)  # type: ignore[attr-defined]
        choose.calls[seat] = asked + 1  # type: ignore[attr-defined]
        if asked < len(made):
            return made[asked]
        raise NeedChoice(seat, left)

    choose.calls = {}  # type: ignore[attr-defined]
    try:
        rolloff = roll_off(designers, game.dials.die, stream, choose)
    except NeedChoice as need:
        pending.waiting = ("category", need.seat, need.left)
        return False
    floor = game.floor
    plan = floor.plan_room(cell, side, need_stair=pending.min_rose)
    if pending.quest_target is None:  # asked once, before any human builds: the builder names it
        pending.quest_target = target_for_room(game, plan.interaction, room_no)
    quest_target = pending.quest_target
    heroes = game.heroes()
    budgets = room_budgets([h.level for _, h in heroes], game.dungeon.floor_no)
    by_seat = {d.seat: d for d in designers}
    for category, seat in rolloff.picks:
        if not by_seat[seat].ai and category not in pending.manual:
            pending.waiting = ("build", seat, category, getattr(budgets, category), plan)
            return False
    game.party.category_order = tuple(rolloff.order)
    items = [i for eid, _ in heroes for i in game.items(eid)]
    manual = {c: decode(c, raw, plan.spots) for c, raw in pending.manual.items()}
    design = design_room(game.streams, game.dungeon.floor_no, room_no, [game.sheet(e) for e, _ in heroes], designers,
                         rolloff, game.dials, items=items, cell=cell, plan=plan, min_rose=pending.min_rose,
                         seen_names=game.dungeon.seen_names, manual=manual, library=game.designs,
                         quest_target="" if "monsters" in manual else quest_target)
    if quest_target:
        bought = any(is_named(p.monster.name, quest_target) for p in design.monsters)
        game.dungeon.quest_carry = "" if bought else quest_target
    game.hallway.pending = None
    floor.carve(design.plan, side)
    floor.cells[cell].entered = True
    game.hallway.last_design = design
    game.dungeon.room_titles[(game.dungeon.floor_no, cell)] = design.title
    game.stats.rooms_entered += 1
    takers = ", ".join(f"{game.seats[s].name} {c}" for c, s, _ in design.takers)
    game.say(f"Hallway: {takers}. Ahead: {design.title}.", "hallway")
    game.stats.rooms.append(f"Floor {game.dungeon.floor_no} room {room_no}: {design.title}; "
                            f"{plural(len(design.monsters), 'monster')}, {plural(len(design.traps), 'trap')}, "
                            f"{plural(len(design.treasure), 'treasure')}")
    spawn_room(game, design, target)
    interaction = design.plan.interaction
    game.stats.rooms_by_interaction[interaction] = game.stats.rooms_by_interaction.get(interaction, 0) + 1
    if wants_objective(game, interaction):
        place_objective(game, cell)
    if game.dials.surprise and design.monsters:
        surprise(game, cell)
    return True


def take_category(game: Game, action: A.TakeCategory) -> Result:
    """A human seat's pick of a category in the waiting Hallway's roll-off."""
    pending = game.hallway.pending
    if pending is None or not pending.waiting or pending.waiting[0] != "category" or action.seat != pending.waiting[1]:
        return Refused("It is not that seat's pick.")
    if action.category not in pending.waiting[2]:
        reason = f"{action.category} is not left to take."
        game.say(reason)
        return Refused(reason)
    pending.picks.append((action.seat, action.category))
    game.say(f"{game.seats[action.seat].name} takes {action.category.title()}.", "hallway")  # as the roll-off lists it
    return DONE


def build_room(game: Game, action: A.BuildRoom) -> Result:
    """A human seat's purchases for its category; a build that breaks a rule is refused with the
    rule's reason (in the log too, where the table reads it)."""
    pending = game.hallway.pending
    if (pending is None or not pending.waiting or pending.waiting[0] != "build" or action.seat != pending.waiting[1]
            or action.category != pending.waiting[2]):
        return Refused("It is not that seat's build.")
    problem = build_problem(game, action.category, action.items, pending.waiting[3], pending.waiting[4])
    if problem:
        game.say(f"That build cannot stand: {problem}", "danger")
        return Refused(f"That build cannot stand: {problem}")
    pending.manual[action.category] = action.items
    return DONE


def build_problem(game: Game, category: str, items: tuple, budget: int, plan) -> str:  # noqa: ANN001 - RoomPlan
    """The first rule a human build breaks ("" if none): every feature legal, the budget spent
    exactly, each monster at least Floor points, resist only against Types the party uses, and
    the quest's creature bought first when it is due in this room and the budget holds it
    (DESIGN.md §3: the Monsters seat must buy it, as an AI seat does)."""
    from game.designers.builds import decode  # start-up: the first frame needs no designer
    from game.designers.monsters import check_monsters  # start-up: the first frame needs no designer
    from game.designers.scout import view_party  # start-up: the first frame needs no designer
    from game.designers.traps import check_traps  # start-up: the first frame needs no designer
    from game.designers.treasure import check_treasure  # start-up: the first frame needs no designer

    try:
        decoded = decode(category, items, plan.spots)
        heroes = game.heroes()
        if category == "monsters":
            view = view_party([game.sheet(e) for e, _ in heroes], [i for e, _ in heroes for i in game.items(e)])
            check_monsters(decoded, budget, game.dungeon.floor_no, view)
            target = game.hallway.pending.quest_target if game.hallway.pending is not None else ""
            if target and budget >= max(1, game.dungeon.floor_no) and not any(
                    is_named(m.name, target) for m in decoded):
                return f"the quest's {target} is due in this room: name one monster for it (f buys it first)"
        elif category == "treasure":
            check_treasure((p.item for p in decoded), budget)
        else:
            # every room has treasure (its budget, Party Min + Floor, is at least 1 and all spent),
            # even when the Treasure seat builds after this one: a trap may guard it
            check_traps(decoded, budget, plan.spots, has_treasure=True)
    except (AssertionError, ValueError, TypeError) as exc:
        return str(exc).split(": ", 1)[-1] or "it breaks a rule"
    return ""


def place_objective(game: Game, cell: tuple[int, int]) -> None:
    """An objective room of table RI holds the quest's objective item: worth nothing in town
    (no seat's budget pays for it, so it gives no points), counted when the party carries it out
    to town (`quests.bring_out`); it is not the room's treasure (its monsters do not guard it)."""
    x, y = room_tile(game, cell, 1)
    eid = make_treasure_entity(game, Treasure(), f"the object of the quest ({game.quest.name})", -1,
                               Position(x, y, game.dungeon.floor_no))
    state = game.world.comp(eid, TreasureState)
    state.cost, state.objective = 0, True  # no cell: it is the quest's, not the room's treasure
    game.say("Something here is what the quest is after.", "loot")

"""Quests from Roll Through the Dungeon's table Q as run goals (data/rttd/quests.toml): taken at
the entrance, paid there when the party leaves by it with the goal met, half the purse lost when
the run ends without it. Every quest of the table is offered; a quest's named creatures are put
in rooms by its own roll (or in its objective rooms) and bought by that room's Monsters seat."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from game.core.sentences import possessive
from game.engine.harm import resist
from game.mapgen.tables import Quest, encounter_name, quests
from game.world.components import MonsterState, Position, TreasureState

if TYPE_CHECKING:
    from game.engine.game import Game


def all_quests() -> list[Quest]:
    """Every quest of table Q (the book's blank rows are not in the data)."""
    return list(quests())


def pick_quest(game: Game) -> Quest | None:
    """The run's quest, drawn from table Q less the floors the party would stand on already: a
    party of Level 3 sets out on Floor 3, where "reach Floor 3" would be fulfilled before a step."""
    start = game.dungeon.entrance_floor
    quests = [q for q in all_quests() if not (q.goal == "reach_floor" and q.count <= start)]
    return game.streams.get("quest").choice(quests) if quests else None


def is_named(name: str, target: str) -> bool:
    """A creature's name names the target as a word (a hobgoblin is no goblin)."""
    return re.search(rf"\b{re.escape(target.lower())}\b", name.lower()) is not None


def named_count(game: Game, quest: Quest, target: str) -> int:
    """How many `target`s the run has killed (or caught, for a catching quest)."""
    tally = game.stats.caught_by_name if quest.catch else game.stats.kills_by_name
    return sum(v for k, v in tally.items() if is_named(k, target))


def parts_done(game: Game, quest: Quest) -> list[int] | None:
    """For a quest of several parts, each to be done `count` times (every creature of a kill-them-
    all quest, every sort of room), how far each has come; None for a quest of one."""
    if quest.goal == "kill_named":
        return [named_count(game, quest, n) for n in quest.names]
    if quest.goal == "map_each":
        return [game.stats.rooms_by_interaction.get(i, 0) for i in quest.interactions]
    return None


def progress(game: Game, quest: Quest) -> int:
    """How far the run has come towards `quest` (a quest of parts: its part least done)."""
    stats = game.stats
    parts = parts_done(game, quest)
    if parts is not None:
        return min(parts, default=0)
    if quest.goal == "win_fights":
        return stats.fights_won
    if quest.goal == "kill_monsters":
        return stats.monsters_killed
    if quest.goal == "collect":
        return brought_out(game, quest) + in_the_packs(game, quest)
    if quest.goal == "map_rooms":
        return stats.rooms_entered
    if quest.goal == "find_objective":
        return stats.objectives + in_the_packs(game, quest)
    if quest.goal == "reach_floor":
        return stats.deepest_floor
    return 0


def steps_done(game: Game, quest: Quest) -> tuple[int, int]:
    """How far the run has come towards `quest` as a player counts it, and out of how many: each
    part of a quest of parts counts on its own, so one lord of two dead reads 1/2 (`progress`,
    which fulfils the quest, is the part least done: 0 of 1, as if nothing had been done)."""
    count = quest.count
    parts = parts_done(game, quest)
    if parts is not None and len(parts) > 1:
        return sum(min(p, count) for p in parts), count * len(parts)
    return min(progress(game, quest), count), count


def brought_out(game: Game, quest: Quest) -> int:
    """The items a collect quest wants that the party has already carried out to town."""
    stats = game.stats
    if quest.heal_only:
        return stats.collected_heal
    return stats.collected_fancy if quest.fancy_only else stats.collected


def counts_for(quest: Quest, item: TreasureState) -> bool:
    """Whether a carried item would count for `quest` were it carried out now: an objective item
    for an objective quest, else an item taken below that the collect quest's words admit."""
    if quest.goal == "find_objective":
        return item.objective
    return (quest.goal == "collect" and item.from_below and (item.spec.heal > 0 or not quest.heal_only)
            and (item.spec.fancy or not quest.fancy_only))


def in_the_packs(game: Game, quest: Quest) -> int:
    """The items the party carries now that would count for the quest in town: taken, but not
    yet carried out (one drunk, or dropped by a fallen hero, counts no more until taken again)."""
    return sum(1 for eid, _ in game.heroes() for _, item in game.pack(eid) if counts_for(quest, item))


def bring_out(game: Game) -> None:
    """The party reaches town: what it carries up from below is counted for the quests (the
    book's "bring out"), once: an item taken back down and up again is not counted twice. An
    objective item is what the quest's client wants back (the book's "recover it", "return
    them"): it is handed over, not kept in a pack as a thing worth nothing. The log says what
    the quest gained when it is not yet fulfilled (that has a line of its own)."""
    stats = game.stats
    quest = game.quest
    held = in_the_packs(game, quest) if quest is not None else 0
    for eid, _ in game.heroes():
        for item_eid, item in game.pack(eid):
            if item.from_below:
                item.from_below = False
                stats.collected += 1
                stats.collected_fancy += bool(item.spec.fancy)
                stats.collected_heal += item.spec.heal > 0
            if item.objective:
                stats.objectives += 1
                game.say(f"{game.name(eid)} hands over {game.name(item_eid)}.", "loot")
                game.world.delete(item_eid)
    if held and not fulfilled(game):
        game.say(f"Carried out for the quest ({quest.name}): {held}. So far {progress_words(game)}.", "loot")


def fulfilled(game: Game) -> bool:
    return game.quest is not None and progress(game, game.quest) >= game.quest.count


def wanted(game: Game) -> list[str]:
    """The quest's named creatures still to be killed or caught."""
    quest = game.quest
    if quest is None or quest.goal != "kill_named" or fulfilled(game):
        return []
    return [n for n in quest.names if named_count(game, quest, n) < quest.count]


def to_be_caught(game: Game, mon_eid: int) -> bool:
    """Whether the quest wants this creature caught (a hero lays hands on it, never a blow)."""
    quest = game.quest
    if quest is None or not quest.catch:
        return False
    name = game.name(mon_eid)
    return any(is_named(name, n) for n in wanted(game))


def target_for_room(game: Game, interaction: str, room_no: int) -> str:
    """The creature the quest puts in the room about to be designed ("" for none): one a
    previous room could not buy, else one in an objective room (quests whose targets are "always
    encountered" there), else the quest's own roll on table E naming one still wanted."""
    still = wanted(game)
    if not still:
        game.dungeon.quest_carry = ""
        return ""
    if game.dungeon.quest_carry in still:
        return game.dungeon.quest_carry
    quest = game.quest
    if "objective" in quest.target_rooms and interaction == "objective":
        return still[0]
    if "encounter" in quest.target_rooms:
        stream = game.streams.get("quest-encounter", game.dungeon.floor_no, room_no)
        name = encounter_name(stream, quest.encounter).name
        if any(name.lower() == n.lower() for n in still):
            return next(n for n in still if name.lower() == n.lower())
    return ""


def wants_objective(game: Game, interaction: str) -> bool:
    """An objective room holds one objective item while the quest still needs one."""
    quest = game.quest
    return (quest is not None and quest.goal == "find_objective" and interaction == "objective"
            and not fulfilled(game))


def ending_penalty(game: Game) -> int:
    """What giving up the quest costs when the run ends: "half" is half the purse."""
    if game.quest is None or fulfilled(game) or game.stats.quest_paid:
        return 0
    return game.party.purse // 2 if game.quest.penalty == "half" else 0


def stakes(quest: Quest) -> str:
    """What the quest pays and what giving it up costs, as the offer and the help say it."""
    paid = f"Its reward, {quest.reward} to the purse, is paid in town when the party climbs out with it done"
    price = "; retiring without it done costs half of what the party would bank."  # town.retiring_worth
    return paid + (price if quest.penalty == "half" else ".")


SORT_WORDS = {"features": "with features", "empty": "empty", "objective": "holding an objective",
              "encounter": "with an encounter"}  # table RI's rooms, as a player tells them apart


def progress_words(game: Game) -> str:
    """How far the run has come towards its quest, in the goal's own words and true to the counts
    the quest is judged by: "2 of 3 fights won", "goblin 1/3 killed", "rooms empty 0/2, ..."."""
    quest = game.quest
    if quest is None:
        return ""
    stats, n, count = game.stats, progress(game, quest), quest.count
    if quest.goal == "win_fights":
        return f"{n} of {count} fights won"
    if quest.goal == "kill_monsters":
        return f"{n} of {count} monsters killed"
    if quest.goal == "collect":
        kind = "healing items" if quest.heal_only else "Fancy items" if quest.fancy_only else "items"
        return carried_words(brought_out(game, quest), in_the_packs(game, quest), count, f" {kind}")
    if quest.goal == "map_rooms":
        return f"{n} of {count} rooms mapped"
    if quest.goal == "map_each":
        each = ", ".join(f"{SORT_WORDS.get(i, i)} {stats.rooms_by_interaction.get(i, 0)}/{count}"
                         for i in quest.interactions)
        return f"rooms mapped of each sort: {each}"
    if quest.goal == "find_objective":
        return carried_words(stats.objectives, in_the_packs(game, quest), count, "")
    if quest.goal == "reach_floor":
        return f"the deepest floor reached is {n}, the quest's is {count}"
    if quest.goal == "kill_named":
        done = "caught" if quest.catch else "killed"
        return ", ".join(f"{name} {named_count(game, quest, name)}/{count} {done}" for name in quest.names)
    return f"{n}/{count}"


def carried_words(out: int, held: int, count: int, kind: str) -> str:
    """"1 of 3 items brought out, 1 more in the packs": the quest counts an item once it reaches town."""
    more = f", {held} more in the packs" if held else ""
    return f"{out} of {count}{kind} brought out{more}"


def how_words(quest: Quest) -> str:
    """What the player does that the goal's words leave unsaid ("" when nothing)."""
    if quest.catch:
        return (" To catch it, walk into it: an Agility roll against the Floor's dice; missed, it bolts. "
                "No hero strikes or shoots at it in a fight; killing it would not count.")
    if quest.goal == "find_objective":
        return (" What the quest is after lies in rooms the log marks (\"what the quest is after\"):"
                " take it and carry it out to town.")
    if quest.goal == "collect":
        return " An item counts once it is carried out to town: one used up or left below does not."
    return ""


def standing(game: Game) -> str:
    """Where the quest stands, in the words the end screen and the morgue file share: "fulfilled,
    reward 14", "done but never brought home", "7/10, given up for 10", "2/10" ("" for none)."""
    quest = game.quest
    if quest is None:
        return ""
    if game.stats.quest_paid:
        return f"fulfilled, reward {quest.reward}"
    if fulfilled(game):
        return "done but never brought home"
    done = "{}/{}".format(*steps_done(game, quest))
    return f"{done}, given up for {game.stats.quest_penalty}" if game.stats.quest_penalty else done


def try_catch(game: Game, hero_eid: int, mon_eid: int) -> bool:
    """A hero lays hands on a creature its quest wants caught (Roll Through the Dungeon: "catch
    it with Agility [S: caught][F: escaped]"): an annoying conflict against Floor dice (the book
    gives no tier). Caught, it leaves the dungeon with the party; missed, it bolts. Returns
    whether this was a catch attempt (the hero's blow is spent on it either way)."""
    if not to_be_caught(game, mon_eid):
        return False
    name = game.name(mon_eid)
    ok, _, teller = resist(game, hero_eid, f"{name} (Agility)", -1, game.dungeon.floor_no, "", False,
                           action="agility")
    mon = game.world.comp(mon_eid, MonsterState)
    if ok:
        game.stats.caught_by_name[name.lower()] = game.stats.caught_by_name.get(name.lower(), 0) + 1
        mon.hits = 0
        game.world.remove(mon_eid, Position)
        game.say(f"{game.name(hero_eid)} catches {name}, gently.", "loot", teller)
    else:
        mon.fleeing, mon.aware, mon.peaceful = True, True, False
        game.say(f"{name} slips through {possessive(game.name(hero_eid))} fingers and bolts!", "danger", teller)
    return True

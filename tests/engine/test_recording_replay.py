"""The replay viewer's engine side: stepping, stepping back by keyframes, jumping to a turn."""

from __future__ import annotations

import random
from pathlib import Path

import esper
import pytest

from game.agents.scripted import play_scripted
from game.core.errors import ReplayDesync
from game.engine import replay as replay_mod
from game.engine.dispatch import apply_action
from game.engine.game import Game
from game.engine.recording import Recorder, Recording, Step
from game.engine.recording_read import parse_recording
from game.engine.replay import KEYFRAME_EVERY, Replay, clone_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def recording() -> Recording:
    recorder = Recorder.for_new_game(None, 3, "human,human,ai", 2, None, flush_every=0)
    game = recorder.start()
    play_scripted(game, 360, recorder.add)
    data = recorder.to_bytes(game)
    game.close()
    return parse_recording(data)


@pytest.fixture(scope="module")
def hashes(recording: Recording) -> list[str]:
    """state_hash() after each number of actions, by plain application."""
    game = recording.header.new_game()
    out = [game.state_hash()]
    for step in recording.steps:
        apply_action(game, step.action)
        out.append(game.state_hash())
    game.close()
    return out


def test_stepping_forward_is_the_recorded_game(recording: Recording, hashes: list[str]) -> None:
    replay = Replay(recording)
    assert replay.at_start and replay.last_action is None and replay.step_back() is False
    for i in range(len(recording.steps)):
        assert replay.next_step is recording.steps[i]
        assert replay.step() is recording.steps[i]
        assert replay.game.state_hash() == hashes[i + 1]
    assert replay.at_end and replay.step() is None and replay.next_step is None
    assert replay.last_action == recording.steps[-1].action
    replay.close()


def test_seeking_anywhere_and_stepping_back_give_the_same_game(recording: Recording, hashes: list[str]) -> None:
    replay = Replay(recording)
    replay.run()
    rnd = random.Random(8)
    for target in [0, len(recording.steps), *rnd.sample(range(len(recording.steps)), 12)]:
        replay.seek(target)
        assert (replay.index, replay.game.state_hash()) == (target, hashes[target])
        if replay.step_back():
            assert replay.game.state_hash() == hashes[target - 1]
    replay.close()


def test_a_step_back_replays_from_a_keyframe_not_from_the_start(recording: Recording,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(recording.steps) > 2 * KEYFRAME_EVERY
    replay = Replay(recording)
    replay.run()
    applied = []
    original = replay_mod.apply_action
    monkeypatch.setattr(replay_mod, "apply_action",
                        lambda game, action: (applied.append(action), original(game, action)))
    replay.step_back()
    assert 0 < len(applied) < KEYFRAME_EVERY
    replay.close()


def test_jump_to_turn_lands_where_that_turn_begins(recording: Recording) -> None:
    replay = Replay(recording)
    last = recording.turns
    for turn in (0, 1, last // 3, last // 2, last - 1, last, last + 50):
        replay.jump_to_turn(turn)
        assert replay.turn == min(turn, last) or replay.at_end
        assert replay.index == 0 or recording.steps[replay.index - 1].turn < turn
    replay.jump_to_turn(5)
    assert replay.turn == 5
    replay.close()


def test_without_copies_it_replays_from_the_start_and_is_still_right(recording: Recording, hashes: list[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Game) -> Game:
        raise TypeError("cannot copy")

    monkeypatch.setattr(replay_mod, "clone_game", broken)
    replay = Replay(recording)
    replay.seek(150)
    replay.step_back()
    assert (replay.index, replay.game.state_hash()) == (149, hashes[149])
    replay.close()


def test_a_copied_game_goes_its_own_way(recording: Recording, hashes: list[str]) -> None:
    game = recording.header.new_game()
    half = len(recording.steps) // 2
    for step in recording.steps[:half]:
        apply_action(game, step.action)
    copy = clone_game(game)
    assert copy.state_hash() == game.state_hash()
    for step in recording.steps[half:]:
        apply_action(copy, step.action)
    assert game.state_hash() == hashes[half]
    assert copy.state_hash() == hashes[-1]
    for step in recording.steps[half:]:
        apply_action(game, step.action)
    assert game.state_hash() == hashes[-1]
    game.close()
    copy.close()


def test_a_desync_in_the_viewer_names_its_turn(recording: Recording) -> None:
    steps = list(recording.steps)
    bad = steps[40]
    steps[40] = Step(bad.action, bad.turn, bad.after, bad.check ^ 1, bad.state)
    replay = Replay(Recording(recording.header, steps, recording.end))
    replay.seek(40)
    with pytest.raises(ReplayDesync) as err:
        replay.step()
    assert err.value.turn == bad.turn
    replay.close()


def test_closing_frees_every_world(recording: Recording) -> None:
    before = set(esper.list_worlds())
    replay = Replay(recording)
    replay.run()
    replay.seek(10)
    replay.close()
    assert set(esper.list_worlds()) <= before | {"default"}

"""Recordings: what they hold, that they replay, and that every kind of bad file is refused in
one line with exit 3 (DESIGN.md §6, §7; issue 8)."""

from __future__ import annotations

import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.agents.autoplay import play
from game.agents.scripted import play_scripted
from game.cli import main
from game.core.dials import Dials
from game.core.errors import ReplayDesync
from game.core.rng import Streams, derive_seed
from game.core.seats import HeroChoice
from game.engine import actions as A
from game.engine.dispatch import apply_action
from game.engine.game import RULES_VERSION
from game.engine.recorded_play import replay, replay_salvaged
from game.engine.recording import CHECK_BITS, FORMAT_VERSION, MAGIC, STATE_EVERY, Recorder, rng_check
from game.engine.recording_read import parse_recording, read_recording

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))


def record_scripted(path: Path | None, seed: int = 3, seats: str = "human,ai,ai", actions: int = 150,
                    **kw: object) -> tuple[Recorder, object]:
    recorder = Recorder.for_new_game(path, seed, seats, 2, None, flush_every=0, durable=False, **kw)
    game = recorder.start()
    play_scripted(game, actions, recorder.add)
    recorder.finish(game)
    return recorder, game


def record_autoplay(path: Path, seed: int = 2, turns: int = 120) -> tuple[Recorder, object]:
    recorder = Recorder.for_new_game(path, seed, "ai+hero,ai+hero,ai", 2, None, durable=False)
    game = recorder.start()
    play(game, turns, on_action=recorder.add)
    recorder.finish(game)
    return recorder, game


def payload_lines(path: Path) -> tuple[bytes, list[bytes]]:
    data = path.read_bytes()
    first, _, body = data.partition(b"\n")
    return first + b"\n", zlib.decompress(body[:-4]).split(b"\n")[:-1]


def rewrite(path: Path, first: bytes, lines: list[bytes]) -> None:
    """A well-formed file with these lines (as if a bug, not damage, had written them)."""
    data = first + zlib.compress(b"\n".join(lines) + b"\n")
    path.write_bytes(data + zlib.crc32(data).to_bytes(4, "big"))


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, (out.out + out.err).strip()


# ----- what a recording holds ------------------------------------------------------------------
def test_the_header_holds_everything_a_fresh_game_needs(tmp_path: Path) -> None:
    hero = HeroChoice("Wren Tallow", "dwarf", "brave", "rogue", ("stealthy", "deadly"))
    path = tmp_path / "r.mlrec"
    recorder = Recorder.for_new_game(path, 77, "human, AI+hero ,ai", 1, Dials(die=8, theme="forest"), {0: hero})
    game = recorder.start()
    apply_action(game, A.Wait(0))
    recorder.add(game, A.Wait(0))
    rec = read_recording(path)
    assert (rec.header.seed, rec.header.seats, rec.header.level) == (77, "human,ai+hero,ai", 1)
    assert rec.header.dials == Dials(die=8, theme="forest")
    assert rec.header.heroes == {0: hero}
    assert rec.header.rules_version == RULES_VERSION
    assert game.name(game.party.hero_of[0]) == "Wren Tallow"
    assert [s.action for s in rec.steps] == [A.Wait(0)]
    assert rec.end is not None and rec.end.state == game.state_hash()


def test_players_names_are_kept_with_their_seats(tmp_path: Path) -> None:
    path = tmp_path / "r.mlrec"
    recorder = Recorder.for_new_game(path, 5, " Human:Ann , human:Bob,ai", durable=False)
    game = recorder.start()
    rec = read_recording(path)
    assert rec.header.seats == "human:Ann,human:Bob,ai"
    names = [s.name for s in game.seats]
    assert [s.name for s in rec.header.new_game().seats] == names == ["Ann", "Bob", "Warden (AI)"]


def test_every_action_keeps_its_turn_and_a_check_and_the_file_ends_with_the_state(tmp_path: Path) -> None:
    path = tmp_path / "r.mlrec"
    recorder, game = record_scripted(path)
    rec = read_recording(path)
    assert len(rec.steps) == recorder.count
    assert rec.steps[0].turn == 0
    assert all(a.after == b.turn for a, b in zip(rec.steps, rec.steps[1:], strict=False))
    assert rec.end is not None and (rec.end.turn, rec.end.state) == (game.turn, game.state_hash())
    assert [i + 1 for i, s in enumerate(rec.steps) if s.state] == list(
        range(STATE_EVERY, len(rec.steps) + 1, STATE_EVERY))


def test_the_file_names_itself_before_its_compressed_body(tmp_path: Path) -> None:
    path = tmp_path / "r.mlrec"
    record_scripted(path, actions=20)
    first, lines = payload_lines(path)
    assert first == MAGIC + f" {FORMAT_VERSION}\n".encode()
    assert json.loads(lines[0])["seats"] == "human,ai,ai"


def test_same_seed_same_inputs_give_byte_identical_files(tmp_path: Path) -> None:
    record_scripted(tmp_path / "a.mlrec", seats="human,human,ai")
    record_scripted(tmp_path / "b.mlrec", seats="human,human,ai")
    assert (tmp_path / "a.mlrec").read_bytes() == (tmp_path / "b.mlrec").read_bytes()


def test_a_resumed_recorder_writes_the_same_file_as_one_that_never_stopped(tmp_path: Path) -> None:
    whole, game = record_scripted(None, actions=120)
    actions = [s.action for s in parse_recording(whole.to_bytes(game)).steps]
    part = Recorder.for_new_game(None, 3, "human,ai,ai", 2, None, flush_every=0)
    first = part.start()
    for action in actions[:70]:
        apply_action(first, action)
        part.add(first, action)
    recording = parse_recording(part.to_bytes(first))
    again = replay(recording)
    resumed = Recorder.resume(recording, None, again)
    for action in actions[70:]:
        apply_action(again, action)
        resumed.add(again, action)
    assert resumed.to_bytes(again) == whole.to_bytes(game)


def test_a_thousand_turns_fit_in_far_less_than_twenty_kilobytes(tmp_path: Path) -> None:
    recorder, game = record_scripted(None, seats="human,human,ai", actions=400)
    size = len(recorder.to_bytes(game))
    assert game.turn > 100
    assert size * 1000 / game.turn < 20_000


def test_rng_check_ignores_creation_order_and_sees_one_extra_draw() -> None:
    a, b = Streams(5), Streams(5)
    a.get("combat"), a.get("layout", 1)
    b.get("layout", 1), b.get("combat")
    assert rng_check(a) == rng_check(b)
    b.get("combat").next64()
    assert rng_check(a) != rng_check(b)
    a.get("combat").next64()
    assert rng_check(a) == rng_check(b)
    a.get("ai", 3)  # a stream that exists in one game only
    assert rng_check(a) != rng_check(b)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.tuples(st.sampled_from(["combat", "layout", "ai"]), st.integers(0, 40),
                                              st.integers(0, 3)), max_size=60))
def test_rng_check_is_the_weighted_sum_of_the_states(seed: int, draws: list[tuple[str, int, int]]) -> None:
    """Checked after every batch of draws (the weights grow with the streams): the top bits of
    the sum, modulo 2**64, of each stream's state times its odd weight, as written out plainly."""
    streams = Streams(seed)
    for name, number, times in draws:
        stream = streams.get(name, number)
        for _ in range(times):
            stream.next64()
        plain = sum(s.state * (derive_seed(0, "check", *key) | 1) for key, s in streams.named().items())
        assert rng_check(streams) == (plain % 2**64) >> (64 - CHECK_BITS)


# ----- replaying and verifying -------------------------------------------------------------------
def test_autoplay_with_record_then_replay_verify_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "auto.mlrec"
    code, out = cli(capsys, "autoplay", "--seed", "2", "--max-turns", "150", "--record", str(path), "--json")
    assert code == 0
    summary = json.loads(out)
    code, out = cli(capsys, "replay", str(path), "--headless", "--verify")
    assert code == 0, out
    assert "verified" in out and f"turn {summary['turns']}" in out
    assert replay(read_recording(path)).state_hash() == summary["state_hash"]


def test_a_scripted_human_run_records_and_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "human.mlrec"
    _, game = record_scripted(path, seats="human,human,ai", actions=200)
    kinds = {type(s.action).__name__ for s in read_recording(path).steps}
    assert {"Move", "Wait", "Search"} <= kinds
    code, out = cli(capsys, "replay", str(path), "--headless", "--verify")
    assert code == 0, out
    assert replay(read_recording(path)).state_hash() == game.state_hash()


def test_replay_verify_runs_as_a_real_command(tmp_path: Path) -> None:
    path = tmp_path / "r.mlrec"
    record_scripted(path, actions=60)
    done = subprocess.run([sys.executable, "main.py", "replay", str(path), "--headless", "--verify"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "verified" in done.stdout and done.stderr == ""


def test_a_changed_check_desyncs_at_the_turn_of_that_action(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.mlrec"
    record_scripted(path, seats="human,human,ai", actions=200)
    rec = read_recording(path)
    first, lines = payload_lines(path)
    k = 150
    line = json.loads(lines[k])  # lines[0] is the header, lines[k] the kth action unless a state line intervenes
    assert isinstance(line, list)
    index = sum(1 for raw in lines[1:k + 1] if raw.startswith(b"[")) - 1
    line[1] ^= 1
    lines[k] = json.dumps(line, separators=(",", ":")).encode()
    rewrite(path, first, lines)
    code, out = cli(capsys, "replay", str(path), "--headless", "--verify")
    assert code == 4
    assert out == f"masterless: replay desynced at turn {rec.steps[index].turn}: action {index + 1} " \
                  f"({A.describe(rec.steps[index].action)}) drew different dice than when it was recorded"
    # without --verify it plays as far as it can and says where it desynced: exit 4 all the same (it was 0)
    code, said = cli(capsys, "replay", str(path), "--headless")
    assert code == 4 and ": replayed: " in said and f"replay desynced at turn {rec.steps[index].turn}" in said


def test_a_changed_action_is_caught_where_it_changes_the_game(tmp_path: Path) -> None:
    path = tmp_path / "r.mlrec"
    record_scripted(path, seats="human,ai,ai", actions=120)
    rec = read_recording(path)
    moves = [i for i, s in enumerate(rec.steps) if isinstance(s.action, A.Move) and s.after > s.turn]
    i = moves[len(moves) // 2]
    step = rec.steps[i]
    rec.steps[i] = type(step)(A.Wait(step.action.seat), step.turn, step.after, step.check, step.state)
    with pytest.raises(ReplayDesync) as err:
        replay(rec)
    assert err.value.turn >= step.turn
    assert err.value.turn <= rec.steps[min(i + STATE_EVERY, len(rec.steps) - 1)].turn


def test_a_desync_names_the_refused_action_just_before_it(tmp_path: Path) -> None:
    """A recording edited so that a room build spends more than its budget: played back, the
    build is refused (it was not when recorded), draws no dice, and the desync showed actions
    later, blaming an action that was fine ("action 45 ... drew different dice"). The line now
    names the refusal on the way, both when replayed whole and when watched step by step."""
    from game.engine.replay import Replay

    path = tmp_path / "r.mlrec"
    record_scripted(path, seats="human,ai,ai", actions=120)
    rec = read_recording(path)
    moves = [i for i, s in enumerate(rec.steps) if isinstance(s.action, A.Move) and s.after > s.turn]
    i = moves[len(moves) // 2]
    step = rec.steps[i]
    rec.steps[i] = type(step)(A.Descend(step.action.seat), step.turn, step.after, step.check, step.state)
    with pytest.raises(ReplayDesync) as whole:
        replay(rec)
    watched = Replay(rec)
    with pytest.raises(ReplayDesync) as stepped:
        while watched.step() is not None:
            pass
    watched.close()
    for err in (whole, stepped):
        assert f"; action {i + 1} (Descend) was refused on the way: " in str(err.value), str(err.value)


def test_replay_without_a_terminal_suggests_headless(tmp_path: Path) -> None:
    path = tmp_path / "r.mlrec"
    record_scripted(path, actions=10)
    done = subprocess.run([sys.executable, "main.py", "replay", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "masterless: replay needs a terminal to show the game; use --headless (with --verify to check it)"]


def test_speed_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.mlrec"
    record_scripted(path, actions=5)
    assert cli(capsys, "replay", str(path), "--headless", "--speed", "0")[0] == 2


# ----- bad files: one line, exit 3 -----------------------------------------------------------------
@pytest.fixture(scope="module")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("good") / "good.mlrec"
    record_scripted(path, actions=80)
    return path.read_bytes()


def refused(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    code, out = cli(capsys, "replay", str(path), "--headless", "--verify")
    assert code == 3, out
    assert len(out.splitlines()) == 1 and "Traceback" not in out
    assert out.startswith(f"masterless: {path}: ")
    return out.removeprefix(f"masterless: {path}: ")


def test_a_truncated_file_is_refused(tmp_path: Path, good_file: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.mlrec"
    for keep in (len(good_file) - 1, len(good_file) // 2, 40):
        path.write_bytes(good_file[:keep])
        assert refused(capsys, path) in ("is truncated or damaged near its end (its recording stops short)",
                                         "is corrupted (damaged compressed data: Error -3 while decompressing "
                                         "data: incorrect header check)")
    path.write_bytes(good_file[:10])
    assert refused(capsys, path) == "is not a Masterless recording"


def test_a_byte_damaged_near_the_end_is_not_called_a_cut(tmp_path: Path, good_file: bytes,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A whole file with one byte flipped near its end was refused as "truncated (the file ends
    before the recording does)": nothing was missing. A stream that stops short cannot tell a
    cut from damage there, so the line says both."""
    path = tmp_path / "flip.mlrec"
    data = bytearray(good_file)
    data[-10] ^= 0xFF
    path.write_bytes(bytes(data))
    reason = refused(capsys, path)
    assert "the file ends" not in reason and reason.startswith(("is corrupted", "is truncated or damaged")), reason


def test_flipping_any_byte_is_refused(tmp_path: Path, good_file: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "flip.mlrec"
    step = max(1, len(good_file) // 60)
    for i in [*range(0, len(good_file), step), len(good_file) - 1]:
        data = bytearray(good_file)
        data[i] ^= 0xFF
        path.write_bytes(bytes(data))
        reason = refused(capsys, path)
        assert reason.startswith(("is corrupted", "is not a Masterless", "is damaged", "is truncated",
                                  "was written by a newer", "is in recording format")), (i, reason)


def test_a_file_of_another_kind_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping: eggs, lamp oil\n")
    assert refused(capsys, path) == "is not a Masterless recording"
    path.write_bytes(b"")
    assert refused(capsys, path) == "is empty, not a Masterless recording"
    assert refused(capsys, tmp_path) == "is a directory, not a recording"
    assert refused(capsys, tmp_path / "missing.mlrec") == "no such file"


def test_a_newer_format_is_refused(tmp_path: Path, good_file: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.mlrec"
    path.write_bytes(good_file.replace(MAGIC + b" 1\n", MAGIC + b" 2\n", 1))
    assert refused(capsys, path) == (f"was written by a newer Masterless (recording format 2; "
                                     f"this version reads format {FORMAT_VERSION})")


def edit_header(path: Path, good: bytes, **changes: object) -> None:
    path.write_bytes(good)
    first, lines = payload_lines(path)
    header = json.loads(lines[0])
    header.update(changes)
    lines[0] = json.dumps(header, sort_keys=True).encode()
    rewrite(path, first, lines)


def test_a_recording_from_other_rules_is_refused(tmp_path: Path, good_file: bytes,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.mlrec"
    edit_header(path, good_file, rules_version=RULES_VERSION + 1, game_version="9.9.9")
    assert refused(capsys, path) == (f"was recorded by Masterless 9.9.9 with rules version {RULES_VERSION + 1}; "
                                     f"this version plays rules version {RULES_VERSION}, so it would not play "
                                     "the same")


def test_another_game_version_with_the_same_rules_still_plays(tmp_path: Path, good_file: bytes,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other.mlrec"
    edit_header(path, good_file, game_version="0.0.1")
    assert cli(capsys, "replay", str(path), "--headless", "--verify")[0] == 0


def test_an_unknown_dial_or_a_broken_header_is_refused(tmp_path: Path, good_file: bytes,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dial.mlrec"
    edit_header(path, good_file, dials={"gravity": True})
    assert refused(capsys, path).startswith("uses the dial 'gravity', which Masterless")
    edit_header(path, good_file, seats="wizard,ai")  # the field is named (issue 17)
    assert refused(capsys, path).startswith("is damaged (its header field 'seats' is \"wizard,ai\"; allowed:")
    edit_header(path, good_file, dials={"die": "six"})
    assert refused(capsys, path).startswith("is damaged (its header field 'dials.die' is \"six\"; allowed: 4, 6,")


def test_a_line_that_is_not_an_action_is_refused(tmp_path: Path, good_file: bytes,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.mlrec"
    path.write_bytes(good_file)
    first, lines = payload_lines(path)
    lines[5] = b'[0,1,"Teleport",0]'
    rewrite(path, first, lines)
    assert refused(capsys, path) == "is damaged (line 6 is not an action)"


def test_salvage_keeps_the_actions_before_the_damage(tmp_path: Path, good_file: bytes) -> None:
    whole = parse_recording(good_file)
    cut = parse_recording(good_file[:len(good_file) * 2 // 3], salvage=True)
    assert cut.salvaged and cut.end is None
    assert 0 < len(cut.steps) < len(whole.steps)
    assert cut.steps == whole.steps[:len(cut.steps)]
    game, good = replay_salvaged(cut)
    assert good == len(cut.steps)
    assert game.state_hash() == replay(whole, upto=good).state_hash()

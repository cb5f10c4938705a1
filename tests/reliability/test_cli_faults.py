"""Odd command lines (issue 17): every refusal one line with its exit code, names and
personalities read the way the README describes, no SDL noise, no second-Ctrl-C traceback."""

from __future__ import annotations

import os
import signal

import pytest
from fault_tools import cli_line, env_for, one_line, run_cli

from game import cli


def test_generate_accepts_a_named_human_seat_as_the_readme_allows(tmp_path) -> None:
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2,3", "--seats", "human:Ann,ai", "--json")
    assert done.returncode == 0, done.stderr


def test_play_refuses_an_unknown_personality_like_generate(tmp_path) -> None:
    line = one_line(run_cli(tmp_path, "play", "--seats", "human,ai:moon"), 2)
    assert "unknown personality 'moon'" in line
    generate = one_line(run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--seats", "human,ai:moon"), 2)
    assert "unknown personality 'moon'" in generate


def test_autoplay_refuses_an_unknown_personality_and_takes_a_known_one(tmp_path, capsys) -> None:
    code, line = cli_line(capsys, "autoplay", "--seed", "1", "--seats", "ai+hero,ai:moon", "--max-turns", "5")
    assert code == 2 and "unknown personality 'moon'" in line
    assert cli_line(capsys, "autoplay", "--seed", "1", "--seats", "ai+hero,ai:Tyrant", "--max-turns", "5") == (0, "")


def test_window_without_a_display_is_one_line_without_sdl_noise(tmp_path) -> None:
    env = {k: v for k, v in env_for(tmp_path).items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    line = one_line(run_cli(tmp_path, "play", "--window", "--seed", "1", env=env), 2)
    assert "cannot open a window" in line
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


def test_the_title_in_a_window_without_a_display_is_one_line_and_either_order_asks_for_a_window(tmp_path) -> None:
    env = {**env_for(tmp_path), "SDL_VIDEODRIVER": "no-such-driver"}
    line = one_line(run_cli(tmp_path, "--window", env=env), 2)
    assert "cannot open a window" in line and "run it in the terminal without --window" in line
    line = one_line(run_cli(tmp_path, "--window", "play", "--seed", "1", env=env), 2)  # not a terminal run
    assert "cannot open a window" in line and "play in the terminal without --window" in line


def test_replay_window_without_a_display_advises_watching_not_playing(tmp_path) -> None:
    assert run_cli(tmp_path, "autoplay", "--seed", "5", "--max-turns", "20", "--record", "r.mlrec").returncode == 0
    env = {**env_for(tmp_path), "SDL_VIDEODRIVER": "no-such-driver"}
    line = one_line(run_cli(tmp_path, "replay", "r.mlrec", "--window", env=env), 2)
    assert "cannot open a window" in line and "play" not in line
    assert "watch it in the terminal without --window, or check it with --headless" in line


def test_control_characters_from_arguments_are_escaped(tmp_path) -> None:
    done = run_cli(tmp_path, "generate", "--seed", "1", "--party", "2", "--seats", "human,ai:\x1b[31mred\x07")
    line = one_line(done, 2)
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr and "\\x1b[31mred\\x07" in line


def test_after_a_ctrl_c_a_second_one_cannot_raise_on_the_way_out(monkeypatch, capsys) -> None:
    def slow_start(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setitem(cli.COMMANDS, "bench", slow_start)
    previous = signal.getsignal(signal.SIGINT)
    try:
        assert cli.main(["bench"]) == 130
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN  # leaving: Ctrl-C is ignored now
    finally:
        signal.signal(signal.SIGINT, previous)
    assert capsys.readouterr().err.strip().splitlines() == ["masterless: interrupted"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_record_target_that_is_a_device_is_exit_3(tmp_path) -> None:
    line = one_line(run_cli(tmp_path, "autoplay", "--seed", "1", "--max-turns", "5", "--record", "/dev/full"), 3)
    assert "/dev/full" in line


def test_play_refuses_two_players_of_one_name(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    code, line = cli_line(capsys, "play", "--seats", "human:Ann,human:ann,ai")
    assert code == 2 and "two players are both called Ann" in line
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


@pytest.mark.parametrize("name", ["Warden (AI)", "Ann (ai)"])
def test_play_refuses_a_player_named_as_an_ai_seat(name, tmp_path, capsys, monkeypatch) -> None:
    """`--seats 'human:Warden (AI),ai'` seated a player the log named as if the AI seat beside it."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    code, line = cli_line(capsys, "play", "--seats", f"human:{name},ai")
    assert code == 2 and line == (f"masterless: --seats: the name {name} ends in (AI), as only AI seats may: "
                                  "give the player another name")
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


@pytest.mark.parametrize("name", ["李四", "😀", "Ze\u0301ro"])
def test_play_refuses_a_player_name_the_screen_cannot_draw(name, tmp_path, capsys, monkeypatch) -> None:
    """`--seats 'human:李四,human:王五'` started a table whose every hand-over said "??'s turn", so
    neither player could tell whose it was; the New game form already refuses such letters."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    code, line = cli_line(capsys, "play", "--seats", f"human:{name},human:Ann")
    assert code == 2 and line == (f"masterless: --seats: the name {name} has letters this screen cannot draw "
                                  "(they would show as ?): give a name in other letters")
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


def test_play_refuses_a_player_name_with_control_characters(tmp_path, capsys, monkeypatch) -> None:
    """`--seats human:$'\\e[2J'Ann` went into the recording and the morgue file, where `cat` ran it."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path))
    code, line = cli_line(capsys, "play", "--seats", "human:\x1b[2JAnn,ai")
    assert code == 2 and "must be plain text" in line and "\x1b" not in line
    assert not (tmp_path / "data" / "autosave.mlrec").exists()


@pytest.mark.parametrize("command", [["generate", "--seed", "1", "--party", "2"],
                                     ["autoplay", "--seed", "1", "--max-turns", "3"]])
def test_a_dial_given_twice_with_two_values_is_refused_not_half_dropped(capsys, command) -> None:
    """`--dial die=8 --dial die=6` played a d6 without a word about the 8."""
    code, line = cli_line(capsys, *command, "--dial", "die=8", "--dial", "die=6")
    assert code == 2 and "--dial die is given twice" in line
    assert cli_line(capsys, *command, "--dial", "die=8", "--dial", "die=d8")[0] == 0  # the same value twice is fine


@pytest.mark.parametrize("argv", [["generate", "--seed", "1", "--party", "2", "--designs", ""],
                                  ["autoplay", "--seed", "1", "--max-turns", "3", "--designs", ""],
                                  ["watch", ""], ["balance", "compare", "", "b.json"]])
def test_an_empty_file_name_is_refused_not_taken_for_none_given(tmp_path, argv) -> None:
    """`generate --designs "$DIR"` with DIR unset built without the designs and exited 0; `watch ""`
    waited on the autosave; `balance compare "" b.json` blamed ".": each read an empty name as
    none, or as the current folder. Now one line naming the argument, exit 2, nothing run."""
    done = run_cli(tmp_path, *argv)
    line = one_line(done, 2)
    assert "no file or folder named (the name is empty)" in line and f"python main.py {argv[0]} --help" in line
    assert done.stdout == ""

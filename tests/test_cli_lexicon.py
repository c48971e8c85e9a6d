"""The command line: lexicon commands, the JSON contract, one-line errors, the console script."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ENABLE1_SHA = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49"


def test_info_enable1_json(cli):
    result = cli("lexicon", "info", "enable1", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["words"] == 172_820 and data["sha256"] == ENABLE1_SHA
    assert data["name"] == "enable1" and data["skipped"] == 0
    assert data["lexicon"] == {"name": "enable1", "words": 172_820, "sha256": ENABLE1_SHA}
    assert data["by_length"]["28"] == 1


def test_info_common_text_and_json(cli):
    text = cli("lexicon", "info", "common")
    assert text.exit_code == 0 and "common" in text.stdout and "sha256" in text.stdout
    data = json.loads(cli("lexicon", "info", "common", "--json").stdout)
    assert data["words"] >= 20_000 and len(data["sha256"]) == 64


def test_info_of_a_file_counts_skipped_entries(cli, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("Apple\nbanana\nbanana\nit's\n42\n")
    data = json.loads(cli("lexicon", "info", str(path), "--json").stdout)
    assert (data["name"], data["words"], data["skipped"]) == ("mine", 2, 2)


def test_list_and_add(bad_input, cli, tmp_path):
    path = tmp_path / "fruit.txt"
    path.write_text("apple\nfig\n")
    added = cli("lexicon", "add", "fruit", str(path), "--json")
    assert added.exit_code == 0 and json.loads(added.stdout)["words"] == 2
    listing = json.loads(cli("lexicon", "list", "--json").stdout)
    names = {entry["name"]: entry for entry in listing["lexicons"]}
    assert names["fruit"]["installed"] and names["common"]["installed"]
    assert names["enable1"]["origin"] == "bundled" and names["enable1"]["default"]
    assert names["enable1"]["licence"] == "public domain"
    assert listing["default"] == "enable1"
    text = cli("lexicon", "list")
    assert text.exit_code == 0 and "enable1 (default)" in text.stdout and "fruit" in text.stdout
    bad_input(cli("lexicon", "add", "fruit", str(path)), "--force")
    assert cli("lexicon", "add", "fruit", str(path), "--force").exit_code == 0


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "no such file"),
        ("", "empty file"),
        (b"\x00\x01\x02", "binary file"),
        (b"caf\xe9\xfa\n", "not UTF-8"),
        (b"\xff\xfe\x41", "not UTF-16"),
        ("1 2 3", "no valid words"),
    ],
)
def test_bad_files_give_one_line_errors(bad_input, cli, tmp_path, content, fragment):
    path = tmp_path / "bad.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    bad_input(cli("lexicon", "info", str(path)), fragment)


def test_other_bad_input_gives_one_line_errors(cli, bad_input, tmp_path):
    bad_input(cli("lexicon", "info", "nosuchlist"), "unknown lexicon")
    bad_input(cli("lexicon", "info", str(tmp_path)), "is a directory")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("apple\n")
    bad_input(cli("lexicon", "add", "enable1", str(wrong)), "cannot install")
    bad_input(cli("lexicon", "fetch", "common"), "bundled")
    bad_input(cli("lexicon", "fetch", "nosuch"), "only sowpods")
    bad_input(cli("lexicon", "nosuchcommand"), "No such command")
    bad_input(cli("lexicon", "info", "--bogus"), "No such option")


def test_export_to_stdout_and_to_a_file(cli, bad_input, tmp_path):
    out = cli("lexicon", "export", "common")
    assert out.exit_code == 0 and out.stderr == ""
    words = out.stdout.splitlines()
    assert len(words) >= 20_000 and words == sorted(set(words)) and out.stdout.endswith("\n")
    target = tmp_path / "enable1.txt"
    done = cli("lexicon", "export", "enable1", "-o", str(target), "--json")
    assert done.exit_code == 0
    data = json.loads(done.stdout)
    assert data["output"] == str(target) and data["lexicon"]["sha256"] == ENABLE1_SHA
    info = json.loads(cli("lexicon", "info", str(target), "--json").stdout)
    assert info["sha256"] == ENABLE1_SHA and info["words"] == 172_820
    bad_input(cli("lexicon", "export", "common", "-o", str(target)), "--force")
    assert json.loads(cli("lexicon", "info", str(target), "--json").stdout)["sha256"] == ENABLE1_SHA
    assert cli("lexicon", "export", "common", "-o", str(target), "--force").exit_code == 0
    assert target.read_text().splitlines() == words
    bad_input(cli("lexicon", "export", "common", "--json"), "--output")
    bad_input(cli("lexicon", "export", "nosuch", "-o", str(tmp_path / "x.txt")), "unknown")
    assert not (tmp_path / "x.txt").exists()


def test_console_script_end_to_end_offline(tmp_path):
    """The installed ``letterplay`` script with no data dir and an empty home: enable1, bundled,
    is the default and nothing is said about it on stderr."""
    home = tmp_path / "home"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "LETTERPLAY_HOME": str(tmp_path),
        "LETTERPLAY_CACHE": str(tmp_path),
    }
    env.pop("LETTERPLAY_DATA", None)
    script = os.path.join(os.path.dirname(sys.executable), "letterplay")
    done = subprocess.run(
        [script, "lexicon", "info", "--json"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["sha256"] == ENABLE1_SHA and done.stderr == ""
    bad = subprocess.run(
        [script, "lexicon", "info", str(tmp_path / "none.txt")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_concurrent_installs_of_one_name_are_exclusive_and_whole(tmp_path):
    """Several processes add different lists under one name at once: exactly one wins, the
    others fail with one line, and the installed file is the winner's list, whole."""
    sources = []
    for i in range(6):
        path = tmp_path / f"list{i}.txt"
        words = [f"{chr(97 + i)}{chr(97 + j % 26)}{chr(97 + j // 26 % 26)}" for j in range(5000)]
        path.write_text("\n".join(words) + "\n")
        sources.append(path)
    env = {**os.environ, "LETTERPLAY_HOME": str(tmp_path / "home")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "letterplay", "lexicon", "add", "race", str(src)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for src in sources
    ]
    results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
    winners = [i for i, (code, _) in enumerate(results) if code == 0]
    assert len(winners) == 1, results
    for code, err in results:
        if code != 0:
            assert code == 2 and err.count("\n") == 1 and "already installed" in err
    installed = tmp_path / "home" / "lexicons" / "race.txt"
    expected = "\n".join(sorted(set(sources[winners[0]].read_text().split()))) + "\n"
    assert installed.read_text() == expected
    assert not [p for p in installed.parent.iterdir() if p.name != "race.txt"]

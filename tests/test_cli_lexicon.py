"""The command line: lexicon commands, the JSON contract, one-line errors, the console script."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ENABLE1_SHA = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49"


def test_info_enable1_json(cli, data_dir):
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
    bad_input(cli("lexicon", "add", "fruit", str(path)), "--force")
    assert cli("lexicon", "add", "fruit", str(path), "--force").exit_code == 0


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "no such file"),
        ("", "empty file"),
        (b"\x00\x01\x02", "binary file"),
        (b"\xff\xfe\xfa", "not UTF-8"),
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
    bad_input(cli("lexicon", "add", "enable1", str(wrong)), "is not enable1")
    bad_input(cli("lexicon", "fetch", "common"), "only enable1")
    bad_input(cli("lexicon", "nosuchcommand"), "No such command")
    bad_input(cli("lexicon", "info", "--bogus"), "No such option")


def test_console_script_end_to_end_offline(tmp_path):
    """The installed ``letterplay`` script, with no data dir: common is the default."""
    env = {**os.environ, "LETTERPLAY_HOME": str(tmp_path), "LETTERPLAY_CACHE": str(tmp_path)}
    env.pop("LETTERPLAY_DATA", None)
    script = os.path.join(os.path.dirname(sys.executable), "letterplay")
    done = subprocess.run(
        [script, "lexicon", "info", "--json"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "common"
    assert "enable1 is not installed" in done.stderr and len(done.stderr.splitlines()) == 1
    bad = subprocess.run(
        [script, "lexicon", "info", str(tmp_path / "none.txt")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr

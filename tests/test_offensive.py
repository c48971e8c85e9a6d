"""The offensive-word filter: the list's identity, known offenders, ordinary words, generators."""

from __future__ import annotations

import gzip
import hashlib
import json

import pytest

from letterplay import anigrams as ag
from letterplay import letterboxed as lb
from letterplay import offensive
from letterplay import spellingbee as sb
from letterplay.errors import NoSolutionError
from letterplay.lexicon import Lexicon

# Recorded by scripts/build_offensive.py; rebuilding with other sources changes them.
WORDS = 736
SHA256 = "6e2bcaa4feeb8a74d1cdd4261778ba18db66e5cf366c96c69446817486de9043"
OFFENDERS = (
    "kike wetback nigger spic wop gook fuck shit cunt twat slut whore faggot dyke cocksucker"
)
ORDINARY = "club girl murder bull male black boy queen tool spade niggle breasts fairy peter taco"


def test_list_identity_and_format():
    raw = offensive.path().read_bytes()
    assert raw[4:8] == b"\0\0\0\0"  # gzip mtime 0: the build is reproducible
    text = gzip.decompress(raw).decode("ascii")
    words = text.split("\n")[:-1]
    assert words == sorted(set(words)) and all(w.isalpha() and w.islower() for w in words)
    assert len(words) == WORDS
    assert hashlib.sha256(text.encode("ascii")).hexdigest() == SHA256


@pytest.mark.parametrize("word", OFFENDERS.split())
def test_known_offenders_are_flagged(word):
    assert offensive.is_offensive(word) and offensive.is_offensive(word.upper())


@pytest.mark.parametrize("word", ORDINARY.split())
def test_ordinary_words_stay(word):
    assert not offensive.is_offensive(word)


def test_without_offensive_keeps_a_clean_lexicon():
    clean = Lexicon.from_words(["club", "girl"], name="tiny")
    assert offensive.without_offensive(clean) is clean
    dirty = Lexicon.from_words(["club", "Shit", "girl"], name="tiny")
    result = offensive.without_offensive(dirty)
    assert result.words == ("club", "girl") and result.name == "tiny-clean"


def test_bee_generate_never_shows_an_offensive_pangram():
    tiny = Lexicon.from_words(["wetback", "back", "beta", "tack", "bake", "teak", "wake"])
    with pytest.raises(NoSolutionError):
        sb.generate(lexicon=tiny, seed=1)
    allowed = sb.generate(lexicon=tiny, seed=1, allow_offensive=True)
    assert allowed.puzzles[0].pangrams == ("wetback",)


def test_bee_generate_never_lists_an_offensive_answer():
    tiny = Lexicon.from_words(["function", "cunt", "count", "tonic", "unit", "fiction"])
    clean = sb.generate(lexicon=tiny, seed=1).puzzles[0]
    assert "function" in clean.words and "cunt" not in clean.words
    dirty = sb.generate(lexicon=tiny, seed=1, allow_offensive=True).puzzles[0]
    assert "cunt" in dirty.words


def test_anigrams_play_never_shows_an_offensive_word():
    tiny = Lexicon.from_words(["cunt", "count", "counts"])
    with pytest.raises(NoSolutionError):
        ag.play(seed=1, start=4, end=5, lexicon=tiny)
    game = ag.play(seed=1, start=4, end=5, allow_offensive=True, lexicon=tiny)
    assert "cunt" in game.chain.words[0]


def test_letterboxed_generate_uses_the_clean_list(enable1):
    result = lb.generate(lexicon=enable1, seed=7, limit=50)
    words = {w for s in result.solve.solutions for w in s.words}
    assert words and not any(offensive.is_offensive(w) for w in words)
    clean = offensive.without_offensive(enable1)
    assert result.solve.playable_words == lb.playable(result.board, lexicon=clean).count
    raw = lb.generate(lexicon=enable1, seed=7, limit=50, allow_offensive=True)
    assert raw.solve.playable_words == lb.playable(raw.board, lexicon=enable1).count
    assert raw.solve.playable_words > result.solve.playable_words  # the board has an offender


def test_cli_generators_take_allow_offensive(cli, enable1):
    for args in (("bee", "generate", "--seed", "3"), ("anigrams", "play", "--seed", "3"),
                 ("letterboxed", "generate", "--seed", "3")):  # fmt: skip
        default = json.loads(cli(*args, "--json", "--lexicon", "enable1").stdout)
        allowed = cli(*args, "--json", "--allow-offensive", "--lexicon", "enable1")
        assert allowed.exit_code == 0, allowed.stderr
        assert "offensive" not in json.dumps(default)  # only the flag, no stray key


def test_doctests():
    import doctest

    assert doctest.testmod(offensive).failed == 0

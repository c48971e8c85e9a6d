"""The NY Times lists: recorded identities, file format, verdicts kept, unsure words, ranking."""

from __future__ import annotations

import gzip
import json
import re

import numpy as np
import pytest

from letterplay import letterboxed as lb
from letterplay import nyt
from letterplay.letterboxed import _ranking as ranking
from letterplay.letterboxed._playable import playable_words
from letterplay.lexicon import Lexicon, identity

# Recorded by scripts/build_nyt.py (and in data/nyt-models.json); a rebuild that changes a list
# must update them here, deliberately.
BEE_SHA = "3b0e24b653eb00b1d7eb7b1447437f86a87903a64261ee1f8e408d338bf21afa"
BOX_SHA = "d8c03642eff55edb6bd27e221a067193a172d9803c67f1de8928c36d2dbe19e8"
RECORDED = {"nyt-bee": (46_382, BEE_SHA), "nyt-letterboxed": (144_359, BOX_SHA)}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_identity(name):
    lexicon = nyt.load_bundled(name)
    words, sha = RECORDED[name]
    assert (len(lexicon), lexicon.sha256) == (words, sha)
    assert (nyt.models()[name]["words"], nyt.models()[name]["sha256"]) == (words, sha)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_file_format(name):
    raw = nyt.bundled_file(name).read_bytes()
    assert raw[4:8] == b"\0\0\0\0"  # gzip mtime 0: deterministic bytes
    lines = gzip.decompress(raw).decode("utf-8").split("\n")
    assert lines[-1] == "" and lines[:-1] == sorted(lines[:-1])
    shape = r"[a-z]+\t(0\.\d{3}|1\.000)" if name == "nyt-bee" else r"[a-z]+"
    assert all(re.fullmatch(shape, line) for line in lines[:-1])
    words = [line.split("\t")[0] for line in lines[:-1]]
    assert identity(tuple(words)) == RECORDED[name][1]


def test_bee_probabilities_reach_the_threshold():
    bee = nyt.load_bundled("nyt-bee")
    p = nyt.probabilities(bee)
    assert p is not None and p.shape == (len(bee),)
    assert p.min() >= nyt.models()["nyt-bee"]["threshold"] and p.max() == 1.0
    assert all(len(w) >= 4 and len(set(w)) <= 7 for w in bee.words[::97])
    assert nyt.probabilities(nyt.load_bundled("nyt-letterboxed")) is None


def test_unsure_words():
    bee = nyt.load_bundled("nyt-bee")
    p = nyt.probabilities(bee)
    cut = nyt.unsure_below(bee)
    sure, unsure = bee.words[int(np.argmax(p))], bee.words[int(np.argmin(p))]
    assert nyt.unsure_words(bee, [sure, unsure, "notaword"]) == [unsure]
    assert p[bee.word_id(unsure)] < cut <= p[bee.word_id(sure)]
    box = nyt.load_bundled("nyt-letterboxed")  # no probabilities: nothing is unsure
    assert nyt.unsure_words(box, list(box.words[:50])) == []


def test_cli_bee_solve_marks_unsure_words(cli, tmp_path):
    bee = nyt.load_bundled("nyt-bee")
    unsure = bee.words[int(np.argmin(nyt.probabilities(bee)))]
    letters = "".join(sorted(set(unsure)))
    letters += "".join(c for c in "etaoinrlcdumhgpbfywkvxzjq" if c not in letters)[
        : 7 - len(letters)
    ]
    result = cli("bee", "solve", letters, "--center", unsure[0], "--lexicon", "nyt-bee", "--json")
    data = json.loads(result.stdout)
    assert unsure in data["unsure"] and set(data["unsure"]) <= set(data["words"])
    assert {"words", "score", "pangrams", "lexicon"} <= set(data)
    text = cli("bee", "solve", letters, "--center", unsure[0], "--lexicon", "nyt-bee").stdout
    assert "unsure (?)" in text and f"{unsure}(" in text.lower()
    # a user's own list with probabilities: any word below 1 is unsure
    path = tmp_path / "mine.txt"
    path.write_text(f"{unsure}\t0.5\n{letters}\n")
    data = json.loads(cli("bee", "solve", letters, "--center", unsure[0], "--lexicon", path,
                          "--json").stdout)  # fmt: skip
    assert data["unsure"] == [unsure]
    # a plain list gives no probabilities: nothing is unsure
    path.write_text("\n".join(bee.words) + "\n")
    data = json.loads(cli("bee", "solve", letters, "--center", unsure[0], "--lexicon", path,
                          "--json").stdout)  # fmt: skip
    assert data["unsure"] == [] and unsure in data["words"]


def test_letterboxed_ranks_by_the_learned_score():
    box = nyt.load_bundled("nyt-letterboxed")
    weights = ranking.ranking_weights(box)
    assert weights is not None and len(weights) == len(ranking.SOLUTION_FEATURES)
    result = lb.solve("TAP ERD NIL YCO", lexicon=box, limit=20)
    bee = set(nyt.load_bundled("nyt-bee").words)

    def flags(word):  # the word flags, spelled out again
        off_bee = len(word) >= 4 and len(set(word)) <= 7 and word not in bee
        return [word.endswith("s"), word.endswith("ed"), off_bee]

    zipfs = np.array([[box.zipf(w) for w in s.words] for s in result.solutions])
    lengths = np.array([[len(w) for w in s.words] for s in result.solutions])
    word_flags = np.array([[flags(w) for w in s.words] for s in result.solutions])
    scores = ranking.solution_features(zipfs, lengths, word_flags) @ weights
    assert np.all(np.diff(scores) <= 1e-9)
    assert word_flags[..., 2].any()  # the board has off-Bee words in its best solutions
    assert ranking.ranking_weights(nyt.load_bundled("nyt-bee")) is None


def test_word_flags_with_a_given_bee_list():
    words = ["anticipated", "cats", "paced", "pigs", "stag", "tad", "tidy"]
    box, bee = Lexicon.from_words(words), Lexicon.from_words(["pigs", "tidy"])
    # off the Bee: 4+ letters, at most 7 different, not in the Bee list
    assert ranking.off_bee(box, bee).tolist() == [False, True, True, False, True, False, False]
    playable = playable_words(lb.parse_board(["tcr", "aei", "dsp", "gny"]), box)
    flags = ranking.playable_flags(playable, bee)
    assert {playable.word(i): flags[i].tolist() for i in range(len(playable))} == {
        "anticipated": [False, True, False],
        "cats": [True, False, True],
        "paced": [False, True, True],
        "pigs": [True, False, False],
        "stag": [False, False, True],
        "tad": [False, False, False],
        "tidy": [False, False, False],
    }


def test_ranking_fit_recovers_the_weights_that_chose():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import build_nyt

    rng = np.random.default_rng(0)
    truth = np.array([2.0, -1.0, 0.0])
    examples = []
    for _ in range(300):  # boards of 20 solutions; the "NY Times" picks by softmax of truth
        x = rng.normal(size=(20, 3))
        p = np.exp(x @ truth)
        examples.append((x, int(rng.choice(20, p=p / p.sum()))))
    w = build_nyt.fit_ranking(examples)
    assert np.allclose(w, truth, atol=0.35)
    assert build_nyt.rank_figures(examples, truth, 400)["top3"] <= 300 / 400


def _latest_verdicts(puzzles, accepted_key, refused_key=None):
    verdict = {}
    for p in sorted(puzzles, key=lambda p: p["date"]):
        for w in p.get(refused_key, []) if refused_key else []:
            verdict[w] = 0
        for w in p[accepted_key]:
            verdict[w] = 1
    return verdict


def test_bee_keeps_every_latest_verdict(data_dir):
    lines = (data_dir / "nyt-spelling-bee-2018-2023.jsonl").read_text().splitlines()
    verdict = _latest_verdicts([json.loads(x) for x in lines], "answers", "rejected")
    bee = set(nyt.load_bundled("nyt-bee").words)
    assert [w for w, v in verdict.items() if v == 1 and w not in bee] == []
    assert [w for w, v in verdict.items() if v == 0 and w in bee] == []


def test_letterboxed_keeps_the_boards_words(data_dir):
    lines = (data_dir / "nyt-letter-boxed-2024-2025.jsonl").read_text().splitlines()
    boards = sorted((json.loads(x) for x in lines), key=lambda b: b["date"])
    box = nyt.load_bundled("nyt-letterboxed")
    words = set(box.words)
    assert not [w for b in boards for w in b["our_solution"] if w not in words]
    last = boards[-1]
    playable = lb.playable(last["sides"], lexicon=box)
    assert set(playable.words) == set(last["dictionary"])


def test_the_ranking_fits_on_what_the_build_reads():
    box = nyt.load_bundled("nyt-letterboxed")
    sides, solution = ["tap", "erd", "nil", "yco"], ["dictionary", "yelp"]
    features, row = ranking.board_solution_features(box, sides, solution)
    assert features.shape[1] == len(ranking.SOLUTION_FEATURES) and row is not None
    assert features.shape[0] == lb.solve("TAP ERD NIL YCO", lexicon=box, limit=0).count
    assert nyt.models()["nyt-letterboxed"]["ranking"]["features"] == list(ranking.SOLUTION_FEATURES)


def test_nyt_knows_no_puzzle():
    import ast
    import inspect

    imported = {
        node.module or ""
        for node in ast.walk(ast.parse(inspect.getsource(nyt)))
        if isinstance(node, ast.ImportFrom)
    }
    assert not {m for m in imported if m.startswith(("letterplay.letterboxed", "letterplay.spell"))}


def test_doctests():
    import doctest

    assert doctest.testmod(nyt).failed == 0
    assert doctest.testmod(ranking).failed == 0

"""Build the bundled ``nyt-bee`` and ``nyt-letterboxed`` lexicons and the learned Letter Boxed
ranking from the real NY Times puzzles in ``$LETTERPLAY_DATA`` and public word sources.

Recipe (about 4 CPU minutes; 10 minutes on 2 busy shared cores)::

    apt-get install scowl wamerican-huge wbritish-huge hunspell-en-us wordnet-base
    pip install -e ".[build]"        # lightgbm, better-profanity
    LETTERPLAY_DATA=/path/to/data python scripts/build_nyt.py

It writes ``src/letterplay/data/nyt-bee.txt.gz``, ``nyt-letterboxed.txt.gz`` and
``nyt-models.json``, and the lists built for validation to ``build/nyt-validation/`` (which
``python benchmarks/run.py nyt`` evaluates on the held-out puzzles). It prints every figure.

How a list is made, for each game:

1. *Candidates*: every a–z word of the sources (``nyt_sources.py``) the game can ever use
   (Spelling Bee: 4+ letters, at most 7 different; Letter Boxed: 3+ letters, no letter twice in
   a row), plus every word the puzzles show.
2. *Verdicts*: a puzzle judges every candidate it could hold. Spelling Bee: a word made of the
   hive's letters with the centre letter is accepted if it is in the official answers and
   refused otherwise. Letter Boxed: a word playable on the board is accepted if it is in that
   board's dictionary, else refused (the daily dictionaries are one permissive master list
   filtered by the board, so this models the master list). Puzzles are read in date order and
   the latest verdict wins.
3. *Classifier*: a gradient-boosted tree model (LightGBM, one thread, fixed seed, deterministic)
   trained on the judged words predicts the words never judged, from the source features and
   whether a base word of the word (cats -> cat) was accepted.
4. *Model and threshold* are chosen on a validation split with no validation verdict in
   training: Spelling Bee trains on 2018–2022 and validates on 2023; Letter Boxed trains on 2024
   and validates on 2025 H1. Then everything is refitted on all the puzzles for the shipped lists.

The list holds the accepted words: judged words whose latest verdict is "accepted" and unjudged
words whose predicted probability reaches the threshold. The Spelling Bee list carries each
word's probability (1.000 for words the game has accepted) so a solver can flag unsure words.

The Letter Boxed ranking is a pairwise logistic model (scikit-learn) over the features of
:func:`letterplay.nyt.solution_features` of each board's two-word solutions: the NY Times'
own solution against every other, on the training boards; its few weights go in
``nyt-models.json``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nyt_sources as sources

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
DATA = ROOT / "src" / "letterplay" / "data"
VALIDATION = ROOT / "build" / "nyt-validation"
BEE_FILE = "nyt-spelling-bee-2018-2023.jsonl"
LB_FILE = "nyt-letter-boxed-2024-2025.jsonl"
BEE_SPLIT = "2023-01-01"  # validation puzzles from this date on
LB_SPLIT = "2025-01-01"
SEED = 0
MODELS = {  # the candidates compared on the validation split
    "gbt-400": dict(n_estimators=400, learning_rate=0.05, num_leaves=31, min_child_samples=20),
    "gbt-300-deep": dict(n_estimators=300, learning_rate=0.05, num_leaves=63,
                         min_child_samples=20),
}  # fmt: skip
THRESHOLDS = np.round(np.arange(0.2, 0.81, 0.05), 2)
UNSURE_BELOW = 0.9  # a listed word with a lower probability is flagged as unsure


def log(*args) -> None:
    print(*args, flush=True)


# ----------------------------------------------------------------------------- word tables


@dataclass
class Words:
    """Candidate words of one game with their letter masks, codes and feature matrix."""

    words: list[str]
    masks: np.ndarray
    codes: np.ndarray
    features: np.ndarray
    names: list[str]

    def __post_init__(self):
        self.index = {w: i for i, w in enumerate(self.words)}


def word_table(words: list[str]) -> Words:
    width = max(map(len, words))
    codes = np.full((len(words), width), 26, dtype=np.int8)
    for i, w in enumerate(words):
        codes[i, : len(w)] = np.frombuffer(w.encode("ascii"), np.uint8) - 97
    bits = np.where(codes < 26, np.left_shift(1, codes.clip(0, 25).astype(np.int64)), 0)
    masks = np.bitwise_or.reduce(bits, axis=1)
    features, names = sources.feature_matrix(words)
    return Words(words, masks, codes, features, names)


def mask_of(letters: str) -> int:
    return sum(1 << (ord(c) - 97) for c in set(letters.lower()))


def read_jsonl(name: str) -> list[dict]:
    path = sources.data_dir() / name
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    return sorted(rows, key=lambda r: r["date"])


# ----------------------------------------------------------------------------- the games


def bee_formable(table: Words, puzzle: dict) -> np.ndarray:
    """Rows of the candidates a Spelling Bee puzzle can hold."""
    hive, centre = mask_of(puzzle["center"] + puzzle["outer"]), mask_of(puzzle["center"])
    return np.flatnonzero(((table.masks & ~hive) == 0) & ((table.masks & centre) != 0))


def lb_playable(table: Words, puzzle: dict) -> np.ndarray:
    """Rows of the candidates playable on a Letter Boxed board."""
    side = np.full(27, -1, dtype=np.int8)
    for s, letters in enumerate(puzzle["sides"]):
        for c in letters.lower():
            side[ord(c) - 97] = s
    rows = np.flatnonzero((table.masks & ~mask_of("".join(puzzle["sides"]))) == 0)
    sides = side[table.codes[rows]]
    same = (sides[:, 1:] == sides[:, :-1]) & (sides[:, 1:] >= 0)
    return rows[~same.any(axis=1)]


@dataclass
class Game:
    name: str
    puzzles: list[dict]
    split: str
    table: Words
    judged: callable  # rows a puzzle judges
    accepted_key: str  # the puzzle's list of accepted words
    shown_keys: tuple[str, ...]  # the puzzle's lists of words (accepted or not)
    sourced: np.ndarray  # rows some public source lists

    def candidates(self, puzzles: list[dict]) -> np.ndarray:
        """Rows a list built from ``puzzles`` may hold: the words a public source lists and the
        words those puzzles show. A word only a later puzzle shows was unknown when the list was
        built, so a held-out list must not hold it (its mere presence would give it away)."""
        known = self.sourced.copy()
        for p in puzzles:
            for key in self.shown_keys:
                known[[self.table.index[w] for w in p[key] if w in self.table.index]] = True
        return known

    def verdicts(self, puzzles: list[dict]) -> np.ndarray:
        """-1 unjudged, 0 refused, 1 accepted: the latest verdict of ``puzzles``."""
        label = np.full(len(self.table.words), -1, dtype=np.int8)
        for p in puzzles:
            label[self.judged(self.table, p)] = 0
            label[[self.table.index[w] for w in p[self.accepted_key]]] = 1
        return label

    def truth(self, p: dict) -> set[str]:
        return set(p[self.accepted_key])


def bee_game() -> Game:
    puzzles = read_jsonl(BEE_FILE)
    universe = sources.universe()
    words = set(universe)
    for p in puzzles:
        words.update(p["answers"], p["rejected"])
    words = sorted(w for w in words if len(w) >= 4 and len(set(w)) <= 7)
    sourced = np.array([w in universe for w in words])
    return Game("bee", puzzles, BEE_SPLIT, word_table(words), bee_formable, "answers",
                ("answers", "rejected"), sourced)  # fmt: skip


def lb_game() -> Game:
    puzzles = read_jsonl(LB_FILE)
    universe = sources.universe()
    words = set(universe)
    for p in puzzles:
        words.update(p["dictionary"], p["our_solution"])
    keep = re.compile(r"(.)\1")
    words = sorted(w for w in words if len(w) >= 3 and len(set(w)) <= 12 and not keep.search(w))
    sourced = np.array([w in universe for w in words])
    return Game("letterboxed", puzzles, LB_SPLIT, word_table(words), lb_playable, "dictionary",
                ("dictionary", "our_solution"), sourced)  # fmt: skip


# ----------------------------------------------------------------------------- learning


def fit(game: Game, label: np.ndarray, params: dict) -> np.ndarray:
    """Probability of acceptance of every candidate, from a model fitted on the judged ones."""
    import lightgbm

    verdict = {w: int(v) for w, v in zip(game.table.words, label, strict=True) if v >= 0}
    x = np.column_stack([game.table.features, sources.base_verdicts(game.table.words, verdict)])
    rows = np.flatnonzero(label >= 0)
    model = lightgbm.LGBMClassifier(
        **params, colsample_bytree=0.8, random_state=SEED, n_jobs=1, deterministic=True,
        force_row_wise=True, verbose=-1,
    )  # fmt: skip
    model.fit(x[rows], label[rows])
    return model.predict_proba(x)[:, 1]


def accepted(label: np.ndarray, prob: np.ndarray, threshold: float) -> np.ndarray:
    return (label == 1) | ((label < 0) & (prob >= threshold))


def score(game: Game, keep: np.ndarray, puzzles: list[dict]) -> dict[str, float]:
    """Micro precision, recall, F1 and exact days of the accepted words against ``puzzles``."""
    tp = fp = fn = exact = 0
    for p in puzzles:
        rows = game.judged(game.table, p)
        listed = {game.table.words[i] for i in rows[keep[rows]]}
        truth = game.truth(p)
        tp, fp, fn = tp + len(listed & truth), fp + len(listed - truth), fn + len(truth - listed)
        exact += listed == truth
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    f1 = 2 * precision * recall / (precision + recall)
    return {"precision": precision, "recall": recall, "f1": f1, "exact": exact / len(puzzles)}


def choose(game: Game) -> tuple[str, float, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The model and threshold with the best validation F1 (ties: the first); no validation
    puzzle is used to train, nor to pick the candidates. Returns them with the held-out list
    (a boolean mask of the rows it holds)."""
    train = [p for p in game.puzzles if p["date"] < game.split]
    valid = [p for p in game.puzzles if p["date"] >= game.split]
    label, known = game.verdicts(train), game.candidates(train)
    best = None
    for name, params in MODELS.items():
        prob = fit(game, label, params)
        for t in THRESHOLDS:
            keep = accepted(label, prob, float(t)) & known
            s = score(game, keep, valid)
            log(f"  {game.name} {name} threshold {t:.2f}: " + _figures(s))
            if best is None or s["f1"] > best[0]["f1"] + 1e-12:
                best = (s, name, float(t), label, prob, keep)
    s, name, t, label, prob, keep = best
    log(f"{game.name}: chose {name}, threshold {t:.2f} on {len(valid)} validation puzzles: "
        + _figures(s))  # fmt: skip
    return name, t, (label, prob, keep)


def _figures(s: dict[str, float]) -> str:
    return " ".join(f"{k} {v:.4f}" for k, v in s.items())


# ----------------------------------------------------------------------------- writing lists


def list_lines(game: Game, keep: np.ndarray, label: np.ndarray, prob: np.ndarray,
               with_p: bool) -> list[str]:  # fmt: skip
    """The list's lines, sorted: ``word`` or ``word<TAB>p`` (1.000 for accepted words)."""
    rows = np.flatnonzero(keep)
    p = np.where(label[rows] == 1, 1.0, prob[rows])
    words = [game.table.words[i] for i in rows]
    if not with_p:
        return words
    return [f"{w}\t{q:.3f}" for w, q in zip(words, p, strict=True)]


def write_list(path: Path, lines: list[str]) -> dict[str, object]:
    """Write a gzip list deterministically (mtime 0, no file name) atomically; its identity."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = ("\n".join(lines) + "\n").encode("utf-8")
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as gz:
        gz.write(text)
    tmp.replace(path)
    words = [line.split("\t")[0] for line in lines]
    sha = hashlib.sha256(("\n".join(words) + "\n").encode("ascii")).hexdigest()
    log(f"wrote {path.name}: {len(words)} words, sha256 {sha}, {path.stat().st_size} bytes")
    return {"file": path.name, "words": len(words), "sha256": sha}


def build_game(game: Game, with_p: bool) -> dict[str, object]:
    """Validate, write the validation list, refit on everything, write the shipped list."""
    t0 = time.time()
    name, threshold, (label, prob, keep) = choose(game)
    write_list(VALIDATION / f"nyt-{game.name}.txt.gz", list_lines(game, keep, label, prob, with_p))
    label_all = game.verdicts(game.puzzles)
    prob_all = fit(game, label_all, MODELS[name])
    keep_all = accepted(label_all, prob_all, threshold)
    lines = list_lines(game, keep_all, label_all, prob_all, with_p)
    info = write_list(DATA / f"nyt-{game.name}.txt.gz", lines)
    log(f"{game.name}: built in {time.time() - t0:.0f} s")
    return {**info, "model": name, "threshold": threshold, "unsure_below": UNSURE_BELOW}


# ----------------------------------------------------------------------------- ranking


def ranking_examples(boards: list[dict], words: list[str]):
    """Feature differences (NY Times solution minus another two-word solution) on ``boards``."""
    from letterplay import nyt

    lexicon = nyt.lexicon_from_lines(words, "nyt-letterboxed")
    diffs = []
    for b in boards:
        features, nyt_row = nyt.board_solution_features(lexicon, b["sides"], b["our_solution"])
        if nyt_row is None or len(features) < 2:
            continue
        others = np.delete(features, nyt_row, axis=0)
        diffs.append(features[nyt_row] - others)
    return np.concatenate(diffs)


def fit_ranking(boards: list[dict], words: list[str]) -> dict[str, object]:
    """Pairwise logistic regression: weights w with w·(nyt - other) > 0 as often as possible."""
    from sklearn.linear_model import LogisticRegression

    from letterplay import nyt

    d = ranking_examples(boards, words)
    x = np.concatenate([d, -d])
    y = np.concatenate([np.ones(len(d)), np.zeros(len(d))])
    model = LogisticRegression(fit_intercept=False, C=1.0, max_iter=2000)
    model.fit(x, y)
    weights = [round(float(w), 4) for w in model.coef_[0]]
    return {"features": list(nyt.SOLUTION_FEATURES), "weights": weights}


def rank_figures(boards: list[dict], words: list[str], ranking: dict) -> dict[str, float]:
    from letterplay import nyt

    lexicon = nyt.lexicon_from_lines(words, "nyt-letterboxed")
    w = np.array(ranking["weights"])
    top1 = top3 = 0
    for b in boards:
        features, nyt_row = nyt.board_solution_features(lexicon, b["sides"], b["our_solution"])
        if nyt_row is None:
            continue
        s = features @ w
        better = int((s > s[nyt_row]).sum())
        top1, top3 = top1 + (better == 0), top3 + (better < 3)
    return {"top1": top1 / len(boards), "top3": top3 / len(boards)}


def build_ranking(game: Game) -> dict[str, object]:
    train = [p for p in game.puzzles if p["date"] < game.split]
    valid = [p for p in game.puzzles if p["date"] >= game.split]
    val_words = _read_words(VALIDATION / "nyt-letterboxed.txt.gz")
    ranking = fit_ranking(train, val_words)
    log(f"ranking fitted on {len(train)} boards: {ranking}")
    log("ranking on validation boards: " + _figures(rank_figures(valid, val_words, ranking)))
    with open(VALIDATION / "nyt-letterboxed-ranking.json", "w") as f:
        json.dump(ranking, f, indent=1)
    final = fit_ranking(game.puzzles, _read_words(DATA / "nyt-letterboxed.txt.gz"))
    log(f"ranking fitted on all {len(game.puzzles)} boards: {final}")
    return final


def _read_words(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [line.split("\t")[0] for line in f.read().split("\n") if line]


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["bee", "letterboxed", "all"], default="all")
    args = parser.parse_args(argv)
    models_path = DATA / "nyt-models.json"
    models = json.loads(models_path.read_text()) if models_path.is_file() else {}
    if args.game in ("bee", "all"):
        models["nyt-bee"] = build_game(bee_game(), with_p=True)
    if args.game in ("letterboxed", "all"):
        game = lb_game()
        models["nyt-letterboxed"] = build_game(game, with_p=False)
        models["nyt-letterboxed"]["ranking"] = build_ranking(game)
    tmp = models_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(models, indent=1, sort_keys=True) + "\n")
    tmp.replace(models_path)
    log(f"wrote {models_path.name}")


if __name__ == "__main__":
    main()

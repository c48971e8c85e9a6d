"""Build the bundled ``nyt-bee`` and ``nyt-letterboxed`` lexicons and the learned Letter Boxed
ranking from the real NY Times puzzles in ``$LETTERPLAY_DATA`` and public word sources.

Recipe (about 9 CPU minutes; 15 minutes and 3.5 GB of memory on 2 busy shared cores)::

    apt-get install scowl wamerican-huge wbritish-huge hunspell-en-us wordnet-base
    pip install -e ".[build]"        # lightgbm, better-profanity
    LETTERPLAY_DATA=/path/to/data python scripts/build_nyt.py
    LETTERPLAY_DATA=/path/to/data python scripts/build_nyt.py --ranking-only   # seconds

It writes ``src/letterplay/data/nyt-bee.txt.gz``, ``nyt-letterboxed.txt.gz`` and
``nyt-models.json``, and the lists built for validation to ``build/nyt-validation/`` (which
``python benchmarks/run.py nyt`` evaluates on the held-out puzzles). It prints every figure.
``--ranking-only`` refits only the Letter Boxed ranking on the lists a full build left there and
in the package (it needs neither the word sources nor LightGBM).

How a list is made, for each game:

1. *Candidates*: every a–z word of the sources (``nyt_sources.py``) the game can ever use
   (Spelling Bee: 4+ letters, at most 7 different; Letter Boxed: 3+ letters, no letter twice in
   a row), plus every word the puzzles show. A held-out list takes only the words of the
   training puzzles: a word that only a later puzzle shows was not known before it. Letter
   Boxed also takes the regular inflections no source lists (``nyt_sources.inflect``: -s/-es/
   -ies, -ed/-d/-ied, -ing, -er/-est/-ier/-iest by English spelling rules; doubled consonants
   can never be played) of the common source words (``inflection_bases``) and of the training
   boards' words: janky -> jankiest. Training boards judge them like any word (1.7 million
   generated, 362,000 judged, 1.4% accepted), so the classifier learns how often they are. On
   the 2025 H1 boards this put the NY Times' solution words in the held-out list on 97.2% of
   boards instead of 96.7% (jankiest), at the same dictionary F1 (0.984).
2. *Verdicts*: a puzzle judges every candidate it could hold. Spelling Bee: a word made of the
   hive's letters with the centre letter is accepted if it is in the official answers and
   refused otherwise. Letter Boxed: a word playable on the board is accepted if it is in that
   board's dictionary, else refused (the daily dictionaries are one permissive master list
   filtered by the board, so this models the master list). Puzzles are read in date order and
   the latest verdict wins.
3. *Classifier*: a gradient-boosted tree model (LightGBM, one thread, fixed seed, deterministic)
   trained on the judged words predicts the words never judged, from the source features and
   whether a base word of the word (cats -> cat) was accepted; for Letter Boxed also whether the
   word was generated and whether a paired form was accepted (jankier for jankiest, baked for
   baking: ``nyt_sources.partner_verdicts``).
4. *Model and threshold* are chosen on a validation split with no validation verdict in
   training: Spelling Bee trains on 2018–2022 and validates on 2023; Letter Boxed trains on 2024
   and validates on 2025 H1. Then everything is refitted on all the puzzles for the shipped lists.

Also tried for Letter Boxed on the same split, and not kept (no validation board gained, F1
within 0.0001): the share of accepted words sharing a base word (jankier, janky for jankiest),
and compound features (the word is two enable1 words of 3+ letters with Zipf >= 3.5 written
together, the Zipf of the rarer part, both parts accepted), which lifted ``weblink`` from 0.03 to
0.10, far under the threshold. Generating closed compounds was not tried: under the same bounds
a head that starts and a tail that ends 2+ enable1 compounds make 7.8 million words, any
common head with such a tail 39 million (``nastygram`` needs that: ``nasty`` starts no
compound), while the training boards accept only about 1,400 words no source lists that split
that way; at such a rate the classifier would accept none of them. The validation solution
words no source lists (crabwalk, nastygram, quadriplex, verklempt) were looked for in more
public lists: GCIDE (Debian's ``dict-gcide``), FreeDict English–German (``dict-freedict-eng-deu``),
the Jargon File (``dict-jargon``), and the lists of PyPI's ``pyspellchecker`` and
``english-words``. Only FreeDict holds crabwalk, and only the Jargon File nastygram. Of
FreeDict's 13,000 words that no source here lists, 3,200 can be played on some board and 9% of
those are accepted. It was not added: at most one validation board (crabwalk) could gain.

The list holds the accepted words: judged words whose latest verdict is "accepted" and unjudged
words whose predicted probability reaches the threshold. The Spelling Bee list carries each
word's probability (1.000 for words the game has accepted) so a solver can flag unsure words.

The Letter Boxed ranking is a conditional logit: the NY Times' solution of each board is
modelled as a softmax, over all the board's two-word solutions, of a linear score of the
features of :func:`letterplay.letterboxed._ranking.solution_features`:

- the Zipf frequencies of the rarer and of the commoner word, each capped at 3 (past that a
  word is common enough; rarer words count against a solution);
- the total letters (more letters count against it);
- whether all or any of its words end in ``s``, the first and the last word end in ``ed``
  (plurals and past tenses are seldom the NY Times' pick);
- whether the first and the last word are *off the Bee*: 4+ letters with at most 7 different,
  so the Spelling Bee could hold them, yet not in the ``nyt-bee`` list (the same editors'
  judgement of a word too obscure).

It is fitted by maximum likelihood with an L2 penalty on standardised features (scipy's
L-BFGS). The features were chosen by forward selection on the log-likelihood of a 4-fold
cross-validation within the 2024 boards, among per-word frequency, length, suffix, list
membership (``nyt-bee``, enable1, common) and compound-word features, symmetric
(rarer/commoner) or ordered (first/last); two more it took (enable1 membership, a compound of
two common words) were left out, as they changed nothing on the 2025 H1 validation boards. The
validation boards measure the model fitted on 2024 with the held-out list; the shipped weights
are refitted on every board. The runtime needs only the weights in ``nyt-models.json``, numpy
and the bundled lists. Also tried on the same split, and not kept: LambdaMART (LightGBM) over
these features, and per-word source features (SCOWL levels, hunspell, WordNet), which gained 2
to 4 validation boards of 181, within noise, and would have to ship per-word data. Later tried,
each as one more feature beside the nine, and not kept (cross-validated log-likelihood no better,
at most one validation board gained):

- the board as evidence: if the editors pick the solution first and then lay its 12 letters on
  the sides at random, a solution whose consecutive letters rule out more layouts made the
  board seen more likely. The log of the number of layouts (of the 15,400 ways to put 12
  letters on 4 sides of 3) that keep each word's consecutive letters on different sides took
  weight -0.5 where this model says -1, and changed no figure;
- shortest and longest word, a word of 3 or 4 letters, the length difference, exactly 13
  letters (every letter once), a word with no vowel, -ing / -ly / -er endings, uncapped Zipf,
  and a word more frequent in another language (wordfreq's fr, de, es, it, nl, pt);
- a word that was an earlier NY Times solution word (34 of the 1,026 solution words repeat
  one, about as often as chance);
- the list's own acceptance probability of each word: it cannot be learned from the training
  boards, where every listed word the board can play was judged (and accepted) by that board,
  so the feature is constant there; fitted within the validation boards it gained one board.
"""

from __future__ import annotations

import argparse
import gzip
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
    "gbt-300-deep": dict(n_estimators=300, learning_rate=0.05, num_leaves=63, min_child_samples=20),
}
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


def word_table(
    words: list[str],
    suffixes: tuple[str, ...] = sources.SUFFIXES,
    generated: frozenset[str] = frozenset(),
) -> Words:
    width = max(map(len, words))
    codes = np.full((len(words), width), 26, dtype=np.int8)
    for i, w in enumerate(words):
        codes[i, : len(w)] = np.frombuffer(w.encode("ascii"), np.uint8) - 97
    bits = np.where(codes < 26, np.left_shift(1, codes.clip(0, 25).astype(np.int64)), 0)
    masks = np.bitwise_or.reduce(bits, axis=1)
    features, names = sources.feature_matrix(words, suffixes, generated)
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
    sourced: np.ndarray  # rows some public source lists (or derive from them by rule)
    suffixes: tuple[str, ...] = sources.SUFFIXES  # endings whose base words are looked up
    partners: bool = False  # whether the verdict of a paired form (jankier, jankiest) is a feature

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
    return Game(
        "bee",
        puzzles,
        BEE_SPLIT,
        word_table(words),
        bee_formable,
        "answers",
        ("answers", "rejected"),
        sourced,
    )


def lb_game() -> Game:
    puzzles = read_jsonl(LB_FILE)
    universe = sources.universe()
    words = set(universe)
    for p in puzzles:
        words.update(p["dictionary"], p["our_solution"])
    double = re.compile(r"(.)\1")
    bases = sources.inflection_bases() | {
        w for p in puzzles if p["date"] < LB_SPLIT for w in p["dictionary"]
    }
    generated = frozenset(f for b in bases for f, _ in sources.inflect(b) if f not in universe)
    words |= generated
    words = sorted(w for w in words if len(w) >= 3 and len(set(w)) <= 12 and not double.search(w))
    sourced = np.array([w in universe or w in generated for w in words])
    table = word_table(words, sources.Y_SUFFIXES, generated)
    return Game(
        "letterboxed",
        puzzles,
        LB_SPLIT,
        table,
        lb_playable,
        "dictionary",
        ("dictionary", "our_solution"),
        sourced,
        sources.Y_SUFFIXES,
        True,
    )


# ----------------------------------------------------------------------------- learning


def fit(game: Game, label: np.ndarray, params: dict) -> np.ndarray:
    """Probability of acceptance of every candidate, from a model fitted on the judged ones."""
    import lightgbm

    verdict = {w: int(v) for w, v in zip(game.table.words, label, strict=True) if v >= 0}
    extra = [sources.base_verdicts(game.table.words, verdict, game.suffixes)]
    if game.partners:
        extra.append(sources.partner_verdicts(game.table.words, verdict))
    x = np.column_stack([game.table.features, *extra])
    rows = np.flatnonzero(label >= 0)
    model = lightgbm.LGBMClassifier(
        **params,
        colsample_bytree=0.8,
        random_state=SEED,
        n_jobs=1,
        deterministic=True,
        force_row_wise=True,
        verbose=-1,
    )
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
    log(
        f"{game.name}: chose {name}, threshold {t:.2f} on {len(valid)} validation puzzles: "
        + _figures(s)
    )
    return name, t, (label, prob, keep)


def _figures(s: dict[str, float]) -> str:
    return " ".join(f"{k} {v:.4f}" for k, v in s.items())


# ----------------------------------------------------------------------------- writing lists


def list_lines(
    game: Game, keep: np.ndarray, label: np.ndarray, prob: np.ndarray, with_p: bool
) -> list[str]:
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
    from letterplay.lexicon import identity

    sha = identity(words)
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

RANKING_C = 1.0  # inverse strength of the L2 penalty on the standardised ranking weights


def board_examples(boards: list[dict], words: list[str], bee) -> list[tuple[np.ndarray, int]]:
    """For each board whose NY Times solution the list ``words`` can make: the features of all
    its two-word solutions and the row of the NY Times' one."""
    from letterplay import nyt
    from letterplay.letterboxed._ranking import board_solution_features

    lexicon = nyt.lexicon_from_lines(words, "nyt-letterboxed")
    examples = []
    for b in boards:
        features, row = board_solution_features(lexicon, b["sides"], b["our_solution"], bee)
        if row is not None:
            examples.append((features, row))
    return examples


def fit_ranking(examples: list[tuple[np.ndarray, int]]) -> np.ndarray:
    """Conditional logit: the weights ``w`` that make the NY Times' solution likely under a
    softmax of ``w·features`` over its board's solutions (L2 penalty on standardised features,
    so no feature's units matter). Returns ``w`` for the raw features."""
    from scipy.optimize import minimize

    x = np.concatenate([f for f, _ in examples])
    sizes = np.array([len(f) for f, _ in examples])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.array([row for _, row in examples])
    board = np.repeat(np.arange(len(sizes)), sizes)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0  # a constant feature keeps weight 0
    z = (x - x.mean(axis=0)) / scale

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = z @ w
        top = np.maximum.reduceat(s, starts)  # per board, for a stable log-sum-exp
        e = np.exp(s - top[board])
        total = np.add.reduceat(e, starts)
        value = w @ w / (2 * RANKING_C) - (s[chosen] - top - np.log(total)).sum()
        grad = w / RANKING_C + (e / total[board]) @ z - z[chosen].sum(axis=0)
        return value, grad

    w = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B").x
    return w / scale


def rank_figures(examples: list[tuple[np.ndarray, int]], w: np.ndarray, boards: int):
    """Share of ``boards`` whose NY Times solution scores first / among the 3 first (a board
    the list cannot solve that way counts as a miss)."""
    better = np.array([int((f @ w > (f @ w)[row]).sum()) for f, row in examples])
    return {"top1": float((better == 0).sum() / boards), "top3": float((better < 3).sum() / boards)}


def ranking_record(w: np.ndarray, boards: int) -> dict[str, object]:
    from letterplay.letterboxed._ranking import SOLUTION_FEATURES

    weights = [round(float(v), 4) for v in w]
    return {
        "model": "conditional logit",
        "boards": boards,
        "features": list(SOLUTION_FEATURES),
        "weights": weights,
    }


def build_ranking(puzzles: list[dict]) -> dict[str, object]:
    """Fit on the training boards with the held-out list, report the validation boards, then
    refit on every board with the shipped list."""
    from letterplay import nyt

    train = [p for p in puzzles if p["date"] < LB_SPLIT]
    valid = [p for p in puzzles if p["date"] >= LB_SPLIT]
    bee = nyt.lexicon_from_lines(_read_words(DATA / "nyt-bee.txt.gz"), "nyt-bee")
    val_words = _read_words(VALIDATION / "nyt-letterboxed.txt.gz")
    fitted = board_examples(train, val_words, bee)
    ranking = ranking_record(fit_ranking(fitted), len(fitted))
    w = np.array(ranking["weights"])
    log(f"ranking fitted on {len(fitted)} of {len(train)} training boards: {ranking}")
    log("  on the training boards: " + _figures(rank_figures(fitted, w, len(train))))
    held_out = rank_figures(board_examples(valid, val_words, bee), w, len(valid))
    log(f"  on the {len(valid)} validation boards: " + _figures(held_out))
    with open(VALIDATION / "nyt-letterboxed-ranking.json", "w") as f:
        json.dump(ranking, f, indent=1)
    every = board_examples(puzzles, _read_words(DATA / "nyt-letterboxed.txt.gz"), bee)
    final = ranking_record(fit_ranking(every), len(every))
    log(f"ranking fitted on {len(every)} of all {len(puzzles)} boards: {final}")
    return final


def _read_words(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [line.split("\t")[0] for line in f.read().split("\n") if line]


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["bee", "letterboxed", "all"], default="all")
    parser.add_argument(
        "--ranking-only",
        action="store_true",
        help="refit only the Letter Boxed ranking, on the lists already built",
    )
    args = parser.parse_args(argv)
    models_path = DATA / "nyt-models.json"
    models = json.loads(models_path.read_text()) if models_path.is_file() else {}
    if args.ranking_only:
        if not (VALIDATION / "nyt-letterboxed.txt.gz").is_file():
            raise SystemExit(f"error: no held-out list in {VALIDATION}: run a full build first")
        models["nyt-letterboxed"]["ranking"] = build_ranking(read_jsonl(LB_FILE))
    else:
        if args.game in ("bee", "all"):
            models["nyt-bee"] = build_game(bee_game(), with_p=True)
        if args.game in ("letterboxed", "all"):
            game = lb_game()
            models["nyt-letterboxed"] = build_game(game, with_p=False)
            models["nyt-letterboxed"]["ranking"] = build_ranking(game.puzzles)
    tmp = models_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(models, indent=1, sort_keys=True) + "\n")
    tmp.replace(models_path)
    log(f"wrote {models_path.name}")


if __name__ == "__main__":
    main()

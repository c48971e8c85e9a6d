"""How well word lists reproduce the NY Times games on held-out puzzles.

For enable1, common and the NY Times lists, on the validation split the build chose its model
on (Spelling Bee 2023, Letter Boxed 2025 H1): Spelling Bee micro precision, recall, F1 and the
days whose official answer list is reproduced exactly; Letter Boxed micro F1 of each board's
playable words against the board's dictionary, the boards whose NY Times solution uses only
listed words, and the boards where it is letterplay's first or among its 3 first two-word
solutions.

The held-out NY Times lists are those ``python scripts/build_nyt.py`` trains on the training
split only (holding no word that only validation puzzles show) and writes to
``build/nyt-validation/`` (with the ranking fitted on training boards); run the build first.
The shipped lists, refitted on every puzzle, are shown too: their figures are in-sample and
only say the lists keep what the data shows.

Targets (held-out lists): Spelling Bee F1 >= 0.98 and exact days >= 35%; Letter Boxed
dictionary F1 >= 0.97, solution in the list on >= 99% of boards, in the top 3 on >= 90%.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np

from letterplay import letterboxed as lb
from letterplay import nyt
from letterplay import spellingbee as sb
from letterplay.letterboxed._playable import playable_words
from letterplay.letterboxed._ranking import rank_rows, ranking_weights
from letterplay.letterboxed._tables import Completions
from letterplay.letterboxed._walk import solution_rows
from letterplay.lexicon import Lexicon, load
from timing import archive, data_dir

ROOT = Path(__file__).resolve().parent.parent
HELD_OUT = ROOT / "build" / "nyt-validation"
BEE_SPLIT, LB_SPLIT = "2023-01-01", "2025-01-01"
BEE_ARCHIVE, LB_ARCHIVE = "nyt-spelling-bee-2018-2023.jsonl", "nyt-letter-boxed-2024-2025.jsonl"


def read_jsonl(name: str, since: str) -> list[dict]:
    rows = [json.loads(line) for line in (data_dir() / name).read_text().splitlines() if line]
    return [r for r in rows if r["date"] >= since]


def gz_lexicon(path: Path, name: str) -> Lexicon:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        words = [line.split("\t")[0] for line in f.read().split("\n") if line]
    return Lexicon.from_words(words, name=name, source=str(path))


def bee_figures(lexicon: Lexicon, puzzles: list[dict]) -> dict[str, float]:
    tp = fp = fn = exact = 0
    for p in puzzles:
        hive = sb.Honeycomb(p["center"] + p["outer"], p["center"])
        listed, truth = set(sb.solve(hive, lexicon=lexicon).words), set(p["answers"])
        tp, fp, fn = tp + len(listed & truth), fp + len(listed - truth), fn + len(truth - listed)
        exact += listed == truth
    return _prf(tp, fp, fn) | {"exact days": exact / len(puzzles)}


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    p, r = tp / max(tp + fp, 1), tp / max(tp + fn, 1)
    return {"precision": p, "recall": r, "F1": 2 * p * r / max(p + r, 1e-12)}


def lb_figures(lexicon: Lexicon, boards: list[dict], weights) -> dict[str, float]:
    tp = fp = fn = in_list = top1 = top3 = 0
    for b in boards:
        board = lb.parse_board(b["sides"])
        playable = playable_words(board, lexicon)
        listed = {playable.word(i) for i in range(len(playable))}
        truth = set(b["dictionary"])
        tp, fp, fn = tp + len(listed & truth), fp + len(listed - truth), fn + len(truth - listed)
        ids = [lexicon.word_id(w) for w in b["our_solution"]]
        if min(ids) < 0:
            continue
        in_list += 1
        rows = rank_rows(playable, solution_rows(playable, Completions(playable), 2), weights)
        hit = np.flatnonzero(
            (playable.ids[rows[:, 0]] == ids[0]) & (playable.ids[rows[:, 1]] == ids[1])
        )
        top1, top3 = top1 + (len(hit) and hit[0] == 0), top3 + (len(hit) and hit[0] < 3)
    n = len(boards)
    f1 = _prf(tp, fp, fn)["F1"]
    return {
        "dictionary F1": f1,
        "solution in list": in_list / n,
        "top-1": top1 / n,
        "top-3": top3 / n,
    }


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval (scipy's) of a share measured on ``n`` puzzles: how far the
    figure of a later sample of puzzles may lie from this one."""
    from scipy.stats import binomtest

    ci = binomtest(round(share * n), n).proportion_ci(confidence_level=0.95, method="wilson")
    return ci.low, ci.high


def lexicons() -> list[tuple[str, Lexicon | None, Lexicon | None, object]]:
    """(label, bee lexicon, letter boxed lexicon, ranking weights) to compare."""
    rows = [
        ("enable1", load("enable1"), load("enable1"), None),
        ("common", load("common"), load("common"), None),
    ]
    if (HELD_OUT / "nyt-bee.txt.gz").is_file():
        ranking = json.loads((HELD_OUT / "nyt-letterboxed-ranking.json").read_text())
        rows.append(
            (
                "nyt (held out)",
                gz_lexicon(HELD_OUT / "nyt-bee.txt.gz", "nyt-bee-validation"),
                gz_lexicon(HELD_OUT / "nyt-letterboxed.txt.gz", "nyt-letterboxed-validation"),
                np.asarray(ranking["weights"]),
            )
        )
    else:
        print(f"(no held-out lists in {HELD_OUT}: run python scripts/build_nyt.py first)")
    bee, box = nyt.load_bundled("nyt-bee"), nyt.load_bundled("nyt-letterboxed")
    rows.append(("nyt (shipped, in-sample)", bee, box, ranking_weights(box)))
    return rows


def main() -> None:
    if any(archive(name) is None for name in (BEE_ARCHIVE, LB_ARCHIVE)):
        return
    bees = read_jsonl(BEE_ARCHIVE, BEE_SPLIT)
    boards = read_jsonl(LB_ARCHIVE, LB_SPLIT)
    print(
        f"NY Times lists: Spelling Bee on {len(bees)} puzzles from {BEE_SPLIT}, "
        f"Letter Boxed on {len(boards)} boards from {LB_SPLIT}"
    )
    header = (
        f"{'lexicon':<26}{'bee words':>9} | {'bee P':>6} {'R':>6} {'F1':>6} {'exact':>6} | "
        f"{'box F1':>6} {'in list':>7} {'top-1':>6} {'top-3':>6}"
    )
    print(header)
    print("-" * len(header))
    spread = []
    for label, bee, box, weights in lexicons():
        b = bee_figures(bee, bees)
        x = lb_figures(box, boards, weights)
        if label == "nyt (held out)":
            spread = [(k, x[k], wilson(x[k], len(boards))) for k in ("solution in list", "top-3")]
        print(
            f"{label:<26}{len(bee):>9} | {b['precision']:6.3f} {b['recall']:6.3f} "
            f"{b['F1']:6.3f} {b['exact days']:6.1%} | {x['dictionary F1']:6.3f} "
            f"{x['solution in list']:7.1%} {x['top-1']:6.1%} {x['top-3']:6.1%}"
        )
    print(
        "targets (held out): bee F1 >= 0.980, exact >= 35%; box F1 >= 0.970, "
        "in list >= 99%, top-3 >= 90%"
    )
    for key, share, (low, high) in spread:
        print(
            f"held-out {key} {share:.1%}: 95% interval {low:.1%} to {high:.1%} "
            f"({len(boards)} boards)"
        )


if __name__ == "__main__":
    main()

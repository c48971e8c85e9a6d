"""Build letterplay's offensive-word list, which puzzle generators leave out by default.

Run ``python scripts/build_offensive.py`` (needs ``pip install -e ".[build]"`` for
better-profanity and ``apt-get install scowl wordnet-base``) to rewrite
``src/letterplay/data/offensive-words.gz`` (gzip, mtime 0, one word a line, sorted). A word is
offensive when:

1. WordNet marks at least half of its senses with an offensive usage (ethnic slur, obscenity,
   disparagement): ``kike``, ``wetback``, ``shit``; words with one offensive sense among many
   ordinary ones stay (``bull``, ``black``, ``boy``, ``queen``, ``tool``);
2. or better-profanity's list has it and it is either unknown to WordNet and not among SCOWL's
   commonest words (level 20: ``girls``, ``she``, ``showers`` stay), or it contains an
   unambiguous obscenity (:data:`STEMS`);
3. or it is an inflection (``-s``, ``-es``, ``-ed``, ``-ing``) of such a word that a source lists,
   unless it is a WordNet lemma or among SCOWL's common words (``spiced`` is not ``spic`` + ed);
4. or it is one of the few reviewed additions of :data:`ADDED`.

Words a reviewer found ordinary (:data:`ORDINARY`: ``niggle``, ``breasts``, ``fairy``,
``peter``, ``screwing`` …) are then removed. The identity of the list is recorded by a test.
"""

from __future__ import annotations

import gzip
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nyt_sources as sources

TARGET = Path(__file__).resolve().parent.parent / "src" / "letterplay" / "data"
TARGET = TARGET / "offensive-words.gz"
STEMS = (
    "fuck",
    "shit",
    "cunt",
    "slut",
    "whore",
    "twat",
    "wank",
    "bitch",
    "nigg",
    "fagg",
    "dildo",
    "cocksuck",
    "motherf",
    "jizz",
    "blowjob",
    "asshole",
    "dickhead",
    "pussy",
    "pussies",
    "tits",
    "titt",
    "boob",
    "orgasm",
    "masturbat",
    "porn",
    "rape",
    "rapist",
    "bastard",
    "cum",
)
ADDED = ("cock", "cocks", "dyke", "fag")
ORDINARY = frozenset(
    """arian areole asses breasts cowgirls craps effeminacy effeminateness ejaculate ejaculated
    ejaculates ejaculating ejaculation craped crapes fairy fisted foobar gamin gays hun
    japed japes japing jerked jerry jokey labia lesbians mams massa mickey moonie muther
    niggle nipples nudes orgies oriental ovums panties papist pastie peeing peter phalli
    schizo screwing seamen sissiness sucked taco teste testes toots unmanliness
    womanishness""".split()
)
INFLECTIONS = ("s", "es", "ed", "ing")


def core() -> set[str]:
    wordnet = sources.wordnet()
    listed = sources.profanity_words()
    common = sources.scowl_levels()["english"]
    marked = {w for w, r in wordnet.items() if 2 * r.get("offensive", 0) >= r["senses"]}
    unknown = {w for w in listed if w not in wordnet and common.get(w, sources.ABSENT) > 20}
    obscene = {w for w in listed if any(stem in w for stem in STEMS)}
    return (marked | unknown | obscene) - ORDINARY


def offensive_words() -> list[str]:
    words = core()
    everything = sources.universe()
    wordnet, common = sources.wordnet(), sources.scowl_levels()["english"]
    inflected = {
        form
        for form in ({w + s for w in words for s in INFLECTIONS} & everything)
        if form not in wordnet and common.get(form, sources.ABSENT) > 35  # spiced, herpes stay
    }
    return sorted((words | inflected | set(ADDED)) - ORDINARY)


def main() -> None:
    words = offensive_words()
    text = ("\n".join(words) + "\n").encode("ascii")
    tmp = TARGET.with_name(TARGET.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as gz:
        gz.write(text)
    tmp.replace(TARGET)
    sha = hashlib.sha256(text).hexdigest()
    print(f"wrote {TARGET.name}: {len(words)} words, sha256 {sha}")


if __name__ == "__main__":
    main()

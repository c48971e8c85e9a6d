"""Build letterplay's offensive-word list, which puzzle generators keep away from players.

Run ``python scripts/build_offensive.py`` to rewrite ``src/letterplay/data/offensive-words.gz``
(gzip, mtime 0, one word a line, sorted) and ``offensive-shown.gz``, its words that strings shown
to players are read for (see :func:`shown_words`); it prints each list's size and sha256, which
``tests/test_offensive.py`` records. It needs ``pip install -e ".[build]"`` (the pinned word-list
packages below), ``apt-get install scowl wamerican-huge wbritish-huge hunspell-en-us
wordnet-base``, ``npm`` (for one pinned package), and ``LETTERPLAY_DATA`` (enable1). The same
inputs always give the same file: every source is pinned (a package at another version stops the
build) and nothing is random.

Policy
------
Out: **slurs** (words that name a person or a group with contempt: ethnic, racial, religious,
sexual or disability slurs) and **obscenities** (vulgar words for sex, genitals and excretion,
the swearing built on them, and explicit sex terms). Kept: ordinary words that also have an
offensive sense, when the ordinary sense is the one a player reads (club, girl, murder, bull,
black, boy, queen, spade, tool, fairy, taco), and plain words for the body, illness, violence,
drugs or religion (penis, kill, hell, damn, weed).

Sources
-------
- Published profanity lists, each from a pinned package: better-profanity 0.7.0, profanity 1.1
  and profanityfilter 2.1.0 (PyPI), glin-profanity 4.1.0's English list (PyPI; derived from
  Shutterstock's *List of Dirty, Naughty, Obscene and Otherwise Bad Words*);
- ``cuss`` 2.2.0 (npm, read with ``npm pack``, its sha512 checked): a map of profanities and
  slurs (Carnegie Mellon's list and Wikipedia's *List of ethnic slurs*) to a sureness rating,
  2 when a word is likely used as a profanity and unlikely in clean text, 1 maybe, 0 unlikely;
- WordNet 3.0: for each sense, whether it is marked offensive (the usage markers *ethnic slur*,
  *disparagement* and *obscenity*, or a gloss reading "(ethnic slur)", "offensive term for …",
  "obscene terms for …", "vulgar slang for …") and whether it names a person;
- SCOWL's size levels (10 the commonest words … 95 the rarest) and the word universe of
  ``nyt_sources``.

Rules, one per class of word
----------------------------
A word is offensive when:

1. **mostly offensive**: WordNet marks at least half of its senses obscene (cunt, twat,
   bunghole), or every lower-case sense of it is a slur or names a person with scorn (kike,
   wetback, honky); one offensive sense among ordinary ones is not enough (bull, queen, boy,
   fairy, taco). A form is judged by its base word (screwing by screw);
2. **a slur, whatever else it means**: a lower-case WordNet sense of it is a slur for a person
   or a group, and ``cuss`` lists it (chink, coon, fag, dyke, faggot, kaffir, queer); a capital
   slur sense counts only for a word WordNet knows in no other way (Jap, but not nip);
3. **agreed on**: ``cuss`` rates it likely offensive and at least two of the four published
   lists name it (retard, retarded, arse, piss, tosser), or three of them do and WordNet marks a
   sense of it offensive (cock, ass);
4. **list-only vocabulary**: a list names it (``cuss`` at least "maybe") but WordNet has no
   lower-case sense of it nor of its base word (fuckers -> fucker and breasts -> breast are
   known), and it is not among SCOWL's commonest words (level 20): jizz, bazooms; a word WordNet
   knows only as a name counts when ``cuss`` rates it likely offensive (hebe);
5. **an unambiguous obscenity inside**: a list names it and it matches one of :data:`STEMS`
   (motherfucking, cocksucker, bullshit; not snigger, niggard nor booby);
6. **an inflection** that a source lists of a word the rules above find: its plural (chinks,
   retards) and, when it has no ordinary verb sense (an unambiguous obscenity has none), its
   -ed and -ing forms and WordNet's irregular forms (shat, bitched; not cocked, queering nor
   retarding); not a WordNet lemma of its own, nor the inflection of an ordinary word (spiced
   is spice + d, not spic + ed);

except the ordinary words of :data:`ALLOWED`, a short list of words the rules catch whose
common sense is the ordinary one: spade (the tool and the suit), dike (the embankment), pansy
(the flower), muff, smut (the plant disease), spunk (pluck), peter (to peter out), jerry,
mickey, gamin, schizo, massa and a few rare plain words that only a profanity list names
(areole, bluegum, kimchis, limy, pastie, perse).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.util
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nyt_sources as sources

DATA = Path(__file__).resolve().parent.parent / "src" / "letterplay" / "data"
TARGET = DATA / "offensive-words.gz"
SHOWN_TARGET = DATA / "offensive-shown.gz"
MIN_SHOWN = 3  # shorter words (ho) are in too many strings of letters to mean anything
DICTIONARY_LEVEL = 60  # SCOWL's size level of the dictionary words shown strings are read for

# (distribution, version, module, data file inside the module): pinned in pyproject's `build`
LISTS = (
    ("better-profanity", "0.7.0", "better_profanity", "profanity_wordlist.txt"),
    ("profanity", "1.1", "profanity", "data/wordlist.txt"),
    ("profanityfilter", "2.1.0", "profanityfilter", "data/badwords.txt"),
    ("glin-profanity", "4.1.0", "glin_profanity", "data/dictionaries/english.json"),
)
CUSS = "cuss@2.2.0"
CUSS_SHA512 = (
    "3hlHOhMiZ6YdHY5LPUhfxlx1Pj14eGttv2l9ADB1Lkv7e/us5XD798wrVLJ9DHmDO8SzCDuA+ItByFZ3M1dIYg=="
)
LIKELY, MAYBE = 2, 1  # cuss's sureness ratings

# Rule 5: unambiguous obscenities (regular expressions: snigger, niggard, booby and clitoris
# are not)
STEMS = re.compile(
    "|".join(
        (
            "fuck",
            "shit",
            "cunt",
            "slut",
            "whor",
            "twat",
            "wank",
            "bitch",
            "(?<!s)nigg(?:er|a(?!rd))",
            "fagg",
            "dildo",
            "clit(?!or)",
            "cocksuck",
            "motherf",
            "jizz",
            "blowjob",
            "asshole",
            "dickhead",
            "tits",
            "titt",
            "boob(?!y)",
            "orgasm",
            "masturbat",
            "porn",
            "rape",
            "raping",
            "rapist",
        )
    )
)
# Ordinary words the rules catch, kept: the sense a player reads is not the offensive one
ALLOWED = frozenset(
    """areole bluegum dike gamin jerry kimchis limy massa mickey muff pansy pastie perse peter
    schizo smut spade spunk""".split()
)
INFLECTIONS = ("s", "es", "ed", "ing")
PLURALS = ("s", "es")
REGULAR = (*INFLECTIONS, "ies", "ied")  # the endings of bases(): cities -> city
COMPARATIVES = ("er", "est")  # of adjectives only: looser -> loose, but wigger is not wig + er

# WordNet: a usage marker (the synset a sense points to with ";u") or a phrase of the gloss
# (before its quoted examples: "in England `fanny' is vulgar slang for ..." is an example)
SLUR_USAGES = {"ethnic_slur"}
SCORN_USAGES = {"disparagement"}  # weaker: also "effeminacy (derogatory of a man)"
OBSCENE_USAGES = {"obscenity"}
SLUR_GLOSS = re.compile(r"\(ethnic slur\)|\boffensive (?:and \w+ )?(?:term|name|slang)")
OBSCENE_GLOSS = re.compile(r"\b(?:obscene|vulgar) (?:terms?|words?|slang)\b")
PERSON = 18  # WordNet's lexicographer file noun.person
CVC = re.compile(r"(?:^|[^aeiou])[aeiou][^aeiouwxy]$")  # rap -> rapped, stag -> stagged


@dataclass(frozen=True)
class Sense:
    """One WordNet sense of a lower-cased lemma."""

    pos: str  # n, v, a (adjectives and satellites) or r
    lower: bool  # written in lower case in its synset
    person: bool  # names a person (noun.person)
    slur: bool  # marked an ethnic slur, or glossed an offensive term or name
    scorn: bool  # marked a disparagement
    obscene: bool  # marked an obscenity, or glossed obscene or vulgar words

    @property
    def offensive(self) -> bool:
        return self.slur or self.obscene or (self.scorn and self.person)


def _pinned(dist: str, pinned: str) -> None:
    if version(dist) != pinned:
        raise SystemExit(f"error: {dist} {version(dist)} installed, {pinned} needed: pip install")


def _module_file(module: str, relative: str) -> Path:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"error: {module} is missing: pip install -e '.[build]'")
    return Path(next(iter(spec.submodule_search_locations))) / relative


@cache
def published_lists() -> dict[str, frozenset[str]]:
    """Each pinned profanity list: its single a–z words, lower-cased."""
    out = {}
    for dist, pinned, module, relative in LISTS:
        _pinned(dist, pinned)
        path = _module_file(module, relative)
        text = path.read_text("utf-8")
        entries = json.loads(text)["words"] if path.suffix == ".json" else text.splitlines()
        out[dist] = frozenset(
            w for w in (e.strip().lower() for e in entries) if sources.WORD.fullmatch(w)
        )
    return out


@cache
def cuss_ratings() -> dict[str, int]:
    """``cuss``'s rating of each single a–z word, from its pinned npm tarball."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            subprocess.run(
                ["npm", "pack", CUSS, "--silent", "--pack-destination", tmp],
                check=True,
                capture_output=True,
            )
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit(f"error: npm pack {CUSS} failed: {exc}") from exc
        (tarball,) = Path(tmp).glob("*.tgz")
        digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        if digest != CUSS_SHA512:
            raise SystemExit(f"error: {CUSS} is not the pinned tarball (sha512 {digest})")
        with tarfile.open(tarball) as tar:
            member = tar.extractfile("package/index.js")
            text = member.read().decode("utf-8") if member else ""
    entries = re.findall(r"^\s+'?([^':\n]+)'?: ([0-2]),?$", text, re.M)
    if len(entries) < 1500:  # the English map has about 1,800 entries
        raise SystemExit(f"error: read only {len(entries)} entries of {CUSS}")
    return {w: int(r) for w, r in entries if sources.WORD.fullmatch(w)}


def _wordnet_lines():
    for pos in ("noun", "verb", "adj", "adv"):
        for line in sources.need(sources.WORDNET / f"data.{pos}").read_text("latin-1").splitlines():
            if not line.startswith(" "):
                head, _, gloss = line.partition(" | ")
                fields = head.split()
                n = int(fields[3], 16)
                words = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]) for i in range(n)]
                yield fields, words, gloss.split('; "')[0]


@cache
def wordnet_senses() -> dict[str, tuple[Sense, ...]]:
    """Every sense of every WordNet lemma (lower-cased), with its offensive marks."""
    lines = list(_wordnet_lines())
    usage_words = {fields[0]: set(words) for fields, words, _ in lines}
    senses: dict[str, list[Sense]] = defaultdict(list)
    for fields, words, gloss in lines:
        k = 4 + 2 * len(words)
        usages = set()
        for i in range(int(fields[k])):
            if fields[k + 1 + 4 * i] == ";u":
                usages |= usage_words.get(fields[k + 2 + 4 * i], set())
        pos = "a" if fields[2] == "s" else fields[2]
        marks = dict(
            person=pos == "n" and int(fields[1]) == PERSON,
            slur=bool(usages & SLUR_USAGES or SLUR_GLOSS.search(gloss)),
            scorn=bool(usages & SCORN_USAGES),
            obscene=bool(usages & OBSCENE_USAGES or OBSCENE_GLOSS.search(gloss)),
        )
        for word in words:
            if sources.WORD.fullmatch(word.lower()):
                senses[word.lower()].append(Sense(pos, word.islower(), **marks))
    return {w: tuple(s) for w, s in senses.items()}


@cache
def wordnet_exceptions() -> dict[str, frozenset[tuple[str, str]]]:
    """WordNet's irregular forms, each with its base words and their part of speech (shat ->
    shit, v; labia -> labium, n)."""
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for pos in ("noun", "verb", "adj", "adv"):
        path = sources.need(sources.WORDNET / f"{pos}.exc")
        for line in path.read_text("latin-1").splitlines():
            form, *words = line.split()
            found[form].update((w, "r" if pos == "adv" else pos[0]) for w in words)
    return {form: frozenset(words) for form, words in found.items()}


def bases(word: str) -> set[str]:
    """The words ``word`` may be an inflection of: regular endings, -men plurals, WordNet's
    irregular forms, and the comparatives of WordNet's adjectives (fuckers -> fucker, raping ->
    rape, seamen -> seaman, shat -> shit, looser -> loose)."""
    wordnet = wordnet_senses()
    found = set(sources.base_candidates(word, REGULAR))
    found |= {
        b
        for b in sources.base_candidates(word, COMPARATIVES)
        if any(s.pos == "a" for s in wordnet.get(b, ()))
    }
    if word.endswith("men"):
        found.add(word[:-3] + "man")
    return found | {b for b, _pos in wordnet_exceptions().get(word, ())}


def regular_forms(word: str, endings: tuple[str, ...] = INFLECTIONS) -> set[str]:
    """The regular inflections of ``word`` with ``endings`` (plural or third person, past,
    -ing) by English spelling rules; a short word ending consonant-vowel-consonant doubles its
    last letter (rap -> rapped, not raped)."""
    forms = {form for form, ending in sources.inflect(word) if ending in endings}
    forms |= {word + ending for ending in endings if ending in PLURALS}
    if CVC.search(word) and len(word) <= 4:
        doubled = {word + word[-1] + ending for ending in ("ed", "ing") if ending in endings}
        forms = {f for f in forms if not f.endswith(("ed", "ing"))} | doubled
    return forms


def _mostly_offensive(senses: tuple[Sense, ...]) -> bool:
    """At least half of the senses obscene, or every lower-case sense a slur or a person named
    with scorn (every sense when none is written in lower case: Jap)."""
    lower = [s for s in senses if s.lower] or list(senses)
    obscene = 2 * sum(s.obscene for s in senses) >= len(senses)
    return obscene or all(s.slur or (s.scorn and s.person) for s in lower)


def classes() -> dict[str, set[str]]:
    """The words each rule of the policy finds (before inflections and :data:`ALLOWED`)."""
    lists = published_lists()
    ratings = cuss_ratings()
    wordnet = wordnet_senses()
    common = sources.scowl_levels()["english"]
    named = set().union(*lists.values())
    listed = named | {w for w, r in ratings.items() if r >= MAYBE}
    votes = {w: sum(w in words for words in lists.values()) for w in named}
    lower = {w: any(s.lower for s in ss) for w, ss in wordnet.items()}
    mostly = {w for w, ss in wordnet.items() if _mostly_offensive(ss)}
    # a form is judged by its base word: screwing is screw's, not its one (sex) sense
    mostly -= {
        w
        for w in mostly
        if any(b in wordnet and b not in mostly for b in sources.base_candidates(w, REGULAR))
    }
    return {
        "mostly offensive": mostly,
        "slur": {
            w
            for w, ss in wordnet.items()
            if ratings.get(w, -1) >= MAYBE
            and any((s.slur or s.scorn) and s.person and (s.lower or not lower[w]) for s in ss)
        },
        "agreed on": {
            w
            for w in named
            if (ratings.get(w) == LIKELY and votes[w] >= 2)
            or (votes[w] >= 3 and any(s.offensive for s in wordnet.get(w, ())))
        },
        "list-only": {
            w
            for w in listed
            if not any(lower.get(b) for b in (w, *bases(w)))
            and (w not in wordnet or ratings.get(w) == LIKELY)  # Hebe is a goddess's name
            and common.get(w, sources.ABSENT) > 20
        },
        "obscenity inside": {w for w in listed if STEMS.search(w)},
    }


def inflections(words: set[str]) -> set[str]:
    """The inflected forms of ``words`` that a source lists: plurals (chinks, retards) and, of
    words with no ordinary verb sense in WordNet, -ed and -ing forms (whoring, but not cocked
    nor queering); irregular ones too (shat). Left out: WordNet lemmas of their own and the
    inflections of an ordinary word (spiced is spice + d, not spic + ed; japed is jape + d);
    irregular forms only of a part of speech the word has no ordinary sense in."""
    everything = sources.universe()
    wordnet, common = wordnet_senses(), sources.scowl_levels()["english"]
    made: dict[str, set[str]] = defaultdict(set)
    irregular: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for form, bases_ in wordnet_exceptions().items():
        for base, pos in bases_:
            irregular[base].add((form, pos))
    for word in words:
        # an unambiguous obscenity has no ordinary sense, whatever WordNet marks (shit -> shat)
        senses = () if STEMS.search(word) else wordnet.get(word, ())
        ordinary = {s.pos for s in senses if not s.offensive}
        for form in regular_forms(word, PLURALS if "v" in ordinary else INFLECTIONS):
            made[form].add(word)
        for form, pos in irregular.get(word, ()):
            if pos not in ordinary:  # pussier is pussy's (full of pus), an ordinary adjective
                made[form].add(word)
    out = set()
    for form, made_from in made.items():
        if form not in everything or form in words:
            continue
        if form in wordnet and form not in wordnet_exceptions():
            continue
        others = {
            b
            for b in bases(form) - made_from - words
            if (b in wordnet or common.get(b, sources.ABSENT) <= 50) and form in regular_forms(b)
        }
        if not others:
            out.add(form)
    return out


def offensive_words() -> list[str]:
    words = set().union(*classes().values()) - ALLOWED
    return sorted((words | inflections(words)) - ALLOWED)


def shown_words(words: list[str]) -> list[str]:
    """The offensive words a string shown to a player is read for: those of at least
    :data:`MIN_SHOWN` letters that a dictionary lists (enable1, SCOWL's word lists up to level
    60, WordNet's lemmas), so a side or a scramble is not refused for a profanity list's
    misspellings (bch, sht); and of the words only rule 4 finds, those ``cuss`` rates likely
    offensive or two lists name (and their inflections), so that no string is refused for a
    rare plain word one list happens to name (Scots gae and gey)."""
    dictionary = set(sources.enable1()) | set(wordnet_senses())
    for group, table in sources.scowl_levels().items():
        if group not in ("proper", "abbrev", "upper"):
            dictionary |= {w for w, level in table.items() if level <= DICTIONARY_LEVEL}
    found = classes()
    ratings, lists = cuss_ratings(), published_lists().values()
    sure = set().union(*(found[name] for name in found if name != "list-only"))
    sure |= {
        w
        for w in found["list-only"]
        if ratings.get(w) == LIKELY or sum(w in listed for listed in lists) >= 2
    }
    return [
        w
        for w in words
        if len(w) >= MIN_SHOWN and w in dictionary and (w in sure or bases(w) & sure)
    ]


def write(target: Path, words: list[str]) -> None:
    """``words`` to ``target``: gzip with mtime 0, one a line, written atomically."""
    text = ("\n".join(words) + "\n").encode("ascii")
    tmp = target.with_name(target.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as gz:
        gz.write(text)
    tmp.replace(target)
    sha = hashlib.sha256(text).hexdigest()
    print(f"wrote {target.name}: {len(words)} words, sha256 {sha}")


def main() -> None:
    words = offensive_words()
    write(TARGET, words)
    write(SHOWN_TARGET, shown_words(words))


if __name__ == "__main__":
    main()

"""Build letterplay's bundled ``enable1`` lexicon from a copy of the ENABLE word list.

Run ``python scripts/build_enable1.py [SOURCE]`` to rewrite
``src/letterplay/data/enable1.txt.gz``. SOURCE defaults to ``$LETTERPLAY_DATA/enable1.txt``; any
copy of the list will do (``https://norvig.com/ngrams/enable1.txt`` is one), since the script
normalises it the way every lexicon is normalised (lower case, a–z words only, de-duplicated,
sorted, one word a line with a trailing newline) and refuses to write anything unless the result
has enable1's identity: 172,820 words whose sha256 is ``f32e6fbd…913d49``.

The output is byte-for-byte reproducible: gzip at level 9 with no file name and a zero
timestamp in its header, so rebuilding from any copy of the list gives the same file (for a given
zlib). ENABLE is in the public domain, so it can ship inside the package.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "letterplay" / "data" / "enable1.txt.gz"
SHA256 = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49"
WORDS = 172_820


def normalised_text(raw: bytes) -> bytes:
    """The normalised list: lower-case a–z words, unique, sorted, one a line."""
    tokens = raw.decode("utf-8-sig").lower().split()
    words = sorted({w for w in tokens if w.isascii() and w.isalpha()})
    return ("\n".join(words) + "\n").encode("ascii")


def deterministic_gzip(data: bytes) -> bytes:
    """``data`` gzipped with a header that holds no name and no time."""
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=9, mtime=0) as f:
        f.write(data)
    return out.getvalue()


def main(argv: list[str]) -> None:
    if argv:
        source = Path(argv[0])
    elif os.environ.get("LETTERPLAY_DATA"):
        source = Path(os.environ["LETTERPLAY_DATA"]) / "enable1.txt"
    else:
        sys.exit("usage: build_enable1.py SOURCE (or set LETTERPLAY_DATA)")
    text = normalised_text(source.read_bytes())
    digest = hashlib.sha256(text).hexdigest()
    count = text.count(b"\n")
    if digest != SHA256 or count != WORDS:
        sys.exit(f"error: {source} is not enable1 ({count} words, sha256 {digest})")
    packed = deterministic_gzip(text)
    tmp = TARGET.with_name(TARGET.name + ".tmp")
    tmp.write_bytes(packed)
    tmp.replace(TARGET)
    print(
        f"wrote {TARGET.relative_to(ROOT)}: {count:,} words, {len(packed):,} bytes, sha256 {digest}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])

"""Reading and writing Steiner tree instances and solutions: PACE 2018 ``.gr`` and SteinLib
``.stp``.

A PACE instance file has a ``SECTION Graph`` (``Nodes n``, ``Edges m``, then ``E u v w`` lines, node
ids 1-based, weights non-negative integers) and a ``SECTION Terminals`` (``Terminals k``, then
``T t`` lines), each closed by ``END``, and ends with ``EOF``; ``#`` starts a comment line. A
solution is ``VALUE cost`` followed by one ``u v`` line per tree edge.

A SteinLib file is the same sections after the header line ``33D32945 STP File, STP Format
Version 1.0``, plus a ``SECTION Comment`` (name, creator, remarks: skipped) and an optional
``SECTION Coordinates`` (``DD id x y`` lines: skipped); section names and keywords may be in any
case. The other problem variants SteinLib writes in that format are refused with one line: arcs
(``Arcs``, ``A u v w``: directed), a root (``Root``), prizes (``TP``) and any other section
(degree limits, obstacles, presolve offsets). :func:`read_instance` tells the two formats apart
by the first line.

The reader streams the file line by line into compact integer arrays, so its memory stays a small
multiple of the file's size, and it refuses, before allocating anything, a graph larger than
:data:`MAX_NODES` nodes or one whose nodes are mostly isolated (see :func:`read_pace`). Every
error names the file and, where there is one, the line. Readers and writers are kept apart from
the engine, as networkx keeps its ``readwrite``; the engine's face re-exports them.

Examples
--------
>>> instance = parse_pace('''SECTION Graph
... Nodes 3
... Edges 2
... E 1 2 5
... E 2 3 4
... END
... SECTION Terminals
... Terminals 2
... T 1
... T 3
... END
... EOF''')
>>> instance.n_nodes, instance.n_edges, instance.terminals
(3, 2, [0, 2])

References
----------
- The PACE 2018 challenge (Steiner tree), which defines the format:
  https://pacechallenge.org/2018/steiner-tree/
- T. Koch, A. Martin and S. Voß, "SteinLib: an updated library on Steiner tree problems in
  graphs", in Steiner Trees in Industry, Kluwer (2001) 285–325, and its format description:
  https://steinlib.zib.de/format.php
- É. Bonnet and F. Sikora, "The PACE 2018 Parameterized Algorithms and Computational Experiments
  Challenge: The Third Iteration", IPEC 2018, LIPIcs 115, 26:1–26:15.
  https://doi.org/10.4230/LIPIcs.IPEC.2018.26
"""

from __future__ import annotations

import io
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from letterplay.errors import InputError
from letterplay.steiner._graph import MAX_WEIGHT, edge_list, symmetric_graph

__all__ = [
    "MAX_ISOLATED_NODES",
    "MAX_NODES",
    "Instance",
    "format_pace",
    "format_solution",
    "parse_pace",
    "parse_stp",
    "read_instance",
    "read_pace",
    "read_stp",
]

STP_HEADER = b"33D32945"
"""The magic number a SteinLib ``.stp`` file starts with."""

_STP_SECTIONS = {"comment", "comments", "graph", "terminals", "coordinates"}

_REFUSED = {
    b"ARCS": "arcs (a directed instance) are",
    b"A": "arcs (a directed instance) are",
    b"ROOT": "a root (a rooted instance) is",
    b"ROOTP": "a root (a rooted prize-collecting instance) is",
    b"TP": "terminal prizes (a prize-collecting instance) are",
    b"OBSTACLES": "obstacles (a rectilinear instance) are",
}
"""SteinLib keywords of other problem variants, and what they mean."""

MAX_NODES = 50_000_000
"""The most nodes a ``.gr`` file may declare (the graph's index alone takes 8 bytes a node)."""

MAX_ISOLATED_NODES = 100_000
"""Nodes beyond twice the edges (nodes no edge can touch) accepted on top of those edges."""


@dataclass(frozen=True)
class Instance:
    """A Steiner tree instance: a symmetric sparse graph of integer edge weights, the terminals
    (0-based node ids, sorted, distinct), the number of nodes and where it was read from.

    Examples
    --------
    >>> instance = parse_pace("SECTION Graph\\nNodes 2\\nE 1 2 7\\nEND\\n"
    ...                       "SECTION Terminals\\nT 1\\nT 2\\nEND\\nEOF", name="pair.gr")
    >>> instance.name, instance.n_nodes, instance.n_edges, int(instance.graph[0, 1])
    ('pair.gr', 2, 1, 7)
    """

    graph: sp.csr_array
    terminals: list[int]
    n_nodes: int
    name: str = ""

    @property
    def n_edges(self) -> int:
        """Number of undirected edges (parallel edges merged)."""
        return self.graph.nnz // 2


# ----------------------------------------------------------------------------------------------
# Reading


class _Reader:
    """The reading state: the section, the declared counts, and the columns read so far."""

    def __init__(self, name: str, expected: str | None):
        self.name = name
        # "gr", "stp", or None to tell by the first line
        self.expected, self.format = expected, None
        self.n: int | None = None
        self.declared_edges: int | None = None
        self.declared_terms: int | None = None
        self.section: str | None = None
        self.seen: set[str] = set()
        self.u, self.v, self.w = array("q"), array("q"), array("q")
        self.terms = array("q")
        self.lineno = 0

    def fail(self, why: str) -> None:
        raise InputError(f"{self.name}:{self.lineno}: {why}")

    def numbers(self, fields: list[bytes], count: int) -> list[int]:
        """The ``count - 1`` integers after the line's keyword."""
        if len(fields) != count:
            self.fail(f"expected {count - 1} number(s) after {_text(fields[0])!r}")
        try:
            return [int(f) for f in fields[1:]]
        except ValueError:
            self.fail(f"not an integer in {_text(b' '.join(fields))!r}")
        raise AssertionError  # unreachable: fail raises

    def node(self, value: int) -> int:
        if self.n is None:
            self.fail("node id before the 'Nodes' line")
        if not 1 <= value <= self.n:
            self.fail(f"node {value} out of range 1..{self.n}")
        return value - 1

    def header(self, head: bytes) -> bool:
        """Tell the format by the first line; True when that line is the SteinLib header."""
        stp = head == STP_HEADER
        if self.expected == "gr" and stp:
            self.fail("a SteinLib .stp file, not a PACE .gr file (read_stp reads it)")
        if self.expected == "stp" and not stp:
            self.fail("not a SteinLib .stp file: the first line must be '33D32945 STP File, ...'")
        self.format = "stp" if stp else "gr"
        return stp

    def line(self, fields: list[bytes]) -> bool:
        """Read one non-empty line; False at ``EOF``."""
        head = fields[0].upper()
        if self.format is None and self.header(head):
            return True
        if head == b"EOF":
            return False
        if head == b"SECTION":
            self.open_section(fields)
        elif head == b"END":
            if self.section is None:
                self.fail("END outside a section")
            self.section = None
        elif self.section == "graph":
            self.graph_line(head, fields)
        elif self.section == "terminals":
            self.terminal_line(head, fields)
        elif self.section in ("comment", "coordinates"):
            pass  # names, remarks and drawing positions: nothing the problem depends on
        elif self.section is None:
            self.fail(f"unexpected {_text(fields[0])!r} outside a section")
        return True

    def open_section(self, fields: list[bytes]) -> None:
        if self.section is not None:
            self.fail(f"SECTION inside section {self.section} (missing END)")
        if len(fields) != 2:
            self.fail("expected 'SECTION Name'")
        section = _text(fields[1]).lower()
        if self.format == "stp":
            if section not in _STP_SECTIONS:
                self.fail(
                    f"SECTION {_text(fields[1])} is not supported: only the Steiner problem in "
                    f"undirected graphs (sections Comment, Graph, Terminals, Coordinates)"
                )
            section = section.removesuffix("s") if section == "comments" else section
        self.section = section
        self.seen.add(self.section)

    def graph_line(self, head: bytes, fields: list[bytes]) -> None:
        if head == b"NODES":
            if self.n is not None:
                self.fail("a second 'Nodes' line")
            (n,) = self.numbers(fields, 2)
            if n < 1:
                self.fail("a graph needs at least one node")
            if n > MAX_NODES:
                self.fail(f"Nodes {n} is over the limit of {MAX_NODES:,} nodes")
            self.n = n
        elif head == b"EDGES":
            (self.declared_edges,) = self.numbers(fields, 2)
        elif head == b"E":
            self.edge(*self.numbers(fields, 4))
        else:
            self.unexpected(head, fields, "Graph")

    def unexpected(self, head: bytes, fields: list[bytes], section: str) -> None:
        if self.format == "stp" and head in _REFUSED:
            self.fail(f"{_REFUSED[head]} not supported ({_text(fields[0])!r})")
        self.fail(f"unexpected {_text(fields[0])!r} in SECTION {section}")

    def edge(self, u: int, v: int, w: int) -> None:
        u, v = self.node(u), self.node(v)
        if w < 0:
            self.fail(f"negative edge weight {w}")
        if w > MAX_WEIGHT:
            self.fail(f"edge weight {w} is over the limit of 2**52")
        if u == v:
            self.fail(f"loop at node {u + 1}")
        self.u.append(u)
        self.v.append(v)
        self.w.append(w)

    def terminal_line(self, head: bytes, fields: list[bytes]) -> None:
        if head == b"TERMINALS":
            (self.declared_terms,) = self.numbers(fields, 2)
        elif head == b"T":
            (t,) = self.numbers(fields, 2)
            self.terms.append(self.node(t))
        else:
            self.unexpected(head, fields, "Terminals")

    def finish(self) -> None:
        """Check what only the whole file shows (sections closed, counts, sizes)."""
        if self.section is not None:
            self.fail(f"SECTION {self.section} has no END")
        for needed in ("graph", "terminals"):
            if needed not in self.seen:
                raise InputError(f"{self.name}: no SECTION {needed.capitalize()}")
        if self.n is None:
            raise InputError(f"{self.name}: no 'Nodes' line")
        m, k = len(self.w), len(self.terms)
        if self.declared_edges is not None and self.declared_edges != m:
            raise InputError(f"{self.name}: 'Edges {self.declared_edges}' but {m} edge lines")
        if self.declared_terms is not None and self.declared_terms != k:
            raise InputError(
                f"{self.name}: 'Terminals {self.declared_terms}' but {k} terminal lines"
            )
        if not k:
            raise InputError(f"{self.name}: no terminals")
        if self.n > 2 * m + MAX_ISOLATED_NODES:
            raise InputError(
                f"{self.name}: 'Nodes {self.n}' but {m} edges: at most 2 × edges + "
                f"{MAX_ISOLATED_NODES:,} nodes are accepted (the others could touch no edge)"
            )

    def instance(self) -> Instance:
        def column(values: array) -> np.ndarray:
            return np.frombuffer(values, dtype=np.int64) if len(values) else np.zeros(0, np.int64)

        assert self.n is not None
        graph = symmetric_graph(self.n, column(self.u), column(self.v), column(self.w))
        terminals = sorted(set(self.terms.tolist()))
        return Instance(graph=graph, terminals=terminals, n_nodes=self.n, name=self.name)


def _text(field: bytes) -> str:
    return field.decode("ascii", errors="replace")


def _read_lines(lines: Iterable[bytes], name: str, expected: str | None) -> Instance:
    reader = _Reader(name, expected)
    u, v, w = reader.u.append, reader.v.append, reader.w.append
    for reader.lineno, raw in enumerate(lines, 1):
        fields = raw.split()
        if len(fields) == 4 and fields[0] == b"E" and reader.section == "graph" and reader.n:
            # the common line, read inline; anything unusual takes the checked path below
            try:
                a, b, c = int(fields[1]), int(fields[2]), int(fields[3])
            except ValueError:
                a = 0
            if 0 < a <= reader.n and 0 < b <= reader.n and a != b and 0 <= c <= MAX_WEIGHT:
                u(a - 1)
                v(b - 1)
                w(c)
                continue
        if not fields or fields[0].startswith(b"#"):
            continue
        if not reader.line(fields):
            break
    reader.finish()
    return reader.instance()


def read_pace(path: str | Path) -> Instance:
    """Read a PACE 2018 ``.gr`` file.

    Parameters
    ----------
    path : str or Path
        The file.

    Returns
    -------
    Instance
        Its graph (0-based node ids), terminals and node count, named after the file.

    Raises
    ------
    InputError
        Naming the file and line, for anything malformed or unreadable: a missing file, text
        that is not the format, node ids out of range, weights above 2**52, more than
        :data:`MAX_NODES` nodes, or more nodes than twice the edges plus
        :data:`MAX_ISOLATED_NODES` (such a graph is refused before anything is allocated).

    Examples
    --------
    >>> read_pace("no-such-file.gr")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: no-such-file.gr: cannot read: No such file or directory

    References
    ----------
    - The PACE 2018 Steiner tree format: https://pacechallenge.org/2018/steiner-tree/
    """
    return _read_file(path, "gr")


def _read_file(path: str | Path, expected: str | None) -> Instance:
    path = Path(path)
    try:
        with open(path, "rb") as f:
            return _read_lines(f, str(path), expected)
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None


def _parse_text(text: str | bytes, name: str, expected: str | None) -> Instance:
    if isinstance(text, str):
        text = text.encode("utf-8")
    if not isinstance(text, bytes):
        raise InputError(
            f"`text` must be str or bytes, not {type(text).__name__}", parameter="text"
        )
    return _read_lines(io.BytesIO(text), name, expected)


def parse_pace(text: str | bytes, *, name: str = "<text>") -> Instance:
    """Read a PACE 2018 instance from its text (as :func:`read_pace` reads a file).

    Parameters
    ----------
    text : str or bytes
        The text of a ``.gr`` file.
    name : str
        What errors call it (a file name).

    Returns
    -------
    Instance
        Its graph (0-based node ids), terminals and node count.

    Examples
    --------
    >>> parse_pace("SECTION Graph\\nNodes 2\\nE 1 2 7\\nEND\\n"
    ...            "SECTION Terminals\\nT 2\\nEND\\n").terminals
    [1]
    >>> parse_pace("SECTION Graph\\nNodes 2\\nE 1 2 x\\nEND\\n", name="bad.gr")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: bad.gr:3: not an integer in 'E 1 2 x'

    References
    ----------
    - The PACE 2018 Steiner tree format: https://pacechallenge.org/2018/steiner-tree/
    """
    return _parse_text(text, name, "gr")


def read_stp(path: str | Path) -> Instance:
    """Read a SteinLib ``.stp`` file (the Steiner problem in undirected graphs).

    Parameters
    ----------
    path : str or Path
        The file.

    Returns
    -------
    Instance
        Its graph (0-based node ids), terminals and node count, named after the file.

    Raises
    ------
    InputError
        Naming the file and line, as :func:`read_pace` does, and for a file without the header
        line or of another problem variant (arcs, a root, prizes, other sections).

    Examples
    --------
    >>> read_stp("no-such-file.stp")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: no-such-file.stp: cannot read: No such file or directory

    References
    ----------
    - The SteinLib format: https://steinlib.zib.de/format.php
    """
    return _read_file(path, "stp")


def parse_stp(text: str | bytes, *, name: str = "<text>") -> Instance:
    """Read a SteinLib instance from its text (as :func:`read_stp` reads a file).

    Parameters
    ----------
    text : str or bytes
        The text of a ``.stp`` file.
    name : str
        What errors call it (a file name).

    Returns
    -------
    Instance
        Its graph (0-based node ids), terminals and node count.

    Examples
    --------
    >>> text = '''33D32945 STP File, STP Format Version 1.0
    ... Section Comment
    ... Name "pair"
    ... END
    ... SECTION GRAPH
    ... Nodes 2
    ... Edges 1
    ... E 1 2 7
    ... END
    ... SECTION Terminals
    ... Terminals 2
    ... T 1
    ... T 2
    ... END
    ... EOF'''
    >>> instance = parse_stp(text)
    >>> instance.n_edges, instance.terminals
    (1, [0, 1])
    >>> parse_stp(text.replace("E 1 2 7", "A 1 2 7"), name="arcs.stp")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: arcs.stp:8: arcs (a directed instance) are not supported ('A')

    References
    ----------
    - The SteinLib format: https://steinlib.zib.de/format.php
    """
    return _parse_text(text, name, "stp")


def read_instance(path: str | Path) -> Instance:
    """Read a PACE ``.gr`` or a SteinLib ``.stp`` file, telling them apart by the first line
    (the SteinLib header ``33D32945 STP File``), whatever the file is called.

    Parameters
    ----------
    path : str or Path
        The file.

    Returns
    -------
    Instance
        Its graph (0-based node ids), terminals and node count, named after the file.

    Examples
    --------
    >>> read_instance("no-such-file.stp")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: no-such-file.stp: cannot read: No such file or directory

    References
    ----------
    - The PACE 2018 format: https://pacechallenge.org/2018/steiner-tree/
    - The SteinLib format: https://steinlib.zib.de/format.php
    """
    return _read_file(path, None)


# ----------------------------------------------------------------------------------------------
# Writing


def format_pace(instance: Instance) -> str:
    """The ``.gr`` text of an instance (1-based ids; each undirected edge once).

    Parameters
    ----------
    instance : Instance
        The instance to write.

    Returns
    -------
    str
        The text of its ``.gr`` file, which :func:`parse_pace` reads back.

    Examples
    --------
    >>> again = parse_pace(format_pace(parse_pace(
    ...     "SECTION Graph\\nNodes 2\\nE 1 2 7\\nEND\\nSECTION Terminals\\nT 2\\nEND\\nEOF")))
    >>> print(format_pace(again), end="")
    SECTION Graph
    Nodes 2
    Edges 1
    E 1 2 7
    END
    <BLANKLINE>
    SECTION Terminals
    Terminals 1
    T 2
    END
    <BLANKLINE>
    EOF

    References
    ----------
    - The PACE 2018 Steiner tree format: https://pacechallenge.org/2018/steiner-tree/
    """
    _, u, v, w = edge_list(instance.graph)
    lines = ["SECTION Graph", f"Nodes {instance.n_nodes}", f"Edges {len(w)}"]
    lines += [
        f"E {a + 1} {b + 1} {c}" for a, b, c in zip(u.tolist(), v.tolist(), w.tolist(), strict=True)
    ]
    lines += ["END", "", "SECTION Terminals", f"Terminals {len(instance.terminals)}"]
    lines += [f"T {t + 1}" for t in instance.terminals]
    lines += ["END", "", "EOF"]
    return "\n".join(lines) + "\n"


def format_solution(solution: Any) -> str:
    """The PACE output of a solution: ``VALUE cost``, then one ``u v`` line per edge.

    Parameters
    ----------
    solution : SolveResult
        A solved instance (:func:`letterplay.steiner.solve`): its ``cost`` and its ``edges``,
        1-based pairs.

    Returns
    -------
    str
        The lines a PACE solver prints (no final newline).

    Examples
    --------
    >>> from letterplay.steiner import SolveResult
    >>> solved = SolveResult(
    ...     cost=3, optimal=True, lower_bound=3, edges=[(1, 2), (2, 4)], terminals=2, seconds=0.0
    ... )
    >>> print(format_solution(solved))
    VALUE 3
    1 2
    2 4

    References
    ----------
    - The PACE 2018 Steiner tree output format: https://pacechallenge.org/2018/steiner-tree/
    """
    return "\n".join([f"VALUE {solution.cost}", *(f"{a} {b}" for a, b in solution.edges)])

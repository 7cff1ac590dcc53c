"""How many string-key lookups in ``companion/games`` mypy can check.

Every ``x["key"]`` in the engines is counted by the type mypy gives ``x``: a TypedDict
(the key is checked), ``Any`` or ``dict[str, Any]`` (nobody checks it), or another
type (a plain ``dict[str, int]`` and the like: the key is data, not a field).

    python -m bench.state_keys            # totals
    python -m bench.state_keys --files    # untyped lookups per file
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

from mypy import build
from mypy.modulefinder import BuildSource
from mypy.nodes import IndexExpr, StrExpr
from mypy.options import Options
from mypy.types import AnyType, Instance, Type, TypedDictType, get_proper_type

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "companion" / "games"


def kind_of(typ: Type | None) -> str:
    """"typed", "untyped" or "other" for the type of a subscripted expression."""
    proper = get_proper_type(typ) if typ is not None else None
    if proper is None or isinstance(proper, AnyType):
        return "untyped"
    if isinstance(proper, TypedDictType):
        return "typed"
    if isinstance(proper, Instance) and proper.type.fullname == "builtins.dict":
        value = get_proper_type(proper.args[1])
        return "untyped" if isinstance(value, AnyType) else "other"
    return "other"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _places() -> dict[tuple[int, int, str], str]:
    """(line, column, key) of each ``x["key"]`` -> its file (mypy's expressions do not
    name their file, and its compiled visitors cannot be subclassed)."""
    where: dict[tuple[int, int, str], str] = {}
    for path in sorted(GAMES.rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                    and isinstance(node.slice.value, str)):
                where[(node.lineno, node.col_offset, node.slice.value)] = rel
    return where


def count() -> Counter[tuple[str, str]]:
    """(file, kind) -> number of string-key lookups."""
    options = Options()
    options.export_types = True
    options.python_version = (3, 11)
    options.incremental = False
    sources = [BuildSource(str(p), _module(p)) for p in sorted(GAMES.rglob("*.py"))]
    result = build.build(sources, options)
    where = _places()
    counts: Counter[tuple[str, str]] = Counter()
    for expr, _ in result.types.items():
        if isinstance(expr, IndexExpr) and isinstance(expr.index, StrExpr):
            path = where.get((expr.line, expr.column, expr.index.value))
            if path is not None:
                counts[(path, kind_of(result.types.get(expr.base)))] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="untyped lookups per file")
    args = parser.parse_args(argv)
    counts = count()
    totals: Counter[str] = Counter()
    for (_, kind), n in counts.items():
        totals[kind] += n
    print(f"string-key lookups in companion/games: {sum(totals.values())}")
    for kind in ("typed", "untyped", "other"):
        print(f"  {kind:8} {totals[kind]}")
    if args.files:
        for (path, kind), n in sorted(counts.items()):
            if kind == "untyped":
                print(f"{n:5}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

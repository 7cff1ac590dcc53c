"""What the code says about the catalogue: the keys it names, the string tables it holds.

Read from the sources themselves (companion/**/*.py by their syntax tree, the pages'
JavaScript by its string and template literals), so that a key is "used" only if some
code can ask for it, and a table of words left in a module is found wherever it is.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion"
#: a placeholder fills one dotted segment of a key: "{game}", "${event.type}"
SEGMENT = r"([A-Za-z0-9_]+)"
_JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
_JS_PLACEHOLDER = re.compile(r"\$\{[^}]*\}")


@dataclass
class Sources:
    """Every string the code holds (``literals``) and every key it builds from parts
    (``patterns``: a regular expression with one group per part)."""

    literals: set[str] = field(default_factory=set)
    patterns: set[str] = field(default_factory=set)

    def builds(self, key: str, parts: set[str]) -> bool:
        """Some pattern makes ``key`` with parts that are all strings of the code (or
        ``parts``, e.g. the games' names), or values the code makes from such strings
        (``f"{pile}_cards_out"``)."""
        return any(self._made(pattern, key, parts, self.literals | parts)
                   for pattern in self.patterns if "." in pattern)

    def _made(self, pattern: str, text: str, parts: set[str], known: set[str]) -> bool:
        found = re.fullmatch(pattern, text)
        return found is not None and all(
            g in known or any(self._made(p, g, parts, known) for p in self.patterns
                              if "." not in p)
            for g in found.groups())


def python_files(root: Path = PACKAGE) -> Iterator[Path]:
    yield from sorted(root.rglob("*.py"))


def js_files(root: Path = PACKAGE) -> Iterator[Path]:
    yield from sorted(root.rglob("*.js"))


def _fstring_pattern(node: ast.JoinedStr) -> str | None:
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(re.escape(value.value))
        else:
            parts.append(SEGMENT)
    pattern = "".join(parts)
    # a pattern of placeholders only ("{value}") makes anything: it tells nothing
    return pattern if SEGMENT in pattern and pattern.replace(SEGMENT, "") else None


def read(root: Path = PACKAGE) -> Sources:
    found = Sources()
    for path in python_files(root):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                pattern = _fstring_pattern(node)
                if pattern:
                    found.patterns.add(pattern)
    for path in js_files(root):
        for match in _JS_STRING.finditer(path.read_text(encoding="utf-8")):
            text = next(g for g in match.groups() if g is not None)
            if match.group(3) is not None and "${" in text:  # a template literal
                pieces = _JS_PLACEHOLDER.split(text)
                if "".join(pieces):
                    found.patterns.add(SEGMENT.join(re.escape(p) for p in pieces))
            else:
                found.literals.add(text)
    return found


@dataclass(frozen=True)
class Table:
    """A string table found in a module: where, and why it counts as one."""

    path: Path
    line: int
    why: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(self.path.parents[2])}:{self.line}: {self.why}"


def tables(languages: Iterable[str], words: dict[str, str],
           root: Path = PACKAGE) -> list[Table]:
    """String tables in the Python modules under ``root``: a dict literal keyed by two or
    more language codes, a tuple/list/set literal of two or more language codes, or a
    string literal that is one of ``words`` (a translation, as the catalogue has it,
    of a language other than the source, that differs from the source's)."""
    codes = set(languages)
    found = []
    for path in python_files(root):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if len(keys & codes) >= 2:
                    why = f"a dict keyed by {sorted(keys & codes)}"
                    found.append(Table(path, node.lineno, why))
            elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                items = {e.value for e in node.elts if isinstance(e, ast.Constant)}
                if len(items & codes) >= 2:
                    found.append(Table(path, node.lineno, f"a list of {sorted(items & codes)}"))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value in words:
                found.append(Table(path, node.lineno, f"{node.value!r} is {words[node.value]}"))
    return sorted(found, key=lambda t: (str(t.path), t.line, t.why))

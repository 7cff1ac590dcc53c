"""A game is its folder, its page module and one registry line.

Lists the files under companion/ outside ``companion/games/<game>/`` that name a game
(as a word, in .py/.js/.html/.css), and compares them with a short pinned list: a new
file naming a game fails, and so does a pinned file that no longer does (the list only
shrinks). What a game owns by its name is allowed by pattern: its folder, its page
modules ``<game>.js`` / ``<game>-*.js`` and its ``<game>.css``.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
SUFFIXES = {".py", ".js", ".html", ".css"}

#: the registry (the one line a new game adds) and what still names games, with why
PINNED = {
    "companion/games/__init__.py": "the registry: GAMES = {g.name: g for g in (...)}",
}


def _owned(path: str, game: str) -> bool:
    """A game's own files: its folder, its page modules and its stylesheet."""
    module = rf"companion/pages/static/js/{game}(-[a-z0-9-]+)?\.js"
    return (path.startswith(f"companion/games/{game}/") or re.fullmatch(module, path) is not None
            or path == f"companion/pages/static/{game}.css")


def naming_files() -> dict[str, list[str]]:
    """Files outside the games' own that name a game: path -> the games named."""
    word = re.compile(rf"\b({'|'.join(GAMES)})\b", re.IGNORECASE)
    found: dict[str, list[str]] = {}
    for file in sorted(COMPANION.rglob("*")):
        if file.suffix not in SUFFIXES or "__pycache__" in file.parts:
            continue
        path = file.relative_to(ROOT).as_posix()
        named = sorted({m.lower() for m in word.findall(file.read_text(encoding="utf-8"))})
        named = [g for g in named if not _owned(path, g)]
        if named:
            found[path] = named
    return found


def test_every_registered_game_is_found_in_its_own_folder():
    """The scan works: each game's folder names the game (else the check proves nothing)."""
    word = re.compile(rf"\b({'|'.join(GAMES)})\b", re.IGNORECASE)
    for game in GAMES:
        folder = COMPANION / "games" / game
        assert any(game in {m.lower() for m in word.findall(f.read_text(encoding="utf-8"))}
                   for f in folder.glob("*.py")), game


def test_only_pinned_files_outside_a_game_name_it():
    found = naming_files()
    new = sorted(set(found) - set(PINNED))
    assert not new, (f"these files name a game outside its folder and page modules: "
                     f"{ {p: found[p] for p in new} }; read it from GAMES / GET /games, or "
                     f"dispatch through the game's page module instead")
    gone = sorted(set(PINNED) - set(found))
    assert not gone, f"no longer name a game: take them off PINNED: {gone}"


def test_the_pinned_list_stays_short():
    assert len(PINNED) <= 5, PINNED

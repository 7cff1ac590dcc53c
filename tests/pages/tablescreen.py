"""Driving the table screen's setup checklist by hand (every value picked; nothing is
pre-filled), shared by the table tests and the older opening tests."""

from __future__ import annotations

from typing import Any

TERRAINS = ["plains", "desert", "forest", "sea", "swamp", "mountain"]
#: What the checklist used to pre-fill: the opening tests were written against it.
NATURE = ["plains", "forest", "sea"]
LIFE = [{"kind": "animals", "symbol": "forest"},
        {"kind": "city", "symbol": "star", "needs": ["forest", "sea", "plains", "animals"]}]
POWER = ["sun", "defense"]


def pairs(i: int) -> tuple[str, str]:
    return TERRAINS[i % 6], TERRAINS[(i + 1) % 6]


def fill_gaia_setup(page: Any, objectives: list[Any] | None = None,
                    nature: list[str] | None = None, life: list[dict[str, Any]] | None = None,
                    power: list[str] | None = None) -> None:
    """Pick every value of the checklist: objectives are ("a", "b") pairs, "rainbow" or
    "power" (by default the pairs of neighbouring terrains)."""
    page.wait_for_selector("#setup")
    count = page.locator("[data-objective]").count()
    for i in range(count):
        goal = objectives[i] if objectives else pairs(i)
        box = f"[data-objective='{i}']"
        if isinstance(goal, str):
            tap(page.locator(f"{box} [data-field=kind]"), goal)
            continue
        tap(page.locator(f"{box} [data-field=kind]"), "pairs")
        tap(page.locator(f"{box} [data-field=a]"), goal[0])
        tap(page.locator(f"{box} [data-field=b]"), goal[1])
    for i, terrain in enumerate(nature or NATURE):
        tap(page.locator("#setup-nature .gridpick").nth(i), terrain)
    for i, card in enumerate(life or LIFE):
        box = f"[data-life='{i}']"
        tap(page.locator(f"{box} [data-field=life-kind]"), card["kind"])
        tap(page.locator(f"{box} [data-field=symbol]"), card["symbol"])
        for need in card.get("needs", []):  # tapped into the 4 slots in order
            tap(page.locator(f"{box} [data-field=needs]"), need)
    if page.locator("#setup-power .gridpick").count():
        for i, card in enumerate(power or POWER):
            tap(page.locator("#setup-power .gridpick").nth(i), card)


def tap(grid: Any, value: str) -> None:
    """One tap on ``value`` in an icon grid (its button, not a slot it filled)."""
    grid.locator(f".gridbtn[data-value='{value}']").first.click()


def start_from_table(page: Any) -> None:
    """The host starts the game from the table screen (Gaia: the checklist filled first)."""
    if page.locator("#setup").count():
        fill_gaia_setup(page)
    page.click("#start-game")
    page.wait_for_selector("#turn")

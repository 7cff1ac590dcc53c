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
                    power: list[str] | None = None, taps: Any = None) -> None:
    """Pick every value of the checklist: objectives are ("a", "b") pairs, "rainbow" or
    "power" (by default the pairs of neighbouring terrains). Each place is opened by its
    own tap unless it is the one open already (a filled place opens the next empty one).
    ``taps``: a counter of the taps (bench.taps), which then makes them."""
    page.wait_for_selector("#setup")
    click = taps.tap if taps is not None else page.click
    count = page.locator("[data-slot^='objectives.']").count()
    for i in range(count):
        goal = objectives[i] if objectives else pairs(i)
        open_place(page, f"objectives.{i}", click)
        if isinstance(goal, str):
            click(f"#setup [data-field=objective-whole] .gridbtn[data-value='{goal}']")
            continue
        for terrain in goal:
            click(f"#setup [data-field=pairs] .gridbtn[data-value='{terrain}']")
    for i, terrain in enumerate(nature or NATURE):
        open_place(page, f"display.nature.{i}", click)
        click(f"#setup [data-field=nature] .gridbtn[data-value='{terrain}']")
    for i, card in enumerate(life or LIFE):
        open_place(page, f"display.life.{i}", click)
        click(f"#setup [data-field=life-kind] .gridbtn[data-value='{card['kind']}']")
        click(f"#setup [data-field=symbol] .gridbtn[data-value='{card['symbol']}']")
        for need in card.get("needs", []):  # tapped into the 4 slots in order
            click(f"#setup [data-field=needs] .gridbtn[data-value='{need}']")
    if page.locator("[data-slot^='display.power.']").count():
        for i, card in enumerate(power or POWER):
            open_place(page, f"display.power.{i}", click)
            click(f"#setup [data-field=power] .gridbtn[data-value='{card}']")


def open_place(page: Any, slot: str, click: Any = None) -> None:
    """Open a place of the checklist for entry (one tap), unless it is open already."""
    if page.locator(".su-entry").get_attribute("data-for") != slot:
        (click or page.click)(f"#setup [data-slot='{slot}']")
    page.wait_for_selector(f".su-entry[data-for='{slot}']")


def tap(grid: Any, value: str) -> None:
    """One tap on ``value`` in an icon grid (its button, not a slot it filled)."""
    grid.locator(f".gridbtn[data-value='{value}']").first.click()


def start_from_table(page: Any) -> None:
    """The host starts the game from the table screen (Gaia: the checklist filled first)."""
    if page.locator("#setup").count():
        fill_gaia_setup(page)
    page.click("#start-game")
    page.wait_for_selector("#turn")


#: every objective face G2.1 allows, as a host's box keeps them
GOALS = [{"kind": "objective", "terrains": [a, a, b, b]}
         for i, a in enumerate(TERRAINS) for b in TERRAINS[i + 1:]]
GOALS.append({"kind": "objective", "terrains": list(TERRAINS)})

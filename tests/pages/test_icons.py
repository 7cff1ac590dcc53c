"""The app's SVG icons: one picture per game word, labelled in the page's language,
and each drawn differently (no meaning carried by colour alone)."""

from __future__ import annotations

import pytest

from tests.pages.checks import PageWatch, axe_check, check_screen, phone

# Everything the pages show as a picture (the engines' values).
EXPECTED = {
    "gaia": ["plains", "desert", "forest", "sea", "swamp", "mountain", "star", "animals", "city",
             "pawn", "nature", "life", "power", "objective", "sun", "rain", "earthquake",
             "tornado", "defense", "volcano", "lightning", "draw", "undo", "end_turn", "claim",
             "feed", "unknown", "tile"],
    "kazaam": ["fire", "bone", "reptile", "wood", "fur", "insect", "stone", "head", "torso",
               "left_ear", "right_ear", "left_arm", "right_arm", "left_leg", "right_leg", "tail",
               "mercury", "sulphur", "mandrake", "unicorn_horn", "dragon_blood",
               "phoenix_feather", "draw", "build", "discard", "power", "refresh", "end_turn",
               "undo", "unknown", "face_down", "accept", "cancel"],
}

# Lays every icon out with its label, as a legend, and describes each drawing.
LEGEND = """
async ([expected]) => {
  const common = await import('/static/js/common.js');
  await common.loadMessages();
  const icons = await import('/static/js/icons.js');
  const main = document.getElementById('main');
  main.replaceChildren();
  const out = {};
  for (const [game, list] of Object.entries(expected)) {
    await icons.iconsFor(game);  // the game's own drawings (./<game>-icons.js)
    const box = document.createElement('section');
    box.id = `legend-${game}`;
    box.style.cssText = 'display:grid;grid-template-columns:repeat(4,1fr);gap:6px';
    main.append(box);
    for (const name of list) {
      if (!icons.hasIcon(game, name)) { out[`${game}/${name}`] = null; continue; }
      const svg = icons.icon(game, name, { size: 40 });
      const cell = document.createElement('figure');
      cell.style.cssText = 'margin:0;font-size:11px;text-align:center';
      cell.append(svg, document.createElement('br'), svg.getAttribute('aria-label'));
      box.append(cell);
      const shape = Array.from(svg.children,
        (n) => n.tagName + (n.getAttribute('d') || n.getAttribute('r') || '')).join('|');
      out[`${game}/${name}`] = { role: svg.getAttribute('role'),
        label: svg.getAttribute('aria-label'), shape, width: svg.getBoundingClientRect().width };
    }
  }
  return out;
}
"""


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_every_game_word_has_a_labelled_icon(browser, live, shot, lang):
    context = phone(browser, lang)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/rules/kazaam")
    drawn = page.evaluate(LEGEND, [EXPECTED])
    missing = [k for k, v in drawn.items() if v is None]
    assert not missing, f"no icon for {missing}"
    for key, found in drawn.items():
        assert found["role"] == "img" and found["label"], key
        assert found["width"] == 40, key
    # a slot draws as its part; every other word has a drawing of its own
    shapes: dict[str, str] = {}
    for key, found in drawn.items():
        name = key.split("/")[1].removeprefix("left_").removeprefix("right_")
        shapes.setdefault(found["shape"], name)
        assert shapes[found["shape"]] == name, f"{key} looks like {shapes[found['shape']]}"
    if lang != "en":
        assert drawn["kazaam/unicorn_horn"]["label"] != "unicorn horn"
        assert drawn["gaia/forest"]["label"] != "forest"
        assert drawn["kazaam/discard"]["label"] == {"it": "Scarta", "de": "Abwerfen"}[lang]
    check_screen(page, lang)
    axe_check(page)
    shot(page, f"legend-{lang}")
    watch.assert_no_errors()
    context.close()


def test_label_given_by_the_page_wins_and_unknown_names_are_refused(browser, live):
    context = phone(browser, "en")
    page = context.new_page()
    page.goto(f"{live.url}/rules/gaia")
    found = page.evaluate("""async () => {
      const icons = await import('/static/js/icons.js');
      await icons.iconsFor('gaia');
      await icons.iconsFor('kazaam');
      const svg = icons.icon('gaia', 'forest', { label: 'Forest card', size: 16 });
      const quiet = icons.icon('gaia', 'forest', { decorative: true });
      let refused = false;
      try { icons.icon('gaia', 'spaceship'); } catch { refused = true; }
      return [svg.getAttribute('aria-label'), svg.getAttribute('width'),
              quiet.getAttribute('aria-hidden'), quiet.getAttribute('role'),
              icons.hasIcon('gaia', 'spaceship'), icons.hasIcon('kazaam', 'left_ear'), refused];
    }""")
    assert found == ["Forest card", "16", "true", None, False, True, True]
    context.close()

"""Adding a language is adding one file: a copy of the catalogue folder with a fourth
file (a pseudo-language, "eo", made from English with a visible mark) is set as
``CATALOGUE_DIR``, and the real serving stack speaks it: refusals, the pages' words and
narrations, the rules page, the games' words, the language menu."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from companion.config import BadSetting, resolve
from companion.games.messages import render
from tests.api.client import Api
from tests.api.serving import Served

NEW = "eo"
MARK = "[eo] "


def _pseudo(template: i18n.Template) -> i18n.Template:
    """An English template marked as the new language's: same fields, same meaning,
    each of the language's plural forms (Babel: ``one`` and ``other`` for eo)."""
    if isinstance(template, str):
        return MARK + template
    return {form: MARK + text for form, text in template.items()}


def add_language(folder: Path, extra: dict[str, i18n.Template] | None = None) -> Path:
    """The catalogue copied into ``folder``, plus one file for the new language (and
    ``extra`` keys in every file, for a test's own sentences)."""
    folder.mkdir(parents=True, exist_ok=True)
    for lang in i18n.languages():
        data = json.loads((i18n.DIR / f"{lang}.json").read_text(encoding="utf-8"))
        data["messages"].update(extra or {})
        (folder / f"{lang}.json").write_text(i18n.dump(data), encoding="utf-8")
    source = i18n.load(i18n.SOURCE)
    new = {"language": {"code": NEW, "name": "Esperanto (test)"},
           "messages": {k: _pseudo(v) for k, v in {**source["messages"],
                                                    **(extra or {})}.items()},
           "pages": {k: _pseudo(v) for k, v in source["pages"].items()}}
    (folder / f"{NEW}.json").write_text(i18n.dump(new), encoding="utf-8")
    return folder


@pytest.fixture
def four(tmp_path: Path) -> Iterator[Path]:
    """This process reads the four-language catalogue for the test, then its own again."""
    folder = add_language(tmp_path / "catalogue", {"test.cards": {
        "one": "{who} holds {count} card", "other": "{who} holds {count} cards"}})
    before = i18n.folder()
    i18n.use(folder)
    try:
        yield folder
    finally:
        i18n.use(before)


SHIPPED = i18n.languages()


def test_the_new_file_is_a_language_checked_like_the_others(four: Path):
    from tests.i18n.test_catalogue import mismatches

    assert i18n.languages()[0] == i18n.SOURCE and set(i18n.languages()) == {*SHIPPED, NEW}
    assert mismatches(i18n.messages(i18n.SOURCE), NEW, i18n.messages(NEW)) == []
    assert render("session.code_unknown", {"code": "ABCD"}, NEW) == \
        "[eo] No table has the code ABCD."
    # a counted sentence takes the form Babel's rules give the count, in each language
    assert render("test.cards", {"who": "Ada", "count": 1}, NEW) == "[eo] Ada holds 1 card"
    assert render("test.cards", {"who": "Ada", "count": 3}, NEW) == "[eo] Ada holds 3 cards"
    assert render("test.cards", {"who": "Ada", "count": 0}, i18n.SOURCE) == "Ada holds 0 cards"


def test_a_language_the_file_lacks_a_key_of_falls_back_to_the_source(four: Path):
    data = i18n.load(NEW)
    del data["messages"]["session.host_only"]
    (four / f"{NEW}.json").write_text(i18n.dump(data), encoding="utf-8")
    i18n.use(i18n.DIR)
    i18n.use(four)  # read again
    assert render("session.host_only", {}, NEW) == "Only the host may do that."


def test_the_catalogue_folder_is_a_checked_setting(tmp_path: Path):
    assert resolve({"CATALOGUE_DIR": str(add_language(tmp_path / "ok"))})["CATALOGUE_DIR"]
    assert resolve({})["CATALOGUE_DIR"] is None  # the package's own folder
    (tmp_path / "empty").mkdir()
    with pytest.raises(BadSetting, match="CATALOGUE_DIR"):
        resolve({"CATALOGUE_DIR": str(tmp_path / "empty")})
    broken = add_language(tmp_path / "broken")
    (broken / "fr.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BadSetting, match="CATALOGUE_DIR"):
        resolve(env={"CATALOGUE_DIR": str(broken)})


def test_the_serving_stack_speaks_a_fourth_language_from_one_file(tmp_path: Path):
    folder = add_language(tmp_path / "catalogue")
    served = Served(tmp_path / "instance", CATALOGUE_DIR=str(folder))
    try:
        api, speak = Api(served.url), {"Accept-Language": NEW}
        # a refusal, in the language the request asks for
        created = api.create("gaia")
        api.join(created["code"], "Ada")
        r = api.post(f"/join/{created['code']}", json={"name": "ada"},
                     headers={**speak, "Idempotency-Key": "a-key-for-the-second-ada-0001"})
        assert r.status_code in (409, 422), r.text
        assert r.json()["detail"] == ("[eo] Somebody at the table is already called Ada; "
                                      "choose another name.")
        assert api.get("/sessions/nope", headers=speak).json()["detail"].startswith(MARK)
        # the words the pages narrate with, served; a real event narrated with them
        words = api.http.get(f"{served.url}/i18n/{NEW}.json", timeout=10).json()["messages"]
        assert api.http.get(f"{served.url}/i18n/xx.json", timeout=10).status_code == 404
        table = api.table()
        entries = api.get(f"/sessions/{table['sid']}/moves").json()["entries"]
        started = next(e for en in entries for e in en["events"]
                       if e["type"] == "game_started")
        narrated = words[f"session.event.{started['type']}"]
        assert narrated == "[eo] the game starts"
        r = api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0],
                     json={"type": "end_turn"})
        assert r.status_code in (200, 201), r.text
        event = next(e for e in r.json()["events"] if e["type"] == "turn_passed")
        sentence = re.sub(r"\{who\}", "Bo", words[f"gaia.event.{event['type']}"])
        assert sentence == "[eo] Bo's turn"
        # listed where languages are listed: the pages' menu, the games' words, the rules
        start = api.http.get(f"{served.url}/", headers=speak, timeout=10).text
        assert f'<option value="{NEW}">Esperanto (test)</option>' in start
        assert f'<html lang="{NEW}">' in start
        games = api.get("/games").json()
        gaia = next(g for g in games if g["id"] == "gaia")
        assert gaia["title"][NEW] == "[eo] Gaia" and gaia["options"][0]["label"][NEW]
        rules = api.http.get(f"{served.url}/rules/gaia?lang={NEW}", timeout=10).text
        assert "[eo] Gaia: the rules" in rules and "[eo] Components" in rules
    finally:
        served.stop()

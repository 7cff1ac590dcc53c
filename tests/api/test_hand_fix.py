"""Fix your hand over HTTP: a named card is corrected through ``PUT me/hand``
(private: no version, nothing in the public log), checked by the card accounting, and
the real card is then played; a card taken face up (G1.2) cannot be renamed."""

from __future__ import annotations

from .client import Api


def _hand(api: Api, sid: str, token: str, hand: dict, lang: str = "en"):
    return api.call("PUT", f"/sessions/{sid}/me/hand", token, json=hand,
                    headers={"Accept-Language": lang})


def test_a_named_card_is_corrected_and_the_real_one_played(live):
    api = Api(live.url)
    t = api.table()
    sid, (ada, bo) = t["sid"], t["tokens"]
    moves = f"/sessions/{sid}/moves"
    # Ada takes the face-up plains (the row refilled with a sea) and names her deck
    # draw "sea": it was a forest
    r = api.post(moves, ada, json={"type": "draw", "pile": "nature", "from": "display",
                                   "slot": 0, "refill": "sea"})
    assert r.status_code == 201, r.text
    r = api.post(moves, ada, json={"type": "draw", "pile": "nature", "from": "deck",
                                   "card": "sea"})
    assert r.status_code == 201, r.text
    before = api.get(f"/sessions/{sid}").json()
    log = api.get(moves).json()["entries"]

    fixed = _hand(api, sid, ada, {"nature": ["forest", "desert", "swamp"]})
    assert fixed.status_code == 200, fixed.text
    nature = fixed.json()["hand"]["nature"]
    assert sorted(nature["known"]) == ["desert", "forest", "plains", "swamp"]
    assert nature["held"] == ["plains"] and nature["unknown"] == 0
    after = api.get(f"/sessions/{sid}").json()
    assert after["version"] == before["version"] and api.get(moves).json()["entries"] == log
    assert after["players"][0]["known_cards"] == ["plains"]  # the table saw it go in

    # the plains the table saw cannot become another card, in any language
    details = set()
    for lang in ("en", "it", "de"):
        refused = _hand(api, sid, ada, {"nature": ["forest", "desert", "swamp", "sea"]}, lang)
        assert refused.status_code == 422
        body = refused.json()
        assert (body["rule"], body["key"]) == ("G1.2", "gaia.hand.known_card")
        details.add(body["detail"])
    assert len(details) == 3
    # a correction is checked like any declaration: not more cards than the hand holds
    too_many = _hand(api, sid, ada, {"nature": ["forest"] * 5})
    assert too_many.status_code == 422 and too_many.json()["rule"] == "G1.3"
    assert api.get(f"/sessions/{sid}/me", ada).json()["hand"]["nature"] == nature

    assert api.post(moves, bo, json={"type": "end_turn"}).status_code == 201
    played = api.post(moves, ada, json={"type": "play_nature", "terrain": "forest",
                                        "at": [0, 0]})
    assert played.status_code == 201, played.text
    # the sea she named first is gone: nothing in her hand can be one now
    sea = api.post(moves, ada, json={"type": "play_nature", "terrain": "sea", "at": [1, 0]})
    assert sea.status_code == 422 and sea.json()["rule"] == "G1.3"

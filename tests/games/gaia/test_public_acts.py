"""Decisions of 2026-12-04: a public act is judged on what the table knows and the
actor's own hand only (G1.2, G1.3): a Tornado naming a card the victim's private
declarations cannot hold still takes it, those declarations turn back into unknown
cards and the victim is asked to declare again. A power card's claim (G6.5) is judged
when the card acts, however its reaction window closes."""

from companion.games.gaia import GAIA, view_for

from .helpers import at, city, hand, play, rejects, settle, tile, types
from .test_expert import expert, powers


def _tornado_table(players, bo_nature):
    """Ada holds a Tornado; Bo holds two nature cards (declared as ``bo_nature``, or
    unknown); Cy, if seated, one plains card."""
    s = expert(players)
    hand(s, 1, *bo_nature, unknown={"nature": 2 - len(bo_nature)})
    if players == 3:
        hand(s, 2, "plains")
    for seat in range(players):
        powers(s, seat)
    powers(s, 0, "tornado")
    s, _ = play(s, 0, {"type": "play_power", "card": "tornado"})
    s, _ = play(s, 0, {"type": "nobody_defended"})
    assert s["turn"]["phase"] == "tornado"
    return s


def test_g1_2_tornado_takes_a_card_bo_declared_otherwise_and_bo_declares_again():
    s = _tornado_table(3, ["forest", "forest"])
    move = {"type": "tornado", "keep": 1,
            "taken": [{"seat": 1, "card": "sea"}, {"seat": 2, "card": "plains"}]}
    s2, events = play(s, 0, move)
    # the sea left as one of Bo's cards; his forests are unknown cards again, one fewer
    assert s2["players"][1]["hand"]["nature"] == {"known": [], "unknown": 1}
    assert {"type": "declare_again", "seat": 1, "pile": "nature"} in events
    assert types(events)[-1] == "tornado_resolved"
    assert s2["piles"]["discard"] == ["sea"]
    assert "plains" in s2["players"][0]["hand"]["nature"]["known"]
    assert GAIA.private_view(s2, 1)["declare_again"] is True
    assert GAIA.private_view(s2, 0)["declare_again"] is False
    assert GAIA.private_view(s2, 2)["declare_again"] is False
    # Bo declares again: the flag goes
    s3 = GAIA.declare_hand(s2, 1, {"nature": ["forest"]})
    assert GAIA.private_view(s3, 1)["declare_again"] is False
    assert s3["players"][1]["hand"]["nature"] == {"known": ["forest"], "unknown": 0}


def test_g1_2_nothing_bo_declared_shows_in_what_the_table_sees():
    """The same Tornado on Bo's undeclared hand and on his two declared forests: both
    taken, and the public state afterwards is the same (no probing by trial)."""
    move = {"type": "tornado", "keep": 1,
            "taken": [{"seat": 1, "card": "sea"}, {"seat": 2, "card": "plains"}]}
    declared, _ = play(_tornado_table(3, ["forest", "forest"]), 0, move)
    unknown, _ = play(_tornado_table(3, []), 0, move)
    assert view_for(declared) == view_for(unknown)
    # naming the forest Bo did declare is taken the same way, without asking him again
    named, events = play(_tornado_table(3, ["forest", "forest"]), 0,
                         {**move, "taken": [{"seat": 1, "card": "forest"},
                                            {"seat": 2, "card": "plains"}]})
    assert named["players"][1]["hand"]["nature"] == {"known": ["forest"], "unknown": 0}
    assert "declare_again" not in types(events) and "redeclare" not in named["players"][1]


def test_g1_2_two_players_the_card_kept():
    s = _tornado_table(2, ["forest", "forest"])
    s2, _events = play(s, 0, {"type": "tornado", "keep": 0,
                             "taken": [{"seat": 1, "card": "sea"}]})
    assert s2["players"][0]["hand"]["nature"]["known"] == ["sea"]
    assert s2["players"][1]["hand"]["nature"] == {"known": [], "unknown": 1}
    assert s2["piles"]["discard"] == [] and GAIA.private_view(s2, 1)["declare_again"]


def test_g1_2_a_refusal_only_on_what_the_whole_table_knows():
    """Bo's only nature card is one everybody saw him take face up (G1.2): a sea
    cannot be among them, and saying so reveals nothing private."""
    s = expert(2)
    powers(s, 0, "tornado")
    hand(s, 1, unknown={"life": 1})
    powers(s, 1)
    s["players"][1]["hand"]["nature"] = {"known": ["plains"], "unknown": 0, "held": ["plains"]}
    s, _ = play(s, 0, {"type": "play_power", "card": "tornado"})
    s, _ = play(s, 0, {"type": "nobody_defended"})
    err = rejects(s, 0, {"type": "tornado", "keep": 0, "taken": [{"seat": 1, "card": "sea"}]},
                  "G1.2")
    assert err.key == "gaia.card.not_in_their_hand" and err.params["who"] == "Bo"
    s2, _ = play(s, 0, {"type": "tornado", "keep": 0, "taken": [{"seat": 1, "card": "plains"}]})
    mine = s2["players"][0]["hand"]["nature"]
    assert mine["known"] == ["plains"] and mine["held"] == ["plains"]  # still known


def _sun_on_bos_city(players=2):
    """Expert: Bo's desert city at [1, 0] meets 2 needs and holds his pawn; a Sun on the
    swamp at [0, 0] makes it plains, a third need met."""
    s = expert(players)
    tile(s, (0, 0), "swamp")
    city(s, (1, 0), "desert", ["plains", "forest", "mountain", "sea"], builder=1, pawns=(1,))
    tile(s, (2, 0), "forest")
    tile(s, (1, 1), "mountain")
    settle(s)
    assert at(s, (1, 0))["city"]["satisfied"] == 2
    powers(s, 0, "sun")
    for seat in range(1, players):
        powers(s, seat)
    return s


SUN = {"type": "play_power", "card": "sun", "at": [0, 0]}


def test_g6_5_a_declined_sun_holds_when_everybody_passes():
    s = _sun_on_bos_city()
    s, _ = play(s, 0, {**SUN, "claim_cities": []})
    s, events = play(s, 1, {"type": "pass"})
    assert at(s, (1, 0))["city"]["satisfied"] == 3
    assert at(s, (1, 0))["city"]["pawns"] == [1] and "pawn_placed" not in types(events)
    assert s["players"][0]["pawns"] == 6 and s["players"][1]["pawns"] == 5


def test_g6_5_a_declined_sun_holds_on_nobody_defended_too():
    s = _sun_on_bos_city(3)
    s, _ = play(s, 0, {**SUN, "claim_cities": []})
    s, events = play(s, 0, {"type": "nobody_defended"})
    assert at(s, (1, 0))["city"]["pawns"] == [1] and "pawn_placed" not in types(events)


def test_g6_5_a_sun_names_the_city_it_will_raise():
    s = _sun_on_bos_city()
    s1, events = play(s, 0, {**SUN, "claim_cities": [[1, 0]]})
    assert s1["turn"]["phase"] == "reaction" and "pawn_placed" not in types(events)
    s2, events = play(s1, 1, {"type": "pass"})
    assert at(s2, (1, 0))["city"]["pawns"] == [0]  # G10.1: Ada holds it, Bo's pawn home
    assert s2["players"][0]["pawns"] == 5 and s2["players"][1]["pawns"] == 6
    # defended: the card does nothing, and nobody's pawn moves
    powers(s1, 1, "defense")
    s3, _ = play(s1, 1, {"type": "defend"})
    assert at(s3, (1, 0))["city"]["pawns"] == [1] and s3["players"][0]["pawns"] == 6


def test_g6_5_a_named_city_that_did_not_rise_gets_no_pawn_and_stops_nothing():
    s = _sun_on_bos_city()
    tile(s, (0, 1), "plains")
    s, _ = play(s, 0, {**SUN, "claim_cities": [[0, 1]]})  # a plain tile, no city
    s, events = play(s, 1, {"type": "pass"})
    assert s["turn"]["phase"] == "actions" and "pawn_placed" not in types(events)
    assert at(s, (0, 0))["terrain"] == "plains" and s["players"][0]["pawns"] == 6


def test_g6_5_what_a_power_card_claim_is_refused_for_when_played():
    s = _sun_on_bos_city()
    rejects(s, 0, {**SUN, "claim_cities": [[1, 0], [1, 0]]}, "G6.5")
    s["players"][0]["pawns"] = 1
    rejects(s, 0, {**SUN, "claim_cities": [[1, 0], [2, 0]]}, "G6.5")
    rejects(s, 0, {**SUN, "claim_cities": "here"}, "move")


def test_g10_1_the_raiser_may_decline_in_the_expert_game():
    s = _sun_on_bos_city()
    hand(s, 0, "plains")
    s["tiles"].pop("0,0")
    s["supply"]["tiles"]["swamp"] += 1
    settle(s)
    s, events = play(s, 0, {"type": "play_nature", "terrain": "plains", "at": [0, 0],
                            "claim_cities": []})
    assert at(s, (1, 0))["city"]["satisfied"] == 3
    assert at(s, (1, 0))["city"]["pawns"] == [1] and "pawns_returned" not in types(events)

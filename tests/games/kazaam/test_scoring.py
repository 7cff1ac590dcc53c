"""K7: scoring on boards built by hand, checked against sums worked out by hand."""

from companion.games.kazaam import KAZAAM

from .helpers import T, built, game


def test_k7_a_mixed_board():
    s = game()  # Ada's prototype: wood
    board = {
        "head": T("wood", "head", "mercury", "sulphur"),      # 2 + proto 1 + chain (torso) 1
        "torso": T("wood", "torso", "mercury", "sulphur"),    # 2 + 1 + chain 1
        "left_arm": T("fire", "arm", "mercury", "sulphur"),   # 1, no fire neighbour
        "right_arm": T("wood", "arm", "mandrake", "sulphur"),  # face down: scores nothing
        "left_leg": T("stone", "leg", "mercury", "sulphur"),  # 1 + chain (tail, stone) 1
        "tail": T("stone", "tail", "mercury", "sulphur"),     # 1 + chain (left_leg) 1
    }
    for slot, tile in board.items():
        built(s, 0, slot, tile, face_up=slot != "right_arm")
    row = KAZAAM.score(s)["players"][0]
    # parts 2+2+1+1+1 = 7; prototype: head, torso = 2; chains: head, torso, leg, tail = 4
    assert row["breakdown"] == {"parts": 7, "prototype": 2, "chains": 4, "first_complete": 0}
    assert row["total"] == 13


def test_k7_4_face_down_neighbours_count_unless_the_option_says_no():
    for option, chains in ((True, 1), (False, 0)):
        s = game(chain_counts_face_down=option)
        built(s, 0, "left_ear", T("fur", "ear", "mercury", "sulphur"))
        built(s, 0, "head", T("fur", "head", "mercury", "sulphur"), face_up=False)
        row = KAZAAM.score(s)["players"][0]
        # the ear scores 1, plus a chain through the face-down head only when it counts
        assert row["breakdown"]["chains"] == chains, option
        assert row["total"] == 1 + chains


def test_k7_5_first_complete_bonus_and_k7_6_shared_ranks():
    s = game(3)
    built(s, 0, "left_ear", T("fur", "ear", "mercury", "sulphur"))
    built(s, 1, "right_ear", T("fur", "ear", "mandrake", "sulphur"))
    s["first_complete"] = 2
    rows = {r["seat"]: r for r in KAZAAM.score(s)["players"]}
    assert rows[2]["breakdown"]["first_complete"] == 4 and rows[2]["total"] == 4
    assert rows[2]["rank"] == 1
    assert rows[0]["rank"] == rows[1]["rank"] == 2 and rows[0]["total"] == rows[1]["total"] == 1


def test_k7_score_is_live_in_the_public_view():
    s = game()
    built(s, 1, "torso", T("fire", "torso", "mercury", "sulphur"))  # Bo's prototype: fire
    view = KAZAAM.view_for(s, None)
    assert view["players"][1]["score"]["total"] == 3
    assert view["players"][1]["board"]["torso"]["face_up"] is True
    assert "hand" not in view and view["players"][1]["hand_size"] == 3

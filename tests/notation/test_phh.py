"""Tests for pokerroom.notation.phh: golden files, round trips, and every error code."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import DECK, parse_cards
from pokerroom.errors import NotationError
from pokerroom.notation import phh
from pokerroom.notation.phh import ActionKind, HandHistory, PHHAction

PHH_DIR = Path("/work/shared/phh")
HISTORICAL = PHH_DIR / "historical"
needs_data = pytest.mark.skipif(not PHH_DIR.is_dir(), reason="golden PHH data not present")

MINIMAL = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AcKs", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 cc"]
"""


def with_field(text: str, line: str) -> str:
    """MINIMAL with one field's line replaced (matched by key) or appended."""
    key = line.split("=")[0].strip()
    lines = [ln for ln in text.splitlines() if ln.split("=")[0].strip() != key]
    return "\n".join([*lines, line]) + "\n"


def without(text: str, key: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if ln.split("=")[0].strip() != key) + "\n"


def error_of(text: str, source: str | None = "t.phh") -> NotationError:
    with pytest.raises(NotationError) as info:
        phh.loads(text, source)
    return info.value


# ---------------------------------------------------------------------------- golden data


@needs_data
def test_historical_files_load_with_exact_values() -> None:
    hands = {p.stem: phh.load(p) for p in sorted(HISTORICAL.glob("*.phh"))}
    assert len(hands) == 5
    dwan = hands["dwan-ivey-2009"]
    assert dwan.variant == "NT"
    assert dwan.antes == (500, 500, 500)
    assert dwan.blinds_or_straddles == (1000, 2000, 0)
    assert dwan.min_bet == 2000
    assert dwan.starting_stacks == (1125600, 2000000, 553500)
    assert dwan.ante_trimming_status is True
    assert dwan.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert dwan.extra == {
        "author": "Juho Kim",
        "event": "Full Tilt Million Dollar Cash Game S4E12",
        "year": 2009,
        "currency": "USD",
    }
    assert dwan.source == str(HISTORICAL / "dwan-ivey-2009.phh")
    assert len(dwan.actions) == 18
    assert dwan.actions[0] == PHHAction(kind="dh", target=0, cards=parse_cards("Ac2d"))
    assert dwan.actions[1] == PHHAction(kind="dh", target=1, cards=(None, None))
    assert dwan.actions[3] == PHHAction(kind="cbr", actor=2, amount=7000)
    assert dwan.actions[7] == PHHAction(kind="db", cards=parse_cards("Jc3d5c"))
    assert dwan.actions[-1] == PHHAction(kind="db", cards=parse_cards("Jh"))
    assert all(type(x) is int for x in dwan.starting_stacks)

    blom = hands["antonius-blom-2009"]
    assert blom.variant == "PO"
    assert blom.starting_stacks == (Decimal("1259450.25"), Decimal("678473.5"))
    assert [type(x) for x in blom.starting_stacks] == [Decimal, Decimal]
    assert str(blom.starting_stacks[0]) == "1259450.25"

    badugi = hands["alice-carol-wikipedia"]
    assert (badugi.small_bet, badugi.big_bet, badugi.min_bet) == (2, 4, None)
    assert badugi.actions[0].cards == (None,) * 4
    assert PHHAction(kind="sd", actor=1) in badugi.actions  # "p2 sd": stand pat
    assert badugi.actions[8] == PHHAction(kind="sd", actor=0, cards=(None, None))

    arieh = hands["arieh-yockey-2019"]
    assert arieh.actions[10] == PHHAction(kind="sd", actor=3, cards=parse_cards("AsQs"))
    assert hands["phua-xuan-2019"].variant == "NS"


@needs_data
def test_every_golden_file_loads_and_round_trips() -> None:
    paths = list(phh.iter_paths(PHH_DIR))
    assert len(paths) == 10_005
    half_chip = 0
    for path in paths:
        hand = phh.load(path)
        again = phh.loads(phh.dumps(hand))
        assert again == hand, path
        if hand.finishing_stacks and any(type(x) is Decimal for x in hand.finishing_stacks):
            half_chip += 1
    assert half_chip == 8  # README: eight Pluribus hands record half-chip results


@needs_data
def test_pluribus_half_chip_results_are_exact_decimals_and_ints() -> None:
    half = [
        h
        for h in map(phh.load, phh.iter_paths(PHH_DIR / "pluribus"))
        if h.finishing_stacks and any(type(x) is not int for x in h.finishing_stacks)
    ]
    assert len(half) == 8
    for hand in half:
        for x in hand.finishing_stacks or ():
            assert type(x) is int or (type(x) is Decimal and x != x.to_integral_value())
    assert any(Decimal("10112.5") in (h.finishing_stacks or ()) for h in half)


@needs_data
def test_iter_paths_is_sorted_naturally_and_deterministic() -> None:
    paths = list(phh.iter_paths([PHH_DIR]))
    assert paths == list(phh.iter_paths(PHH_DIR))
    assert paths[0] == HISTORICAL / "alice-carol-wikipedia.phh"
    assert paths[5].parent.parent == PHH_DIR / "pluribus"
    pluribus = [p for p in paths if p.parent.parent.name == "pluribus"]
    in_first_dir = [p for p in pluribus if p.parent == pluribus[0].parent]
    stems = [int(p.stem) for p in in_first_dir]
    assert stems == sorted(stems)


def test_iter_paths_walks_files_then_dirs_and_rejects_missing(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "x.phhs").write_text("")
    (tmp_path / "10.phh").write_text("")
    (tmp_path / "2.phh").write_text("")
    (tmp_path / "notes.txt").write_text("")
    single = tmp_path / "notes.txt"
    assert list(phh.iter_paths(tmp_path)) == [
        tmp_path / "2.phh",
        tmp_path / "10.phh",
        tmp_path / "b" / "x.phhs",
    ]
    assert list(phh.iter_paths([single])) == [single]
    with pytest.raises(NotationError) as info:
        list(phh.iter_paths(tmp_path / "nope"))
    assert info.value.code == "no_such_path"
    assert "nope" in str(info.value)


# ---------------------------------------------------------------------------- actions


def test_parse_action_forms() -> None:
    p = phh.parse_action
    assert p("d dh p3 7h6h") == PHHAction(kind="dh", target=2, cards=parse_cards("7h6h"))
    assert p("d dh p2 ??Ad").cards == (None, DECK[51 - 2])
    assert p("d db 4h").cards == parse_cards("4h")
    assert p("p1 pb") == PHHAction(kind="pb", actor=0)
    assert p("p2 f") == PHHAction(kind="f", actor=1)
    assert p("p2 cc") == PHHAction(kind="cc", actor=1)
    assert p("p1 cbr 7000").amount == 7000
    assert type(p("p1 cbr 7000").amount) is int
    assert p("p1 cbr 2.50").amount == Decimal("2.50")
    assert str(p("p1 cbr 2.50").amount) == "2.50"
    assert type(p("p1 cbr 3.00").amount) is int
    assert p("p1 sd") == PHHAction(kind="sd", actor=0)
    assert p("p1 sd AsQs") == PHHAction(kind="sd", actor=0, cards=parse_cards("AsQs"))
    assert p("p1 sm") == PHHAction(kind="sm", actor=0, muck=True)
    assert p("p1 sm -") == PHHAction(kind="sm", actor=0, show_dealt=True)
    assert p("p1 sm AcKs") == PHHAction(kind="sm", actor=0, cards=parse_cards("AcKs"))
    assert p("p12 cc").actor == 11


def test_unknown_cards() -> None:
    action = phh.parse_action("d dh p1 ????")
    assert action.cards == (None, None)
    assert phh.parse_action("p1 sm ??Ad").cards == (None, parse_cards("Ad")[0])
    assert phh.parse_action("d dh p1 ????").cards == (None, None)  # cached path
    assert phh.format_action(action) == "d dh p1 ????"


def test_comments_and_blank_entries() -> None:
    p = phh.parse_action
    assert p("") == PHHAction(kind="comment")
    assert p("   ") == PHHAction(kind="comment")
    assert p("# Flop") == PHHAction(kind="comment", comment="Flop")
    assert p("p1 cc  # Ivey calls ") == PHHAction(kind="cc", actor=0, comment="Ivey calls")
    assert p("p1 cc #") == PHHAction(kind="cc", actor=0, comment="")
    assert p("p1 cc # a # b").comment == "a # b"
    assert p(" p1   cbr  300 ").text == " p1   cbr  300 "
    assert phh.format_action(p("  p1 cbr 300   #  big  ")) == "p1 cbr 300 # big"
    assert phh.format_action(p("#")) == "#"
    assert phh.format_action(p("")) == ""
    assert phh.format_action(p("#Flop")) == "# Flop"
    assert str(p("p3 sm -")) == "p3 sm -"


def test_text_is_not_part_of_equality() -> None:
    assert phh.parse_action("p1  cc") == phh.parse_action("p1 cc")
    assert phh.parse_action("p1  cc").text == "p1  cc"


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        ("p1 bet 100", "unknown_verb", "'bet'"),
        ("d xx", "unknown_verb", "'xx'"),
        ("p0 f", "bad_actor", "'p0'"),
        ("x1 f", "bad_actor", "'x1'"),
        ("p01 f", "bad_actor", "'p01'"),
        ("d f", "bad_actor", "'f'"),
        ("p1 db AcKs", "bad_actor", "'db'"),
        ("d dh 1 AcKs", "bad_actor", "'1'"),
        ("d dh p1 AcKx", "bad_card", "'Kx'"),
        ("d dh p1 AcK", "bad_card", "'AcK'"),
        ("d db 2?3c4d", "bad_card", "'2?'"),
        ("d dh p1 AcAc", "duplicate_card", "Ac"),
        ("p1 sm AsKsAs", "duplicate_card", "As"),
        ("p1 cbr lots", "bad_amount", "'lots'"),
        ("p1 cbr -5", "bad_amount", "'-5'"),
        ("p1 cbr 1e3", "bad_amount", "'1e3'"),
        ("p1 cbr 0", "bad_amount", "'0'"),
        ("p1 cbr", "bad_action", "cbr"),
        ("p1 cbr 1 2", "bad_action", "cbr"),
        ("p1 f now", "bad_action", "'f'"),
        ("d dh p1", "bad_action", "d dh"),
        ("d db", "bad_action", "d db"),
        ("p1", "bad_action", "'p1'"),
        ("p1 sm AcKs QdQh", "bad_action", "'sm'"),
    ],
)
def test_bad_actions(text: str, code: str, named: str) -> None:
    with pytest.raises(NotationError) as info:
        phh.parse_action(text)
    assert info.value.code == code
    message = str(info.value)
    assert named in message
    assert repr(text) in message


def test_bad_card_error_wraps_card_parsing() -> None:
    with pytest.raises(NotationError) as info:
        phh.loads(with_field(MINIMAL, 'actions = ["d dh p1 Zz2c"]'), "t.phh")
    assert info.value.code == "bad_card"
    assert str(info.value).startswith("t.phh: actions[0] 'd dh p1 Zz2c': 'Zz' is not a card")
    assert isinstance(info.value, ValueError)


def test_actor_beyond_player_count_even_when_cached() -> None:
    phh.parse_action("p9 f")  # now cached
    err = error_of(with_field(MINIMAL, 'actions = ["p3 f", "p9 f"]'))
    assert err.code == "bad_actor"
    assert str(err) == "t.phh: actions[1] 'p9 f': player p9 does not exist; players are p1..p3"
    err = error_of(with_field(MINIMAL, 'actions = ["d dh p4 AcKs"]'))
    assert err.code == "bad_actor"
    assert "p4 does not exist" in str(err)
    with pytest.raises(NotationError) as info:
        phh.parse_action("p7 f", player_count=6)
    assert info.value.code == "bad_actor"


# ---------------------------------------------------------------------------- fields


def test_minimal_hand_defaults() -> None:
    hand = phh.loads(MINIMAL)
    assert hand.ante_trimming_status is False
    assert hand.bring_in is None and hand.small_bet is None and hand.big_bet is None
    assert hand.finishing_stacks is None and hand.winnings is None and hand.players is None
    assert hand.extra == {}
    assert hand.source is None
    assert hand.player_count == 3
    assert hand == HandHistory(
        variant="NT",
        antes=(0, 0, 0),
        blinds_or_straddles=(1, 2, 0),
        min_bet=2,
        starting_stacks=(200, 200, 200),
        actions=tuple(
            map(
                phh.parse_action,
                ["d dh p1 AcKs", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 cc"],
            )
        ),
    )


def test_numbers_int_decimal_inf() -> None:
    hand = phh.loads(
        with_field(MINIMAL, "starting_stacks = [200.0, 1.0000000000000000000001, inf]")
        + "finishing_stacks = [2.50, 0, inf]\nwinnings = [0, 1_000, 0.5]\n"
    )
    assert hand.starting_stacks == (200, Decimal("1.0000000000000000000001"), float("inf"))
    assert [type(x) for x in hand.starting_stacks] == [int, Decimal, float]
    assert hand.finishing_stacks == (Decimal("2.50"), 0, float("inf"))
    assert str(hand.finishing_stacks[0]) == "2.50"
    assert hand.winnings == (0, 1000, Decimal("0.5"))
    assert phh.loads(phh.dumps(hand)) == hand
    assert "1.0000000000000000000001" in phh.dumps(hand)


def test_user_fields_and_optional_fields_are_kept() -> None:
    text = MINIMAL + (
        'players = ["A", "", "C"]\nseats = [1, 5, 9]\nseat_count = 9\ntable = "T1"\n'
        "time = 21:05:00\nday = 7\nmonth = 3\nyear = 2024\nhand = 12\nlevel = 4\n"
        "time_limit = 30\ntime_banks = [60, 60, 0.5]\n"
        '_sponsors = ["X", "Y"]\n_rake = 1.25\n_meta = {room = "LPR", "a b" = [1, 2]}\n'
    )
    hand = phh.loads(text)
    assert hand.players == ("A", "", "C")
    assert hand.extra == {
        "seats": (1, 5, 9),
        "seat_count": 9,
        "table": "T1",
        "time": dt.time(21, 5),
        "day": 7,
        "month": 3,
        "year": 2024,
        "hand": 12,
        "level": 4,
        "time_limit": 30,
        "time_banks": (60, 60, Decimal("0.5")),
        "_sponsors": ("X", "Y"),
        "_rake": Decimal("1.25"),
        "_meta": {"room": "LPR", "a b": (1, 2)},
    }
    assert phh.loads(phh.dumps(hand)) == hand


def test_dumps_layout_required_fields_first() -> None:
    text = phh.dumps(phh.loads(MINIMAL + '_x = 1\nauthor = "me"\nplayers = ["a", "b", "c"]\n'))
    assert text.splitlines()[:7] == [
        'variant = "NT"',
        "ante_trimming_status = false",
        "antes = [0, 0, 0]",
        "blinds_or_straddles = [1, 2, 0]",
        "min_bet = 2",
        "starting_stacks = [200, 200, 200]",
        "actions = [",
    ]
    assert text.endswith('author = "me"\nplayers = ["a", "b", "c"]\n_x = 1\n')
    assert '  "p3 cbr 6",\n' in text


def test_dumps_rejects_non_phh_extra() -> None:
    hand = phh.loads(MINIMAL)
    bad = HandHistory(
        variant=hand.variant,
        antes=hand.antes,
        blinds_or_straddles=hand.blinds_or_straddles,
        min_bet=hand.min_bet,
        starting_stacks=hand.starting_stacks,
        actions=hand.actions,
        extra={"rake": 3},
    )
    with pytest.raises(NotationError) as info:
        phh.dumps(bad)
    assert info.value.code == "unknown_field"


def test_stud_and_fixed_limit_fields() -> None:
    stud = phh.loads(
        'variant = "F7S"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 ????7c", "d dh p2 ????Kd", "p1 pb"]\n'
    )
    assert (stud.bring_in, stud.small_bet, stud.big_bet, stud.blinds_or_straddles) == (
        2,
        5,
        10,
        None,
    )
    assert phh.loads(phh.dumps(stud)) == stud
    assert "pokerroom extension" in phh.VARIANTS["PT"]
    assert {"PT", "NO", "FO", "PO/8", "PO5", "PO6"} == phh.EXTENSION_VARIANTS
    for code in ("PT", "NO", "PO/8"):
        assert phh.loads(with_field(MINIMAL, f'variant = "{code}"')).variant == code


@pytest.mark.parametrize(
    ("text", "code", "named"),
    [
        ('variant = "NT"\nantes = [', "toml_syntax", "not valid TOML"),
        (MINIMAL + "min_bet = 3\n", "toml_syntax", "duplicate"),
        (without(MINIMAL, "variant"), "missing_field", "'variant'"),
        (without(MINIMAL, "antes"), "missing_field", "'antes'"),
        (without(MINIMAL, "starting_stacks"), "missing_field", "'starting_stacks'"),
        (without(MINIMAL, "actions"), "missing_field", "'actions'"),
        (without(MINIMAL, "blinds_or_straddles"), "missing_field", "'blinds_or_straddles'"),
        (without(MINIMAL, "min_bet"), "missing_field", "'min_bet'"),
        (with_field(MINIMAL, 'variant = "FT"'), "missing_field", "'small_bet'"),
        (
            with_field(with_field(MINIMAL, 'variant = "FT"'), "small_bet = 2") + "big_bet = 4\n",
            "field_not_allowed",
            "'min_bet'",
        ),
        (
            with_field(MINIMAL, 'variant = "NT"') + "bring_in = 1\n",
            "field_not_allowed",
            "'bring_in'",
        ),
        (with_field(MINIMAL, 'variant = "NL"'), "unknown_variant", "'NL'"),
        (with_field(MINIMAL, "variant = 5"), "unknown_variant", "5"),
        (with_field(MINIMAL, "antes = [0, 0]"), "length_mismatch", "'antes' has 2"),
        (
            with_field(MINIMAL, "blinds_or_straddles = [1, 2, 0, 0]"),
            "length_mismatch",
            "'blinds_or_straddles' has 4",
        ),
        (MINIMAL + 'players = ["a"]\n', "length_mismatch", "'players' has 1"),
        (MINIMAL + "finishing_stacks = [1, 2]\n", "length_mismatch", "'finishing_stacks'"),
        (MINIMAL + "seats = [1, 2]\n", "length_mismatch", "'seats'"),
        (with_field(MINIMAL, "starting_stacks = [200, -1, 200]"), "bad_value", "-1"),
        (with_field(MINIMAL, "starting_stacks = [200, 0, 200]"), "bad_value", "greater than 0"),
        (with_field(MINIMAL, "antes = [0, -0.5, 0]"), "bad_value", "-0.5"),
        (with_field(MINIMAL, "blinds_or_straddles = [1, inf, 0]"), "bad_value", "'blinds"),
        (with_field(MINIMAL, "min_bet = 0"), "bad_value", "'min_bet'"),
        (with_field(MINIMAL, "antes = [0, inf, 0]"), "bad_value", "inf"),
        (with_field(MINIMAL, "starting_stacks = [nan, 1, 1]"), "bad_value", "nan"),
        (MINIMAL + "day = 32\n", "bad_value", "'day'"),
        (with_field(MINIMAL, "starting_stacks = [200]"), "too_few_players", "2 or more"),
        (with_field(MINIMAL, 'antes = "none"'), "bad_type", "'antes'"),
        (with_field(MINIMAL, "antes = [0, true, 0]"), "bad_type", "'antes'"),
        (with_field(MINIMAL, 'antes = [0, "1", 0]'), "bad_type", "'antes'"),
        (with_field(MINIMAL, "actions = 3"), "bad_type", "'actions'"),
        (with_field(MINIMAL, "actions = [3]"), "bad_type", "actions[0]"),
        (with_field(MINIMAL, "actions = [[1]]"), "bad_type", "actions[0]"),
        (MINIMAL + "ante_trimming_status = 1\n", "bad_type", "'ante_trimming_status'"),
        (MINIMAL + "players = [1, 2, 3]\n", "bad_type", "'players'"),
        (MINIMAL + "year = 2024.5\n", "bad_type", "'year'"),
        (MINIMAL + "time = 1979-05-27\n", "bad_type", "'time'"),
        (MINIMAL + "rake = 5\n", "unknown_field", "'rake'"),
        (with_field(MINIMAL, 'actions = ["p1 fold"]'), "unknown_verb", "actions[0] 'p1 fold'"),
        (with_field(MINIMAL, 'actions = ["p1 cc", "p0 f"]'), "bad_actor", "actions[1] 'p0 f'"),
        (with_field(MINIMAL, 'actions = ["d db AcAc"]'), "duplicate_card", "'d db AcAc'"),
        (with_field(MINIMAL, 'actions = ["p3 cbr 1,000"]'), "bad_amount", "'1,000'"),
    ],
)
def test_field_errors(text: str, code: str, named: str) -> None:
    err = error_of(text)
    assert err.code == code, str(err)
    assert str(err).startswith("t.phh: ")
    assert named in str(err)


def test_unknown_field_lists_allowed_fields() -> None:
    err = error_of(MINIMAL + "rake = 5\n")
    assert "allowed: variant, ante_trimming_status" in str(err)
    assert "user field starting with '_'" in str(err)


def test_unknown_variant_lists_allowed_codes() -> None:
    err = error_of(with_field(MINIMAL, 'variant = "NL"'))
    assert "FT, NT, NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB, PT, NO, FO, PO/8" in str(err)


def test_error_without_source_names_phh() -> None:
    assert str(error_of(MINIMAL + "rake = 5\n", None)).startswith("<phh>: unknown field")


# ---------------------------------------------------------------------------- bulk and files


def test_phhs_two_hands_round_trip(tmp_path: Path) -> None:
    first = phh.loads(MINIMAL)
    second = phh.loads(with_field(MINIMAL, "starting_stacks = [1.5, 2, 3]") + "_note = 'x'\n")
    text = phh.dumps_all([first, second])
    assert text.startswith("[1]\nvariant")
    assert "\n[2]\nvariant" in text
    assert phh.loads_all(text) == [first, second]
    path = tmp_path / "two.phhs"
    path.write_text(text)
    hands = phh.load_all(path)
    assert hands == [first, second]
    assert [h.source for h in hands] == [f"{path}[1]", f"{path}[2]"]
    assert hands[1].starting_stacks[0] == Decimal("1.5")


def test_phhs_errors_name_the_hand() -> None:
    good = phh.dumps(phh.loads(MINIMAL))
    with pytest.raises(NotationError) as info:
        phh.loads_all(f"[1]\n{good}\n[2]\n{good}rake = 1\n", "b.phhs")
    assert info.value.code == "unknown_field"
    assert str(info.value).startswith("b.phhs[2]: unknown field 'rake'")
    with pytest.raises(NotationError) as info:
        phh.loads_all(f"[1]\n{good}\n[3]\n{good}", "b.phhs")
    assert info.value.code == "bad_bulk"
    assert "'3'" in str(info.value)
    with pytest.raises(NotationError) as info:
        phh.loads_all(good, "b.phhs")
    assert info.value.code == "bad_bulk"


def test_load_and_load_all_of_a_phh_file(tmp_path: Path) -> None:
    path = tmp_path / "one.phh"
    path.write_text(MINIMAL)
    assert phh.load(path) == phh.loads(MINIMAL)
    assert phh.load(path).source == str(path)
    assert phh.load_all(path) == [phh.loads(MINIMAL)]
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"variant = '\xff'\n")
    with pytest.raises(NotationError) as info:
        phh.load(bad)
    assert info.value.code == "toml_syntax"
    assert str(bad) in str(info.value)


# ---------------------------------------------------------------------------- property tests

amounts = st.one_of(
    st.integers(1, 10**12),
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10**9), places=2).filter(
        lambda d: d > 0
    ),
)
chips = st.one_of(
    st.integers(0, 10**12),
    st.decimals(min_value=Decimal(0), max_value=Decimal(10**9), places=3),
)
comments = st.none() | st.text(max_size=12).map(str.strip)
card_lists = st.lists(st.sampled_from([*DECK, None]), min_size=1, max_size=5).filter(
    lambda cs: len([c for c in cs if c is not None]) == len({c for c in cs if c is not None})
)


@st.composite
def actions(draw: st.DrawFn, n: int) -> PHHAction:
    player = st.integers(0, n - 1)
    kinds: list[ActionKind] = ["dh", "db", "f", "cc", "cbr", "pb", "sd", "sm", "comment"]
    kind = draw(st.sampled_from(kinds))
    comment = draw(comments)
    if kind == "comment":
        return PHHAction(kind="comment", comment=comment)
    if kind == "dh":
        return PHHAction(kind="dh", target=draw(player), cards=tuple(draw(card_lists)))
    if kind == "db":
        return PHHAction(kind="db", cards=tuple(draw(card_lists)), comment=comment)
    actor = draw(player)
    if kind == "cbr":
        return PHHAction(kind="cbr", actor=actor, amount=draw(amounts), comment=comment)
    if kind == "sd":
        cards = draw(st.none() | card_lists.map(tuple))
        return PHHAction(kind="sd", actor=actor, cards=cards, comment=comment)
    if kind == "sm":
        how = draw(st.sampled_from(["muck", "dealt", "cards"]))
        if how == "muck":
            return PHHAction(kind="sm", actor=actor, muck=True, comment=comment)
        if how == "dealt":
            return PHHAction(kind="sm", actor=actor, show_dealt=True, comment=comment)
        return PHHAction(kind="sm", actor=actor, cards=tuple(draw(card_lists)), comment=comment)
    return PHHAction(kind=kind, actor=actor, comment=comment)


@st.composite
def hand_histories(draw: st.DrawFn) -> HandHistory:
    variant = draw(st.sampled_from(list(phh.VARIANTS)))
    n = draw(st.integers(2, 9))
    per_player = st.lists(chips, min_size=n, max_size=n).map(tuple)
    stud = variant in ("F7S", "F7S/8", "FR")
    fixed = variant.startswith("F")
    uniform = draw(st.booleans())
    antes = (draw(chips),) * n if uniform else draw(per_player)
    stacks = draw(
        st.lists(st.one_of(amounts, st.just(float("inf"))), min_size=n, max_size=n).map(tuple)
    )
    extra: dict[str, object] = {}
    if draw(st.booleans()):
        extra["author"] = draw(st.text(max_size=10))
        extra["hand"] = draw(st.integers(0, 10**6) | st.text(max_size=5))
        extra["time"] = draw(st.times())
        extra["seats"] = tuple(range(1, n + 1))
        extra["time_banks"] = draw(per_player)
    if draw(st.booleans()):
        extra["_user"] = draw(
            st.one_of(
                st.integers(),
                st.booleans(),
                st.text(),
                st.lists(st.integers(), max_size=3).map(tuple),
                st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
            )
        )
    return HandHistory(
        variant=variant,
        antes=antes,
        blinds_or_straddles=None if stud else draw(per_player),
        bring_in=draw(amounts) if stud else None,
        small_bet=draw(amounts) if fixed else None,
        big_bet=draw(amounts) if fixed else None,
        min_bet=None if fixed else draw(amounts),
        starting_stacks=stacks,
        ante_trimming_status=uniform and draw(st.booleans()),
        actions=tuple(draw(st.lists(actions(n), max_size=12))),
        finishing_stacks=draw(st.none() | per_player),
        winnings=draw(st.none() | per_player),
        players=draw(st.none() | st.lists(st.text(max_size=8), min_size=n, max_size=n).map(tuple)),
        extra=extra,
    )


@settings(max_examples=300, deadline=None)
@given(hand_histories())
def test_dumps_then_loads_is_identity(hand: HandHistory) -> None:
    assert phh.loads(phh.dumps(hand)) == hand


@settings(max_examples=50, deadline=None)
@given(st.lists(hand_histories(), min_size=1, max_size=3))
def test_dumps_all_then_loads_all_is_identity(hands: list[HandHistory]) -> None:
    assert phh.loads_all(phh.dumps_all(hands)) == hands


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9).flatmap(actions))
def test_format_then_parse_action_is_identity(action: PHHAction) -> None:
    assert phh.parse_action(phh.format_action(action)) == action


def test_tiny_cache_gives_the_same_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = phh.loads(MINIMAL)
    monkeypatch.setattr(phh.history, "_CACHE_LIMIT", 2)
    for _ in range(3):
        assert phh.loads(MINIMAL) == expected
    err = error_of(with_field(MINIMAL, 'actions = ["p1 cc", "p2 cc", "p3 cc", "p4 cc"]'))
    assert err.code == "bad_actor"
    assert "actions[3] 'p4 cc'" in str(err)

import json

import pytest

from companion.board import GEM_COLOURS, SLOTS
from vision.layout import DEFAULT_LAYOUT, LayoutError, load_layout, parse_layout


def test_bundled_layout_has_every_slot_deposit_and_weather_space(layout):
    assert set(layout.slots) == set(SLOTS)
    assert set(layout.deposits) == set(GEM_COLOURS)
    assert sorted(layout.weather) == [-1, 0, 1, 2]
    assert layout.marker_dictionary == "DICT_4X4_50"
    assert sorted(layout.marker_centers) == [0, 1, 2, 3]
    assert layout.board_mm == (600.0, 300.0)


def test_layout_round_trips_through_json(layout):
    again = parse_layout(json.loads(json.dumps(layout.to_json())))
    assert again == layout


def test_the_file_follows_the_issue_schema():
    data = json.loads(DEFAULT_LAYOUT.read_text(encoding="utf-8"))
    for key in ("name", "board_mm", "disc_diameter_mm", "canoe_mm", "gem_mm", "markers",
                "slots", "beach", "deposits", "weather"):
        assert key in data
    assert set(data["markers"]) >= {"dictionary", "size_mm", "centers"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("slots"), "no 'slots'"),
        (lambda d: d["slots"].pop("T3"), "lacks T3"),
        (lambda d: d["slots"].__setitem__("T3", [9999, 10]), "outside the board"),
        (lambda d: d["slots"].__setitem__("T3", d["slots"]["T2"]), "closer than one disc"),
        (lambda d: d.__setitem__("disc_diameter_mm", -4), "greater than 0"),
        (lambda d: d["markers"].__setitem__("dictionary", "DICT_NOPE"), "not an ArUco"),
        (lambda d: d["weather"].pop("2"), "lacks 2"),
        (lambda d: d.__setitem__("canoe_mm", [10, 40]), "length must be the larger"),
    ],
)
def test_bad_layouts_are_refused_with_a_clear_message(layout, change, message):
    data = layout.to_json()
    change(data)
    with pytest.raises(LayoutError, match=message):
        parse_layout(data)


def test_unreadable_files_are_clear_errors(tmp_path):
    with pytest.raises(LayoutError, match="does not exist"):
        load_layout(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(LayoutError, match="not valid JSON"):
        load_layout(bad)

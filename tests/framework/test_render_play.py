"""The charts of play statistics (dokuspec.render.play): one row per rate, drawn to scale."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from dokuspec.errors import DokuspecError, NotationError
from dokuspec.render.play import intervals_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_each_rate_is_a_dot_on_its_interval_to_scale() -> None:
    rows = [("default", 0.5, 0.25, 0.75), ("tabletop", 1.0, 0.9, 1.0)]
    root = ET.fromstring(intervals_svg("First player wins", rows))
    dots = [float(c.get("cx", "nan")) for c in root.iter(f"{SVG}circle")]
    bars = [
        (float(line.get("x1", "nan")), float(line.get("x2", "nan")))
        for line in root.iter(f"{SVG}line")
        if line.get("stroke-width") == "4"
    ]
    assert len(dots) == len(bars) == 2
    (low0, high0), (low1, high1) = bars
    scale = (high0 - low0) / 0.5  # the first bar spans half the scale
    left = low0 - 0.25 * scale
    assert dots[0] == pytest.approx(left + 0.5 * scale, abs=1)
    assert (low1, high1, dots[1]) == pytest.approx(
        (left + 0.9 * scale, left + scale, left + scale), abs=1
    )
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts[0] == "First player wins" and {"default", "tabletop", "50%"} <= set(texts)


def test_the_same_input_gives_the_same_bytes() -> None:
    rows = [("a", 0.1, 0.0, 0.3)]
    assert intervals_svg("t", rows) == intervals_svg("t", rows)


@pytest.mark.parametrize(
    ("title", "rows", "error"),
    [
        ("t", [], DokuspecError),
        ("t", [("a", 0.5, 0.6, 0.7)], DokuspecError),
        ("t", [("a", 0.5, 0.4, 1.2)], DokuspecError),
        ("t\n", [("a", 0.5, 0.4, 0.6)], NotationError),
        ("t", [("a\tb", 0.5, 0.4, 0.6)], NotationError),
        (3, [("a", 0.5, 0.4, 0.6)], TypeError),
    ],
)
def test_bad_rows_are_refused(title: object, rows: list, error: type) -> None:
    with pytest.raises(error):
        intervals_svg(title, rows)  # type: ignore[arg-type]

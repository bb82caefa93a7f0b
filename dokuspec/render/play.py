"""Pictures of play statistics: rates with their confidence intervals, as SVG.

:func:`intervals_svg` draws one row per label: the rate as a dot on a scale
of 0 to 100%, its interval as a bar through it, and a line at 50%, so that
a reader sees at once which rates are above one half and how sure they are.
The health reports of :mod:`dokuspec.play.health` give the rates; the
handbook's "Rules in play" tables are drawn with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from dokuspec.errors import DokuspecError
from dokuspec.render.svg import add, document, serialize, text_width, writable

__all__ = ["intervals_svg"]

_FONT = 13
_ROW = 26
_SCALE = 360  # the width of 0-100%, in user units
_MARGIN = 12


def intervals_svg(title: str, rows: Sequence[tuple[str, float, float, float]]) -> str:
    """An SVG chart of rates and their intervals.

    Args:
        title: the chart's title, one line.
        rows: ``(label, estimate, low, high)`` per row, each rate a fraction
            0 to 1 with ``low <= estimate <= high``.

    Returns:
        A standalone SVG document (text), the same for the same input.

    Raises:
        TypeError: a label or the title is not a str.
        NotationError: a label or the title holds a control character.
        DokuspecError: no rows, or a rate outside 0-1 or out of order.
    """
    writable(title, "title")
    if not rows:
        raise DokuspecError("a chart of intervals needs at least one row")
    for label, estimate, low, high in rows:
        writable(label, "label")
        if not 0 <= low <= estimate <= high <= 1:
            raise DokuspecError(f"{label}: the rates are 0 <= low <= estimate <= high <= 1")
    left = _MARGIN + max(text_width(label, _FONT) for label, *_ in rows) + _MARGIN
    width = max(left + _SCALE + 3 * _MARGIN, 2 * _MARGIN + text_width(title, _FONT + 1))
    top = _MARGIN + _ROW
    height = top + _ROW * len(rows) + _ROW + _MARGIN
    root = document(width, height)
    add(root, "title", title)
    add(root, "text", title, x=_MARGIN, y=_MARGIN + _FONT, font_size=_FONT + 1, font_weight="bold")
    bottom = top + _ROW * len(rows)
    for tick in range(0, 101, 25):
        x = left + _SCALE * tick // 100
        half = tick == 50
        add(
            root, "line", x1=x, y1=top, x2=x, y2=bottom, stroke="#555555" if half else "#bbbbbb",
            stroke_width=1, stroke_dasharray="none" if half else "3 3",
        )  # fmt: skip
        add(
            root,
            "text",
            f"{tick}%",
            x=x,
            y=bottom + _FONT + 4,
            font_size=_FONT - 2,
            text_anchor="middle",
        )
    for index, (label, estimate, low, high) in enumerate(rows):
        y = top + _ROW * index + _ROW // 2
        add(
            root,
            "text",
            label,
            x=left - _MARGIN,
            y=y + _FONT // 2 - 1,
            font_size=_FONT,
            text_anchor="end",
        )
        x_low = left + round(_SCALE * low)
        x_high = left + round(_SCALE * high)
        add(root, "line", x1=x_low, y1=y, x2=x_high, y2=y, stroke="#1f5f99", stroke_width=4,
            stroke_linecap="round")  # fmt: skip
        add(root, "circle", cx=left + round(_SCALE * estimate), cy=y, r=5, fill="#c0392b")
    return serialize(root)

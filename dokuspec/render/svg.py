"""Building SVG documents with :mod:`xml.etree.ElementTree`, the same bytes every time.

Every picture in :mod:`dokuspec.render` is an ElementTree built with
:func:`document` and :func:`add` and written by :func:`serialize`, so every
text and attribute is escaped by ElementTree, never by hand. Coordinates are
integers (SVG user units, 1 unit = 1 CSS pixel at 100 % zoom), so the output
depends only on the input.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from dokuspec.errors import NotationError, quote

__all__ = ["SVG_NAMESPACE", "add", "document", "serialize", "text_width", "writable"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

# The characters of XML 1.0 without tab, LF and CR. ElementTree writes the characters XML forbids
# unchanged, which no parser reads; line breaks would come back as LF and draw as spaces.
# Compiled when first used (in the re module's cache): compiling it takes milliseconds.
_NOT_ONE_LINE = "[^\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"


def document(width: int, height: int, *, font_family: str = "sans-serif") -> ET.Element:
    """The root ``<svg>`` element of a standalone document of ``width`` x ``height`` units.

    Args:
        width: the width in user units (pixels), a positive int.
        height: the height in user units (pixels), a positive int.
        font_family: inherited by every text of the document.

    Returns:
        An ``<svg>`` element with ``xmlns``, ``width``, ``height`` and a
        ``viewBox`` of ``0 0 width height``.
    """
    return ET.Element(
        "svg",
        {
            "xmlns": SVG_NAMESPACE,
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": font_family,
        },
    )


def add(
    parent: ET.Element, tag: str, text: str | None = None, /, **attributes: str | int
) -> ET.Element:
    """Append a ``tag`` element to ``parent``, with ``text`` and ``attributes``, in that order.

    Attribute names are written with ``-`` for ``_``, and a trailing ``_`` is
    dropped (``class_="rank"`` is ``class="rank"``, ``font_size=14`` is
    ``font-size="14"``). Ints are written in decimal.

    Returns:
        The new element.
    """
    element = ET.SubElement(
        parent,
        tag,
        {name.rstrip("_").replace("_", "-"): str(value) for name, value in attributes.items()},
    )
    if text is not None:
        element.text = text
    return element


def serialize(root: ET.Element) -> str:
    """The document as a str (no XML declaration: the text is Unicode, UTF-8 when saved)."""
    return ET.tostring(root, encoding="unicode")


def text_width(text: str, font_size: int) -> int:
    """An upper estimate of the drawn width of ``text`` in user units.

    Three fifths of the font size per character, rounded up: wide enough for
    digits and lower-case letters in common sans-serif fonts. The estimate
    only sizes the picture; SVG viewers measure the real text.
    """
    return -(-len(text) * font_size * 3 // 5)


def writable(text: object, where: str) -> str:
    """``text`` itself when it is a str that an SVG text element draws as it is.

    An SVG text is one line: a tab or line break would be drawn as a space,
    so they are refused with the characters XML cannot carry at all.

    Args:
        text: a caption or label given by a user.
        where: how the message names it, as ``"title"``.

    Raises:
        TypeError: ``text`` is not a str.
        NotationError: ``text`` holds a control character (U+0000-U+001F,
            tab, LF and CR included), a lone surrogate, U+FFFE or U+FFFF;
            ``column`` is its 1-based position in ``text``.
    """
    if not isinstance(text, str):
        raise TypeError(f"{where} must be a str, not {type(text).__name__}")
    bad = re.search(_NOT_ONE_LINE, text)
    if bad is not None:
        character = bad.group()
        reason = f"{where} holds {quote(character)} (U+{ord(character):04X})"
        raise NotationError(f"{reason}, which SVG text cannot carry", column=bad.start() + 1)
    return text

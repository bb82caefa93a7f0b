"""Pictures of the games' values: SVG documents and plain terminal text.

This is the bottom drawing layer: it knows no rule and imports nothing from
dokuspec but :mod:`dokuspec.errors`. It draws duck-typed objects described
by :class:`typing.Protocol` classes, so the vocabulary can use it for
Jupyter's ``_repr_svg_`` without an import cycle.

* :mod:`dokuspec.render.competitive`: Competitive Sudoku's cards, Grids,
  Pools and the Table.
* :mod:`dokuspec.render.twodoku`: Two-Doku's deals, positions and views.
* :mod:`dokuspec.render.svg`: the shared SVG document builder.
"""

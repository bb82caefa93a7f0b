"""Pictures of the games' values: SVG documents and plain terminal text.

This layer sits just above the vocabulary and knows no rule: it draws the
vocabulary's values, valid by construction, and checks only what a picture
adds (highlights, annotations, a title). The values draw themselves for
Jupyter (``_repr_svg_``) by importing their drawing function when it is
called, the one import from the vocabulary upwards (see the layers
contract in ``pyproject.toml``).

* :mod:`dokuspec.render.competitive`: Competitive Sudoku's cards, Grids,
  Pools and the Table.
* :mod:`dokuspec.render.sumodoku`: Sumodoku's boards and positions.
* :mod:`dokuspec.render.twodoku`: Two-Doku's deals, positions and views;
  ``dokuspec.render.twodoku_content`` reads them into what is drawn.
* :mod:`dokuspec.render.svg`: the shared SVG document builder.
"""

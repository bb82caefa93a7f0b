"""Build settings beyond pyproject.toml: the optional compiled search and deal.

``dokuspec.sumodoku._fastsearch`` (the completion search) and
``dokuspec.twodoku._fastdeal`` (Two-Doku's deal) are small C extensions. They
are optional: when no C compiler is at hand the build skips them and dokuspec
uses the pure-Python code that gives the same answers
(``dokuspec.sumodoku.search.COMPILED`` and ``dokuspec.twodoku.deals.COMPILED``
are then false), so ``pip install`` works with Python alone.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "dokuspec.sumodoku._fastsearch",
            sources=["dokuspec/sumodoku/_fastsearch.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "dokuspec.twodoku._fastdeal",
            sources=["dokuspec/twodoku/_fastdeal.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ]
)

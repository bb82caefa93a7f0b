"""Build settings beyond pyproject.toml: the optional compiled completion search.

``dokuspec.sumodoku._fastsearch`` is a small C extension. It is optional: when
no C compiler is at hand the build skips it and dokuspec uses the pure-Python
fallback of the same algorithm (``dokuspec.sumodoku.search.COMPILED`` is then
false), so ``pip install`` works with Python alone.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "dokuspec.sumodoku._fastsearch",
            sources=["dokuspec/sumodoku/_fastsearch.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)

"""dokuspec.lazy: a package's public names imported when first used."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from dokuspec.lazy import attach


@pytest.fixture
def package() -> Iterator[types.ModuleType]:
    module = types.ModuleType("lazy_example")
    module.__all__ = ["dumps", "sqrt"]  # type: ignore[attr-defined]
    sys.modules["lazy_example"] = module
    yield module
    del sys.modules["lazy_example"]


def test_a_name_is_imported_from_its_module_once_and_kept(package: types.ModuleType) -> None:
    load, listing = attach("lazy_example", {"json": ("dumps",), "math": ("sqrt",)})
    assert "dumps" not in vars(package)
    assert listing() == [
        "__all__",
        "__doc__",
        "__loader__",
        "__name__",
        "__package__",
        "__spec__",
        "dumps",
        "sqrt",
    ]
    import json  # noqa: PLC0415

    assert load("dumps") is json.dumps
    assert vars(package)["dumps"] is json.dumps


def test_an_unknown_name_is_an_attribute_error(package: types.ModuleType) -> None:
    load, _ = attach("lazy_example", {"json": ("dumps",)})
    with pytest.raises(AttributeError, match="module 'lazy_example' has no attribute 'loads'"):
        load("loads")


def test_a_submodule_is_imported_by_its_name() -> None:
    load, _ = attach("dokuspec", {}, ("seeds",))
    import dokuspec.seeds  # noqa: PLC0415

    assert load("seeds") is dokuspec.seeds


def test_a_name_given_for_two_modules_is_refused(package: types.ModuleType) -> None:
    with pytest.raises(ValueError, match="'dumps' is given for json and pickle"):
        attach("lazy_example", {"json": ("dumps",), "pickle": ("dumps",)})

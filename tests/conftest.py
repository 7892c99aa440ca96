"""Settings shared by every test package: hypothesis profiles, the order of the tests.

``HYPOTHESIS_PROFILE=ci`` (the default, what ``make test`` and CI run) tries 100 examples
per property (tests scale from ``settings.default.max_examples``); ``dev`` (``make
check``) tries 20. Both are derandomised — the same examples every run, like every other
seeded generator in the tests — and keep no example database.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=100, derandomize=True, database=None)
settings.register_profile("dev", max_examples=20, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (the whole games in Chromium, then the other browser tests,
    then the ``slow`` ones), each kind in its usual order: pytest-xdist hands the tests
    out in this order, so the long ones start at once and the short ones fill the gaps at
    the end instead of a long one starting last."""
    def rank(item: pytest.Item) -> int:
        browser = item.get_closest_marker("browser") is not None
        slow = item.get_closest_marker("slow") is not None
        return 0 if browser and slow else 1 if browser else 2 if slow else 3

    items.sort(key=rank)

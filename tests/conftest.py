"""Settings shared by every test package: hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (the default, what ``make test`` and CI run) tries 100 examples
per property (tests scale from ``settings.default.max_examples``); ``dev`` (``make
check``) tries 20. Both are derandomised — the same examples every run, like every other
seeded generator in the tests — and keep no example database.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=100, derandomize=True, database=None)
settings.register_profile("dev", max_examples=20, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

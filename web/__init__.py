"""The companion's web service (see :mod:`web.app`): ``create_app(test_config=None)``."""

from web.app import close_app, create_app

__all__ = ["close_app", "create_app"]

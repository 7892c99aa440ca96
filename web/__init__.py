"""The companion's web service: the Flask views (see :mod:`web.app`, ``create_app``).

Nothing is imported here, so that building the command line (``niagara-companion
--help``) does not load Flask or OpenCV.
"""

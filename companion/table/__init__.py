"""The table service: the game loop, the game store, the page views and the camera
plumbing that run a real game at the table.

The rules engine (the rest of :mod:`companion`) is pure: no files, threads, clocks,
cameras or lights. Everything that does I/O for a game lives here:

- :mod:`companion.table.loop`: :class:`~companion.table.loop.GameLoop`, the one service
  between the people (phones, the table page), the board (a camera) and the lights;
- :mod:`companion.table.store`: :class:`~companion.table.store.GameStore`, games in
  SQLite, crash-safe;
- :mod:`companion.table.views`: what the pages show, as pure functions of the state;
- :mod:`companion.table.computers`: computer seats, practice and hints settings, what the
  computers must do now and a computer's turn in plain words (the decisions are
  :mod:`companion.partner`'s);
- :mod:`companion.table.camera`: the cameras the loop reads (real ones through
  :mod:`hardware.camera` and :mod:`vision`, and the synthetic one), one factory;
- :mod:`companion.table.lights`: the lights and buzzer (:mod:`hardware.announcer`);
- :mod:`companion.table.errors`: access, conflict, not found.

The board is compared with the game in one place, :mod:`vision.check`.
"""

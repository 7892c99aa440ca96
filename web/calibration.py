"""The calibration page's data: the layout's slot positions and what the camera finds."""

from __future__ import annotations

from typing import Any


def calibration_view() -> dict[str, Any]:
    """The layout (board mm) for the overlay, and a sentence on the markers."""
    try:
        from vision.layout import load_layout

        layout = load_layout()
        data = {"slots": {k: list(v) for k, v in layout.slots.items()},
                "size": list(getattr(layout, "board_mm", (0, 0)))}
    except Exception as error:  # vision not installed or no layout yet
        return {"layout": {}, "text": f"No board layout available: {error}"}
    return {"layout": data,
            "text": "Markers are looked for in the live picture; if they are not found, "
                    "click the four corners of the board."}

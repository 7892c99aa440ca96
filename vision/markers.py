"""A printable sheet of the board's ArUco markers, at true size.

>>> sheet = marker_sheet()
>>> sheet.shape[:2]  # A4 at 300 dpi
(3508, 2480)
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import cv2
import numpy as np

from vision.layout import Layout, load_layout
from vision.types import Image

DPI = 300
A4_MM = (210.0, 297.0)


def _px(mm: float) -> int:
    return round(mm * DPI / 25.4)


def marker_sheet(layout: Layout | None = None) -> Image:
    """A white A4 page (BGR, 300 dpi) with every marker of the layout at its true size,
    its white margin, a cutting outline, its id, and a 100 mm ruler to check the scale."""
    layout = layout or load_layout()
    w, h = _px(A4_MM[0]), _px(A4_MM[1])
    page = np.full((h, w, 3), 255, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.marker_dictionary))
    size = _px(layout.marker_size_mm)
    margin = _px(layout.marker_margin_mm)
    cell = size + 2 * margin
    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(page, f"Niagara Companion markers - layout {layout.name} - print at 100% (no "
                "scaling)", (_px(15), _px(15)), font, 1.4, (0, 0, 0), 3, cv2.LINE_AA)
    for k, mid in enumerate(sorted(layout.marker_centers)):
        x0 = _px(20) + (k % 2) * (cell + _px(30))
        y0 = _px(30) + (k // 2) * (cell + _px(30))
        marker = cv2.aruco.generateImageMarker(dictionary, int(mid), size)
        page[y0 + margin : y0 + margin + size, x0 + margin : x0 + margin + size] = marker[..., None]
        cv2.rectangle(page, (x0, y0), (x0 + cell, y0 + cell), (170, 170, 170), 2)
        cx, cy = layout.marker_centers[mid]
        cv2.putText(page, f"id {mid}: centre at ({cx:g}, {cy:g}) mm on the board",
                    (x0, y0 + cell + _px(7)), font, 1.0, (0, 0, 0), 2, cv2.LINE_AA)
    # A 100 mm ruler with a tick every mm, longer every 5 and 10 mm.
    rx, ry = _px(20), _px(30) + 2 * (cell + _px(30)) + _px(10)
    cv2.line(page, (rx, ry), (rx + _px(100), ry), (0, 0, 0), 3)
    for mm in range(101):
        length = _px(6) if mm % 10 == 0 else _px(4) if mm % 5 == 0 else _px(2.5)
        x = rx + _px(mm)
        cv2.line(page, (x, ry), (x, ry + length), (0, 0, 0), 2)
        if mm % 10 == 0:
            cv2.putText(page, str(mm), (x - 12, ry + _px(11)), font, 1.0, (0, 0, 0), 2,
                        cv2.LINE_AA)
    cv2.putText(page, "100 mm: measure this ruler after printing; each marker's black square "
                f"must be {layout.marker_size_mm:g} mm wide", (rx, ry + _px(20)), font, 1.0,
                (0, 0, 0), 2, cv2.LINE_AA)
    return page


def charuco_sheet() -> Image:
    """A white A4 page (BGR, 300 dpi) with the lens-calibration board (ChArUco, see
    :mod:`vision.camera`) at true size, and a 100 mm ruler to check the print."""
    from vision.camera import CHARUCO_MARKER_MM, CHARUCO_SQUARE_MM, CHARUCO_SQUARES, charuco_image

    w, h = _px(A4_MM[0]), _px(A4_MM[1])
    page = np.full((h, w, 3), 255, np.uint8)
    board = charuco_image(DPI / 25.4, margin_mm=0.0)
    bh, bw = board.shape[:2]
    x0, y0 = (w - bw) // 2, _px(30)
    page[y0 : y0 + bh, x0 : x0 + bw] = board[..., None]
    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(page, "Niagara Companion lens calibration board - print at 100% (no scaling)",
                (_px(10), _px(15)), font, 1.3, (0, 0, 0), 3, cv2.LINE_AA)
    rx, ry = _px(20), y0 + bh + _px(25)
    cv2.line(page, (rx, ry), (rx + _px(100), ry), (0, 0, 0), 3)
    for mm in range(101):
        length = _px(6) if mm % 10 == 0 else _px(4) if mm % 5 == 0 else _px(2.5)
        cv2.line(page, (rx + _px(mm), ry), (rx + _px(mm), ry + length), (0, 0, 0), 2)
    lines = [
        f"100 mm ruler; each square must be {CHARUCO_SQUARE_MM:g} mm "
        f"({CHARUCO_SQUARES[0]} x {CHARUCO_SQUARES[1]} squares, markers "
        f"{CHARUCO_MARKER_MM:g} mm).",
        "Lay it flat; take 6-15 photos with the table camera, from several angles, the whole",
        "board in view; then: niagara-companion camera-calibrate PHOTOS... --out camera.json",
    ]
    for i, text in enumerate(lines):
        cv2.putText(page, text, (rx, ry + _px(20 + 9 * i)), font, 1.0, (0, 0, 0), 2,
                    cv2.LINE_AA)
    return page


def write_charuco_sheet(path: str | Path) -> Path:
    """Write the lens-calibration sheet as a PNG that says 300 dpi (true size)."""
    file = Path(path)
    file.write_bytes(_png_with_dpi(charuco_sheet(), DPI))
    return file


def _png_with_dpi(image: Image, dpi: int) -> bytes:
    ok, buf = cv2.imencode(".png", image)
    if not ok:
        raise ValueError("cannot encode the sheet as PNG")
    data = buf.tobytes()
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    ihdr_end = 8 + 8 + 13 + 4  # signature, IHDR length+type, IHDR data, CRC
    return data[:ihdr_end] + chunk + data[ihdr_end:]


def write_marker_sheet(path: str | Path, layout: Layout | None = None) -> Path:
    """Write the marker sheet as a PNG that says 300 dpi, so it prints at true size."""
    file = Path(path)
    file.write_bytes(_png_with_dpi(marker_sheet(layout), DPI))
    return file

"""Array types of the vision package, named once.

Pictures are BGR (see :mod:`vision.config`). The aliases say the element type only;
shapes are given where each is used.

>>> import numpy as np
>>> frame: Image = np.zeros((720, 1280, 3), np.uint8)
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

Image: TypeAlias = NDArray[np.uint8]
"""A picture: ``(h, w, 3)`` BGR, or ``(h, w)`` grey; also 0/1 masks drawn for OpenCV."""
Mask: TypeAlias = NDArray[np.bool_]
"""True/False per pixel (or per element)."""
Floats: TypeAlias = NDArray[np.float32]
"""Colour values, colour features, sample maps, marker corners (float32)."""
Doubles: TypeAlias = NDArray[np.float64]
"""Homographies and board or frame points where precision matters (float64)."""
Indices: TypeAlias = NDArray[np.intp]
"""Flat pixel indices (what ``np.flatnonzero`` gives)."""

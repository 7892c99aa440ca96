"""The stages of reading a board, one module each (geometry, light, ground, objects,
canoes, discs, weather); ``vision.read`` composes them."""

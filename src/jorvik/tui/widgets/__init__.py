"""The game screen's widgets, one module per area of the board."""

"""The play layer: a game being played, without a user interface (no Textual, no Rich)."""

"""Jórvík for the terminal: a rules engine, a Textual app and computer players."""

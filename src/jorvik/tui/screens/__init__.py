"""The app's screens: setup, game, final scoring, help, messages."""

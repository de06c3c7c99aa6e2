"""Card data shipped with the package (cards.yaml)."""

"""Where the installed package keeps its card data: the wheel puts the checkout's top-level
data/cards.yaml here (pyproject.toml, force-include); see jorvik.carddata.default_card_file."""

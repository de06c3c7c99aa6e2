"""A learned judge: a small network, trained on self-play, from a position's public view to
every seat's expected final VP (:mod:`.features` its inputs, :mod:`.model` the network)."""

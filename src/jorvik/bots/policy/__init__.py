"""How a bot plays a decision without searching: the `normal` bot's heuristic
(:mod:`.normal`), the cheaper play-out policy (:mod:`.rollout`, and ``playout_policy``, the one
place the search chooses who plays its play-outs), and the scripted exploiters
(:mod:`.exploiters`)."""

from .exploiters import ExploiterBot
from .normal import UNPAID_RESERVATION, NormalBot
from .rollout import RolloutBot, playout_policy, rollout_policy

__all__ = ["UNPAID_RESERVATION", "ExploiterBot", "NormalBot", "RolloutBot", "playout_policy",
           "rollout_policy"]

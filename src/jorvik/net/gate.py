"""The door for strangers: limits on connections that have not shown a valid join code.

A stranger costs a seated player nothing. Connections waiting to show a code are held apart
from the seats: at most PER_ADDRESS of them from one address (an IPv6 address counts by its
/64 network) and WAITING in all. A newcomer over either limit pushes out the one that has
waited longest, so a flood of silent connections cannot keep out a real player, whose client
shows its code as soon as it is connected (and a valid code is answered at once, every time).
Wrong codes are remembered per address for FORGET seconds: each one is answered later than
the last (from BASE_DELAY up to MAX_DELAY seconds), and together with the limit on waiting
connections that slows a guesser from one address to a few guesses a second at most."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from typing import Any

PER_ADDRESS = 4        # connections from one address waiting to show a code
WAITING = 64           # ... from all addresses
BASE_DELAY = 0.2       # seconds before a wrong code is answered: the first ones ...
MAX_DELAY = 5.0        # ... and at most, once an address has failed often
DOUBLE_EVERY = 8       # wrong codes from one address that double its delay
FORGET = 600.0         # seconds after which a wrong code no longer counts
ADDRESSES = 4096       # addresses whose wrong codes are remembered (the oldest go first)


def address_key(peer: Any) -> str:
    """Whom a connection comes from, for the limits: its IP address (an IPv6 one by its /64
    network, which one machine usually has whole). `peer` is a socket's peer name."""
    host = peer[0] if isinstance(peer, (tuple, list)) and peer else str(peer)
    try:
        ip = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return str(host)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class Gate:
    """Who is waiting at the door and how often each address got a code wrong (module doc).
    Everything runs on one event loop: no locks."""

    def __init__(self, per_address: int = PER_ADDRESS, waiting: int = WAITING,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address, self.waiting = per_address, waiting
        self.clock = clock
        self.queue: OrderedDict[Hashable, tuple[str, Callable[[], None]]] = OrderedDict()
        self.fails: OrderedDict[str, deque[float]] = OrderedDict()

    def enter(self, who: Hashable, address: str, push_out: Callable[[], None]) -> None:
        """`who` from `address` waits to show a code; `push_out()` is called if it is pushed
        out to make room (it should close the connection)."""
        mine = [k for k, (a, _) in self.queue.items() if a == address]
        while len(mine) >= self.per_address:
            self._push_out(mine.pop(0))
        while len(self.queue) >= self.waiting:
            self._push_out(next(iter(self.queue)))
        self.queue[who] = (address, push_out)

    def _push_out(self, who: Hashable) -> None:
        _, push_out = self.queue.pop(who)
        push_out()

    def leave(self, who: Hashable) -> None:
        """`who` showed a valid code, or is gone."""
        self.queue.pop(who, None)

    def __len__(self) -> int:
        return len(self.queue)

    def failed(self, address: str) -> float:
        """A wrong code from `address`: the seconds to wait before saying so."""
        now = self.clock()
        times = self.fails.pop(address, None) or deque(maxlen=DOUBLE_EVERY * 8)
        while times and times[0] < now - FORGET:
            times.popleft()
        times.append(now)
        self.fails[address] = times
        while len(self.fails) > ADDRESSES:
            self.fails.popitem(last=False)
        return min(MAX_DELAY, BASE_DELAY * 2 ** ((len(times) - 1) / DOUBLE_EVERY))

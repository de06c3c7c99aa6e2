"""Play-outs on warm worker processes: a hint's draws on both cores.

A :class:`PlayoutPool` keeps up to two worker processes, started once (when first needed, or
beforehand with ``start()``) and kept until ``close()``, and plays the play-outs of a
:class:`jorvik.bots.sampler.Paired` sampler on them as its runner: the moves of the draw asked
for, and those of the next draw while they wait, one play-out a task, at most DEPTH tasks on a
worker at a time. A play-out's outcome is a function of its task alone (the draw's
determinization, the move, the play-out seed and the play-out's spec), so the draws, and
everything judged from them, are the same as in one thread, whatever the number of workers.

A stop drops what is queued: the workers are idle again once their current play-outs end.
`close()` kills them. Where no process can be started, or one ends early, the runner raises
OSError and the sampler plays on in its own thread, with the same results. The workers
ignore Ctrl+C (the process that owns them hears it; held back while they start:
:func:`sigint_held`) and end when their pipe closes.
"""

from __future__ import annotations

import importlib
import io
import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from jorvik.engine import CardSet, apply_action

DEPTH = 2        # tasks on a worker at a time: the next one waits in its pipe
RESTARTS = 2     # a pool whose workers failed (ended early, would not start) starts anew for
                 # a later sampler this many times; then it stays on the sampler's own thread
WAIT = 0.05      # seconds between looks at stop() while the workers play


@contextmanager
def sigint_held() -> Iterator[None]:
    """Ctrl+C (SIGINT) held back from this thread while it starts worker processes. A process
    started meanwhile starts with it held too, until it ignores it (:func:`ignore_sigint`), so
    a Ctrl+C to the process group while a worker is still starting up (importing) cannot end
    that worker with a traceback; this process hears it when the block ends. The resource
    tracker is started first: starting it unblocks SIGINT (multiprocessing's own hold around
    it), which would let the first worker start unheld."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker
    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def ignore_sigint() -> None:
    """In a worker process: ignore Ctrl+C (the process that owns the workers hears it), and
    drop one that came while it started (held by :func:`sigint_held`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Pickler(pickle.Pickler):
    """Pickles a task with its card set by name: the card set goes to a worker once."""

    def __init__(self, file: io.BytesIO):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.cards: dict[str, CardSet] = {}

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is CardSet and obj.hash:
            self.cards[obj.hash] = obj
            return ("cards", obj.hash)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, cards: dict[str, CardSet]):
        super().__init__(io.BytesIO(data))
        self.cards = cards

    def persistent_load(self, pid: Any) -> Any:
        return self.cards[pid[1]]


def _serve(conn: Any, warm: Sequence[str]) -> None:
    """A worker: import `warm`, then play each task received until the pipe closes.
    ("cards", name, card set): a card set later tasks name; (key, spec, det, move, seed):
    -> (key, play(apply_action(det, move), seed), None), or (key, None, the error), where
    play is spec.make(), made once per equal spec and kept while this worker lives."""
    ignore_sigint()
    for name in warm:
        importlib.import_module(name)
    cards: dict[str, CardSet] = {}
    made: dict[Hashable, Callable[..., Any]] = {}   # this worker's play-outs, by their spec
    while True:
        try:
            msg = _Unpickler(conn.recv_bytes(), cards).load()
        except (EOFError, OSError):
            return
        if msg[0] == "cards":
            cards[msg[1]] = msg[2]
            continue
        key, spec, det, move, seed = msg
        try:
            play = made.get(spec)
            if play is None:
                play = made[spec] = spec.make()
            s, _ = apply_action(det, move)
            reply: tuple[Any, Any, str | None] = (key, play(s, seed), None)
        except Exception as e:  # told to the pool, which plays the task itself (and fails)
            reply = (key, None, f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except OSError:
            return


def prepare() -> None:
    """Let worker processes start later inside a full-screen app. Starting the first one
    starts multiprocessing's resource tracker, which is handed sys.stderr's file descriptor,
    and the app's stand-in for sys.stderr has none (ValueError: no worker could start).
    Called before the app takes the terminal, the tracker starts with the real one."""
    from multiprocessing import resource_tracker
    # If it cannot start: no workers later, the judging runs in the app's own process.
    with suppress(OSError, ValueError, RuntimeError):
        resource_tracker.ensure_running()


class PlayoutPool:
    """Up to `workers` (default: the cores, at most 2) warm processes playing play-outs.

    ``runner(spec)``: a :class:`jorvik.bots.sampler.Runner` for samplers whose play-out is
    ``spec.make()`` (a spec is picklable and hashable: the workers get it with each task and
    make its play-out once, keeping it while they live); None when there are
    no workers to run on. `warm`: modules the workers import on starting, so that the first
    task does not wait for them. One sampler is served at a time (a lock); ``close()`` may be
    called from any thread. When the workers fail, the sampler being served plays on in its
    own thread and the next one gets fresh workers, up to RESTARTS times."""

    def __init__(self, workers: int | None = None, warm: Sequence[str] = ()):
        self.n = min(2, os.cpu_count() or 1) if workers is None else workers
        self.warm = tuple(warm)
        self.procs: list[Any] = []
        self.conns: list[Any] = []
        self.broken = self.n < 1
        self.closed = False   # close() ran: never again
        self.failures = 0     # times the workers failed
        self._lock = threading.Lock()
        self._queue: list[tuple] = []
        self._results: dict[Hashable, Any] = {}
        self._flight: list[deque] = []          # per worker: the keys of its tasks, in order
        self._sent: list[set[str]] = []         # per worker: the card sets it holds

    def __enter__(self) -> PlayoutPool:
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.procs if p.pid is not None]

    def start(self) -> bool:
        """Start the workers now (they import `warm` meanwhile); False when none can run."""
        with self._lock:
            return self._start()

    def _start(self) -> bool:
        if self.broken or self.closed:
            return False
        if self.procs:
            return True
        import multiprocessing
        # spawn, not fork: this may run beside other threads (the app's), and forking a
        # process with threads running is unsafe
        ctx = multiprocessing.get_context("spawn")
        try:
            for _ in range(self.n):
                mine, theirs = ctx.Pipe()
                proc = ctx.Process(target=_serve, args=(theirs, self.warm), daemon=True)
                with sigint_held():
                    proc.start()
                theirs.close()
                self.procs.append(proc)
                self.conns.append(mine)
                self._flight.append(deque())
                self._sent.append(set())
        except (OSError, ValueError, RuntimeError):
            self._fail()
            return False
        return True

    def close(self) -> None:
        """Kill the workers (at once: none goes on computing) and wait for them to end."""
        self.closed = True
        self.broken = True   # a play() going on stops (OSError) at its next look
        for proc in list(self.procs):
            if proc.is_alive():
                proc.kill()
        with self._lock:
            self._kill()

    def _kill(self) -> None:
        self.broken = True
        for proc in self.procs:
            if proc.is_alive():
                proc.kill()
        for proc in self.procs:
            proc.join()
        for conn in self.conns:
            conn.close()
        self.procs, self.conns, self._flight, self._sent = [], [], [], []
        self._queue, self._results = [], {}

    def _fail(self) -> None:
        self.failures += 1
        self._kill()

    def runner(self, spec: Hashable) -> _Runner | None:
        """A runner for samplers of `spec`; None when the pool is closed, has no workers or
        has failed more than RESTARTS times (a pool that failed fewer starts anew)."""
        if self.closed or self.n < 1 or self.failures > RESTARTS:
            return None
        self.broken = False
        return _Runner(self, spec)

    def play(self, spec: Hashable, now: Sequence[tuple], ahead: Sequence[tuple],
             stop: Callable[[], bool] | None) -> list[Any] | None:
        """The outcomes of the `now` tasks ((key, det, move, seed) each) by spec's play-out, in
        order; the `ahead` tasks are played too while there is room. None when `stop()`
        turned true (what is queued is dropped); OSError when the workers cannot play."""
        with self._lock:
            if not self._start():
                raise OSError("no play-out workers")
            wanted = self._plan(spec, now, ahead)
            try:
                return self._collect([t[0] for t in now], wanted, stop)
            except (EOFError, OSError, pickle.PickleError) as e:
                self._fail()
                raise OSError(f"play-out workers: {e}") from None

    def _plan(self, spec: Hashable, now: Sequence[tuple], ahead: Sequence[tuple]) -> set[Any]:
        """Queues the tasks neither played nor in flight and drops results no task wants;
        returns the keys of every task wanted."""
        wanted = {t[0] for t in now} | {t[0] for t in ahead}
        self._results = {k: v for k, v in self._results.items() if k in wanted}
        flying = {k for keys in self._flight for k in keys}
        self._queue = [(spec, t) for t in (*now, *ahead)
                       if t[0] not in self._results and t[0] not in flying]
        return wanted

    def _collect(self, need: list[Any], wanted: set[Any],
                 stop: Callable[[], bool] | None) -> list[Any] | None:
        """Sends and receives until the `need` keys' outcomes are in (returned in order), or
        `stop()` turns true (None, the queue dropped)."""
        while True:
            if all(k in self._results for k in need):
                return [self._results.pop(k) for k in need]
            if self.broken or self.closed:
                raise OSError("the play-out workers were closed")
            if stop is not None and stop():
                self._queue = []
                return None
            self._send()
            self._receive(wanted)

    def _send(self) -> None:
        for i, conn in enumerate(self.conns):
            while self._queue and len(self._flight[i]) < DEPTH:
                spec, (key, det, move, seed) = self._queue.pop(0)
                buf = io.BytesIO()
                pickler = _Pickler(buf)
                pickler.dump((key, spec, det, move, seed))
                for name, cards in pickler.cards.items():
                    if name not in self._sent[i]:
                        conn.send_bytes(pickle.dumps(("cards", name, cards),
                                                     protocol=pickle.HIGHEST_PROTOCOL))
                        self._sent[i].add(name)
                conn.send_bytes(buf.getvalue())
                self._flight[i].append(key)

    def _receive(self, wanted: set) -> None:
        from multiprocessing.connection import wait
        busy = [conn for i, conn in enumerate(self.conns) if self._flight[i]]
        for ready in wait(busy, timeout=WAIT):
            i = self.conns.index(ready)
            key, out, error = self.conns[i].recv()
            self._flight[i].popleft()
            if error is not None:
                raise OSError(f"a play-out failed in a worker ({error})")
            if key in wanted:
                self._results[key] = out


class _Runner:
    """A pool serving the samplers of one play-out spec (jorvik.bots.sampler.Runner)."""

    def __init__(self, pool: PlayoutPool, spec: Hashable):
        self.pool = pool
        self.spec = spec

    def play(self, now: Sequence[tuple], ahead: Sequence[tuple],
             stop: Callable[[], bool] | None) -> list[Any] | None:
        return self.pool.play(self.spec, now, ahead, stop)

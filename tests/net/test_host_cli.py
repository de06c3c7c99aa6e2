"""`jorvik host` started where it cannot listen, with ports out of range, and with TLS and
browser seats (the network audit remote-3, B68e, B70, B70c, B63b), and `host --resume`
coming back where it was. Real processes on 127.0.0.1, each with its own JORVIK_HOME."""

from __future__ import annotations

import os
import signal
import socket
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .test_tls import cert  # noqa: F401 - the fixture

JORVIK = [sys.executable, "-m", "jorvik.cli"]
GAME = ["--headless", "--players", "2", "--mode", "karl", "--bots", "2", "--level", "easy",
        "--bot-delay", "0"]


def start(home: Path, *args: str) -> tuple[subprocess.Popen, list[str]]:
    """A host left running: its lines up to "Waiting…"."""
    proc = subprocess.Popen([*JORVIK, "host", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                            env={**os.environ, "JORVIK_HOME": str(home)})
    lines = []
    assert proc.stdout is not None
    for _ in range(10):
        line = proc.stdout.readline()
        if not line or line.startswith("Waiting"):
            break
        lines.append(line.strip())
    if not lines:
        proc.kill()
        raise AssertionError(proc.communicate()[1])
    return proc, lines


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=120)


def saves(home: Path) -> list[str]:
    return sorted(p.name for p in (home / "games").glob("*.json"))


def busy_port() -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    return s


@pytest.mark.parametrize("option", [["--port", "70000"], ["--port", "-1"],
                                    ["--web", "--web-port", "65536"]])
def test_B70_a_port_out_of_range_is_one_line_and_starts_nothing(option, capsys):
    # refused while the options are read: in the test's own process (cli.main is `jorvik`)
    from jorvik.cli import main
    from jorvik.settings import data_dir
    with pytest.raises(SystemExit) as exit_:
        main(["host", *GAME, "--names", "Ann", *option])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2 and "not a port" in err
    assert not (data_dir() / "games").exists() or saves(data_dir()) == []


def test_B68e_failed_starts_leave_no_phantom_and_resume_takes_the_real_game(tmp_path):
    """A real game is hosted (with browser seats) and its host dies; then three starts that
    cannot listen (busy port, an address not this machine's, a busy web port). The audit
    found each left an unfinished hosted game, and `host --resume` picked the last one. The
    resume here names no port: it comes back where the game was served."""
    real, lines = start(tmp_path, *GAME, "--names", "Gina", "--port", "0", "--web",
                        "--web-port", "0")
    kill(real)
    assert len(saves(tmp_path)) == 1 and any("http://" in line for line in lines)
    before = saves(tmp_path)
    env = {**os.environ, "JORVIK_HOME": str(tmp_path)}
    with busy_port() as busy:
        taken = str(busy.getsockname()[1])
        # (a port out of range is refused while the options are read, before anything is
        # saved: test_B70 above, in-process)
        tries = [["--port", taken], ["--listen", "999.1.1.1"],
                 ["--port", "0", "--web", "--web-port", taken]]
        procs = [subprocess.Popen([*JORVIK, "host", *GAME, "--names", "Phan", *extra],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  stdin=subprocess.DEVNULL, env=env) for extra in tries]
        try:
            failed = [(p.wait(300), p.communicate()[1]) for p in procs]
        finally:   # none outlives the test (one that hung would take the freed port later)
            for p in procs:
                if p.poll() is None:
                    kill(p)
    for code, err in failed:
        assert code in (1, 2) and "Traceback" not in err, err
        assert len(err.strip().splitlines()) <= 2, err
    assert f"127.0.0.1:{taken}" in failed[0][1]
    assert f"127.0.0.1:{taken}" in failed[2][1]                 # B70c: the busy one, named
    assert saves(tmp_path) == before
    again, lines_again = start(tmp_path, "--resume", "--headless", "--bot-delay", "0")
    try:   # Gina's seat: the same code, the same address and ports
        assert lines_again == lines
    finally:
        kill(again)


def test_B63b_with_tls_every_link_and_socket_is_tls(tmp_path, cert):  # noqa: F811
    crt, key = cert
    host, lines = start(tmp_path, *GAME, "--names", "Ann", "--port", "0", "--web",
                        "--web-port", "0", "--cert", crt, "--key", key)
    try:
        [join] = [line for line in lines if "jorvik join" in line and "(seat" in line]
        [link] = [line.split()[-1] for line in lines if "browser" in line and "(seat" in line]
        assert " --tls " in join
        assert link.startswith("https://127.0.0.1:")
        # the spectators' lines too: `join --watch --tls`, and an https:// watch page
        [watch] = [line for line in lines if "--watch" in line]
        [watch_link] = [line.split()[-1] for line in lines if line.startswith("Spectators in")]
        assert " --tls " in watch and watch_link.startswith("https://127.0.0.1:")
        assert watch_link.endswith("/watch")
        trusted = ssl.create_default_context(cafile=crt)
        trusted.check_hostname = False
        with urllib.request.urlopen(link, context=trusted, timeout=10) as page:
            text = page.read().decode()
        assert page.status == 200 and "ws://" not in text
        # the page's socket is on the page's own origin: wss:// for an https:// page
        assert 'data-session-websocket-url="/ws/' in text
        with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
            urllib.request.urlopen(link.replace("https://", "http://"), timeout=10).read()
    finally:
        kill(host)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP is a Unix signal")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["N43_SIGTERM",
                                                                          "N43_SIGHUP"])
def test_N43_a_headless_host_stopped_by_a_signal_says_so_and_resumes(tmp_path, signum):
    """SIGTERM or SIGHUP to a headless `jorvik host` (no board, waiting for its players): it
    stops as Ctrl+C stops it, says so in one line, and the game resumes where it was."""
    host, lines = start(tmp_path, *GAME, "--names", "Sig", "--port", "0")
    before = saves(tmp_path)
    host.send_signal(signum)
    try:
        _out, err = host.communicate(timeout=300)
    finally:
        if host.poll() is None:
            kill(host)
    assert host.returncode == 128 + signum, err
    assert "Traceback" not in err
    assert f"stopped ({signal.Signals(signum).name})" in err
    assert saves(tmp_path) == before and before
    again, lines_again = start(tmp_path, "--resume", "--headless", "--bot-delay", "0")
    try:
        assert lines_again == lines
    finally:
        kill(again)

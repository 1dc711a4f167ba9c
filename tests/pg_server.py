"""A real PostgreSQL server for the store's tests: Debian's ``postgresql`` package, run as an
unprivileged user in a temporary directory, listening on a Unix socket only.

``PgServer.start()`` runs ``initdb`` and ``pg_ctl start`` (as the ``postgres`` system user when the
tests run as root: PostgreSQL refuses to run as root), ``database()`` creates a fresh database and
returns its ``postgresql+psycopg://`` URL, ``stop()`` stops the server and removes the directory.
``pg_ctl`` leaves the server running as a daemon: if the process that started it dies without
``stop()``, a watcher (tests/leftovers.py) stops it and removes the directory.
Without the package the tests that need it fail in CI (``CI`` set: ``.ci/run`` installs it) and are
skipped elsewhere, with the line saying how to install it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

from leftovers import Watcher, watch
from work_bounds import HANG_GUARD

INSTALL = "apt-get install -y postgresql"


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One PostgreSQL cluster in a temporary directory (see the module's docstring)."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="tutor-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "postgres"
        self._as: list[str] = []
        self._watcher: Watcher | None = None
        if os.geteuid() == 0:  # PostgreSQL will not run as root: use its own unprivileged user
            entry = pwd.getpwnam("postgres")
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    @staticmethod
    def missing() -> str | None:
        """Why no server can be started here, or ``None``."""
        if not (_binary("initdb") and _binary("pg_ctl")):
            return f"PostgreSQL is not installed ({INSTALL})"
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                return "there is no unprivileged 'postgres' user to run the server as"
        return None

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, timeout=HANG_GUARD)

    def start(self) -> PgServer:
        initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
        assert initdb and pg_ctl
        self._watcher = watch(run=[*self._as, *self._stop_command(pg_ctl)], remove=[self.root])
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", self.user, "--no-sync", "-E", "UTF8")
        options = f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off -c max_connections=60"
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")
        return self

    def _stop_command(self, pg_ctl: str) -> list[str]:
        return [pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"]

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@/{database}?host={self.root}&port={self.port}"

    def database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(host=str(self.root), port=self.port, user=self.user, dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        pg_ctl = _binary("pg_ctl")
        try:
            if pg_ctl and self.data.exists():
                self._run(*self._stop_command(pg_ctl))
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            if self._watcher is not None:
                self._watcher.release()

"""A review database this user may read but not write: drill says so when it opens it
(a read-only session), and a rating is refused naming the file, not half-stored."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from drill.storage.database import open_database

#: Run as a user who cannot write the file (root writes any file, so a test run as root
#: runs this part as "nobody").
CHILD = """
import sys
from pathlib import Path
from drill.app.backend import Backend, BackendError

backend = Backend(Path(sys.argv[1]), (), builtin_packs=True, run_solver_code=False)
backend.open()
print("notice:", backend.read_only_notice())
key = backend.cards[0].key
try:
    backend.rate(key, 3, 1.0, ())
except BackendError as error:
    print("refused:", error)
print("reviews:", len(backend.history(key)))
backend.close()
"""


def test_a_read_only_database_is_said_at_open_and_a_rating_is_refused() -> None:
    folder = Path(tempfile.mkdtemp(prefix="drill-read-only-"))
    try:
        os.chmod(folder, 0o777)  # SQLite may still make its -shm file beside the database
        database = folder / "drill.sqlite3"
        open_database(database).close()
        os.chmod(database, 0o444)
        as_nobody = {"user": 65534, "group": 65534} if os.geteuid() == 0 else {}
        done = subprocess.run([sys.executable, "-c", CHILD, str(folder)], capture_output=True,
                              text=True, timeout=60, check=False,
                              env={**os.environ, "HOME": str(folder)}, **as_nobody)
        assert done.returncode == 0, done.stderr
        lines = dict(line.split(": ", 1) for line in done.stdout.splitlines())
        assert str(database) in lines["notice"] and "read-only session" in lines["notice"]
        assert str(database) in lines["refused"] and "read-only" in lines["refused"]
        assert lines["reviews"] == "0"
    finally:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()

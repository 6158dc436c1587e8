"""``drill backup [FILE]`` and ``drill restore FILE``: copies of the review database."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    backup = subparsers.add_parser(
        "backup",
        parents=[common],
        help="copy the review database (checked whole) to FILE or the backups folder",
        description="Copy the review database to FILE (default: a new file in the "
        "'backups' folder of the data folder), as a consistent snapshot even while the "
        "app is open, and check the copy with SQLite's integrity check. The app also "
        "makes one backup a study day by itself (settings.toml: backup_days).",
    )
    backup.add_argument("file", metavar="FILE", nargs="?", type=Path,
                        help="where to write the copy (must not exist yet)")
    backup.set_defaults(func=run_backup)
    restore = subparsers.add_parser(
        "restore",
        parents=[common],
        help="put a backup back in place of the review database (the current one is kept)",
        description="Replace the review database with FILE, a backup drill made. Refused "
        "while drill has the database open elsewhere. The backup is copied and checked "
        "first, then put in place in one step; the replaced database is kept in the "
        "'backups' folder, never deleted.",
    )
    restore.add_argument("file", metavar="FILE", type=Path, help="the backup to put back")
    restore.set_defaults(func=run_restore)


def run_backup(args: argparse.Namespace) -> int:
    from datetime import datetime

    from drill.config.location import data_dir, database_path
    from drill.storage.backup import back_up, backups_dir
    from drill.storage.errors import StorageError

    database = database_path(data_dir(args.data))
    if not database.exists():
        print(f"drill backup: error: {database}: no review database yet, nothing to back up",
              file=sys.stderr)
        return EXIT_FAILED
    stamp = datetime.now().strftime("%Y-%m-%dT%H%M%S")
    target = args.file or backups_dir(database) / f"drill-{stamp}.sqlite3"
    try:
        written = back_up(database, target)
    except StorageError as error:
        print(f"drill backup: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"{written} (passes SQLite's integrity check)")
    return EXIT_OK


def run_restore(args: argparse.Namespace) -> int:
    from datetime import datetime

    from drill.config.location import data_dir, database_path
    from drill.storage.backup import restore
    from drill.storage.errors import StorageError

    database = database_path(data_dir(args.data))
    try:
        kept = restore(args.file, database, datetime.now())
    except StorageError as error:
        print(f"drill restore: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"restored {args.file} as {database}")
    if kept != database:
        print(f"the database it replaced is kept as {kept}")
    return EXIT_OK

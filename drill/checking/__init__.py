"""Checking packs: the schema, the solvers' numbers, and the math written in the prose.

``checker`` checks one loaded file, card by card; ``reports`` holds what a check gives
and checks a list of files, reading an unchanged file's findings back through
``report_cache`` without importing the checker.
"""

from drill.checking.reports import PackReport, check_file, check_files

__all__ = ["PackReport", "check_file", "check_files"]

"""Checking packs: the schema, the solvers' numbers, and the math written in the prose."""

from drill.checking.checker import PackReport, check_file, check_files, check_loaded

__all__ = ["PackReport", "check_file", "check_files", "check_loaded"]

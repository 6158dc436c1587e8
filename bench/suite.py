"""Benchmark: the README's test command on a fresh clone, install included, in wall time.

    python -m bench.suite

Clones the checkout's committed state into a temporary folder (``git clone``, so nothing
uncommitted and no ``.venv`` comes along) and runs ``python3 dev.py test`` there as a new
contributor would: creating the environment, installing drill with its test tools, then
the whole suite on every core. The packages come from pip's usual places (its cache
included), as they would for anyone. Slow by nature (minutes), so it runs once.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 150.0


def _passed(output: str) -> str:
    """pytest's last summary line, e.g. ``2936 passed in 120.3s``."""
    found = re.findall(r"^=*\s*(\d+ passed.*?)\s*=*$", output, re.M)
    return found[-1] if found else "(no summary)"


def measure_suite() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="drill-bench-suite-") as folder:
        # Readable by all, as a checkout is: the read-only tests run a child as "nobody"
        # with the clone's Python, which a private temporary folder would hide.
        os.chmod(folder, 0o755)
        clone = Path(folder) / "drill"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        environment = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "dev.py", "test", "-q"], cwd=clone,
                                capture_output=True, text=True, env=environment)
        wall = time.perf_counter() - started
    if result.returncode != 0:
        raise RuntimeError(f"dev.py test failed on a fresh clone:\n{result.stdout[-3000:]}"
                           f"{result.stderr[-3000:]}")
    return {"name": "`python3 dev.py test` on a fresh clone, install included", "unit": "s",
            "median": wall, "min": wall, "max": wall, "target": f"≤ {TARGET_S:g} s",
            "passed": wall <= TARGET_S, "pytest": _passed(result.stdout)}


if __name__ == "__main__":
    import json

    print(json.dumps(measure_suite(), indent=2))

import hashlib
import os
import subprocess
import sys

import pytest

from drill.scheduling.ids import card_id


def test_id_is_the_top_63_bits_of_sha256_of_the_key() -> None:
    # The brief fixes the recipe: sha256 of the key, first 8 bytes, one bit dropped.
    digest = hashlib.sha256(b"speed-physics/q1").digest()
    assert card_id("speed-physics/q1") == int.from_bytes(digest[:8], "big") // 2


def test_ids_fit_a_signed_64_bit_integer_and_differ_between_keys() -> None:
    keys = [f"pack-{p}/card-{c}" for p in range(20) for c in range(100)]
    ids = [card_id(key) for key in keys]
    assert all(0 <= i < 2**63 for i in ids)
    assert len(set(ids)) == len(keys)


@pytest.mark.slow
def test_id_is_the_same_in_another_process_with_another_hash_seed() -> None:
    code = "from drill.scheduling.ids import card_id; print(card_id('speed-physics/q1'))"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    )
    assert int(out.stdout) == card_id("speed-physics/q1")

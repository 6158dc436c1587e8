"""Package layout that pyproject.toml alone cannot say.

The built-in packs live in ``packs/`` at the top of the checkout, where pack writers look
for them. Installed, that folder becomes the package ``drill.builtin_packs`` so a plain,
non-editable ``pip install .`` carries it along; ``drill.packs.locate`` finds either.
"""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["drill", "drill.*", "solvers", "solvers.*"]),
        "drill.builtin_packs",
    ],
    package_dir={"drill.builtin_packs": "packs"},
)

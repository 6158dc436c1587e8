"""Package layout that pyproject.toml alone cannot say.

The built-in packs live in ``packs/`` and the built-in solvers in ``solvers/`` at the top of
the checkout, where pack writers look for them. Installed, they become the packages
``drill.builtin_packs`` and ``drill.builtin_solvers``, so everything drill installs sits in
its own namespace (no top-level ``solvers`` in site-packages) and a plain, non-editable
``pip install .`` carries both along; ``drill.packs.locate`` finds the packs either way.
"""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["drill", "drill.*"]),
        "drill.builtin_packs",
        # The GPU catalog's folder: a package of data files, named so setuptools need
        # not warn that it would otherwise be left out.
        "drill.builtin_packs.catalog",
        "drill.builtin_solvers",
    ],
    package_dir={"drill.builtin_packs": "packs", "drill.builtin_packs.catalog": "packs/catalog",
                 "drill.builtin_solvers": "solvers"},
)

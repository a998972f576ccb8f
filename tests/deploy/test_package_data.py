"""The engine's data files ship with the package: each matches a pattern of pyproject.toml's
package-data (an installed wheel without the antonym table would fail on import)."""

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_engine_data_file_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["citations.engine"]
    data = ROOT / "citations" / "engine" / "data"
    files = [path.relative_to(data.parent).as_posix() for path in data.iterdir()]
    assert files
    assert [f for f in files if not any(fnmatch(f, p) for p in patterns)] == []

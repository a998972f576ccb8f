"""The lock files `make install` uses pin every dependency pyproject.toml names, with hashes,
at versions its ranges allow (a dependency added without `make lock` fails here)."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", re.MULTILINE)


def pins(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text()
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [
        ("lock.txt", PROJECT["dependencies"]),
        ("dev-lock.txt", PROJECT["dependencies"] + PROJECT["optional-dependencies"]["dev"]),
    ],
)
def test_every_dependency_is_pinned_within_its_range(lock, requirements):
    pinned = pins(lock)
    for line in requirements:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{name} is not in requirements/{lock}: run `make lock`"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (name, lock)


def test_every_pin_has_hashes_and_the_dev_lock_agrees_with_the_site_lock():
    for lock in ("lock.txt", "dev-lock.txt"):
        entries = re.split(r"\n(?=\S)", (ROOT / "requirements" / lock).read_text())
        for entry in (e for e in entries if PIN.match(e)):
            assert "--hash=sha256:" in entry, entry.splitlines()[0]
    site, dev = pins("lock.txt"), pins("dev-lock.txt")
    assert {name: dev.get(name) for name in site} == site
    assert "import-linter" in dev

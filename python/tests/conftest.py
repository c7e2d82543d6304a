import os
import subprocess
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(PYTHON_DIR)
sys.path.insert(0, PYTHON_DIR)

import chariot  # noqa: E402  (after the path, so the package in this checkout is the one tested)

# The games' seats, and the rule-driven sides opened as seats.
OPPONENT_SEAT = ["stnazaire:opponent=seat", "jubilee:opponent=seat", "skirmish:opponent=seat", "ahraid:opponent=seat"]


def all_specs():
    return chariot.games() + OPPONENT_SEAT


def spec_seats():
    """Every game spec with each of its seats."""
    return [(spec, seat) for spec in all_specs() for seat in range(len(chariot.seat_names(spec)))]


@pytest.fixture(scope="session")
def trace_cmd(tmp_path_factory):
    """libchariot built as a command: it prints env/gym's own trace in Go."""
    exe = tmp_path_factory.mktemp("bin") / "libchariot-trace"
    subprocess.run(["go", "build", "-o", str(exe), "./cmd/libchariot"], cwd=REPO, check=True)
    return str(exe)

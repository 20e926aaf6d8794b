import sys
from pathlib import Path

from hypothesis import settings

# Let tests import the shared helpers module next to them.
sys.path.insert(0, str(Path(__file__).parent))

# Tests assert behaviour, never time: Hypothesis's default 200 ms deadline per example is a
# timed assertion, and failed a property test once when the machine was busy.
settings.register_profile("benchlint", deadline=None)
settings.load_profile("benchlint")

import sys
from pathlib import Path

# Let tests import the shared helpers module next to them.
sys.path.insert(0, str(Path(__file__).parent))

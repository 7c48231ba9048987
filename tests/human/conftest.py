"""Tests of the human seat: ``human_keys`` drives it by keystrokes."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # for `import human_keys`

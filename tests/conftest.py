"""Settings shared by the whole suite.

Hypothesis runs derandomised by default (profile ``ci``): the examples are
drawn from a fixed seed derived from each test, so CI and every developer see
the same inputs and a red run can be reproduced by running it again.  To
explore new inputs locally, choose the ``explore`` profile::

    HYPOTHESIS_PROFILE=explore python -m pytest tests/language/test_lang_properties.py
"""

from __future__ import annotations

import os

from hypothesis import settings

# database=None: a derandomised run must not replay examples saved by an earlier
# exploring run (which would make two checkouts see different inputs)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

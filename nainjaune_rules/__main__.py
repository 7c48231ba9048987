"""``python -m nainjaune_rules`` is the ``nainjaune`` command."""

import sys

from nainjaune_rules.cli.main import main

sys.exit(main())

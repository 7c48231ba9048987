"""The ``nainjaune`` command line: one module per command, dispatched by :mod:`.main`."""

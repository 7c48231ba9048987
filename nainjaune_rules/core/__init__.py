"""The bottom layer: what every other layer may use and that imports none of them.

Cards and their codes, where a clause came from (spans, origins, citations),
diagnostics with their carets, and making text safe for a terminal.
"""

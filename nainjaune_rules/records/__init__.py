"""Records of games: transcripts (written, validated, replayed), their narration, deck files.

Above the engine (a transcript is replayed by a :class:`~nainjaune_rules.engine.Game`)
and below the players (the human seat narrates the game as it goes).
"""

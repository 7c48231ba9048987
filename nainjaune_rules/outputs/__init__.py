"""What the project shows people: documentation pages, statistics, the playground's API,
the ruleset writer (``show``), the Pygments lexer."""

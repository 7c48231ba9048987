"""What the playground says when it cannot do what the page asked, in the page's language.

A request the worker cannot answer (a field missing or of the wrong kind, a move
that is not legal, a ruleset with errors, a defect of the playground itself) ends
in a :class:`Refusal`: a key of :data:`WORDS` and the values its sentence needs.
:func:`say` words it in English or French, the two languages of the site's pages.
Nothing of Python's own error text ever reaches the page: a failure the
playground did not foresee is told as ``unexpected``, whatever it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nainjaune_rules.core.french import typeset

#: the languages of the site's pages; any other asks for the first
LANGUAGES = ("en", "fr")

#: key → language → sentence (``str.format`` fields from the refusal's values)
WORDS: dict[str, dict[str, str]] = {
    "unreadable": {
        "en": "The page sent a request the playground cannot read.",
        "fr": "La page a envoyé une demande que le bac à sable ne sait pas lire."},
    "unknown-request": {
        "en": "The playground has no request named “{name}”.",
        "fr": "Le bac à sable ne connaît aucune demande nommée « {name} »."},
    "missing": {
        "en": "The request “{name}” lacks its “{field}”.",
        "fr": "Il manque « {field} » à la demande « {name} »."},
    "unknown-field": {
        "en": "The request “{name}” takes no “{field}”.",
        "fr": "La demande « {name} » ne prend pas de « {field} »."},
    "not-text": {
        "en": "“{field}” must be text.",
        "fr": "« {field} » doit être un texte."},
    "not-number": {
        "en": "“{field}” must be a whole number.",
        "fr": "« {field} » doit être un nombre entier."},
    "not-yes-no": {
        "en": "“{field}” must be yes or no (true or false).",
        "fr": "« {field} » doit valoir oui ou non (true ou false)."},
    "out-of-range": {
        "en": "“{field}” must be between {low} and {high}.",
        "fr": "« {field} » doit être compris entre {low} et {high}."},
    "too-long": {
        "en": "“{field}” is too long: {size} characters, at most {most}.",
        "fr": "« {field} » est trop long : {size} caractères, {most} au plus."},
    "broken-character": {
        "en": "The text holds a broken character at line {line}, column {column}: delete it.",
        "fr": "Le texte contient un caractère cassé ligne {line}, colonne {column} : "
              "supprimez-le."},
    "not-builtin": {
        "en": "“{name}” is not a built-in ruleset.",
        "fr": "« {name} » n'est pas un jeu de règles du projet."},
    "no-parent": {
        "en": "This ruleset extends no built-in ruleset: choose one to compare it with.",
        "fr": "Ce jeu de règles n'en étend aucun du projet : choisissez celui auquel le "
              "comparer."},
    "compare-errors": {
        "en": "The ruleset has errors: fix them to compare it.",
        "fr": "Le jeu de règles contient des erreurs : corrigez-les pour le comparer."},
    "ruleset-errors": {
        "en": "The ruleset has errors: see the diagnostics.",
        "fr": "Le jeu de règles contient des erreurs : voyez les diagnostics."},
    "no-deal": {
        "en": "No deal has been started: press “Play a deal” first.",
        "fr": "Aucune donne n'est commencée : appuyez d'abord sur « Jouer une donne »."},
    "no-stats": {
        "en": "No statistics have been started.",
        "fr": "Aucune statistique n'est commencée."},
    "not-your-turn": {
        "en": "It is not your turn.",
        "fr": "Ce n'est pas votre tour."},
    "illegal-move": {
        "en": "“{move}” is not a legal move now.",
        "fr": "« {move} » n'est pas un coup permis maintenant."},
    "deal-not-over": {
        "en": "The deal is not over.",
        "fr": "La donne n'est pas finie."},
    "unknown-bot": {
        "en": "There is no bot named “{name}”: choose {choices}.",
        "fr": "Aucun robot ne s'appelle « {name} » : choisissez {choices}."},
    "no-seat": {
        "en": "There is no seat {seat} at a table of {players}.",
        "fr": "Il n'y a pas de place {seat} à une table de {players}."},
    "player-count": {
        "en": "This ruleset is played by {counts} players, not {players}.",
        "fr": "Ce jeu de règles se joue à {counts} joueurs, pas {players}."},
    "unplayable": {
        "en": "This ruleset cannot be played: {detail}",
        "fr": "Ce jeu de règles ne peut pas être joué ; le moteur dit, en anglais : {detail}"},
    "unexpected": {
        "en": "The playground could not do this: it met a problem of its own, not one in "
              "your ruleset. Try again, or reload the page.",
        "fr": "Le bac à sable n'a pas pu le faire : il a rencontré un problème qui lui est "
              "propre, pas une erreur de votre jeu de règles. Réessayez, ou rechargez la page."},
    "more": {
        "en": "… and {count} more",
        "fr": "… et {count} de plus"},
    "stopped": {
        "en": "… and more: checking stopped after {count} errors",
        "fr": "… et d'autres : la vérification s'est arrêtée après {count} erreurs"},
}


def language(wanted: object) -> str:
    """The page language a request names, or English."""
    return wanted if isinstance(wanted, str) and wanted in LANGUAGES else LANGUAGES[0]


#: each language's typography on a sentence: French spaces its « : ; ! ? » and « »
TYPOGRAPHY: dict[str, Callable[[str], str]] = {"en": lambda text: text, "fr": typeset}


def say(key: str, lang: str = "en", **values: Any) -> str:
    """The sentence ``key`` in ``lang`` with ``values`` filled in, in that language's
    typography (the sentence's own signs: the values are as they were given)."""
    lang = language(lang)
    return TYPOGRAPHY[lang](WORDS[key][lang]).format(**values)


class Refusal(ValueError):
    """A request the playground will not do; :meth:`told` says why in a page's language.

    A ``ValueError``, so that the package's callers outside the worker catch it as
    the bad value it is; ``str()`` is the English sentence.
    """

    def __init__(self, key: str, **values: Any) -> None:
        if key not in WORDS:
            raise KeyError(key)  # a typo in the playground's code, caught by its tests
        self.key = key
        self.values = values
        super().__init__(say(key, "en", **values))

    def told(self, lang: str) -> str:
        return say(self.key, lang, **self.values)

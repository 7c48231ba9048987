/* The page's own sentences (what went wrong, the verdict, the table, the status line), in
 * the page's language (the French
 * page is served with <html lang="fr">).  What Python refuses is already worded in that
 * language by the worker (nainjaune_rules/playground/refusals.py); these are the
 * failures only the page can see.  No error's own text (a JavaScript message, a Python
 * traceback) is ever shown. */

export const LANG = (document.documentElement.lang || "en").toLowerCase().startsWith("fr")
  ? "fr" : "en";

const WORDS = {
  en: {
    failure: "The playground could not do this: it met a problem of its own, not one in " +
      "your ruleset. Python is restarting; try again in a moment.",
    restarted: "Python has restarted: you can go on (a deal in progress was lost).",
    "no-start": "Python could not start in this browser: reload the page to try again.",
    "check-failed": "The check could not be made: {reason}",
    "compare-failed": "The comparison could not be made: {reason}",
    "deal-failed": "The deal cannot start: {reason}",
    "move-failed": "This move was not played: {reason}",
    "stats-failed": "The simulation failed: {reason}",
    "download-failed": "Nothing was downloaded: {reason}",
    "load-failed": "The ruleset was not loaded: {reason}",
    more: "… and {count} more",
    pass: "pass: do not continue the run",
    exchange: "take the widow (unseen) for my hand",
    valid: "Valid: ruleset {id} — {title} ({warnings})",
    invalid: "Invalid: {errors}, {warnings}",
    warning: ["{n} warning", "{n} warnings"],
    error: ["{n} error", "{n} errors"],
    seat: "seat {n}",
    parent: "its parent",
    same: "{id} plays the same game as {base}.",
    differ: ["From {base} to {id}: {n} rule differs.", "From {base} to {id}: {n} rules differ."],
    was: "was: ",
    now: "now: ",
    you: "you",
    "seat-line": "seat {n} ({who}): {tokens}, {cards}{turn}",
    tokens: ["{n} token", "{n} tokens"],
    cards: ["{n} card", "{n} cards"],
    "to-play": " ◀ to play",
    board: "Board: {board}",
    run: "The run: {run}",
    "say-call": "say “{call}”",
    "without-call": "{card} without “{call}”",
    "pass-button": "pass",
    "your-turn": "Your turn: click a card (cards that cannot be played are greyed).",
    "deal-over": "The deal is over: its winner is at the end of the log.",
    "replay-with": "Replay it with: nainjaune replay {file} --ruleset {ruleset} (the deal's " +
      "ruleset: “Download its ruleset”).",
    copied: "The link is copied: it opens this ruleset.",
    "copy-it": "The address bar now holds a link to this ruleset: copy it from there.",
    playing: "Playing: {done} of {games} games",
    "stats-partial": "Stopped: the figures of the games played so far.",
    "stats-done": "{games} games played in {seconds} s.",
    stopped: "Stopped.",
    restarting: "Restarting Python…",
    "no-runtime": "This build of the site has no Python runtime for the playground " +
      "(build it with NAINJAUNE_PLAYGROUND=1 mkdocs build, see the README).",
    ready: "Ready: Python (Pyodide {pyodide}) and the rules engine loaded in {seconds} s.",
    "link-too-long": "This ruleset is too long for a link ({size} characters once compressed, " +
      "the limit is {most}): share the downloaded file instead.",
    "link-damaged": "This link does not hold a ruleset (it is damaged or cut short): the " +
      "default ruleset is shown instead.",
    "link-refused": "This link is too long ({size} characters, the limit is {most}): the " +
      "default ruleset is shown instead.",
    "link-large": "The ruleset in this link is larger than {kb} KB: it was not opened.",
  },
  fr: {
    failure: "Le bac à sable n'a pas pu le faire : il a rencontré un problème qui lui est " +
      "propre, pas une erreur de votre jeu de règles. Python redémarre ; réessayez dans " +
      "un instant.",
    restarted: "Python a redémarré : vous pouvez continuer (une donne en cours a été perdue).",
    "no-start": "Python n'a pas pu démarrer dans ce navigateur : rechargez la page pour " +
      "réessayer.",
    "check-failed": "La vérification n'a pas pu être faite : {reason}",
    "compare-failed": "La comparaison n'a pas pu être faite : {reason}",
    "deal-failed": "La donne ne peut pas commencer : {reason}",
    "move-failed": "Ce coup n'a pas été joué : {reason}",
    "stats-failed": "La simulation a échoué : {reason}",
    "download-failed": "Rien n'a été téléchargé : {reason}",
    "load-failed": "Le jeu de règles n'a pas été chargé : {reason}",
    more: "… et {count} de plus",
    pass: "passer : ne pas continuer la suite",
    exchange: "prendre la main supplémentaire (sans la voir) à la place de la mienne",
    valid: "Valide : jeu de règles {id} — {title} ({warnings})",
    invalid: "Invalide : {errors}, {warnings}",
    warning: ["{n} avertissement", "{n} avertissements"],
    error: ["{n} erreur", "{n} erreurs"],
    seat: "place {n}",
    parent: "son parent",
    same: "{id} se joue comme {base}.",
    differ: ["De {base} à {id} : {n} règle diffère.", "De {base} à {id} : {n} règles diffèrent."],
    was: "avant : ",
    now: "maintenant : ",
    you: "vous",
    "seat-line": "place {n} ({who}) : {tokens}, {cards}{turn}",
    tokens: ["{n} jeton", "{n} jetons"],
    cards: ["{n} carte", "{n} cartes"],
    "to-play": " ◀ à jouer",
    board: "Tableau : {board}",
    run: "La suite : {run}",
    "say-call": "dites « {call} »",
    "without-call": "{card} sans dire « {call} »",
    "pass-button": "passer",
    "your-turn": "À vous : cliquez une carte (celles qui ne peuvent pas être jouées sont grisées).",
    "deal-over": "La donne est finie : son gagnant est à la fin du journal.",
    "replay-with": "Rejouez-la avec : nainjaune replay {file} --ruleset {ruleset} (le jeu de " +
      "règles de la donne : « Télécharger son jeu de règles »).",
    copied: "Le lien est copié : il ouvre ce jeu de règles.",
    "copy-it": "La barre d'adresse contient maintenant un lien vers ce jeu de règles : " +
      "copiez-le de là.",
    playing: "En cours : {done} parties sur {games}",
    "stats-partial": "Arrêté : les chiffres des parties jouées jusqu'ici.",
    "stats-done": "{games} parties jouées en {seconds} s.",
    stopped: "Arrêté.",
    restarting: "Python redémarre…",
    "no-runtime": "Cette version du site n'a pas de Python pour le bac à sable (construisez-la " +
      "avec NAINJAUNE_PLAYGROUND=1 mkdocs build, voir le README).",
    ready: "Prêt : Python (Pyodide {pyodide}) et le moteur de règles chargés en {seconds} s.",
    "link-too-long": "Ce jeu de règles est trop long pour un lien ({size} caractères une fois " +
      "compressé, {most} au plus) : partagez plutôt le fichier téléchargé.",
    "link-damaged": "Ce lien ne contient pas de jeu de règles (il est abîmé ou coupé) : le jeu " +
      "de règles par défaut est affiché à la place.",
    "link-refused": "Ce lien est trop long ({size} caractères, {most} au plus) : le jeu de " +
      "règles par défaut est affiché à la place.",
    "link-large": "Le jeu de règles de ce lien dépasse {kb} Ko : il n'a pas été ouvert.",
  },
};

/** The sentence `key` in the page's language, with {fields} from `values`; a key with
 * two forms (one, many) takes the one that agrees with `values.n`. */
export function say(key, values = {}) {
  const words = WORDS[LANG][key];
  const text = Array.isArray(words) ? words[values.n === 1 ? 0 : 1] : words;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

/** `n` and its noun (`key`: "tokens", "cards", "error", "warning"), in agreement. */
export function count(n, key) { return say(key, { n }); }

/** A number of seconds as the page's language writes it ("1.5", « 1,5 »). */
export function seconds(ms) {
  return (ms / 1000).toLocaleString(LANG, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

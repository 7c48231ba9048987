/* The page's own sentences about what went wrong, in the page's language (the French
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
  },
};

/** The sentence `key` in the page's language, with {fields} from `values`. */
export function say(key, values = {}) {
  return WORDS[LANG][key].replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

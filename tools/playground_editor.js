/* The playground's code editor: CodeMirror 6 (npm, pinned in package.json), bundled at
 * site build by tools/build_playground.py with esbuild into SITE/playground/editor.js.
 *
 * NJ_WORDS is filled in by the build from nainjaune_rules/describe/lexer.py (the Pygments
 * lexer's word lists: headers, clause heads, statements, values), so the editor colours
 * the words the site's code blocks colour.  The language mode follows that lexer's rules:
 * comments, text in quotes, the origin in brackets, card and rank codes, numbers.
 *
 * Keyboard: Tab indents; Escape then Tab (or Shift+Tab) leaves the editor, CodeMirror's
 * accessible convention; Ctrl/Cmd+F searches, Ctrl/Cmd+Z undoes. */
/* global NJ_WORDS */
import { EditorState } from "@codemirror/state";
import {
  EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers,
} from "@codemirror/view";
import {
  defaultKeymap, history, historyKeymap, indentWithTab, simplifySelection,
} from "@codemirror/commands";
import {
  HighlightStyle, StreamLanguage, bracketMatching, syntaxHighlighting,
} from "@codemirror/language";
import { forEachDiagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import { tags } from "@lezer/highlight";

const escape = (word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const any = (words) => words.slice().sort((a, b) => b.length - a.length).map(escape).join("|");
const HEADER = new RegExp(`^(?:${any(NJ_WORDS.headers)})\\b`);
const HEAD = new RegExp(`^(?:${any(NJ_WORDS.clause_heads)})(?=\\s*:)`);
const STATEMENT = new RegExp(`^(?:${any(NJ_WORDS.statements)})\\b`);
const VALUE = new RegExp(`^(?:${any(NJ_WORDS.values)})(?![\\w-])`);
const CARD = /^(?:10|[2-9AJQK])[CDHS♣♦♥♠](?![0-9A-Za-z])/;
const RANK = /^(?:10|[2-9AJQK])(?![0-9A-Za-z])/;

/** The ruleset language, token by token (the Pygments lexer's rules, in CodeMirror's). */
const rulesetLanguage = StreamLanguage.define({
  name: "nainjaune",
  startState: () => ({ origin: false }),
  token(stream, state) {
    if (stream.eatSpace()) return null;
    if (state.origin) {
      if (stream.eat("]")) { state.origin = false; return "bracket"; }
      if (stream.match(/^"[^"\n]*"?/)) return "string";
      if (stream.match(/^(?:inferred|house)\b/)) return "annotation";
      if (stream.match(/^[¶§]\s?\d+(?:-\d+)?/)) return "number";
      stream.next();
      return "labelName";
    }
    if (stream.match(/^#.*/)) return "comment";
    if (stream.eat("[")) { state.origin = true; return "bracket"; }
    if (stream.match(/^"[^"\n]*"?/)) return "string";
    const after = stream.pos === 0 || /[^\w-]/.test(stream.string[stream.pos - 1]);
    if (stream.sol() && stream.match(HEADER)) return "keyword";
    if (after && (stream.match(HEAD) || stream.match(STATEMENT))) return "keyword";
    if (stream.match("(default)")) return "keyword";
    if (after && stream.match(CARD)) return "atom";
    if (stream.match(/^\d+/)) return "number";
    if (after && stream.match(RANK)) return "atom";
    if (after && stream.match(VALUE)) return "literal";
    if (stream.match(/^[a-z0-9][a-z0-9_-]*/i)) return null;
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
});

const colours = HighlightStyle.define([
  { tag: tags.comment, class: "pg-comment" },
  { tag: tags.string, class: "pg-string" },
  { tag: [tags.annotation, tags.labelName, tags.bracket], class: "pg-cite" },
  { tag: tags.atom, class: "pg-card" },
  { tag: tags.number, class: "pg-number" },
  { tag: tags.keyword, class: "pg-keyword" },
  { tag: tags.literal, class: "pg-value" },
]);

/** Escape, then Tab within two seconds, moves the focus on instead of indenting. */
const leaveWithTab = {
  key: "Escape",
  run(view) {
    simplifySelection(view);
    view.setTabFocusMode(2000);
    return true;
  },
};

/** CodeMirror's own words (the search panel, the lint tooltips) on the French page. */
const FRENCH = {
  Find: "Chercher", Replace: "Remplacer", next: "suivant", previous: "précédent",
  all: "tout", "match case": "respecter la casse", regexp: "expression régulière",
  "by word": "mot entier", replace: "remplacer", "replace all": "tout remplacer",
  close: "fermer", "current match": "occurrence actuelle", "on line": "à la ligne",
  "replaced match on line $": "occurrence remplacée à la ligne $",
  "replaced $ matches": "$ occurrences remplacées", Diagnostics: "Diagnostics",
  "No diagnostics": "Aucun diagnostic", "Go to line": "Aller à la ligne", go: "aller",
};

/** A CodeMirror editor in `parent`, in the page's language `lang` ("en" or "fr");
 * `onChange(text)` after each edit of the text. */
export function createEditor({ parent, doc, label, lang, onChange }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(), lintGutter(), history(), drawSelection(), highlightActiveLine(),
        bracketMatching(), search({ top: true }), highlightSelectionMatches(),
        rulesetLanguage, syntaxHighlighting(colours), EditorState.tabSize.of(4),
        EditorState.phrases.of(lang === "fr" ? FRENCH : {}),
        keymap.of([leaveWithTab, ...searchKeymap, ...historyKeymap, ...defaultKeymap,
          indentWithTab]),
        // tabindex: the text is already on the Tab path (contenteditable); said explicitly,
        // axe-core counts it as the scrolled box's focusable content
        EditorView.contentAttributes.of({ "aria-label": label, spellcheck: "false", tabindex: "0",
          autocapitalize: "off", autocorrect: "off" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    /** Show `diagnostics` (the worker's, each {line, column, length, severity, message,
     * hint, hover}) as lint marks; the text may have changed since they were made. */
    mark(diagnostics, text) {
      const docText = view.state.doc;
      if (text !== docText.toString()) return; // stale: the next check will mark
      const marks = [];
      for (const d of diagnostics) {
        if (d.line < 1 || d.line > docText.lines) continue;
        const line = docText.line(d.line);
        const from = Math.min(line.from + Math.max(d.column, 1) - 1, line.to);
        const to = Math.min(from + Math.max(d.length, 1), line.to);
        // the worker's hover text is in the page's language (message, then hint)
        const said = d.hover || (d.hint ? `${d.message}\nhint: ${d.hint}` : d.message);
        marks.push({ from, to: Math.max(to, from), severity: d.severity === "error" ? "error"
          : "warning", message: said });
      }
      view.dispatch(setDiagnostics(view.state, marks));
    },
    /** The lint marks shown: [{line, column, length, severity, message}] (for tests). */
    marks() {
      const found = [];
      forEachDiagnostic(view.state, (d, from, to) => {
        const line = view.state.doc.lineAt(from);
        found.push({ line: line.number, column: from - line.from + 1, length: to - from,
          severity: d.severity, message: d.message });
      });
      return found;
    },
    focus: () => view.focus(),
  };
}

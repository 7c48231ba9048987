/* The editor's colours: the textarea's text, redrawn underneath in a <pre> with one
 * span per token (comment, text in quotes, citation, card, number, word of the
 * language), and each diagnostic's columns underlined.  Built with text nodes only,
 * so the ruleset can never become markup. */

const TOKEN = /(#.*$)|("(?:[^"\\\n]|\\.)*"?)|(\[[^\]\n]*\]?)|(\b(?:10|[2-9AJQK])[CDHS]\b)|(\b\d+\b)|([A-Za-z][A-Za-z-]*)/g;
const KINDS = ["pg-comment", "pg-string", "pg-cite", "pg-card", "pg-number"];

function span(text, className) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  return node;
}

/** The line as [start, end, class] pieces covering it (class "" for plain text). */
function tokens(line, keywords) {
  const pieces = [];
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    if (match.index > last) pieces.push([last, match.index, ""]);
    const kind = match.slice(1, 6).findIndex((group) => group !== undefined);
    const className = kind >= 0 ? KINDS[kind]
      : keywords.has(match[0].toLowerCase()) ? "pg-keyword" : "";
    pieces.push([match.index, match.index + match[0].length, className]);
    last = match.index + match[0].length;
  }
  if (last < line.length) pieces.push([last, line.length, ""]);
  return pieces;
}

/** Split the pieces at each diagnostic's columns (1-based, `length` long) and mark them. */
function underline(pieces, spots) {
  let out = pieces;
  for (const { column, length, severity } of spots) {
    const from = column - 1;
    const to = from + Math.max(length, 1);
    out = out.flatMap(([start, end, className]) => {
      const cuts = [start, Math.min(Math.max(from, start), end), Math.max(Math.min(to, end), start), end];
      return [[cuts[0], cuts[1], className],
        [cuts[1], cuts[2], `${className} pg-at-${severity}`.trim()],
        [cuts[2], cuts[3], className]].filter(([a, b]) => b > a);
    });
  }
  return out;
}

/** Draw `text` into `pre`; `marks` maps a line number to {severity, messages, spots}. */
export function paintCode(pre, text, keywords, marks) {
  const lines = text.split("\n");
  pre.replaceChildren(...lines.map((line, i) => {
    const mark = marks.get(i + 1);
    const row = span("", mark ? `pg-row pg-row-${mark.severity}` : "pg-row");
    const pieces = underline(tokens(line, keywords), mark ? mark.spots : []);
    if (mark && mark.spots.some((s) => s.column > line.length)) {
      pieces.push([line.length, line.length + 1, `pg-at-${mark.severity}`]); // at the line's end
    }
    row.append(...pieces.map(([start, end, className]) => {
      const piece = line.slice(start, end) || " ";
      return className ? span(piece, className) : document.createTextNode(piece);
    }), document.createTextNode("\n"));
    return row;
  }));
}

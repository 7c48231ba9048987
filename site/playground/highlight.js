/* The editor's colours: the lines in sight of the textarea, redrawn underneath in
 * rows of spans (comment, text in quotes, citation, card, number, word of the
 * language), with each diagnostic's columns underlined.  Built with text nodes only,
 * so the ruleset can never become markup.
 *
 * The cost is linear and bounded whatever the text: only the rows the page asks for
 * are drawn (the lines in sight), a line is coloured up to PAINTED characters and
 * shown as plain text after, and the diagnostics' columns are merged into a line's
 * pieces in one sorted sweep (no piece is split twice, no recursion, no array spread
 * into a call: a line with thousands of marks costs its pieces plus its marks). */

const TOKEN = /(#.*$)|("(?:[^"\\\n]|\\.)*"?)|(\[[^\]\n]*\]?)|(\b(?:10|[2-9AJQK])[CDHS]\b)|(\b\d+\b)|([A-Za-z][A-Za-z-]*)/g;
const KINDS = ["pg-comment", "pg-string", "pg-cite", "pg-card", "pg-number"];
/** characters of one line drawn in colour; the rest of a longer line is plain text */
export const PAINTED = 2000;

function span(text, className) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  return node;
}

/** The line as [start, end, class] pieces covering it (class "" for plain text). */
function tokens(line, keywords) {
  const coloured = line.length > PAINTED ? line.slice(0, PAINTED) : line;
  const pieces = [];
  let last = 0;
  for (const match of coloured.matchAll(TOKEN)) {
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

/** The pieces cut at each diagnostic's columns (1-based, `length` long), the marked
 * parts classed pg-at-error (or pg-at-warning where no error covers them): one sweep
 * over the pieces and the sorted edges of the marks. */
export function underline(pieces, spots) {
  if (!spots.length) return pieces;
  const edges = [];
  for (const { column, length, severity } of spots) {
    const from = column - 1;
    edges.push([from, 1, severity], [from + Math.max(length, 1), -1, severity]);
  }
  edges.sort((a, b) => a[0] - b[0]);
  const open = { error: 0, warning: 0 };
  const marked = () => (open.error > 0 ? "pg-at-error" : open.warning > 0 ? "pg-at-warning" : "");
  const out = [];
  let e = 0;
  const cross = () => { const [, step, severity] = edges[e++]; open[severity] = (open[severity] || 0) + step; };
  for (const [start, end, className] of pieces) {
    let at = start;
    while (e < edges.length && edges[e][0] <= at) cross();
    while (e < edges.length && edges[e][0] < end) {
      const cut = edges[e][0];
      out.push([at, cut, `${className} ${marked()}`.trim()]);
      at = cut;
      while (e < edges.length && edges[e][0] === cut) cross();
    }
    out.push([at, end, `${className} ${marked()}`.trim()]);
  }
  return out;
}

function row(line, keywords, mark) {
  const node = document.createElement("div");
  node.className = mark ? `pg-row pg-row-${mark.severity}` : "pg-row";
  for (const [start, end, className] of underline(tokens(line, keywords), mark ? mark.spots : [])) {
    const piece = line.slice(start, end);
    node.append(className ? span(piece, className) : document.createTextNode(piece));
  }
  if (mark && mark.spots.some((s) => s.column > line.length)) {
    node.append(span(" ", `pg-at-${mark.severity}`)); // a mark at the line's end
  }
  if (!node.firstChild) node.append(document.createTextNode(" ")); // an empty line keeps its height
  return node;
}

/** Draw lines[first..last) into `box`; `marks` maps a line number to {severity, spots}. */
export function paintLines(box, lines, first, last, keywords, marks) {
  const rows = document.createDocumentFragment();
  for (let i = first; i < last; i++) rows.append(row(lines[i], keywords, marks.get(i + 1)));
  box.replaceChildren(rows);
}

/** The line numbers first+1..last beside them, a marked line's messages as its title. */
export function paintNumbers(box, first, last, marks) {
  const rows = document.createDocumentFragment();
  for (let i = first; i < last; i++) {
    const mark = marks.get(i + 1);
    const number = document.createElement("div");
    number.textContent = String(i + 1);
    if (mark) {
      number.className = `pg-line-${mark.severity}`;
      number.title = mark.messages.join("\n");
    }
    rows.append(number);
  }
  box.replaceChildren(rows);
}

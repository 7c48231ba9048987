/* The editor's colours: the textarea's text, redrawn underneath in a <pre> with one
 * span per token (comment, text in quotes, citation, card, number, word of the
 * language).  Built with text nodes only, so the ruleset can never become markup. */

const TOKEN = /(#.*$)|("(?:[^"\\\n]|\\.)*"?)|(\[[^\]\n]*\]?)|(\b(?:10|[2-9AJQK])[CDHS]\b)|(\b\d+\b)|([A-Za-z][A-Za-z-]*)/g;
const KINDS = ["pg-comment", "pg-string", "pg-cite", "pg-card", "pg-number"];

function span(text, className) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  return node;
}

function paintLine(line, keywords) {
  const parts = [];
  let last = 0;
  for (const match of line.matchAll(TOKEN)) {
    if (match.index > last) parts.push(document.createTextNode(line.slice(last, match.index)));
    const kind = match.slice(1, 6).findIndex((group) => group !== undefined);
    if (kind >= 0) parts.push(span(match[0], KINDS[kind]));
    else if (keywords.has(match[0].toLowerCase())) parts.push(span(match[0], "pg-keyword"));
    else parts.push(document.createTextNode(match[0]));
    last = match.index + match[0].length;
  }
  if (last < line.length) parts.push(document.createTextNode(line.slice(last)));
  return parts;
}

/** Draw `text` into `pre`; `marks` maps a line number to {severity, messages}. */
export function paintCode(pre, text, keywords, marks) {
  const lines = text.split("\n");
  pre.replaceChildren(...lines.map((line, i) => {
    const mark = marks.get(i + 1);
    const row = span("", mark ? `pg-row pg-row-${mark.severity}` : "pg-row");
    row.append(...paintLine(line, keywords), document.createTextNode("\n"));
    return row;
  }));
}

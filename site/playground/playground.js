/* The playground page: the editor, the check, the comparison, a deal and quick statistics.
 *
 * Python (the project's own package) runs in worker.js; this file only draws.
 * Everything that comes from the ruleset, a shared link or the engine is put in
 * the page with textContent — never innerHTML — so a hostile ruleset shows as text.
 *
 * The editor is CodeMirror 6 (editor.js, bundled at site build from npm by
 * tools/build_playground.py): it draws only the lines in sight, so a keystroke costs the
 * page little whatever the length of the text; the check runs in the worker after a
 * pause in the typing, one at a time: a check whose text was edited meanwhile is
 * dropped, never shown nor queued; its diagnostics become the editor's lint marks.
 * At most MOST_SHOWN diagnostics are drawn, then "… and N more".  What fails is told
 * in the page's language (words.js), never with an error's own text.
 *
 * Test contract (kept stable for the browser tests): document.body.dataset.playground
 * becomes "ready" once Python and the package are loaded ("missing" when this build of
 * the site has no runtime, "error" when it fails to load); window.playground.setSource(text)
 * replaces the text and checks it; window.playground.text() is the editor's text and
 * window.playground.checked() the text whose check is shown; window.playground.editor is
 * the editor (its CodeMirror view: .view); [data-testid=editor|diagnostics|play|log].
 */
import { decodeShare, encodeShare, SHARE_PREFIX } from "./share.js";
import { LANG, count, say, seconds } from "./words.js";

const root = document.getElementById("pg");
const $ = (id) => root.querySelector(`[data-testid="${id}"]`);
let editor = null; // the code editor, made once the runtime is known to be there
const CHECK_DELAY_MS = 250;
/** diagnostics drawn at most (as `nainjaune check` prints; the worker caps them too) */
const MOST_SHOWN = 200;
const SIM_GAMES = 200;
const timings = { ready_ms: null, boot_ms: null, check_ms: null, stats_ms: null, checks_sent: 0 };  // shown in tests

// -- the worker ----------------------------------------------------------------------

let worker = null;
let serial = 0;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url));
  worker.onmessage = ({ data }) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    if (data.type === "progress") return waiting.progress?.(data);
    pending.delete(data.id);
    if (data.failure !== undefined) {
      waiting.reject(new Error(say(data.failure === "boot" ? "no-start" : "failure")));
      if (data.failure === "python") recover();
    } else if (data.error !== undefined) {
      waiting.reject(new Error(data.error)); // Python's sentence, in the page's language
    } else {
      waiting.resolve(data.result);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(say("no-start"));
  };
}

function call(cmd, args = {}, progress = null) {
  return new Promise((resolve, reject) => {
    const id = ++serial;
    pending.set(id, { resolve, reject, progress });
    worker.postMessage({ id, cmd, args, lang: LANG });
  });
}

let recovering = null;

/** Python failed outside what it tells: start it afresh (the deal in progress is lost). */
function recover() {
  if (recovering) return;
  status(say("failure"));
  recovering = restartWorker().then(() => status(say("restarted")),
    () => fail(say("no-start"))).finally(() => { recovering = null; });
}

const STOPPED = "stopped"; // a request of a worker the page stopped: told by its caller

function restartWorker() {
  worker.terminate();
  for (const waiting of pending.values()) waiting.reject(new Error(STOPPED));
  pending.clear();
  startWorker();
  return call("boot");
}

// -- small DOM helpers (text only) ------------------------------------------------------

function el(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function options(select, values, chosen) {
  select.replaceChildren(...values.map(([value, label]) => {
    const option = el("option", label);
    option.value = value;
    option.selected = value === chosen;
    return option;
  }));
}

function status(text) { $("status").textContent = text; }

function fail(text) {
  status(text);
  document.body.dataset.playground = "error";
}

function download(name, text, type) {
  const link = el("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// -- the editor and the live check -------------------------------------------------------

let lastCheck = null;
let checkedText = null; // the text whose check is shown
let checkTimer = null;
let checking = null; // the check in flight (one at a time)
let checkAgain = false; // the text changed while it ran

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, CHECK_DELAY_MS);
}

/** Check the editor's text now; resolves once the check of its latest text is shown. */
function runCheck() {
  clearTimeout(checkTimer);
  if (checking) {
    checkAgain = true; // the check in flight is for an older text: check again after it
    return checking;
  }
  checking = (async () => {
    try {
      do {
        checkAgain = false;
        await checkOnce(editor.text());
      } while (checkAgain);
    } finally {
      checking = null;
    }
  })();
  return checking;
}

async function checkOnce(source) {
  const started = performance.now();
  timings.checks_sent += 1;
  let result;
  try {
    result = await call("check", { source });
  } catch (error) {
    if (error.message !== STOPPED && source === editor.text()) {
      status(say("check-failed", { reason: error.message }));
    }
    return;
  }
  if (source !== editor.text()) return; // edited meanwhile: a newer check is due
  timings.check_ms = Math.round(performance.now() - started);
  lastCheck = result;
  checkedText = source;
  editor.mark(result.diagnostics.slice(0, MOST_SHOWN), source);
  showCheck(result);
  share(source, false);
}

function showCheck(result) {
  const verdict = $("verdict");
  verdict.className = `pg-verdict ${result.valid ? "pg-valid" : "pg-invalid"}`;
  const warnings = count(result.warnings, "warning");
  verdict.textContent = result.valid
    ? say("valid", { id: result.id, title: result.title, warnings })
    : say("invalid", { errors: count(result.errors, "error"), warnings });
  showDiagnostics(result);
  const rules = $("rules");
  rules.replaceChildren();
  let phase = null;
  let list = null;
  for (const rule of result.rules) {
    if (rule.phase !== phase) {
      phase = rule.phase;
      list = el("ul");
      rules.append(el("h3", phase), list);
    }
    const item = el("li");
    item.append(el("strong", `${rule.label}: `), document.createTextNode(rule.sentence));
    list.append(item);
  }
  if (result.valid) {
    const players = result.players.map(String);
    const chosen = players.includes($("players").value) ? $("players").value
      : String(players.find((n) => Number(n) >= 4) || players[players.length - 1] || "");
    options($("players"), players.map((n) => [n, n]), chosen);
    seatChoices();
  }
  for (const id of ["play", "compare", "stats", "download-ruleset"]) $(id).disabled = !result.valid;
}

function showDiagnostics(result) {
  const shown = result.diagnostics.slice(0, MOST_SHOWN);
  const list = document.createDocumentFragment();
  for (const d of shown) list.append(el("pre", d.text, `pg-diagnostic pg-${d.severity}`));
  const more = result.errors + result.warnings - shown.length; // the true count
  if (more > 0) {
    const text = more === result.more && result.more_text ? result.more_text
      : say("more", { count: more });
    const line = el("p", text, "pg-more");
    line.dataset.testid = "more";
    list.append(line);
  }
  $("diagnostics").replaceChildren(list);
}

function seatChoices() {
  const n = Number($("players").value) || 0;
  const chosen = $("seat").value || "0";
  options($("seat"), Array.from({ length: n }, (_, i) => [String(i), say("seat", { n: i })]),
    Number(chosen) < n ? chosen : "0");
}

function setSource(text) {
  editor.setText(text);
  return runCheck();
}

// -- share: the text in the URL fragment ---------------------------------------------------

let shareTimer = null;

function share(source, copy) {
  clearTimeout(shareTimer);
  shareTimer = setTimeout(async () => {
    const encoded = await encodeShare(source);
    if (encoded.error) {
      if (copy) status(encoded.error);
      return;
    }
    history.replaceState(null, "", `#${SHARE_PREFIX}${encoded.text}`);
    if (copy) {
      try {
        await navigator.clipboard.writeText(location.href);
        status(say("copied"));
      } catch {
        status(say("copy-it"));
      }
    }
  }, copy ? 0 : 300);
}

/** The ruleset of the page's link: {text} or {error}; null when the link holds none. */
async function sourceFromLink() {
  if (!location.hash.startsWith(`#${SHARE_PREFIX}`)) return null;
  return decodeShare(location.hash.slice(1 + SHARE_PREFIX.length));
}

// -- compare ----------------------------------------------------------------------------

const SIGNS = { added: "+", removed: "−", changed: "~" };

async function runCompare() {
  const out = $("changes");
  let result;
  try {
    result = await call("compare", { source: editor.text(), other: $("compare-with").value || null });
  } catch (error) {
    return out.replaceChildren(el("p", say("compare-failed", { reason: error.message })));
  }
  if (!result.ok) return out.replaceChildren(el("p", result.message));
  if (!result.changes.length) {
    return out.replaceChildren(el("p", say("same", { id: result.id, base: result.base })));
  }
  const list = el("ul", "", "pg-changes");
  for (const change of result.changes) {
    const item = el("li", "", `pg-${change.kind}`);
    item.append(el("strong", `${SIGNS[change.kind]} ${change.phase} — ${change.label}`));
    if (change.before) item.append(el("div", (change.after ? say("was") : "") + change.before));
    if (change.after) item.append(el("div", (change.before ? say("now") : "") + change.after));
    list.append(item);
  }
  out.replaceChildren(el("p", say("differ", { base: result.base, id: result.id,
    n: result.changes.length })), list);
}

// -- a deal -------------------------------------------------------------------------------

let dealSource = "";

async function startDeal() {
  dealSource = editor.text(); // the text the transcript replays with, whatever is edited later
  $("download-transcript").disabled = true;
  $("download-deal-ruleset").disabled = true;
  try {
    showDeal(await call("deal", {
      source: dealSource, players: Number($("players").value), seat: Number($("seat").value),
      bots: $("bots").value, seed: Number($("seed").value) || 0, autoplay: $("autoplay").checked,
    }));
  } catch (error) {
    $("log").textContent = say("deal-failed", { reason: error.message });
  }
}

async function play(move) {
  for (const button of $("hand").querySelectorAll("button")) button.disabled = true;
  try {
    showDeal(await call("move", { move }));
  } catch (error) {
    status(say("move-failed", { reason: error.message }));
  }
}

function showDeal(state) {
  const table = el("ul");
  state.seats.forEach((spec, seat) => {
    const who = seat === state.user ? say("you") : spec;
    const turn = seat === state.turn ? say("to-play") : "";
    table.append(el("li", say("seat-line", { n: seat, who, turn,
      tokens: count(state.balances[seat], "tokens"), cards: count(state.hand_sizes[seat], "cards") }),
    seat === state.turn ? "pg-turn" : ""));
  });
  // a card as the page's language prints it (Q♠ / ♠D); a pool's name as it is
  const face = (code) => (state.faces && state.faces[code]) || code;
  const board = Object.entries(state.board).map(([card, n]) => `${face(card)} ${n}`).join(", ");
  $("table").replaceChildren(table, el("p", say("board", { board })),
    el("p", state.run.length ? say("run", { run: state.run.map(face).join(" ") }) : ""));
  const hand = $("hand");
  hand.replaceChildren();
  for (const card of state.hand) {
    const announced = card.moves.find((m) => m.endsWith("!"));
    const button = el("button", face(card.code), "pg-card");
    button.type = "button";
    button.dataset.card = card.code;
    button.disabled = !card.moves.length;
    // a screen reader says the card in words, not its code letter by letter
    button.setAttribute("aria-label", card.words + (card.call ? ` (${card.call})` : ""));
    if (card.call) button.title = say("say-call", { call: card.call });
    button.onclick = () => play(announced || card.moves[0]);
    hand.append(button);
    if (announced && card.moves.includes(card.code)) {
      const silent = el("button", say("without-call", { card: face(card.code), call: card.call }),
        "pg-silent");
      silent.type = "button";
      silent.onclick = () => play(card.code);
      hand.append(silent);
    }
  }
  if (state.can_exchange) {  // the widow: the dealer may take it for their hand, unseen
    const exchange = el("button", say("exchange"), "pg-card");
    exchange.type = "button";
    exchange.dataset.card = "exchange";
    exchange.onclick = () => play("exchange");
    hand.append(exchange);
  }
  if (state.can_pass) {
    const pass = el("button", say("pass-button"), "pg-card");
    pass.type = "button";
    pass.setAttribute("aria-label", say("pass"));
    pass.dataset.card = "pass";
    pass.onclick = () => play("pass");
    hand.append(pass);
  }
  const log = $("log");
  log.textContent = state.log.join("\n");
  log.scrollTop = log.scrollHeight;
  announce(state.said);
  $("download-transcript").disabled = !state.over;
  $("download-deal-ruleset").disabled = !state.over;
  if (state.your_turn) status(say("your-turn"));
  if (state.over) status(say("deal-over"));
  keepFocusOnHand();
}

/** Each move, box and payment in words, in the polite live region (read by screen readers). */
function announce(sentences) {
  const region = $("announcer");
  if (!sentences?.length) return;
  region.replaceChildren(...sentences.map((text) => el("p", text)));
}

/** After a play the focus stays in the hand, on the first card that can be played next
 * (the page's body otherwise gets it when the clicked button is replaced). */
function keepFocusOnHand() {
  if ($("autoplay").checked) return;
  const next = $("hand").querySelector("button:not([disabled])");
  if (next) next.focus();
  else $("hand").focus();
}

async function downloadTranscript() {
  let text;
  try {
    text = await call("transcript");
  } catch (error) {
    return status(say("download-failed", { reason: error.message }));
  }
  const doc = JSON.parse(text);
  download(`${doc.ruleset.id}-seed${doc.seed}.json`, text, "application/json");
  status(say("replay-with", { file: `${doc.ruleset.id}-seed${doc.seed}.json`,
    ruleset: `${doc.ruleset.id}.nj` }));
}

async function downloadDealRuleset() {
  let id = null;
  try {
    id = (await call("check", { source: dealSource })).id;
  } catch { /* the file is the text itself: only its name needs the check */ }
  download(`${id || "ruleset"}.nj`, dealSource, "text/plain");
}

// -- quick statistics -------------------------------------------------------------------------

let cancelTimer = null;

async function runStats() {
  $("stats").disabled = true;
  $("cancel-stats").disabled = false;
  const bar = $("stats-progress");
  bar.value = 0;
  const started = performance.now();
  try {
    const result = await call("simulate", { source: editor.text(), games: SIM_GAMES, seed: 0 },
      (p) => { bar.value = p.done; status(say("playing", { done: p.done, games: p.games })); });
    timings.stats_ms = Math.round(performance.now() - started);
    $("stats-output").textContent = result.text;
    status(result.json.partial ? say("stats-partial")
      : say("stats-done", { games: SIM_GAMES, seconds: seconds(timings.stats_ms) }));
  } catch (error) {
    status(error.message === STOPPED ? say("stopped") : say("stats-failed", { reason: error.message }));
  } finally {
    clearTimeout(cancelTimer);
    $("stats").disabled = !lastCheck?.valid;
    $("cancel-stats").disabled = true;
  }
}

function cancelStats() {
  worker.postMessage({ cmd: "cancel" });
  // a chunk that does not end soon (a very long game): stop Python itself
  cancelTimer = setTimeout(async () => {
    status(say("restarting"));
    await restartWorker();
    status(say("stopped"));
  }, 3000);
}

// -- start -------------------------------------------------------------------------------------

async function loadBuiltin() {
  let text;
  try {
    text = await call("source", { name: $("start-from").value, stub: $("as-stub").checked });
  } catch (error) {
    return status(say("load-failed", { reason: error.message }));
  }
  await setSource(text);
}

function wire() {
  $("load").onclick = loadBuiltin;
  $("compare").onclick = runCompare;
  $("players").onchange = seatChoices;
  $("play").onclick = startDeal;
  $("download-transcript").onclick = downloadTranscript;
  $("download-deal-ruleset").onclick = downloadDealRuleset;
  $("download-ruleset").onclick = () =>
    download(`${lastCheck?.id || "ruleset"}.nj`, editor.text(), "text/plain");
  $("share").onclick = () => share(editor.text(), true);
  $("stats").onclick = runStats;
  $("cancel-stats").onclick = cancelStats;
  $("autoplay").checked = Boolean(navigator.webdriver);
  window.addEventListener("hashchange", async () => {
    const link = await sourceFromLink();
    if (link?.error) status(link.error);
    else if (link && link.text !== editor.text()) setSource(link.text);
  });
}

async function main() {
  const opened = performance.now();
  window.playground = { setSource, timings, call, checked: () => checkedText,
    text: () => editor?.text() ?? "", editor: null };
  const runtime = await (await fetch(new URL("./runtime.json", import.meta.url))).json();
  if (!runtime.wheels.length) {
    document.body.dataset.playground = "missing";
    return status(say("no-runtime"));
  }
  startWorker();
  const { createEditor } = await import("./editor.js");
  const box = $("editor");
  editor = createEditor({ parent: box, doc: "", label: box.dataset.label, lang: LANG,
    onChange: scheduleCheck });
  window.playground.editor = editor;
  wire();
  const info = await call("boot");
  timings.boot_ms = info.ms;
  timings.boot_steps = info.steps;
  const names = await call("names");
  listBuiltins(names.map((name) => ({ name, title: "" })));
  for (const id of ["start-from", "load", "share"]) $(id).disabled = false;
  const mark = performance.now();
  const link = await sourceFromLink();
  await setSource(link?.text ?? await call("source", { name: "fr-sheet", stub: true }));
  timings.first_check_ms = Math.round(performance.now() - mark);
  timings.ready_ms = Math.round(performance.now() - opened);
  status(link?.error || say("ready", { pyodide: info.pyodide, seconds: seconds(timings.ready_ms) }));
  document.body.dataset.playground = "ready";
  // the titles need every built-in ruleset compiled: after the page is ready
  listBuiltins(await call("builtins"));
}

function listBuiltins(builtins) {
  const names = builtins.map((b) => [b.name, b.title ? `${b.name} — ${b.title}` : b.name]);
  options($("start-from"), names, $("start-from").value || "fr-sheet");
  options($("compare-with"), [["", say("parent")], ...names], $("compare-with").value);
}

main().catch(() => fail(say("no-start")));

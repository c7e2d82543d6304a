// The advisor page: draws any game's board from /api/map (points, hexes,
// areas, a miniatures table or a score track), the position from
// /api/state, and drives the session through the JSON API.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const W = 1000, PAD = 40;
const $ = (id) => document.getElementById(id);

let board = null;      // /api/map
let state = null;      // /api/state
let polling = null;    // suggestion poll timer


function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function html(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch("/api/" + path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: "bad answer from the server" }; }
  if (!r.ok) throw new Error(data && data.error ? data.error : r.statusText);
  return data;
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg || "";
  e.hidden = !msg;
}

// act runs an API call that answers a new state.
async function act(path, body) {
  try {
    const s = await api(path, body);
    showError("");
    render(s);
    return s;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

// ---- the board ----

let view = null;        // the SVG viewBox: {x, y, w, h}, for zoom and pan
let full = null;        // the whole board's viewBox
let tf = null;          // board coordinates to SVG: {k, ox, oy}
const sides = {};       // side name -> colour class, in order of appearance

function sideClass(side) {
  if (side === "marker") return "marker";
  if (!(side in sides)) sides[side] = "side" + (Object.keys(sides).length % 6);
  return sides[side];
}

// transform fits the board's own coordinates into a 1000-wide drawing.
function transform() {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const see = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  for (const c of board.cells || []) { see(c.x, c.y); for (const [x, y] of c.polygon || []) see(x, y); }
  for (const sh of board.shapes || []) { for (const [x, y] of sh.polygon || []) see(x, y); if (sh.radius) { see(sh.x - sh.radius, sh.y - sh.radius); see(sh.x + sh.radius, sh.y + sh.radius); } }
  if (board.kind === "table" || board.kind === "track") { see(0, 0); see(board.width, board.height); }
  const m = board.kind === "hexes" ? board.hex_size || 0 : 0;
  x0 -= m; y0 -= m; x1 += m; y1 += m;
  if (!isFinite(x0)) { x0 = y0 = 0; x1 = y1 = 1; }
  const bw = Math.max(x1 - x0, 1e-9), bh = Math.max(y1 - y0, 1e-9);
  const k = Math.min((W - 2 * PAD) / bw, 1400 / bh);
  tf = { k, ox: PAD - x0 * k, oy: PAD - y0 * k };
  full = { x: 0, y: 0, w: W, h: bh * k + 2 * PAD + 40 };
}

function P(x, y) { return [tf.ox + x * tf.k, tf.oy + y * tf.k]; }
function points(poly) { return poly.map(([x, y]) => P(x, y).join(",")).join(" "); }

function setView(v) {
  view = v;
  $("map").setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
}

function cellRadius() {
  if (board.kind === "hexes") return (board.hex_size || 0.5) * tf.k;
  if (board.kind === "track") return 0.45 * tf.k;
  return 12;
}

function drawBoard() {
  const svg = $("map");
  svg.replaceChildren();
  document.title = "chariot advise: " + (board.description || board.game);
  $("title").textContent = board.description || board.game;
  if (board.kind === "none") { svg.hidden = true; $("textpos").open = true; return; }
  for (const seat of board.seats || []) sideClass(seat);
  transform();
  setView(full);
  const shapes = el("g", { id: "shapes" }, svg);
  for (const sh of board.shapes || []) {
    const cls = "shape " + sh.kind;
    const e = sh.radius
      ? el("circle", { cx: P(sh.x, sh.y)[0], cy: P(sh.x, sh.y)[1], r: sh.radius * tf.k, class: cls }, shapes)
      : el("polygon", { points: points(sh.polygon || []), class: cls }, shapes);
    el("title", {}, e).textContent = sh.name || sh.kind;
  }
  const links = el("g", { id: "links" }, svg);
  const hexR = board.kind === "hexes" ? (board.hex_size || 0.5) * tf.k : 0;
  for (const l of board.links || []) {
    const a = board.cells[l.a], b = board.cells[l.b];
    let [x1, y1] = P(a.x, a.y), [x2, y2] = P(b.x, b.y);
    if (hexR) {
      // On a hex map a link is a hexside (wire, a river, a cliff): the edge
      // the two hexes share, drawn across the line between their centres.
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = -(y2 - y1) / len * hexR / 2, uy = (x2 - x1) / len * hexR / 2;
      [x1, y1, x2, y2] = [mx - ux, my - uy, mx + ux, my + uy];
    }
    el("line", { x1, y1, x2, y2, class: "link " + (l.kind || "") + (hexR ? " hexside" : "") }, links);
  }
  const cells = el("g", { id: "cells" }, svg);
  const r = cellRadius();
  board.cells.forEach((c, i) => {
    const [x, y] = P(c.x, c.y);
    const g = el("g", { "data-cell": String(i), "data-space": c.id }, cells);
    const cls = "cell " + board.kind + " " + (c.kind || "");
    let shape;
    if (c.polygon && c.polygon.length) shape = el("polygon", { points: points(c.polygon), class: cls }, g);
    else if (board.kind === "hexes") {
      const pts = [];
      for (let k = 0; k < 6; k++) { const a = Math.PI / 3 * k; pts.push([x + r * Math.cos(a), y + r * Math.sin(a)].join(",")); }
      shape = el("polygon", { points: pts.join(" "), class: cls }, g);
    } else if (board.kind === "track" || c.kind === "square") shape = el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: cls }, g);
    else shape = el("circle", { cx: x, cy: y, r, class: cls }, g);
    shape.id = "cell-" + i;
    el("title", {}, shape).textContent = c.name + (c.id && c.id !== c.name ? " (" + c.id + ")" : "");
    shape.addEventListener("click", () => clickCell(i));
    if (c.label) {
      // A hex prints its number small at its top, as a printed map does.
      const t = board.kind === "hexes" ? el("text", { x, y: y - r * 0.45, class: "clabel hexnum" }, g) : el("text", { x, y: y + 4, class: "clabel" }, g);
      if (board.kind === "hexes") t.style.fontSize = Math.max(3, r * 0.42) + "px";
      t.textContent = c.label;
    }
    if (board.kind === "points") el("text", { x, y: y + r + 10, class: "cname" }, g).textContent = short(c.name, 16);
    else if (board.kind === "track") el("text", { x, y: y - r + 14, class: "cname" }, g).textContent = c.name;
  });
  if (hexR) svg.appendChild(links); // hexsides over the hexes
  el("g", { id: "marks" }, svg);
  el("g", { id: "units" }, svg);
  const legend = $("legend");
  legend.replaceChildren();
  for (const seat of board.seats || []) legend.appendChild(html("span", seat, { class: "chip-l " + sideClass(seat) }));
  // A legend entry is a kind's description, or the colour to fill it with
  // (set through the CSSOM: the page's policy allows no inline style).
  const sheet = [...document.styleSheets].find((x) => x.href && x.href.endsWith("style.css"));
  for (const [k, v] of Object.entries(board.legend || {})) {
    if (/^#[0-9a-f]{3,8}$/i.test(v)) {
      if (sheet) {
        sheet.insertRule(`.cell.${CSS.escape(k)} { fill: ${v}; }`, sheet.cssRules.length);
        sheet.insertRule(`.link.${CSS.escape(k)} { stroke: ${v}; }`, sheet.cssRules.length);
      }
      const sw = html("span", k, { class: "lg-item swatch" });
      sw.style.borderLeft = "1em solid " + v;
      legend.appendChild(sw);
    } else legend.appendChild(html("span", v, { class: "lg-item " + k }));
  }
  enableZoom(svg);
}

// enableZoom: the wheel zooms around the pointer, a drag pans, a double
// click shows the whole board again.
function enableZoom(svg) {
  const at = (ev) => {
    const b = svg.getBoundingClientRect();
    return [view.x + (ev.clientX - b.left) / b.width * view.w, view.y + (ev.clientY - b.top) / b.height * view.h];
  };
  svg.onwheel = (ev) => {
    ev.preventDefault();
    const [mx, my] = at(ev);
    const f = ev.deltaY < 0 ? 0.8 : 1.25;
    const w = Math.min(full.w * 2, Math.max(full.w / 12, view.w * f)), h = view.h * w / view.w;
    setView({ x: mx - (mx - view.x) * w / view.w, y: my - (my - view.y) * h / view.h, w, h });
  };
  let drag = null;
  svg.onpointerdown = (ev) => { drag = { x: ev.clientX, y: ev.clientY, v: view }; };
  svg.onpointermove = (ev) => {
    if (!drag) return;
    const b = svg.getBoundingClientRect();
    setView(Object.assign({}, drag.v, { x: drag.v.x - (ev.clientX - drag.x) / b.width * drag.v.w, y: drag.v.y - (ev.clientY - drag.y) / b.height * drag.v.h }));
  };
  svg.onpointerup = svg.onpointerleave = () => { drag = null; };
  svg.ondblclick = () => setView(full);
}

// chipWidth is the width of a chip that shows label whole, measured in
// the chip's own font.
let ruler = null;
function chipWidth(label) {
  if (!ruler || !ruler.isConnected) {
    const g = el("g", { class: "chip", visibility: "hidden" }, $("map"));
    ruler = el("text", {}, g);
  }
  ruler.textContent = label;
  const len = ruler.getComputedTextLength ? ruler.getComputedTextLength() : 0;
  return Math.max(40, (len || 5.2 * label.length) + 10);
}

function chip(parent, x, y, label, cls, attrs, tip, width) {
  const g = el("g", Object.assign({ class: "chip " + cls }, attrs), parent);
  const w = width || chipWidth(label);
  el("rect", { x: x - w / 2, y: y - 7, width: w, height: 14, rx: 3 }, g);
  el("text", { x, y: y + 3 }, g).textContent = label;
  el("title", {}, g).textContent = tip;
  return g;
}

function short(name, n) { n = n || 12; return name.length > n ? name.slice(0, n - 1) + "…" : name; }

// drawPieces lays each cell's pieces out as a column of chips under it
// (inside it for hexes, areas and tracks), so a stack never overlaps
// itself; figures on a table stand at their own x, y.
function drawPieces() {
  const units = $("units"), marks = $("marks");
  units.replaceChildren();
  marks.replaceChildren();
  const targets = {};
  for (const m of state.legal) if (m.cell >= 0) (targets[m.cell] = targets[m.cell] || []).push(m);
  board.cells.forEach((c, i) => {
    const shape = $("cell-" + i);
    if (!shape) return;
    shape.classList.toggle("target", i in targets);
    shape.classList.remove("decider");
  });
  const byCell = {};
  const figures = [];
  for (const p of state.pieces) {
    if (p.side === "marker") {
      if (p.cell >= 0) {
        const c = board.cells[p.cell], [x, y] = P(c.x, c.y);
        el("line", { x1: x - 13, y1: y - 13, x2: x + 13, y2: y + 13, class: "xmark" }, marks);
        el("line", { x1: x - 13, y1: y + 13, x2: x + 13, y2: y - 13, class: "xmark" }, marks);
        const s = $("cell-" + p.cell); if (s) s.classList.add(p.name.replace(/\W/g, ""));
      }
      continue;
    }
    if (p.cell < 0) {
      if (board.kind === "table") figures.push(p);
      continue;
    }
    (byCell[p.cell] = byCell[p.cell] || []).push(p);
  }
  // Each stack is a column of chips with the full names. On a map of
  // points it goes where it overlaps no chip placed before it (below the
  // space, above, right, left, then further out), so a crowded corner of
  // the map stays legible; inside hexes, areas and tracks it is centred.
  const inside = board.kind !== "points";
  const placed = [];
  const clash = (r) => placed.some((q) => r.x < q.x + q.w && q.x < r.x + r.w && r.y < q.y + q.h && q.y < r.y + r.h);
  // Figures on a table stand at their own x, y; each name goes where it
  // covers no other (above, below, right, left, then further out).
  for (const p of figures) {
    const [x, y] = P(p.x, p.y);
    const g = el("g", { class: "figure " + sideClass(p.side) + (p.active ? " decider" : ""), "data-unit": p.name }, units);
    el("circle", { cx: x, cy: y, r: 6 }, g);
    el("title", {}, g).textContent = `${p.side}: ${p.name}${p.label ? ", " + p.label : ""}`;
    const w = chipWidth(p.name) - 8, h = 11;
    const tries = [];
    for (const d of [0, 1, 2, 3]) {
      tries.push({ x: x - w / 2, y: y - 8 - h - d * 11, w, h }, { x: x - w / 2, y: y + 8 + d * 11, w, h },
        { x: x + 9 + d * 12, y: y - h / 2, w, h }, { x: x - 9 - w - d * 12, y: y - h / 2, w, h });
    }
    const box = tries.find((r) => !clash(r)) || tries[0];
    placed.push(box, { x: x - 6, y: y - 6, w: 12, h: 12 });
    el("text", { x: box.x + w / 2, y: box.y + h - 2 }, g).textContent = p.name;
  }
  const cellsByStack = Object.entries(byCell).sort((a, b) => b[1].length - a[1].length);
  for (const [cell, list] of cellsByStack) {
    const c = board.cells[cell], [x, y] = P(c.x, c.y);
    const labels = list.map((p) => p.name + (p.label ? " " + p.label : ""));
    const w = Math.max(...labels.map(chipWidth)), h = 15 * list.length;
    const tries = inside ? [{ x: x - w / 2, y: y - h / 2, w, h }] : [];
    const gap = inside ? cellRadius() : 18;
    for (const d of [0, 1, 2, 3, 4, 5]) {
      tries.push({ x: x - w / 2, y: y + gap + d * 16, w, h }, { x: x - w / 2, y: y - gap - h - d * 16, w, h },
        { x: x + gap + d * 20, y: y - h / 2, w, h }, { x: x - gap - w - d * 20, y: y - h / 2, w, h });
    }
    const box = tries.find((r) => !clash(r)) || tries[0];
    const home = inside ? tries[0] : tries[0];
    if (box !== home || (!inside && Math.abs(box.y - (y + gap)) > 1)) {
      el("line", { x1: x, y1: y, x2: box.x + w / 2, y2: box.y + (box.y > y ? 0 : h), class: "leader" }, units);
    }
    placed.push(box);
    list.forEach((p, i) => {
      chip(units, box.x + w / 2, box.y + 7.5 + 15 * i, labels[i], sideClass(p.side) + (p.active ? " decider" : "") + (/pinned/.test(p.label || "") ? " pinned" : ""),
        { "data-unit": p.name, "data-cell": cell }, `${p.side}: ${p.name}${p.label ? ", " + p.label : ""} — ${c.name}`, w);
      if (p.active) $("cell-" + cell).classList.add("decider");
    });
  }
}

// clickCell plays the one legal move that points at cell i, or, when
// several do, marks them in the list of moves.
function clickCell(i) {
  if (!state || state.chance || state.over) return;
  const ms = state.legal.filter((m) => m.cell === i);
  if (ms.length === 1) { act("move", { move: ms[0].name }); return; }
  for (const b of $("moves").children) b.classList.toggle("picked", ms.some((m) => m.name === b.dataset.move));
}

// ---- the panels ----

function render(s) {
  state = s;
  const figures = (s.score.metrics || []).map((m) => `${m.name} ${m.value}`).join(" · ");
  $("status").textContent = [s.phase, s.seat ? s.seat + " to play" : "", `score ${s.score.value}${s.score.verdict ? " (" + s.score.verdict + ")" : ""}`,
    figures, `step ${s.steps}`, `seed ${s.seed}`].filter((x) => x).join(" · ");
  $("text").textContent = s.text;
  $("prompt").textContent = s.over ? "The game is over." : s.prompt;
  $("warning").textContent = s.warning || "";
  $("warning").hidden = !s.warning;
  $("autosave").textContent = s.autosave ? "autosaved to " + s.autosave + " after every step" : "autosave off";
  $("undo").disabled = !s.can_undo;
  $("edit-form").hidden = !s.edit_help;
  $("edit").title = s.edit_help || "";
  $("undo-new").hidden = !s.can_undo_new;
  $("seed").placeholder = s.seed;

  $("dice").hidden = !s.chance;
  const faces = $("faces");
  faces.replaceChildren();
  // A die's faces by number; other outcomes (a chit, a card) by name.
  const outcomes = (s.faces && s.faces.length) ? s.faces.map(String) : (s.outcomes || []);
  for (const f of outcomes) {
    const b = html("button", f, { type: "button", "data-face": f });
    b.addEventListener("click", () => act("roll", { face: f }));
    faces.appendChild(b);
  }

  const deciding = !s.chance && !s.over;
  $("advice").hidden = !deciding;
  $("moves-card").hidden = !deciding;
  const moves = $("moves");
  moves.replaceChildren();
  for (const m of s.legal) {
    const b = html("button", `${m.number} ${m.name}`, { type: "button", "data-move": m.name, "data-cell": String(m.cell) });
    b.addEventListener("click", () => act("move", { move: m.name }));
    moves.appendChild(b);
  }
  $("suggest").textContent = s.think_ms > 0 ? `Suggest (${(s.think_ms / 1000).toFixed(1)} s)` : "Suggest";

  const log = $("log");
  log.replaceChildren();
  for (const step of s.log) log.appendChild(html("li", step));
  log.scrollTop = log.scrollHeight;

  if (board && board.kind !== "none") drawPieces();
  renderJob(s.suggestion);
  // A decision of the player's gets its suggestion without asking.
  if (deciding && !s.suggestion && autoSuggested !== s.version) {
    autoSuggested = s.version;
    suggest();
  }
}

let autoSuggested = -1; // the position whose suggestion was started unasked

function pct(x) { return (100 * x).toFixed(0) + "%"; }

function renderJob(j) {
  const body = $("sugg").querySelector("tbody");
  body.replaceChildren();
  $("forecast").replaceChildren();
  const status = j ? j.status : "idle";
  $("suggest-status").textContent = status === "running"
    ? `searching… ${j.suggestion.sims || 0} simulations` : status === "done"
    ? `done: ${j.suggestion.sims} simulations in ${(j.elapsed_ms / 1000).toFixed(1)} s` : (j && j.error) || status;
  $("progress").value = j ? j.progress : 0;
  $("cancel").disabled = status !== "running";
  $("suggest").disabled = status === "running";
  if (!j || !j.suggestion.moves) return;
  j.suggestion.moves.forEach((m, i) => {
    const tr = html("tr");
    tr.appendChild(html("td", String(m.number), { class: "num" }));
    tr.appendChild(html("td", m.name));
    tr.appendChild(html("td", j.suggestion.note ? "" : pct(m.share), { class: "num" }));
    tr.appendChild(html("td", m.visits ? m.value.toFixed(1) : "", { class: "num" }));
    tr.appendChild(html("td", m.ci95 > 0 ? "±" + m.ci95.toFixed(1) : "?", { class: "num" }));
    const td = html("td");
    const b = html("button", "Play", { type: "button", id: "sugg-play-" + i, "data-move": m.name, class: i === 0 ? "primary" : "" });
    b.addEventListener("click", () => act("move", { move: m.name }));
    td.appendChild(b);
    tr.appendChild(td);
    body.appendChild(tr);
  });
  if (j.suggestion.note) $("forecast").appendChild(html("p", j.suggestion.note));
  if (j.forecast) renderForecast(j.forecast);
}

function renderForecast(f) {
  const box = $("forecast");
  box.appendChild(html("div", `Forecast if you play “${f.move || "nothing"}”, ${f.horizon} (${f.futures} futures):`));
  const ul = html("ul");
  for (const e of f.events.filter((e) => e.share >= 0.05).slice(0, 8)) ul.appendChild(html("li", `${pct(e.share)} ${e.text}`));
  if (!ul.children.length) ul.appendChild(html("li", "nothing happens in most futures"));
  const changes = (f.metrics || []).filter((m) => m.mean !== m.now).map((m) => `${m.name} ${m.now} now, ${m.mean.toFixed(1)} by then`);
  if (changes.length) ul.appendChild(html("li", changes.join("; ")));
  ul.appendChild(html("li", `score ${f.score_now} now, ${f.score_mean.toFixed(1)} on average by then`));
  box.appendChild(ul);
  box.appendChild(html("div", f.method, { class: "method" }));
}

// ---- suggestions ----

async function suggest() {
  try {
    const j = await api("suggest", {});
    showError("");
    renderJob(j);
    poll();
  } catch (e) { showError(e.message); }
}

function poll() {
  if (polling) return;
  polling = setInterval(async () => {
    try {
      const j = await api("suggest");
      if (!state || j.version !== state.version) { stopPoll(); return; }
      state.suggestion = j;
      renderJob(j);
      if (j.status !== "running") stopPoll();
    } catch (e) { showError(e.message); stopPoll(); }
  }, 150);
}

function stopPoll() { clearInterval(polling); polling = null; }

async function refreshSaves() {
  try {
    const r = await api("saves");
    const dl = $("saves");
    dl.replaceChildren();
    for (const n of r.saves) dl.appendChild(html("option", undefined, { value: n }));
  } catch (e) { /* the list is a convenience */ }
}

async function start() {
  $("die-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("roll", { face: $("die").value }).then((s) => { if (s) $("die").value = ""; });
  });
  $("roll-r").addEventListener("click", () => act("roll", { face: "r" }));
  $("suggest").addEventListener("click", suggest);
  $("cancel").addEventListener("click", async () => {
    try { renderJob(await api("suggest/cancel", {})); } catch (e) { showError(e.message); }
  });
  $("undo").addEventListener("click", () => act("undo", {}));
  // A result set by hand, where the person's printed table says otherwise.
  $("edit-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("edit", { cmd: $("edit").value }).then((s) => { if (s) $("edit").value = ""; });
  });
  // New game asks first, and can be taken back.
  $("new").addEventListener("click", () => {
    $("new-question").textContent = state && state.steps > 0
      ? `Start a new game? This one (${state.steps} steps) stays saved${state.autosave ? " in " + state.autosave : ""}, and “Back to the previous game” returns to it.`
      : "Start a new game?";
    $("new-confirm").hidden = false;
  });
  $("new-no").addEventListener("click", () => { $("new-confirm").hidden = true; });
  $("new-yes").addEventListener("click", () => {
    $("new-confirm").hidden = true;
    const v = $("seed").value.trim();
    act("new", v === "" ? {} : { seed: Number(v) });
  });
  $("undo-new").addEventListener("click", () => act("new/undo", {}));
  $("save").addEventListener("click", async () => {
    try { const r = await api("save", { file: $("file").value.trim() }); showError(""); $("warning").hidden = false; $("warning").textContent = "saved " + r.saved; refreshSaves(); }
    catch (e) { showError(e.message); }
  });
  $("load").addEventListener("click", () => act("load", { file: $("file").value.trim() }));
  try {
    board = await api("map");
    drawBoard();
    render(await api("state"));
    if (state.suggestion && state.suggestion.status === "running") poll();
    refreshSaves();
  } catch (e) { showError(e.message); }
}

start();

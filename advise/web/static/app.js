// The St. Nazaire advisor page: draws the port from /api/map, the position
// from /api/state, and drives the session through the JSON API.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const W = 1000, H = 760, PAD = 30;
const $ = (id) => document.getElementById(id);

let board = null;      // /api/map
let state = null;      // /api/state
let polling = null;    // suggestion poll timer

function px(sp) { return [PAD + sp.x * (W - 2 * PAD), PAD + sp.y * (H - 2 * PAD - 20)]; }

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

// ---- the map ----

function drawBoard() {
  const svg = $("map");
  svg.replaceChildren();
  const byId = {};
  for (const sp of board.spaces) byId[sp.id] = sp;
  const links = el("g", { id: "links" }, svg);
  for (const l of board.links) {
    const [x1, y1] = px(byId[l.a]), [x2, y2] = px(byId[l.b]);
    el("line", { x1, y1, x2, y2, class: "link " + l.kind }, links);
  }
  const spaces = el("g", { id: "spaces" }, svg);
  for (const sp of board.spaces) {
    const [x, y] = px(sp);
    const g = el("g", { "data-space": sp.id }, spaces);
    let cls = "space";
    if (sp.landing) cls += " landing";
    if (sp.entry) cls += " entry";
    if (sp.exit) cls += " exit";
    if (sp.ship) cls += " ship";
    if (sp.objective) cls += " objective";
    const shape = sp.square
      ? el("rect", { x: x - 12, y: y - 12, width: 24, height: 24, class: cls, id: "sp-" + sp.id }, g)
      : el("circle", { cx: x, cy: y, r: 12, class: cls, id: "sp-" + sp.id }, g);
    const title = el("title", {}, shape);
    title.textContent = sp.id + " " + sp.name + (sp.objective ? " — objective #" + sp.objective + " " + (board.objectives[sp.objective] || {}).name : "");
    shape.addEventListener("click", () => clickSpace(sp.id));
    el("text", { x, y: y + 22, class: "sid" }, g).textContent = sp.id;
    if (sp.objective) el("text", { x, y: y + 4, class: "obj" }, g).textContent = "#" + sp.objective;
  }
  el("g", { id: "marks" }, svg);
  el("g", { id: "units" }, svg);
}

function chip(parent, x, y, label, cls, attrs, tip) {
  const g = el("g", Object.assign({ class: "chip " + cls }, attrs), parent);
  el("rect", { x: x - 29, y: y - 7, width: 58, height: 14, rx: 3 }, g);
  el("text", { x, y: y + 3 }, g).textContent = label;
  el("title", {}, g).textContent = tip;
  return g;
}

function short(name, n) { n = n || 8; return name.length > n ? name.slice(0, n - 1) + "…" : name; }

// gshort abbreviates a German counter's name for its chip.
const ABBR = [[/^2 cm /, ""], [/\s*\(Customs house, (\d)\)/, " C$1"], [/\s*\(.*\)$/, ""], ["Hafenschutzboot", "HSB"],
  ["Minensucher", "MS"], ["Hafenkompanie", "HKp"], ["Marine-Stosstrupp", "Stoss"], ["Bautrupp", "Bau"], ["Werkschutz", "WS"],
  ["infantry", "inf"], ["Stabskompanie", "Stab"], ["Panzerspähwagen", "PzSpw"], ["Schützenpanzerwagen", "SPW"],
  ["Radfahr-Zug", "Rad"], ["Harbour armoured car", "ArmCar"], ["Tanker crews", "Tanker"], ["MAA 280 gunners", "MAA280"]];
function gshort(name) {
  for (const [from, to] of ABBR) name = name.replace(from, to);
  return short(name, 10);
}

function drawUnits() {
  const byId = {};
  for (const sp of board.spaces) byId[sp.id] = sp;
  const units = $("units"), marks = $("marks");
  units.replaceChildren();
  marks.replaceChildren();
  const destroyed = new Set(state.view.destroyed || []);
  const legalTo = new Set(state.legal.filter((m) => m.name.startsWith("to ")).map((m) => m.name.slice(3)));
  for (const sp of board.spaces) {
    const shape = $("sp-" + sp.id);
    shape.classList.toggle("destroyed", destroyed.has(sp.id));
    shape.classList.toggle("target", legalTo.has(sp.id));
    shape.classList.remove("decider");
  }
  for (const id of destroyed) {
    const [x, y] = px(byId[id]);
    el("line", { x1: x - 13, y1: y - 13, x2: x + 13, y2: y + 13, class: "xmark" }, marks);
    el("line", { x1: x - 13, y1: y + 13, x2: x + 13, y2: y - 13, class: "xmark" }, marks);
  }
  const brit = {}, ger = {};
  for (const u of state.view.british) {
    if (u.status !== "map" || !u.space) continue;
    (brit[u.space] = brit[u.space] || []).push(u);
  }
  for (const g of state.view.german) (ger[g.space] = ger[g.space] || []).push(g);
  for (const [id, list] of Object.entries(brit)) {
    const [x, y] = px(byId[id]);
    list.forEach((u, i) => {
      let cls = "brit" + (u.pinned ? " pinned" : "") + (u.name === state.unit ? " decider" : "");
      const tip = `${u.name}: ${u.type}, strength ${u.strength}${u.pinned ? ", pinned" : ""}${u.objective ? ", objective #" + u.objective : ""}`;
      chip(units, x, y - 22 - 15 * i, short(u.name) + (u.pinned ? " P" : ""), cls,
        { "data-unit": u.name, "data-space": id, "data-pinned": u.pinned ? "1" : "0" }, tip);
      if (u.name === state.unit) $("sp-" + id).classList.add("decider");
    });
  }
  for (const [id, list] of Object.entries(ger)) {
    const [x, y] = px(byId[id]);
    list.forEach((g, i) => {
      const cls = (g.concealed ? "hid" : "ger") + (g.pinned ? " pinned" : "");
      const label = g.concealed ? "?" : gshort(g.name) + " " + g.strength + (g.pinned ? " P" : "");
      const tip = g.concealed ? "a face-down German counter" : `${g.name}: ${g.class}, strength ${g.strength}${g.pinned ? ", pinned" : ""}`;
      chip(units, x, y + 36 + 15 * i, label, cls, { "data-german": g.concealed ? "?" : g.name, "data-space": id }, tip);
    });
  }
}

function clickSpace(id) {
  if (!state || state.chance || state.over) return;
  const m = state.legal.find((m) => m.name === "to " + id);
  if (m) act("move", { move: m.name });
}

// ---- the panels ----

function render(s) {
  state = s;
  const v = s.view;
  const objs = (s.score.metrics.find((m) => m.name === "objectives") || {}).value || 0;
  $("status").textContent = `Turn ${v.turn} · phase ${v.phase} · VP ${v.vp} (${s.score.verdict}) · lost ${v.lost} · objectives ${objs} · step ${s.steps} · seed ${s.seed}`;
  $("prompt").textContent = s.over ? "The game is over." : s.prompt;
  $("warning").textContent = s.warning || "";
  $("warning").hidden = !s.warning;
  $("autosave").textContent = s.autosave ? "autosaved to " + s.autosave + " after every step" : "autosave off";
  $("undo").disabled = !s.can_undo;
  $("seed").placeholder = s.seed;

  $("dice").hidden = !s.chance;
  const faces = $("faces");
  faces.replaceChildren();
  for (const f of s.faces || []) {
    const b = html("button", String(f), { type: "button", "data-face": String(f) });
    b.addEventListener("click", () => act("roll", { face: String(f) }));
    faces.appendChild(b);
  }

  const deciding = !s.chance && !s.over;
  $("advice").hidden = !deciding;
  $("moves-card").hidden = !deciding;
  const moves = $("moves");
  moves.replaceChildren();
  for (const m of s.legal) {
    const b = html("button", `${m.number} ${m.name}`, { type: "button", "data-move": m.name });
    b.addEventListener("click", () => act("move", { move: m.name }));
    moves.appendChild(b);
  }
  $("suggest").textContent = s.think_ms > 0 ? `Suggest (${(s.think_ms / 1000).toFixed(1)} s)` : "Suggest";

  const log = $("log");
  log.replaceChildren();
  for (const step of s.log) log.appendChild(html("li", step));
  log.scrollTop = log.scrollHeight;

  if (board) drawUnits();
  renderJob(s.suggestion);
}

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
  box.appendChild(html("div", `German forecast if you play “${f.move || "nothing"}”, ${f.horizon} (${f.futures} futures):`));
  const ul = html("ul");
  for (const e of f.events.filter((e) => e.share >= 0.05).slice(0, 8)) ul.appendChild(html("li", `${pct(e.share)} ${e.text}`));
  if (!ul.children.length) ul.appendChild(html("li", "no German shot or move in most futures"));
  if (f.reinforcements > 0) ul.appendChild(html("li", `reinforcements: ${f.reinforcements.toFixed(1)} counters on average`));
  const losses = f.losses.filter((e) => e.share >= 0.05).slice(0, 8).map((e) => `${e.text} ${pct(e.share)}`);
  if (losses.length) ul.appendChild(html("li", "your commandos by then: " + losses.join(", ")));
  ul.appendChild(html("li", `VP ${f.vp_now} now, ${f.vp_mean.toFixed(1)} on average by then`));
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
  $("new").addEventListener("click", () => {
    const v = $("seed").value.trim();
    act("new", v === "" ? {} : { seed: Number(v) });
  });
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

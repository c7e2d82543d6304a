// The advisor page: draws any game's board from /api/map (points, hexes,
// areas, a miniatures table or a score track), the position from
// /api/state, and drives the session through the JSON API.
//
// The board is drawn in CSS pixels at the size the window leaves it, so
// that its text is legible at any size. Names are measured, wrapped or
// abbreviated by whole words, and placed where they cover no other; the
// pieces of a cell are one chip that says how many it holds (a click on
// its count lists them); every chip is placed inside the board where it
// overlaps no other chip, near its cell, with a leader line when it had to
// move away. A click on a place plays the one legal move that names it,
// offers a chooser when several do, or, on a piece that moves name, picks
// the piece and then the place.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let board = null;      // /api/map
let state = null;      // /api/state
let polling = null;    // suggestion poll timer
let selected = null;   // {cell, name}: the piece picked, whose move's place comes next

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
  if (!r.ok) {
    const err = new Error(data && data.error ? data.error : r.statusText);
    err.status = r.status;
    throw err;
  }
  return data;
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg || "";
  e.hidden = !msg;
}

// act runs an API call that answers a new state.
async function act(path, body) {
  closePop();
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

// ---- geometry ----

let tf = null;          // board coordinates to drawing pixels: {k, ox, oy, w, h}
let view = null;        // the SVG viewBox: {x, y, w, h}, for zoom and pan
let full = null;        // the whole drawing's viewBox
const sides = {};       // side name -> colour class, in order of appearance

function sideClass(side) {
  if (side === "marker") return "marker";
  if (!(side in sides)) sides[side] = "side" + (Object.keys(sides).length % 6);
  return sides[side];
}

function narrow() { return window.matchMedia("(max-width: 900px)").matches; }

// fit scales the board's own coordinates into the pixels the window
// leaves for the map: its whole width, and a height that keeps the
// suggestion in view on a narrow window and the whole board on a wide one.
function fit() {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const see = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  const pick = maps()[mapPick];
  if (pick) for (const [x, y] of pick.polygon) see(x, y); // one map at a time, at a size to read
  else {
    for (const c of board.cells || []) { see(c.x, c.y); for (const [x, y] of c.polygon || []) see(x, y); }
    for (const sh of board.shapes || []) { for (const [x, y] of sh.polygon || []) see(x, y); if (sh.radius) { see(sh.x - sh.radius, sh.y - sh.radius); see(sh.x + sh.radius, sh.y + sh.radius); } }
    if (board.kind === "table" || board.kind === "track") { see(0, 0); see(board.width, board.height); }
  }
  const m = board.kind === "hexes" && !pick ? board.hex_size || 0 : 0;
  x0 -= m; y0 -= m; x1 += m; y1 += m;
  if (!isFinite(x0)) { x0 = y0 = 0; x1 = y1 = 1; }
  const bw = Math.max(x1 - x0, 1e-9), bh = Math.max(y1 - y0, 1e-9);
  // A board much wider than high (three maps side by side) takes the
  // window's whole width, the panel going under it in two columns.
  document.body.classList.toggle("wideboard", !narrow() && !pick && bw / bh > 1.9);
  const box = $("board").getBoundingClientRect();
  const availW = Math.max(320, box.width - 12);
  const top = Math.max(0, $("board").offsetTop);
  // On a narrow window the panel goes under the map: keep room for the
  // prompt, the die or the top suggestions below it.
  const availH = narrow() ? Math.max(320, window.innerHeight - top - 430)
    : document.body.classList.contains("wideboard") ? Math.max(320, window.innerHeight - top - 330)
    : Math.max(420, window.innerHeight - top - 70);
  // Points and areas get a margin for the names and chips at the edge.
  const pad = board.kind === "points" ? 60 : board.kind === "table" ? 24 : 14;
  let k = Math.min((availW - 2 * pad) / bw, (availH - 2 * pad) / bh);
  // One map of hexes is never drawn smaller than hexes of 18 px, where
  // their numbers are 10 px: a map wider than that scrolls sideways.
  const minK = pick && board.kind === "hexes" ? 18 / (board.hex_size || 0.5) : 0;
  document.body.classList.toggle("mapscroll", k < minK);
  k = Math.max(k, minK);
  const w = Math.round(bw * k + 2 * pad), h = Math.round(bh * k + 2 * pad);
  tf = { k, ox: pad - x0 * k, oy: pad - y0 * k, w, h };
  full = { x: 0, y: 0, w, h };
}

// A board of several printed maps (Jubilee's three) names each map's
// outline as a shape of kind "map"; the page shows one at a time, picked
// by a tab, so that its hexes, their numbers and the chips can be read on
// any window. mapPick is the map shown, -1 for all of them.
let mapPick = 0;
function maps() { return (board.shapes || []).filter((sh) => sh.kind === "map" && sh.polygon && sh.polygon.length > 2); }

function drawMapTabs() {
  let tabs = $("maptabs");
  const list = maps();
  if (list.length < 2) { if (tabs) tabs.hidden = true; mapPick = -1; return; }
  if (!tabs) {
    tabs = html("div", undefined, { id: "maptabs", role: "tablist" });
    $("map").before(tabs);
  }
  tabs.hidden = false;
  tabs.replaceChildren();
  const tab = (i, name) => {
    const b = html("button", name, { type: "button", role: "tab", class: i === mapPick ? "primary" : "", "aria-selected": String(i === mapPick), id: "maptab-" + (i < 0 ? "all" : i) });
    b.addEventListener("click", () => { mapPick = i; redraw(); });
    tabs.appendChild(b);
  };
  list.forEach((sh, i) => tab(i, sh.name));
  tab(-1, "all maps");
}

// mapOf is the index of the map whose outline holds cell i, or -1.
function mapOf(i) {
  const c = board.cells[i];
  if (!c) return -1;
  return maps().findIndex((sh) => {
    const xs = sh.polygon.map((p) => p[0]), ys = sh.polygon.map((p) => p[1]);
    return c.x >= Math.min(...xs) && c.x <= Math.max(...xs) && c.y >= Math.min(...ys) && c.y <= Math.max(...ys);
  });
}

// shown reports whether cell i is on the map shown.
function shown(i) { return mapPick < 0 || mapOf(i) === mapPick; }

// showCell shows the map that holds cell i, as its tab would.
function showCell(i) {
  const m = mapOf(i);
  if (mapPick >= 0 && m >= 0 && m !== mapPick) { mapPick = m; redraw(); }
}

// followPlay turns to the map where the play is, when a new position has
// nothing to do on the map shown: the deciding piece's, else the first
// place a move points at.
function followPlay() {
  if (mapPick < 0 || !state || maps().length < 2) return;
  const active = state.pieces.filter((p) => p.active && p.cell >= 0).map((p) => p.cell);
  const want = active.length ? active : state.legal.map((m) => m.cell).filter((i) => i >= 0);
  if (want.length && !want.some(shown)) showCell(want[0]);
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
  return Math.max(7, Math.min(11, tf.k * 0.012 * Math.max(board.width || 1, board.height || 1)));
}

// ---- text: measured, wrapped and abbreviated by whole words ----

const widths = new Map();
let ruler = null;
function textWidth(text, cls) {
  const key = cls + "\u0000" + text;
  if (widths.has(key)) return widths.get(key);
  if (!ruler || !ruler.isConnected) ruler = el("text", { visibility: "hidden" }, $("map"));
  ruler.setAttribute("class", cls);
  ruler.textContent = text;
  const w = ruler.getComputedTextLength ? ruler.getComputedTextLength() : 6 * text.length;
  widths.set(key, w);
  return w;
}

// cutWords shortens text to whole words that fit max, with an ellipsis.
function cutWords(text, max, cls) {
  if (textWidth(text, cls) <= max) return text;
  const words = text.split(/\s+/);
  let out = "";
  for (const w of words) {
    const next = out ? out + " " + w : w;
    if (textWidth(next + "…", cls) > max) break;
    out = next;
  }
  if (!out) { // one long word: its letters
    for (const ch of words[0]) { if (textWidth(out + ch + "…", cls) > max) break; out += ch; }
  }
  return out.replace(/[\s,;:(-]+$/, "") + "…";
}

// shortForms lists ever shorter ways to write a name, as a printed map
// does: whole; without what is in parentheses; the part before a colon or
// comma (the place's own name).
function shortForms(name) {
  const out = [name];
  const add = (s) => { s = s.replace(/\s+/g, " ").trim(); if (s.length >= 2 && !out.includes(s)) out.push(s); };
  const bare = name.replace(/\s*\([^)]*\)/g, "");
  add(bare);
  const head = bare.split(/[:,]/)[0];
  add(head);
  return out;
}

// wrap lays text out in at most two lines of at most max pixels, split
// between words where the longer line is shortest; null if it cannot.
function wrap(text, max, cls) {
  if (textWidth(text, cls) <= max) return [text];
  const words = text.split(" ");
  let best = null, bestW = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" "), b = words.slice(i).join(" ");
    const w = Math.max(textWidth(a, cls), textWidth(b, cls));
    if (w <= max && w < bestW) { best = [a, b]; bestW = w; }
  }
  return best;
}

// nameVariants are the ways to print a cell's name, best first: each a
// list of lines.
function nameVariants(name, cls) {
  const out = [];
  for (const form of shortForms(name)) {
    for (const max of [130, 100]) { const l = wrap(form, max, cls); if (l) out.push(l); }
  }
  out.push([cutWords(shortForms(name).pop(), 90, cls)]);
  return out;
}

// ---- boxes ----

function overlaps(a, b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }
function inside(r) { return r.x >= 1 && r.y >= 1 && r.x + r.w <= full.w - 1 && r.y + r.h <= full.h - 1; }
function clear(r, list) { for (const q of list) if (overlaps(r, q)) return false; return true; }

// around lists boxes of w × h near (x, y), nearest first: inside the cell
// (where told), then below, above, right and left of it at gap, then on
// rings further out.
function around(x, y, w, h, gap, within) {
  const out = [];
  if (within) out.push({ x: x - w / 2, y: y - h / 2, w, h });
  out.push({ x: x - w / 2, y: y + gap, w, h }, { x: x - w / 2, y: y - gap - h, w, h },
    { x: x + gap, y: y - h / 2, w, h }, { x: x - gap - w, y: y - h / 2, w, h });
  for (let ring = 1; ring <= 14; ring++) {
    const r = gap + ring * 9 + h / 2;
    const n = 8 + 4 * ring;
    for (let i = 0; i < n; i++) {
      // Alternate sides, starting below, so a chip stays close to its place.
      const k = i % 2 ? -Math.ceil(i / 2) : Math.ceil(i / 2);
      const a = Math.PI / 2 + k * 2 * Math.PI / n;
      const cx = x + Math.cos(a) * (r + w / 2 * Math.abs(Math.cos(a))), cy = y + Math.sin(a) * r;
      out.push({ x: cx - w / 2, y: cy - h / 2, w, h });
    }
  }
  return out;
}

// place takes the first box that is inside the board and clear of the
// hard obstacles (other chips), preferring one clear of the firm ones too
// (the spaces, so that each stays clickable), and best one clear of the
// soft ones (names) as well.
function place(tries, hard, firm, soft) {
  let second = null, third = null;
  for (const r of tries) {
    if (!inside(r) || !clear(r, hard)) continue;
    if (clear(r, firm)) {
      if (clear(r, soft)) return r;
      if (!second) second = r;
    } else if (!third) third = r;
  }
  return second || third || tries.find(inside) || tries[0];
}

// ---- the board ----

let staticFirm = [];   // what chips should not cover: the spaces of a map of points
let staticSoft = [];   // what chips had better not cover: names, labels

function drawBoard() {
  const svg = $("map");
  svg.replaceChildren();
  ruler = null;
  document.title = "chariot advise: " + board.game;
  const [title, ...rest] = (board.description || board.game).split(":");
  $("title").textContent = title;
  $("title").title = board.description || board.game;
  $("subtitle").textContent = rest.join(":").trim();
  if (board.kind === "none") { svg.hidden = true; $("textpos").open = true; return; }
  for (const seat of board.seats || []) sideClass(seat);
  drawMapTabs();
  fit();
  svg.setAttribute("width", full.w);
  svg.setAttribute("height", full.h);
  setView(full);
  staticSoft = [];
  staticFirm = [];
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
  const marks = [];   // the spaces of a map of points, which names keep clear of
  board.cells.forEach((c, i) => {
    const [x, y] = P(c.x, c.y);
    const g = el("g", { "data-cell": String(i), "data-space": c.id }, cells);
    const cls = "cell " + board.kind + " " + (c.kind || "");
    let shape;
    if (c.polygon && c.polygon.length > 2) shape = el("polygon", { points: points(c.polygon), class: cls }, g);
    else if (c.polygon && c.polygon.length === 2) {
      const [[ax, ay], [bx, by]] = c.polygon.map(([px, py]) => P(px, py));
      shape = el("line", { x1: ax, y1: ay, x2: bx, y2: by, class: cls + " edge" }, g);
    } else if (board.kind === "hexes") {
      const pts = [];
      for (let k = 0; k < 6; k++) { const a = Math.PI / 3 * k; pts.push([x + r * Math.cos(a), y + r * Math.sin(a)].join(",")); }
      shape = el("polygon", { points: pts.join(" "), class: cls }, g);
    } else if (board.kind === "track" || c.kind === "square") shape = el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: cls }, g);
    else shape = el("circle", { cx: x, cy: y, r, class: cls }, g);
    shape.id = "cell-" + i;
    el("title", {}, shape).textContent = c.name + (c.id && c.id !== c.name ? " (" + c.id + ")" : "");
    shape.addEventListener("click", (ev) => clickCell(i, ev));
    if (board.kind === "points" || board.kind === "table") marks.push({ x: x - r - 1, y: y - r - 1, w: 2 * r + 2, h: 2 * r + 2 });
    if (board.kind === "hexes") {
      // A printed hex map numbers every hex, small at its top.
      // At least 10 px, where the hex is wide enough to hold it: else
      // none (the tabs show one map at a size where they fit).
      if (r >= 16) {
        const t = el("text", { x, y: y - r * 0.5, class: "hexnum" }, g);
        t.textContent = c.id;
        t.style.fontSize = Math.max(10, Math.min(13, r * 0.34)).toFixed(1) + "px";
      }
      if (c.label) {
        el("text", { x, y: y + r * 0.75, class: "clabel hexlabel" }, g).textContent = c.label;
      }
    } else if (c.label) {
      const t = el("text", { x, y: y + 4, class: "clabel" }, g);
      t.textContent = c.label;
      const w = textWidth(c.label, "clabel");
      staticSoft.push({ x: x - w / 2 - 1, y: y - 7, w: w + 2, h: 13 });
    }
  });
  // Names: where each covers no space, no label and no other name.
  if (board.kind === "points" || board.kind === "table") placeNames(cells, marks, r);
  else if (board.kind === "track") {
    board.cells.forEach((c, i) => {
      const [x, y] = P(c.x, c.y);
      el("text", { x, y: y - r + 13, class: "cname" }, cells.children[i]).textContent = cutWords(c.name, 2 * r - 4, "cname");
    });
  }
  staticFirm.push(...marks);
  if (hexR) svg.appendChild(links); // hexsides over the hexes
  el("g", { id: "marks" }, svg);
  el("g", { id: "leaders" }, svg);
  el("g", { id: "units" }, svg);
  drawLegend();
  enableZoom(svg);
}

// placeNames prints each cell's name whole if it fits two lines, else
// shortened as a printed map would, beside its space where it covers
// nothing else.
function placeNames(cells, marks, r) {
  const cls = "cname", lh = 11;
  const names = [];
  board.cells.forEach((c, i) => {
    if (c.polygon && c.polygon.length) return; // an edge (wire): its title names it
    const [x, y] = P(c.x, c.y);
    let box = null, lines = null;
    const variants = nameVariants(c.name, cls);
    for (const v of variants) {
      const w = Math.max(...v.map((l) => textWidth(l, cls))) + 2, h = lh * v.length;
      const tries = [
        { x: x - w / 2, y: y + r + 1, w, h }, { x: x - w / 2, y: y - r - 1 - h, w, h },
        { x: x + r + 2, y: y - h / 2, w, h }, { x: x - r - 2 - w, y: y - h / 2, w, h },
        { x: x + r * 0.6, y: y + r * 0.6, w, h }, { x: x - r * 0.6 - w, y: y + r * 0.6, w, h },
        { x: x + r * 0.6, y: y - r * 0.6 - h, w, h }, { x: x - r * 0.6 - w, y: y - r * 0.6 - h, w, h },
      ];
      box = tries.find((t) => inside(t) && clear(t, marks) && clear(t, names) && clear(t, staticSoft));
      if (box) { lines = v; break; }
    }
    if (!box) return; // no room: the space's title names it
    names.push(box);
    const t = el("text", { x: box.x + box.w / 2, y: box.y + lh - 2, class: cls }, cells.children[i]);
    lines.forEach((l, k) => { el("tspan", { x: box.x + box.w / 2, dy: k ? lh : 0 }, t).textContent = l; });
  });
  staticSoft.push(...names);
}

function drawLegend() {
  const legend = $("legend");
  legend.replaceChildren();
  for (const seat of board.seats || []) legend.appendChild(html("span", seat, { class: "chip-l " + sideClass(seat) }));
  // A legend entry is a kind's description, or the colour to fill it with
  // (set through the CSSOM: the page's policy allows no inline style).
  const sheet = [...document.styleSheets].find((x) => x.href && x.href.endsWith("style.css"));
  for (const [k, v] of Object.entries(board.legend || {})) {
    if (/^#[0-9a-f]{3,8}$/i.test(v)) {
      if (sheet && !sheet.done) {
        sheet.insertRule(`.cell.${CSS.escape(k)} { fill: ${v}; }`, sheet.cssRules.length);
        sheet.insertRule(`.link.${CSS.escape(k)} { stroke: ${v}; }`, sheet.cssRules.length);
      }
      const sw = html("span", k, { class: "lg-item swatch" });
      sw.style.borderLeft = "1em solid " + v;
      legend.appendChild(sw);
    } else legend.appendChild(html("span", v, { class: "lg-item " + k }));
  }
  if (sheet) sheet.done = true;
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
    closePop();
    const [mx, my] = at(ev);
    const f = ev.deltaY < 0 ? 0.8 : 1.25;
    const w = Math.min(full.w * 2, Math.max(full.w / 12, view.w * f)), h = view.h * w / view.w;
    setView({ x: mx - (mx - view.x) * w / view.w, y: my - (my - view.y) * h / view.h, w, h });
  };
  let drag = null;
  svg.onpointerdown = (ev) => { drag = { x: ev.clientX, y: ev.clientY, v: view }; };
  svg.onpointermove = (ev) => {
    if (!drag || Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 4) return;
    closePop();
    const b = svg.getBoundingClientRect();
    setView(Object.assign({}, drag.v, { x: drag.v.x - (ev.clientX - drag.x) / b.width * drag.v.w, y: drag.v.y - (ev.clientY - drag.y) / b.height * drag.v.h }));
  };
  svg.onpointerup = svg.onpointerleave = () => { drag = null; };
  svg.ondblclick = () => setView(full);
}

// ---- the pieces ----

const CHIP_H = 16;

function pieceText(p) { return p.name + (p.label ? " " + p.label : ""); }

// stackTop is the piece a stack's chip shows: the one deciding now, the
// one picked, else the first listed.
function stackTop(list) {
  return list.find((p) => p.active) || list.find((p) => selected && p.name === selected.name) || list[0];
}

// chipText is what a chip prints: the piece's name and state, shortened
// by whole words to a chip's width.
function chipText(p) {
  for (const form of shortForms(p.name)) {
    const t = form + (p.label ? " " + p.label : "");
    if (textWidth(t, "ctext") <= 150) return t;
    if (textWidth(form, "ctext") <= 150) return form;
  }
  return cutWords(shortForms(p.name).pop(), 150, "ctext");
}

// drawPieces lays each cell's pieces out as one chip (with the count of a
// stack), inside the board where it covers no other chip, near its cell;
// figures on a table stand at their own x, y with their names beside.
function drawPieces() {
  const units = $("units"), marks = $("marks"), leaders = $("leaders");
  units.replaceChildren();
  marks.replaceChildren();
  leaders.replaceChildren();
  markTargets();
  const byCell = {};
  const figures = [];
  for (const p of state.pieces) {
    if (p.side === "marker") {
      if (p.cell >= 0) {
        const c = board.cells[p.cell], [x, y] = P(c.x, c.y), d = Math.min(13, cellRadius());
        el("line", { x1: x - d, y1: y - d, x2: x + d, y2: y + d, class: "xmark" }, marks);
        el("line", { x1: x - d, y1: y + d, x2: x + d, y2: y - d, class: "xmark" }, marks);
        const s = $("cell-" + p.cell); if (s) s.classList.add(p.name.replace(/\W/g, ""));
      }
      continue;
    }
    if (p.cell < 0) {
      if (board.kind === "table") figures.push(p);
      continue;
    }
    if (shown(p.cell)) (byCell[p.cell] = byCell[p.cell] || []).push(p); // the other maps' chips wait for their tab
  }
  const placed = [];  // chips and figures' names: never overlapped
  const firm = staticFirm.slice(), soft = staticSoft;
  // Figures first: they stand where they are; their names go beside them.
  for (const p of figures) {
    const [x, y] = P(p.x, p.y);
    placed.push({ x: x - 6, y: y - 6, w: 12, h: 12 });
  }
  for (const p of figures) {
    const [x, y] = P(p.x, p.y);
    const g = el("g", { class: "figure " + sideClass(p.side) + (p.active ? " decider" : ""), "data-unit": p.name, "data-cell": "-1" }, units);
    el("circle", { cx: x, cy: y, r: 6 }, g);
    el("title", {}, g).textContent = `${p.side}: ${p.name}${p.label ? ", " + p.label : ""}`;
    const w = textWidth(p.name, "flabel") + 4, h = 12;
    const box = place(around(x, y, w, h, 8, false), placed, firm, soft);
    placed.push(box);
    el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, class: "fbox" }, g);
    el("text", { x: box.x + w / 2, y: box.y + h - 3, class: "flabel" }, g).textContent = p.name;
    g.addEventListener("click", (ev) => clickPieces(-1, [p], ev));
  }
  const within = board.kind !== "points" && board.kind !== "table";
  // The middle of each place a move points at is left for a click where
  // there is room: a chip covers its own place, not another's.
  const aims = [];
  if (deciding()) {
    const r = Math.max(2, cellRadius() * 0.3);
    for (const i of new Set(state.legal.map((m) => m.cell))) {
      if (i < 0 || !board.cells[i]) continue;
      const [x, y] = P(board.cells[i].x, board.cells[i].y);
      aims.push({ x: x - r, y: y - r, w: 2 * r, h: 2 * r, cell: i });
    }
  }
  const order = Object.keys(byCell).map(Number).sort((a, b) => a - b);
  for (const cell of order) {
    const list = byCell[cell];
    const c = board.cells[cell], [x, y] = P(c.x, c.y);
    const top = stackTop(list);
    const badge = list.length > 1 ? textWidth(String(list.length), "cbadge") + 10 : 0;
    let label = chipText(top);
    if (board.kind === "hexes") {
      // A chip no wider than its hex: the name cut by whole words.
      const room = Math.max(12, 2 * cellRadius() * 0.87 - 10 - badge);
      if (textWidth(label, "ctext") > room) label = cutWords(label, room, "ctext");
    }
    const w = textWidth(label, "ctext") + 10 + badge, h = CHIP_H;
    const gap = within ? cellRadius() * 0.5 : cellRadius() + 2;
    const tries = around(x, y, w, h, gap, within);
    const others = aims.filter((a) => a.cell !== cell);
    const box = place(tries, placed, others.length ? firm.concat(others) : firm, soft);
    placed.push(box);
    const cx = box.x + w / 2, cy = box.y + h / 2;
    if (Math.hypot(cx - x, cy - y) > gap + h) {
      el("line", { x1: x, y1: y, x2: Math.max(box.x, Math.min(x, box.x + w)), y2: Math.max(box.y, Math.min(y, box.y + h)), class: "leader" }, leaders);
    }
    const sel = selected && selected.cell === cell && list.some((p) => p.name === selected.name);
    const cls = "chip " + sideClass(top.side) + (list.some((p) => p.active) ? " decider" : "") +
      (/pinned/.test(top.label || "") ? " pinned" : "") + (sel ? " selected" : "") + (new Set(list.map((p) => p.side)).size > 1 ? " mixed" : "");
    const g = el("g", { class: cls, "data-unit": top.name, "data-cell": String(cell), "data-count": String(list.length) }, units);
    el("rect", { x: box.x, y: box.y, width: w, height: h, rx: 3 }, g);
    el("text", { x: box.x + 5 + (w - badge - 10) / 2, y: box.y + h - 4.5, class: "ctext" }, g).textContent = label;
    if (badge) {
      const b = el("g", { class: "badge" }, g);
      el("rect", { x: box.x + w - badge - 1, y: box.y + 2, width: badge - 1, height: h - 4, rx: 5 }, b);
      el("text", { x: box.x + w - badge / 2 - 1.5, y: box.y + h - 4.5, class: "cbadge" }, b).textContent = String(list.length);
      b.addEventListener("click", (ev) => { ev.stopPropagation(); openStack(cell, list, ev); });
    }
    el("title", {}, g).textContent = list.map((p) => `${p.side}: ${pieceText(p)}`).join("\n") + "\n— " + c.name;
    for (const p of list) el("g", { class: "member", "data-unit": p.name, "data-cell": String(cell) }, g);
    g.addEventListener("click", (ev) => clickPieces(cell, list, ev));
    if (list.some((p) => p.active)) { const s = $("cell-" + cell); if (s) s.classList.add("decider"); }
  }
}

// ---- playing on the map ----

function deciding() { return state && !state.chance && !state.over; }

// names reports whether a move's name names a piece (its whole name, as
// a word sequence).
function names(move, piece) {
  if (!piece || piece === "?") return false;
  const esc = piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp("(^|[^\\w])" + esc + "($|[^\\w])", "i").test(move.name);
}

// movesAt are the legal moves whose place is cell i, of the picked piece
// where one is picked and some of them name it.
function movesAt(i) {
  const here = state.legal.filter((m) => m.cell === i);
  if (selected) {
    const mine = here.filter((m) => names(m, selected.name));
    if (mine.length) return mine;
  }
  return here;
}

// markTargets outlines the places a click plays a move on: those of the
// picked piece's moves, or of every move.
function markTargets() {
  const targets = new Set();
  if (deciding()) {
    const own = selected ? state.legal.filter((m) => m.cell >= 0 && names(m, selected.name)) : [];
    for (const m of (own.length ? own : state.legal)) if (m.cell >= 0) targets.add(m.cell);
  }
  board.cells.forEach((c, i) => {
    const shape = $("cell-" + i);
    if (!shape) return;
    shape.classList.toggle("target", targets.has(i));
    shape.classList.remove("decider");
  });
  for (const b of $("moves").children) b.classList.toggle("picked", !!selected && names({ name: b.dataset.move }, selected.name));
}

// clickCell plays the one legal move whose place is cell i, or offers a
// chooser where several are.
function clickCell(i, ev) {
  if (!deciding()) return;
  const ms = movesAt(i);
  if (ms.length === 1) { play(ms[0]); return; }
  if (ms.length > 1) { chooser(ms, ev, board.cells[i].name); return; }
  const here = state.pieces.filter((p) => p.cell === i && p.side !== "marker");
  if (here.length) { clickPieces(i, here, ev); return; }
  pick(null);
}

// clickPieces: a click on a chip is a click on its place where a move
// goes there; else it picks the piece a move names (listing the stack
// where several could be meant).
function clickPieces(cell, list, ev) {
  ev.stopPropagation();
  if (!deciding()) { if (list.length > 1) openStack(cell, list, ev); return; }
  if (cell >= 0 && movesAt(cell).length) { clickCell(cell, ev); return; }
  const movers = list.filter((p) => state.legal.some((m) => names(m, p.name)));
  if (movers.length === 1) { pickOrPlay(cell, movers[0], ev); return; }
  if (list.length > 1) { openStack(cell, list, ev); return; }
  pick(null);
}

// pickOrPlay picks a piece: its one move is played at once when it names
// no place; else its places are marked for the next click.
function pickOrPlay(cell, p, ev) {
  const own = state.legal.filter((m) => names(m, p.name));
  if (own.length === 1 && own[0].cell < 0) { play(own[0]); return; }
  if (own.every((m) => m.cell < 0)) { chooser(own, ev, p.name); return; }
  pick({ cell, name: p.name });
}

function pick(sel) {
  selected = sel;
  $("picked").textContent = sel ? `${sel.name}: now click a marked place (Esc to drop it)` : "";
  $("picked").hidden = !sel;
  if (board && board.kind !== "none" && state) drawPieces();
}

function play(m) {
  pick(null);
  act("move", { move: m.name });
}

// ---- the little lists over the map: a chooser of moves, a stack ----

function closePop() { $("pop").hidden = true; }

function openPop(ev, title) {
  const pop = $("pop");
  pop.replaceChildren(html("div", title, { class: "pop-title" }));
  const host = $("board").getBoundingClientRect();
  pop.hidden = false;
  const x = Math.min(ev.clientX - host.left + 8, host.width - 260);
  pop.style.left = Math.max(4, x) + "px";
  pop.style.top = (ev.clientY - host.top + 8) + "px";
  return pop;
}

function chooser(moves, ev, where) {
  const pop = openPop(ev, `${where}: which move?`);
  moves.forEach((m, k) => {
    const b = html("button", `${m.number} ${m.name}`, { type: "button", class: "pop-move", "data-move": m.name, id: "choose-" + k });
    b.addEventListener("click", () => play(m));
    pop.appendChild(b);
  });
}

// openStack lists a stack's pieces; one a move names can be picked.
function openStack(cell, list, ev) {
  const where = cell >= 0 ? board.cells[cell].name : "";
  const pop = openPop(ev, `${list.length} ${list.length === 1 ? "piece" : "pieces"}${where ? " at " + where : ""}`);
  for (const p of list) {
    const moves = deciding() && state.legal.some((m) => names(m, p.name));
    const b = html("button", pieceText(p), { type: "button", class: "pop-piece " + sideClass(p.side), "data-unit": p.name });
    b.disabled = !moves;
    b.title = moves ? "pick it, then its place" : p.side;
    b.addEventListener("click", (e) => { closePop(); pickOrPlay(cell, p, e); });
    pop.appendChild(b);
  }
  if (deciding() && cell >= 0) {
    for (const m of movesAt(cell)) {
      const b = html("button", `${m.number} ${m.name}`, { type: "button", class: "pop-move", "data-move": m.name });
      b.addEventListener("click", () => play(m));
      pop.appendChild(b);
    }
  }
}

// ---- the panels ----

function render(s) {
  const changed = !state || s.version !== state.version;
  state = s;
  if (changed) { selected = null; $("picked").hidden = true; closePop(); }
  const seat = s.seat ? s.seat + " to play" : "";
  // The standing is the advisor's own words for where the game is and its
  // score, naming the side the score is counted for (Anvil's is the
  // Allies' margin), as the console writes it.
  $("status").textContent = [s.standing, seat, `step ${s.steps}`, `seed ${s.seed}`].filter((x) => x).join(" · ");
  $("figures").textContent = (s.figures || []).map((f) => `${f.label} ${f.value}`).join(" · ");
  $("text").textContent = s.text;
  $("prompt").textContent = s.over ? "The game is over: " + s.standing + "." : s.prompt || (s.seat ? s.seat + " to play" : "");
  $("warning").textContent = s.warning || "";
  $("warning").hidden = !s.warning;
  $("autosave").textContent = s.autosave_error ? "NOT SAVED: " + s.autosave_error
    : s.autosave ? "autosaved to " + s.autosave + " after every step" : "autosave off";
  $("autosave").classList.toggle("failed", !!s.autosave_error);
  $("undo").disabled = !s.can_undo;
  $("edit-form").hidden = !s.edit_help;
  $("edit").title = s.edit_help || "";
  $("edit").placeholder = s.edit_example || "set …";
  $("undo-new").hidden = !s.can_undo_new;
  $("seed").placeholder = s.seed;
  renderSeats(s);

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

  const decide = !s.chance && !s.over;
  $("advice").hidden = !decide;
  $("moves-card").hidden = !decide;
  const moves = $("moves");
  moves.replaceChildren();
  for (const m of s.legal) {
    const b = html("button", `${m.number} ${m.name}`, { type: "button", "data-move": m.name, "data-cell": String(m.cell) });
    b.addEventListener("click", () => play(m));
    if (m.cell >= 0) {
      b.title = "on the map: " + board.cells[m.cell].name;
      b.addEventListener("mouseenter", () => { const c = $("cell-" + m.cell); if (c) c.classList.add("hover"); });
      b.addEventListener("mouseleave", () => { const c = $("cell-" + m.cell); if (c) c.classList.remove("hover"); });
    }
    moves.appendChild(b);
  }
  $("suggest").textContent = s.think_ms > 0 ? `Suggest (${(s.think_ms / 1000).toFixed(1)} s)` : "Suggest";

  const log = $("log");
  log.replaceChildren();
  for (const step of s.log) log.appendChild(html("li", step));
  log.scrollTop = log.scrollHeight;

  if (board && board.kind !== "none") { if (changed) followPlay(); drawPieces(); }
  renderJob(s.suggestion);
  if (s.suggestion && s.suggestion.status === "running") poll();
  // A search starts by itself only where asked to (or where the advice
  // costs no search); never when the page is opened.
  if (decide && !s.suggestion && autoSuggested !== s.version && (s.cheap || (opened && $("auto").checked))) {
    autoSuggested = s.version;
    suggest();
  }
  opened = true;
}

let autoSuggested = -1; // the position whose suggestion was started unasked
let opened = false;     // the page has shown a position (searches may start unasked after it)

// renderSeats shows who plays which seat, where a person and the tool
// could share the game.
function renderSeats(s) {
  const players = (board && board.players) || [];
  $("seats-form").hidden = players.length < 2;
  const tool = s.tool || [];
  const mine = players.filter((_, p) => !tool[p]);
  $("seats-now").textContent = tool.length
    ? `You play ${mine.join(" and ")}; the tool plays ` + players.map((n, p) => tool[p] ? `${n} by ${tool[p]}` : "").filter((x) => x).join(", ") + "."
    : "You play every seat.";
  const sel = $("seat");
  if (sel.options.length !== players.length + 1) {
    sel.replaceChildren(html("option", "every seat", { value: "" }));
    for (const n of players) sel.appendChild(html("option", n, { value: n }));
  }
  // The controls show the seats as they are, unless being changed.
  if (document.activeElement !== sel && document.activeElement !== $("opponent")) {
    sel.value = tool.length ? mine[0] || "" : "";
    $("opponent").value = tool.find((x) => x) || "";
  }
}

function pct(x) { return (100 * x).toFixed(0) + "%"; }

function renderJob(j) {
  const body = $("sugg").querySelector("tbody");
  body.replaceChildren();
  $("forecast").replaceChildren();
  $("forecast-card").hidden = true;
  $("sugg-note").textContent = "";
  const rows = (state && state.top) || 5;
  const status = j ? j.status : "idle";
  // The advisor's own line says how the move was chosen (its search's
  // simulations and why it stopped, or the plan's decision), as the
  // console prints it.
  $("suggest-status").textContent = status === "running"
    ? "searching…" : status === "done" || status === "canceled"
    ? j.suggestion.summary || status : (j && j.error) || "ask for a suggestion";
  $("progress").value = j ? j.progress : 0;
  $("cancel").disabled = status !== "running";
  $("suggest").disabled = status === "running";
  const moves = (j && j.suggestion.moves) || [];
  for (let i = moves.length; i < rows; i++) body.appendChild(html("tr", undefined, { class: "empty" }));
  if (!moves.length) return;
  moves.forEach((m, i) => {
    const tr = html("tr");
    tr.appendChild(html("td", String(m.number), { class: "num" }));
    const td0 = html("td", undefined, { title: m.name });
    td0.appendChild(html("div", m.name, { class: "clamp" }));
    tr.appendChild(td0);
    tr.appendChild(html("td", j.suggestion.note ? "" : pct(m.share), { class: "num" }));
    tr.appendChild(html("td", m.visits ? m.value.toFixed(1) : "", { class: "num" }));
    tr.appendChild(html("td", m.ci95 > 0 ? "±" + m.ci95.toFixed(1) : j.suggestion.note ? "" : "?", { class: "num" }));
    const td = html("td");
    const b = html("button", "Play", { type: "button", id: "sugg-play-" + i, "data-move": m.name, class: i === 0 ? "primary" : "" });
    b.addEventListener("click", () => act("move", { move: m.name }));
    td.appendChild(b);
    tr.appendChild(td);
    body.insertBefore(tr, body.children[i] || null);
  });
  $("sugg-note").textContent = j.suggestion.flag || "";
  if (j.forecast) { $("forecast-card").hidden = false; renderForecast(j.forecast); }
}

function renderForecast(f) {
  const box = $("forecast");
  box.appendChild(html("div", `Forecast if you play “${f.move || "nothing"}”, ${f.horizon} (${f.futures} futures):`));
  const ul = html("ul");
  for (const e of f.events.filter((e) => e.share >= 0.05).slice(0, 8)) ul.appendChild(html("li", `${pct(e.share)} ${e.text}`));
  if (!ul.children.length) ul.appendChild(html("li", "nothing happens in most futures"));
  const changes = (f.metrics || []).filter((m) => m.mean !== m.now).map((m) => `${m.label || m.name} ${m.now} now, ${m.mean.toFixed(1)} by then`);
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
    if (state && j.version === state.version) state.suggestion = j;
    renderJob(j);
    poll();
  } catch (e) { showError(e.message); }
}

// poll follows the search of the position shown until it ends. Polls
// overlap when the server is slow: an answer about an older position is
// ignored, one about a newer (another page moved on) ends the polling.
function poll() {
  if (polling) return;
  polling = setInterval(async () => {
    try {
      const j = await api("suggest");
      if (!state || j.version < state.version) return;
      if (j.version > state.version) { stopPoll(); return; }
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

function redraw() {
  if (!board || board.kind === "none") return;
  drawBoard();
  if (state) drawPieces();
}

async function start() {
  $("die-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("roll", { face: $("die").value }).then((s) => { if (s) $("die").value = ""; });
  });
  $("roll-r").addEventListener("click", () => act("roll", { face: "r" }));
  $("suggest").addEventListener("click", suggest);
  $("auto").checked = localStorage.getItem("chariot-auto-suggest") === "1";
  $("auto").addEventListener("change", () => {
    localStorage.setItem("chariot-auto-suggest", $("auto").checked ? "1" : "0");
    if ($("auto").checked && state && !state.chance && !state.over && !state.suggestion) suggest();
  });
  $("cancel").addEventListener("click", async () => {
    try { renderJob(await api("suggest/cancel", {})); } catch (e) { showError(e.message); }
  });
  $("undo").addEventListener("click", () => act("undo", {}));
  // A result set by hand, where the person's printed table says otherwise.
  $("edit-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("edit", { cmd: $("edit").value }).then((s) => { if (s) $("edit").value = ""; });
  });
  $("seats-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("seats", { seat: $("seat").value, opponent: $("opponent").value.trim() });
  });
  $("seat").addEventListener("change", () => {
    const p = (board.players || []).indexOf($("seat").value);
    const others = (board.opponents || []).filter((_, q) => p >= 0 && q !== p);
    $("opponent").placeholder = others.length ? others.join(", ") : "agent spec";
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
    const file = $("file").value.trim();
    const save = (overwrite) => api("save", overwrite ? { file, overwrite: true } : { file });
    try {
      let r;
      try { r = await save(false); }
      catch (e) {
        // A saved game of that name: replace it only if the person says so.
        if (e.status !== 409 || !confirm(e.message + "\n\nReplace it with this game?")) throw e;
        r = await save(true);
      }
      showError(""); $("warning").hidden = false; $("warning").textContent = "saved " + r.saved; refreshSaves();
    }
    catch (e) { showError(e.message); }
  });
  $("load").addEventListener("click", () => act("load", { file: $("file").value.trim() }));
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { closePop(); pick(null); } });
  document.addEventListener("click", (ev) => {
    if (!$("pop").hidden && !$("pop").contains(ev.target) && !ev.target.closest("#map")) closePop();
  });
  let resizing = null;
  window.addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(redraw, 120); });
  try {
    board = await api("map");
    drawBoard();
    render(await api("state"));
    refreshSaves();
  } catch (e) { showError(e.message); }
}

start();

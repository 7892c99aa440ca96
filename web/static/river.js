// The river drawn in SVG from a public view: slots, discs, canoes, deposits, weather.
// drawRiver(svg, view, options) redraws everything; options:
//   drawing: "wide" | "tall"    which of the served drawings (default: the svg's data-drawing)
//   selectable: [{at, gem}]     the phone's canoes that may move (their own)
//   selected:  {at, gem}        the canoe picked
//   destinations: ["T4", ...]   places to highlight
//   owner: "red"                whose canoes are selectable (the phone's player)
//   preview: {from, to, path, gem}  a ghost canoe where the picked move ends, and its path
//   onCanoe(canoe), onSlot(slot)
// Every place that can be tapped is a tap target drawn above the canoes (at least 54 SVG
// units across), so a canoe on a destination never swallows the tap.
//
// The board itself (slots, deposits, the two drawings, colours, letters) comes from the
// server: every page carries it as JSON in #niagara-board (also /api/board).

import { colourName, t, term, tn, word } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
export const BOARD = JSON.parse(document.getElementById("niagara-board").textContent);
export const LETTERS = Object.fromEntries(Object.entries(BOARD.colours).map(([k, c]) => [k, c.letter]));
export const COLOURS = Object.fromEntries(Object.entries(BOARD.colours).map(([k, c]) => [k, c.screen]));
export const GEMS = BOARD.gems;
export const GEM_NAMES = Object.keys(BOARD.gems);

/** An SVG element with attributes, appended to ``parent``, with ``text`` if given. */
export function el(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** A player's colour as a name in the page's language ("Red"). */
export const cap = colourName;
/** A card as a sentence says it: "3", "the cloud". */
export function cardName(card) { return card === "cloud" ? t("the cloud") : String(card); }
/** A place as a field of a sentence ("T3", the beach in words). */
export function place(at) { return term("place", at); }
/** A gem colour as a field of a sentence. */
export function gem(colour) { return term("gem", colour); }

/** "Red's canoe on T3 with a violet gem", "Diamanten Joe on the beach". */
function canoeText(owner, at, cargo) {
  const fields = { player: colourName(owner), at: place(at), gem: gem(cargo) };
  if (owner === "joe") return cargo ? t("Diamanten Joe on {at} with a {gem} gem", fields) : t("Diamanten Joe on {at}", fields);
  return cargo ? t("{player}'s canoe on {at} with a {gem} gem", fields) : t("{player}'s canoe on {at}", fields);
}

function drawingOf(svg, options) {
  const name = options.drawing || svg.dataset.drawing || "tall";
  return BOARD.drawings[name];
}

/** Where each canoe is drawn: {key: [x, y]} for canoes [{key, at}], grouped by place. */
export function canoePositions(drawing, canoes) {
  const byPlace = {};
  for (const c of canoes) if (c.at !== "lost") (byPlace[c.at] = byPlace[c.at] || []).push(c);
  const out = {};
  for (const [place, list] of Object.entries(byPlace)) {
    const [cx, cy] = drawing.drawn_at[place];
    list.forEach((c, i) => {
      if (place === "beach") {
        const b = drawing.beach_canoes;
        const line = Math.floor(i / b.per_line), k = i % b.per_line;
        out[c.key] = [b.origin[0] + k * b.step[0] + line * b.line_step[0],
          b.origin[1] + k * b.step[1] + line * b.line_step[1]];
      } else {
        const col = i % 2, row = Math.floor(i / 2);
        const x = list.length === 1 ? cx : cx - 14 + col * 28;
        const y = cy - 8 + row * 16 - (list.length > 2 ? 8 : 0) + (list.length <= 2 ? 8 : 0);
        out[c.key] = [x, y];
      }
    });
  }
  return out;
}

/** Every canoe of a public state as [{key, owner, index, at, gem}]. */
export function canoesOf(state) {
  const out = [];
  for (const p of state.players) state.canoes[p].forEach((c, i) => out.push({ key: `${p}:${i}`, owner: p, index: i, ...c }));
  if (state.joe) out.push({ key: "joe", owner: "joe", index: 0, ...state.joe });
  return out;
}

function tappable(g, label, fn) {
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", label);
  g.addEventListener("click", fn);
  g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); fn(); } });
}

function drawCanoe(svg, canoe, xy, cls = "") {
  const g = el("g", { class: `canoe ${cls}`.trim(), "data-owner": canoe.owner, "data-at": canoe.at,
    "data-canoe": canoe.key, transform: `translate(${xy[0]} ${xy[1]})` }, svg);
  el("title", {}, g, canoeText(canoe.owner, canoe.at, canoe.gem));
  el("rect", { x: -13, y: -7, width: 26, height: 14, rx: 7, fill: COLOURS[canoe.owner], stroke: "#111", class: "hull" }, g);
  el("text", { x: canoe.gem ? -3 : 0, y: 4, "text-anchor": "middle",
    class: "canoe-letter" + (BOARD.colours[canoe.owner].dark_text ? " dark" : "") }, g, LETTERS[canoe.owner]);
  if (canoe.gem) el("circle", { cx: 8, cy: 0, r: 4.5, fill: GEMS[canoe.gem], stroke: "#000", class: "gem" }, g);
  return g;
}

export function drawRiver(svg, view, options = {}) {
  const state = view.state;
  const d = drawingOf(svg, options);
  const [w, h] = d.size;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.replaceChildren();
  el("rect", { x: 0, y: 0, width: w, height: h, class: "bank" }, svg);
  for (const shape of d.shapes) {
    const node = el(shape.tag, shape.attrs, svg, shape.text);
    const tip = { beach: t("The beach: canoes start here and bring their gems back here."),
      falls: t("The waterfall: a disc pushed off the end of an arm goes over it, with any canoe on it."),
      "start-line": t("The start line: discs are pushed in here, one at a time."),
      island: t("The island between the two arms, with the blue and pink deposits.") }[shape.attrs.class];
    if (tip) el("title", {}, node, tip);
  }
  // Deposits with their contents: the own colour's count, other colours as small gems.
  for (const [colour, dep] of Object.entries(d.deposits)) {
    const [x, y] = dep.at;
    const counts = state.deposits[colour] || {};
    const slots = BOARD.deposits[colour].slots.join(" / ");
    const g = el("g", { class: "deposit", "data-deposit": colour }, svg);
    const held = Object.entries(counts).filter(([, n]) => n).map(([c, n]) => tn("{n} {gem} gem", "{n} {gem} gems", n, { gem: gem(c) })).join(", ");
    el("title", {}, g, held
      ? t("The {gem} deposit, beside {slots}: {gems}", { gem: gem(colour), slots, gems: held })
      : t("The {gem} deposit, beside {slots}: empty", { gem: gem(colour), slots }));
    el("circle", { cx: x, cy: y, r: 19, fill: GEMS[colour], stroke: "#555", "fill-opacity": 0.45 }, g);
    el("text", { x, y: y + 5, "text-anchor": "middle", class: "dep-count big" }, g, String(counts[colour] || 0));
    Object.entries(counts).filter(([c]) => c !== colour).forEach(([c, n], i) => {
      el("circle", { cx: x + 15 - i * 10, cy: y + 15, r: 5, fill: GEMS[c], stroke: "#000" }, g);
      el("text", { x: x + 15 - i * 10, y: y + 18, "text-anchor": "middle", class: "dep-extra" }, g, String(n));
    });
    if (dep.label) el("text", { x: dep.label[0], y: dep.label[1], "text-anchor": "middle", class: "dep-name" }, g, word("gem", colour));
  }
  // Slots and discs.
  const dest = new Set(options.destinations || []);
  for (const slot of BOARD.slots) {
    const [x, y] = d.drawn_at[slot];
    const g = el("g", { class: "slot" + (dest.has(slot) ? " dest" : ""), "data-slot": slot }, svg);
    el("title", {}, g, slot.startsWith("T") ? t("Slot {slot}: a disc of the river", { slot })
      : slot.startsWith("L") ? t("Slot {slot}: a disc of the river (left arm)", { slot })
        : t("Slot {slot}: a disc of the river (right arm)", { slot }));
    el("circle", { cx: x, cy: y, r: 25, class: "disc" }, g);
    el("text", { x: x + d.slot_label[0], y: y + d.slot_label[1], class: "slot-name" }, g, slot);
  }
  // Weather track.
  const [lx, ly] = d.weather.label;
  el("text", { x: lx, y: ly, class: "label", "text-anchor": "middle" }, svg, t("Weather"));
  for (const [value, [x, y]] of Object.entries(d.weather.at)) {
    const wv = Number(value);
    const sign = (wv > 0 ? "+" : "") + wv;
    const g = el("g", { class: "weather-space" }, svg);
    const effect = wv === 0 ? t("Weather {sign}: the river moves no extra disc", { sign })
      : wv > 0 ? tn("Weather {sign}: the river moves {n} more disc", "Weather {sign}: the river moves {n} more discs", wv, { sign })
        : t("Weather {sign}: the river moves one disc less", { sign });
    el("title", {}, g, state.weather === wv ? t("{effect} (the weather now)", { effect }) : effect);
    el("rect", { x: x - 14, y: y - 14, width: 28, height: 28, rx: 4, fill: "#fff", stroke: "#777" }, g);
    el("text", { x, y: y + 4, "text-anchor": "middle", class: "label" }, g, sign);
    if (state.weather === wv) {
      el("circle", { cx: x, cy: y, r: 12, class: "cloud", "data-weather": wv }, g);
      el("text", { x, y: y + 4, "text-anchor": "middle", class: "cloud-text" }, g, sign);
    }
  }
  // Canoes.
  const canoes = canoesOf(state);
  const at = canoePositions(d, canoes);
  const selectable = options.selectable || [];
  const same = (a, b) => a && b && a.at === b.at && (a.gem ?? null) === (b.gem ?? null);
  const mine = (c) => c.owner === options.owner && selectable.some((s) => same(s, c));
  for (const c of canoes) {
    if (c.at === "lost") continue;
    const cls = (mine(c) ? "mine" : "") + (mine(c) && same(options.selected, c) ? " selected" : "");
    drawCanoe(svg, c, at[c.key], cls);
  }
  // The move's preview: its path and a ghost canoe where it ends.
  if (options.preview) {
    const pts = options.preview.path.map((p) => d.drawn_at[p]).filter(Boolean);
    if (pts.length > 1) el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "preview-path" }, svg);
    const [x, y] = d.drawn_at[options.preview.to];
    const ghost = drawCanoe(svg, { key: "ghost", owner: options.owner, at: options.preview.to, gem: options.preview.gem },
      [x, y - 22], "ghost");
    ghost.removeAttribute("data-canoe");
  }
  // Tap targets above everything: destinations first, then the places of my canoes.
  if (options.onSlot || options.onCanoe) {
    const places = new Set([...dest, ...selectable.map((s) => s.at)]);
    for (const place of places) {
      const isDest = dest.has(place) && options.onSlot;
      const myHere = selectable.filter((s) => s.at === place);
      if (!isDest && !(myHere.length && options.onCanoe)) continue;
      const g = el("g", { class: "tap" + (isDest ? " dest" : " mine"), "data-slot": place }, svg);
      if (place === "beach") {
        const b = d.shapes.find((s) => s.attrs.class === "beach").attrs;
        el("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 8, class: "hit" }, g);
      } else {
        const [x, y] = d.drawn_at[place];
        el("circle", { cx: x, cy: y, r: 28, class: "hit" }, g);
      }
      if (isDest) {
        tappable(g, t("Paddle to {at}", { at: term("place", place) }), () => options.onSlot(place));
      } else {
        const pick = () => {
          // Several of my canoes here (with different gems): each tap picks the next one.
          const i = myHere.findIndex((s) => same(s, options.selected));
          options.onCanoe(myHere[(i + 1) % myHere.length]);
        };
        const c = myHere[0];
        tappable(g, c.gem ? t("Move your canoe on {at} with a {gem} gem", { at: term("place", place), gem: gem(c.gem) })
          : t("Move your canoe on {at}", { at: term("place", place) }), pick);
        g.setAttribute("aria-pressed", same(options.selected, c) ? "true" : "false");
      }
    }
  }
}

const wait = (ms) => new Promise((r) => setTimeout(r, ms));
/** Milliseconds per disc of the river's animation on ``svg``. */
export const discMs = (svg) => Number(svg.dataset.discMs) || 1100;

/** Phase 3, disc by disc: each disc enters at the start line, the canoes slide one slot
 * downstream on its arm, and a canoe whose disc goes over the falls drops and fades, with
 * its name over the falls. ``frames`` come from the server (``view.river.frames``). Each
 * disc takes the SVG's ``data-disc-ms`` (the service's ``RIVER_SECONDS``, by which a
 * practice game waits for this animation). */
export async function animateRiver(svg, view, frames, onStep = null) {
  const d = drawingOf(svg, {});
  const base = canoesOf(view.state);
  const layer = el("g", { class: "animation" }, svg);
  const start = d.drawn_at.T1;
  for (const frame of frames) {
    if (!svg.isConnected || svg.dataset.animating !== "yes") return;
    if (onStep) onStep(frame);
    const disc = el("circle", { cx: start[0], cy: start[1], r: 25, class: "disc-pushed" }, layer);
    el("text", { x: start[0], y: start[1] + 5, "text-anchor": "middle", class: "disc-number" }, layer, String(frame.disc));
    const now = base.map((c) => ({ ...c, at: frame.canoes[c.key] ?? c.at }));
    const pos = canoePositions(d, now);
    for (const c of now) {
      const g = svg.querySelector(`g.canoe[data-canoe="${c.key}"]`);
      if (!g) continue;
      if (frame.fell.includes(c.key)) {
        const [fx, fy] = d.falls[frame.arm];
        g.setAttribute("transform", `translate(${fx} ${fy})`);
        g.classList.add("falling");
        el("text", { x: fx - 8, y: fy - 16, "text-anchor": "end", class: "fell-label" }, layer,
          t("{player} over the falls!", { player: c.owner === "joe" ? "Joe" : cap(c.owner) }));
      } else if (pos[c.key]) {
        g.setAttribute("transform", `translate(${pos[c.key][0]} ${pos[c.key][1]})`);
      }
    }
    await wait(discMs(svg));
    disc.remove();
  }
}

// The players' panels: colour, letter, buoy, status (never a secret card), gems by colour,
// progress towards each goal, canoes, cards played this cycle.
export function drawPanels(box, panels, options = {}) {
  box.replaceChildren();
  for (const p of panels) {
    const li = document.createElement("li");
    li.className = "panel" + (p.to_play ? " to-play" : "") + (p.player === options.me ? " me" : "");
    li.dataset.player = p.player;
    const head = document.createElement("div");
    head.className = "panel-head";
    const sw = document.createElement("span");
    sw.className = `swatch pc-${p.player}`;
    sw.textContent = LETTERS[p.player];
    sw.title = t("{player}: canoes marked {letter}", { player: cap(p.player), letter: LETTERS[p.player] });
    const name = document.createElement("strong");
    const isComputer = options.computers && p.player in options.computers;
    name.textContent = p.player === options.me ? t("{player} (you)", { player: cap(p.player) })
      : isComputer ? t("{player} (computer)", { player: cap(p.player) }) : cap(p.player);
    head.append(sw, name);
    if (p.buoy) {
      const b = document.createElement("span");
      b.className = "buoy";
      b.textContent = "◎";
      b.title = t("Holds the buoy: plays first this round");
      b.setAttribute("role", "img");
      b.setAttribute("aria-label", t("holds the buoy"));
      head.append(b);
    }
    const status = document.createElement("span");
    status.className = "status";
    status.textContent = p.status;
    head.append(status);
    li.append(head);
    // Gems by colour.
    const gems = document.createElement("div");
    gems.className = "gems";
    gems.setAttribute("role", "img");
    gems.setAttribute("aria-label", p.gem_total
      ? t("Gems: {gems}", { gems: Object.entries(p.gems).filter(([, n]) => n).map(([c, n]) => t("{count} {gem}", { count: n, gem: gem(c) })).join(", ") })
      : t("Gems: none yet"));
    for (const [colour, n] of Object.entries(p.gems)) {
      const g = document.createElement("span");
      g.className = "gem-icon" + (n ? "" : " none");
      g.style.setProperty("--gem", GEMS[colour]);
      g.dataset.gem = colour;
      g.title = tn("{n} {gem} gem", "{n} {gem} gems", n, { gem: gem(colour) });
      g.textContent = String(n);
      gems.append(g);
    }
    // Goals.
    const goals = document.createElement("div");
    goals.className = "goals";
    for (const goal of p.goals) {
      const g = document.createElement("span");
      g.className = "goal" + (goal.reached ? " reached" : "");
      g.dataset.goal = goal.key;
      g.title = goal.key === "colour" && goal.colour
        ? t("Goal: {goal} (best: {gem}). {have} of {need}.", { goal: goal.text, gem: gem(goal.colour), have: goal.have, need: goal.need })
        : t("Goal: {goal}. {have} of {need}.", { goal: goal.text, have: goal.have, need: goal.need });
      const bar = document.createElement("span");
      bar.className = "goal-bar";
      bar.style.setProperty("--fill", `${Math.round(100 * goal.have / goal.need)}%`);
      const text = document.createElement("span");
      text.className = "goal-text";
      text.textContent = { colour: t("{have}/{need} one colour", goal), colours: t("{have}/{need} colours", goal), total: t("{have}/{need} gems", goal) }[goal.key];
      g.append(bar, text);
      goals.append(g);
    }
    const body = document.createElement("div");
    body.className = "panel-body";
    body.append(gems, goals);
    li.append(body);
    // Canoes and cards played this cycle.
    const foot = document.createElement("div");
    foot.className = "panel-foot";
    const canoes = document.createElement("span");
    canoes.className = "canoes";
    canoes.textContent = t("Canoes: {canoes}", { canoes: p.canoes.map((c) => c.text).join("; ") });
    const played = document.createElement("span");
    played.className = "played";
    played.title = t("Cards played since the hand was last full (all 7 come back once all are played)");
    played.textContent = p.played.length
      ? t("Played: {cards}", { cards: p.played.map((c) => c === "cloud" ? "☁ " + t("cloud") : c).join(" ") })
      : t("No card played yet");
    foot.append(canoes, played);
    li.append(foot);
    if (p.note) {
      const note = document.createElement("p");
      note.className = "panel-note";
      note.textContent = p.note;
      li.append(note);
    }
    box.append(li);
  }
}

export function drawForecast(div, forecast) {
  div.replaceChildren();
  const p = document.createElement("p");
  p.textContent = forecast.text;
  div.appendChild(p);
  if (forecast.danger.length) {
    const ul = document.createElement("ul");
    ul.className = "danger";
    for (const d of forecast.danger) {
      const li = document.createElement("li");
      li.textContent = d.text;
      ul.appendChild(li);
    }
    div.appendChild(ul);
  } else {
    const q = document.createElement("p");
    q.className = "hint";
    q.textContent = t("No canoe can go over the falls this round.");
    div.appendChild(q);
  }
  if (forecast.why) {
    const why = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = t("Why this many?");
    const text = document.createElement("p");
    text.className = "hint";
    text.textContent = forecast.why;
    why.append(summary, text);
    div.appendChild(why);
  }
}

// The end of the game: winners first, their goal, every player's gems and goals.
export function drawSummary(box, summary, options = {}) {
  box.replaceChildren();
  const h = document.createElement("h2");
  h.className = "headline";
  if (options.titleId) h.id = options.titleId;
  const meWon = options.me && summary.winners.includes(options.me);
  h.textContent = meWon ? t("You win! ★") : summary.headline;
  const why = document.createElement("p");
  why.className = "summary-why";
  why.textContent = tn("{why} (after {n} round)", "{why} (after {n} rounds)", summary.rounds, { why: summary.why });
  box.append(h, why);
  const ul = document.createElement("ul");
  ul.className = "final-list";
  for (const p of summary.players) {
    const li = document.createElement("li");
    li.className = p.winner ? "winner" : "";
    li.dataset.player = p.player;
    const gems = Object.entries(p.gems).filter(([, n]) => n).map(([c, n]) => t("{count} {gem}", { count: n, gem: gem(c) })).join(", ") || t("no gems");
    li.innerHTML = `<span class="swatch pc-${p.player}" aria-hidden="true">${LETTERS[p.player]}</span> `;
    const s = document.createElement("span");
    const fields = { player: cap(p.player), goal: p.reached, gems };
    s.textContent = (p.winner ? "★ " : "") + (p.reached ? t("{player}: reached {goal} — {gems}", fields) : t("{player}: no goal reached — {gems}", fields));
    li.append(s);
    ul.append(li);
  }
  box.append(ul);
}

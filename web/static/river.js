// The river drawn in SVG from a public view: slots, discs, canoes, deposits, weather.
// drawRiver(svg, view, options) redraws everything; options:
//   selectable: [{at, gem}]   canoes the player may tap (their own)
//   selected:  {at, gem}      the canoe picked
//   destinations: ["T4", ...] slots to highlight
//   owner: "red"              whose canoes are selectable (the phone's player)
//   onCanoe(canoe), onSlot(slot)

//
// The board itself (slots, deposits, where the drawing puts them, colours, letters) comes
// from the server: every page carries it as JSON in #niagara-board (also /api/board).

const NS = "http://www.w3.org/2000/svg";
export const BOARD = JSON.parse(document.getElementById("niagara-board").textContent);
export const SLOTS = Object.fromEntries(BOARD.slots.map((s) => [s, BOARD.drawn_at[s]]));
export const BEACH = BOARD.drawn_at[BOARD.beach];
export const LETTERS = Object.fromEntries(Object.entries(BOARD.colours).map(([k, c]) => [k, c.letter]));
export const COLOURS = Object.fromEntries(Object.entries(BOARD.colours).map(([k, c]) => [k, c.screen]));
export const GEMS = BOARD.gems;
const DEPOSITS = Object.fromEntries(Object.entries(BOARD.deposits).map(
  ([gem, d]) => [gem, { at: d.drawn_at, slots: d.slots.join("/") }]));

/** An SVG element with attributes, appended to ``parent``, with ``text`` if given. */
export function el(name, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

export function drawRiver(svg, view, options = {}) {
  const state = view.state;
  svg.replaceChildren();
  // Water, banks, beach and falls.
  el("rect", { x: 0, y: 0, width: 380, height: 560, fill: "#d9ead0" }, svg);
  el("path", { d: "M150 75 L230 75 L230 370 L300 400 L300 525 L220 525 L220 380 L160 380 L160 525 L80 525 L80 400 L150 370 Z",
    fill: "#9cc7e8" }, svg);
  el("rect", { x: 40, y: 20, width: 300, height: 50, rx: 8, fill: "#f1dfb0", class: "beach" }, svg);
  el("text", { x: 48, y: 36, class: "label" }, svg, "Beach");
  el("line", { x1: 140, y1: 76, x2: 240, y2: 76, stroke: "#7a5b2a", "stroke-width": 3,
    "stroke-dasharray": "6 3" }, svg);
  el("rect", { x: 70, y: 528, width: 240, height: 22, fill: "#e8f4ff", class: "falls" }, svg);
  el("text", { x: 190, y: 544, class: "label", "text-anchor": "middle" }, svg, "Waterfall");
  el("rect", { x: 165, y: 395, width: 50, height: 120, rx: 12, fill: "#b9d69b" }, svg);
  // Deposits with their contents.
  for (const [colour, dep] of Object.entries(DEPOSITS)) {
    const [x, y] = dep.at;
    const g = el("g", { class: "deposit", "aria-label": `${colour} deposit` }, svg);
    el("circle", { cx: x, cy: y, r: 19, fill: GEMS[colour], stroke: "#555", "fill-opacity": 0.35 }, g);
    const counts = (state.deposits[colour] || {});
    const text = Object.entries(counts).map(([c, n]) => `${n}${c[0].toUpperCase()}`).join(" ");
    const own = Object.keys(counts).every((c) => c === colour);
    el("text", { x, y: y + (own ? 5 : 3), "text-anchor": "middle", class: own ? "dep-count big" : "dep-count" }, g,
      own ? String(counts[colour] || 0) : (text || "0"));
    el("text", { x, y: y + 29, "text-anchor": "middle", class: "dep-name" }, g, colour);
    el("title", {}, g, `${cap(colour)} deposit (${dep.slots}): ` +
      (Object.entries(counts).map(([c, n]) => `${n} ${c}`).join(", ") || "empty"));
  }
  // Slots and discs.
  const dest = new Set(options.destinations || []);
  for (const [slot, [x, y]] of Object.entries(SLOTS)) {
    const g = el("g", { class: "slot" + (dest.has(slot) ? " dest" : ""), "data-slot": slot }, svg);
    el("circle", { cx: x, cy: y, r: 25, class: "disc" }, g);
    el("text", { x: x + 27, y: y - 14, class: "slot-name" }, g, slot);
    if (dest.has(slot) && options.onSlot) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `Paddle to ${slot}`);
      g.addEventListener("click", () => options.onSlot(slot));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); options.onSlot(slot); } });
    }
  }
  if (dest.has("beach") && options.onSlot) {
    const g = el("g", { class: "slot dest", "data-slot": "beach", tabindex: "0", role: "button",
      "aria-label": "Paddle to the beach" }, svg);
    el("rect", { x: 44, y: 24, width: 292, height: 42, rx: 8, class: "disc" }, g);
    g.addEventListener("click", () => options.onSlot("beach"));
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); options.onSlot("beach"); } });
  }
  // Weather track.
  const wx = 330;
  el("text", { x: wx, y: 90, class: "label", "text-anchor": "middle" }, svg, "Weather");
  [2, 1, 0, -1].forEach((w, i) => {
    const y = 110 + i * 36;
    el("rect", { x: wx - 14, y: y - 14, width: 28, height: 28, rx: 4, fill: "#fff", stroke: "#777" }, svg);
    el("text", { x: wx, y: y + 4, "text-anchor": "middle", class: "label" }, svg, (w > 0 ? "+" : "") + w);
    if (state.weather === w) {
      el("circle", { cx: wx, cy: y, r: 12, class: "cloud", "data-weather": w }, svg);
      el("text", { x: wx, y: y + 4, "text-anchor": "middle", class: "cloud-text" }, svg, (w > 0 ? "+" : "") + w);
    }
  });
  // Canoes, grouped by position.
  const byPlace = {};
  const add = (owner, canoe) => {
    if (canoe.at === "lost") return;
    (byPlace[canoe.at] = byPlace[canoe.at] || []).push({ owner, ...canoe });
  };
  for (const p of state.players) for (const c of state.canoes[p]) add(p, c);
  if (state.joe) add("joe", state.joe);
  const selectable = options.selectable || [];
  for (const [place, canoes] of Object.entries(byPlace)) {
    const [cx, cy] = place === "beach" ? BEACH : SLOTS[place];
    canoes.forEach((canoe, i) => {
      let x, y;
      if (place === "beach") { x = 70 + i * 30; y = cy + 8; }
      else { const col = i % 2, row = Math.floor(i / 2); x = cx - 14 + col * 28 - (canoes.length === 1 ? -14 : 0); y = cy - 8 + row * 16 - (canoes.length > 2 ? 8 : 0); }
      const mine = canoe.owner === options.owner && selectable.some((s) => s.at === canoe.at && (s.gem ?? null) === (canoe.gem ?? null));
      const sel = options.selected && options.selected.at === canoe.at && (options.selected.gem ?? null) === (canoe.gem ?? null) && mine;
      const g = el("g", { class: "canoe" + (mine ? " mine" : "") + (sel ? " selected" : ""),
        "data-owner": canoe.owner, "data-at": canoe.at }, svg);
      const name = canoe.owner === "joe" ? BOARD.colours.joe.label : `${BOARD.colours[canoe.owner].label}'s canoe`;
      const where = canoe.at === "beach" ? "the beach" : canoe.at;
      const label = `${name} on ${where}${canoe.gem ? " with a " + canoe.gem + " gem" : ""}`;
      el("title", {}, g, label);
      if (mine && options.onCanoe) el("rect", { x: x - 15, y: y - 12, width: 30, height: 24, class: "hit" }, g);
      el("rect", { x: x - 13, y: y - 7, width: 26, height: 14, rx: 7, fill: COLOURS[canoe.owner], stroke: "#111" }, g);
      el("text", { x: x - (canoe.gem ? 3 : 0), y: y + 4, "text-anchor": "middle",
        class: "canoe-letter" + (BOARD.colours[canoe.owner].dark_text ? " dark" : "") }, g, LETTERS[canoe.owner]);
      if (canoe.gem) el("circle", { cx: x + 8, cy: y, r: 4.5, fill: GEMS[canoe.gem], stroke: "#000", class: "gem" }, g);
      if (mine && options.onCanoe) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", `Move your canoe on ${where}${canoe.gem ? " with a " + canoe.gem + " gem" : ""}`);
        g.setAttribute("aria-pressed", sel ? "true" : "false");
        g.addEventListener("click", () => options.onCanoe({ at: canoe.at, gem: canoe.gem }));
        g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); options.onCanoe({ at: canoe.at, gem: canoe.gem }); } });
      }
    });
  }
}

// The players' list: colour, letter, buoy, locked in (never which card), revealed card.
export function drawPlayers(ul, view) {
  const s = view.state;
  ul.replaceChildren();
  for (const p of s.players) {
    const li = document.createElement("li");
    li.className = "player" + (s.to_play === p ? " to-play" : "");
    li.dataset.player = p;
    const bits = [];
    if (s.first_player === p) bits.push("◎ buoy");
    if (s.to_play === p) bits.push("to play");
    if (p in s.played) bits.push(`played ${s.played[p] === "cloud" ? "the cloud" : s.played[p]}`);
    else if (s.locked.includes(p)) bits.push("locked in ✓");
    else if (s.phase === "choose") bits.push("choosing…");
    const reserve = Object.entries(s.reserves[p]).map(([c, n]) => `${n} ${c}`).join(", ") || "no gems";
    const lost = s.canoes[p].filter((c) => c.at === "lost").length;
    li.innerHTML = `<span class="swatch pc-${p}" aria-hidden="true">${LETTERS[p]}</span>
      <strong>${cap(p)}</strong> <span class="status">${bits.join(" · ")}</span>
      <span class="reserve">reserve: ${reserve}${lost ? ` · ${lost} canoe${lost > 1 ? "s" : ""} lost` : ""}</span>`;
    ul.appendChild(li);
  }
}

export function drawForecast(div, forecast) {
  div.replaceChildren();
  const p = document.createElement("p");
  p.textContent = forecast.text;
  div.appendChild(p);
  if (forecast.why) {
    const why = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "Why this many?";
    const text = document.createElement("p");
    text.className = "hint";
    text.textContent = forecast.why;
    why.append(summary, text);
    div.appendChild(why);
  }
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
    q.textContent = "No canoe can go over the falls this round.";
    div.appendChild(q);
  }
}

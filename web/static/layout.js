// The layout editor on the calibration page: the layout's positions (board mm) drawn over
// the straightened picture of the board; drag them (pointer events: mouse, touch, pen) or
// select one and nudge it with the arrow keys; save (validated by the server) or reset.
// Without the setup key (a view only) the positions are drawn but cannot be moved.
import { el } from "./river.js";
import { t, word } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const svg = $("layout");
const status = $("layout-status");
let saved = null;     // the layout as the server has it
let layout = null;    // the layout being edited
let selected = null;  // {kind, name}
const editable = $("calibration").dataset.editable === "yes";
// The setup key from this page's address (/calibrate?key=...), sent with every change.
const setupKey = new URLSearchParams(location.search).get("key") || "";

async function call(method, body) {
  const response = await fetch("/api/calibration/layout", {
    method, headers: { "Content-Type": "application/json", ...(method === "GET" ? {} : { "X-Setup-Key": setupKey }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data;
  const fault = t("The companion answered {status}.", { status: response.status });
  try { data = await response.json(); } catch { data = { ok: false, error: fault }; }
  if (!response.ok || !data.ok) throw new Error(data.error || fault);
  return data;
}

// Every movable point: kind, name, label, radius, and how to get and set it.
function points() {
  const out = [];
  for (const name of Object.keys(layout.slots)) out.push({ kind: "slot", name, label: t("Slot {slot}", { slot: name }), text: name, r: layout.disc_diameter_mm / 2, get: () => layout.slots[name], set: (p) => { layout.slots[name] = p; } });
  for (const name of Object.keys(layout.deposits)) out.push({ kind: "deposit", name, label: t("The {gem} gem deposit", { gem: word("gem", name) }), text: word("gem", name), r: 9, get: () => layout.deposits[name], set: (p) => { layout.deposits[name] = p; } });
  for (const name of Object.keys(layout.weather)) {
    const w = Number(name);
    const sign = `${w > 0 ? "+" : ""}${w}`;
    out.push({ kind: "weather", name, label: t("Weather space {sign}", { sign }), text: sign, r: layout.weather_space_mm || 15, get: () => layout.weather[name], set: (p) => { layout.weather[name] = p; } });
  }
  layout.beach.forEach((_, i) => out.push({ kind: "beach", name: String(i), label: t("Beach corner {n}", { n: i + 1 }), text: `${i + 1}`, r: 7, get: () => layout.beach[i], set: (p) => { layout.beach[i] = p; } }));
  return out;
}

const round = (v) => Math.round(v * 10) / 10;
const changed = () => JSON.stringify(layout) !== JSON.stringify(saved);
const describe = (pt) => { const [x, y] = pt.get(); return t("{what} at {x}, {y} mm", { what: pt.label, x: round(x), y: round(y) }); };

function clamp(p) {
  const [w, h] = layout.board_mm;
  return [round(Math.min(w, Math.max(0, p[0]))), round(Math.min(h, Math.max(0, p[1])))];
}

function toBoard(e) {
  const m = svg.getScreenCTM().inverse();
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
  return [p.x, p.y];
}

function draw() {
  const [w, h] = layout.board_mm;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.replaceChildren();
  el("rect", { x: 0, y: 0, width: w, height: h, class: "board-blank" }, svg);
  const img = el("image", { href: `/api/calibration/board.jpg?t=${Date.now()}`, x: 0, y: 0, width: w, height: h, preserveAspectRatio: "none" }, svg);
  img.addEventListener("error", () => { img.remove(); $("layout-file").dataset.nopicture = "1"; showFile(); });
  el("polygon", { points: layout.beach.map((p) => p.join(",")).join(" "), class: "beach-area" }, svg);
  for (const pt of points()) {
    const [x, y] = pt.get();
    const sel = selected && selected.kind === pt.kind && selected.name === pt.name;
    if (!editable) {
      const g = el("g", { class: `handle handle-${pt.kind}`, "data-kind": pt.kind, "data-name": pt.name }, svg);
      el("title", {}, g, describe(pt));
      el("circle", { cx: x, cy: y, r: pt.r, class: "ring" }, g);
      el("circle", { cx: x, cy: y, r: 1.5, class: "dot" }, g);
      el("text", { x: x + pt.r + 2, y: y - pt.r / 2, class: "handle-label" }, g, pt.text);
      continue;
    }
    const g = el("g", { class: `handle handle-${pt.kind}${sel ? " selected" : ""}`, tabindex: "0", role: "button",
      "data-kind": pt.kind, "data-name": pt.name, "aria-pressed": sel ? "true" : "false",
      "aria-label": t("{where}. Drag it, or use the arrow keys to move it (Shift: 10 mm).", { where: describe(pt) }) }, svg);
    el("circle", { cx: x, cy: y, r: pt.r, class: "ring" }, g);
    el("circle", { cx: x, cy: y, r: 1.5, class: "dot" }, g);
    el("text", { x: x + pt.r + 2, y: y - pt.r / 2, class: "handle-label" }, g, pt.text);
    g.addEventListener("pointerdown", (e) => startDrag(e, pt, g));
    g.addEventListener("focus", () => select(pt, false));
    g.addEventListener("keydown", (e) => nudge(e, pt));
  }
  if (!editable) return;
  $("layout-save").disabled = !changed();
  $("layout-revert").disabled = !changed();
}

function select(pt, redraw = true) {
  if (selected && selected.kind === pt.kind && selected.name === pt.name) { $("layout-selected").textContent = describe(pt) + "."; return; }
  selected = { kind: pt.kind, name: pt.name };
  $("layout-selected").textContent = describe(pt) + ".";
  if (redraw) { draw(); focusSelected(); }
  else svg.querySelectorAll("g.handle").forEach((g) => {
    const on = g.dataset.kind === pt.kind && g.dataset.name === pt.name;
    g.classList.toggle("selected", on); g.setAttribute("aria-pressed", on ? "true" : "false");
  });
}

function focusSelected() {
  if (!selected) return;
  const g = svg.querySelector(`g.handle[data-kind="${selected.kind}"][data-name="${selected.name}"]`);
  if (g && document.activeElement !== g) g.focus({ preventScroll: true });
}

function moved(pt) {
  $("layout-selected").textContent = describe(pt) + ".";
  status.textContent = t("Not saved yet.");
  draw();
  focusSelected();
}

function startDrag(e, pt, g) {
  e.preventDefault();
  select(pt, false);
  const start = toBoard(e);
  const origin = pt.get();
  g.setPointerCapture(e.pointerId);
  const move = (ev) => {
    const p = toBoard(ev);
    pt.set(clamp([origin[0] + p[0] - start[0], origin[1] + p[1] - start[1]]));
    const [x, y] = pt.get();
    g.querySelectorAll("circle").forEach((c) => { c.setAttribute("cx", x); c.setAttribute("cy", y); });
    const t = g.querySelector("text");
    t.setAttribute("x", x + pt.r + 2); t.setAttribute("y", y - pt.r / 2);
    if (pt.kind === "beach") svg.querySelector(".beach-area").setAttribute("points", layout.beach.map((q) => q.join(",")).join(" "));
    $("layout-selected").textContent = describe(pt) + ".";
  };
  const end = () => {
    g.removeEventListener("pointermove", move);
    g.removeEventListener("pointerup", end);
    g.removeEventListener("pointercancel", end);
    moved(pt);
  };
  g.addEventListener("pointermove", move);
  g.addEventListener("pointerup", end);
  g.addEventListener("pointercancel", end);
}

function nudge(e, pt) {
  const step = e.shiftKey ? 10 : 1;
  const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
  if (!d) return;
  e.preventDefault();
  selected = { kind: pt.kind, name: pt.name };
  const [x, y] = pt.get();
  pt.set(clamp([x + d[0], y + d[1]]));
  moved(pt);
}

function showFile(info) {
  if (info) $("layout-file").dataset.text = info.custom
    ? t("In use: your layout, saved in {path}.", { path: info.path })
    : t("In use: the default layout ({name}).", { name: info.default.name }) +
      (editable ? " " + t("Saving writes your layout to {path}.", { path: info.path }) : "");
  $("layout-file").textContent = ($("layout-file").dataset.text || "") +
    ($("layout-file").dataset.nopicture ? " " + t("No picture of the board yet (the camera must see the four corner markers, or use the four corners above): the positions are shown on a blank board.") : "");
}

function load(info, message) {
  saved = info.layout;
  layout = JSON.parse(JSON.stringify(info.layout));
  showFile(info);
  if (info.error) message = info.error;
  status.textContent = message || "";
  draw();
}

if (editable) {
  $("layout-save").addEventListener("click", async () => {
    try { load(await call("PUT", layout), t("Saved: the camera uses this layout now.")); focusSelected(); }
    catch (e) { status.textContent = e.message; }
  });
  $("layout-revert").addEventListener("click", () => {
    layout = JSON.parse(JSON.stringify(saved));
    status.textContent = t("Your unsaved changes were dropped.");
    draw();
  });
  $("layout-reset").addEventListener("click", async () => {
    if (!confirm(t("Go back to the default layout? Your saved positions are deleted."))) return;
    try { load(await call("DELETE"), t("Back to the default layout: the camera uses it now.")); }
    catch (e) { status.textContent = e.message; }
  });
}

call("GET").then((info) => load(info)).catch((e) => { status.textContent = e.message; });

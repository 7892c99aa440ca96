import { drawRiver, drawPanels, drawForecast, drawSummary, animateRiver, cap, discMs } from "./river.js";
import { connect, post } from "./sse.js";
import { t, word } from "./i18n.js";

const root = document.getElementById("table");
const gameId = root.dataset.game;
const key = root.dataset.key;
const controls = root.dataset.controls === "yes";
const $ = (id) => document.getElementById(id);
let view = JSON.parse($("initial").textContent);
let arms = [];
let animated = null;       // the version whose river move was animated
let surprised = null;      // the version whose real river move (other arms) was animated
let summaryClosed = false;

function showError(message) { $("error").textContent = message || ""; }

function renderLog(v) {
  const log = $("log");
  log.replaceChildren();
  const lines = v.log.slice(-40);
  log.start = lines.length ? lines[0].n + 1 : 1;
  log.classList.toggle("wide-numbers", lines.length > 0 && lines[lines.length - 1].n + 1 >= 100);
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line.text;
    li.className = "ev-" + line.kind;
    log.appendChild(li);
  }
  if (!v.log.length) {
    const li = document.createElement("li");
    li.className = "hint empty";
    li.textContent = t("Nothing yet: each player picks a paddle card on their phone.");
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
}

// Phase 3's animation: the predicted arms while the table pushes the discs, or (``move``
// = v.river_surprise) the real move again when the discs took other arms.
async function playRiver(v, move = v.river) {
  const svg = $("river");
  if (!move || !move.frames.length) return;
  while (svg.dataset.animating === "yes") await new Promise((r) => setTimeout(r, 200));
  svg.dataset.animating = "yes";
  const caption = $("disc-caption");
  caption.hidden = false;
  const intro = move === v.river ? "" : `${move.text} `;
  await animateRiver(svg, v, move.frames, (f) => {
    const disc = t("Disc {disc} of {count} → {arm} arm", { disc: f.disc, count: move.frames.length, arm: word("arm", f.arm) });
    const who = f.fell.map((k) => cap(k.split(":")[0])).join(", ");
    caption.textContent = intro + (f.fell.length ? t("{disc} — {players} over the falls!", { disc, players: who }) : disc);
  });
  await new Promise((r) => setTimeout(r, discMs(svg) + 400));  // the river's end, a moment
  svg.dataset.animating = "no";
  caption.hidden = true;
  drawRiver(svg, view);
}

function render(v) {
  const versionChanged = !view || view.version !== v.version;
  view = v;
  $("banner").textContent = v.banner;
  document.title = t("{what} — Niagara table", { what: v.summary ? v.summary.headline : v.banner.split(":")[0] });
  if ($("river").dataset.animating !== "yes") drawRiver($("river"), v);
  drawPanels($("players"), v.panels, { computers: v.seats.computers });
  drawForecast($("forecast"), v.forecast);
  $("forecast").closest(".side-box").hidden = v.state.phase === "over";
  renderLog(v);
  $("help").textContent = v.help;
  $("river-why").textContent = v.river ? v.river.why : "";
  $("river-why").hidden = true;
  $("replay").hidden = !(v.river && v.river.frames.length);
  $("notes").textContent = v.notes.slice(-1)[0] || "";
  const alerts = $("alerts");
  alerts.replaceChildren();
  for (const [what, hw] of Object.entries(v.hardware || {})) {
    if (!hw.problem) continue;
    const box = document.createElement("div");
    box.className = "alert hardware";
    box.dataset.hardware = what;
    box.textContent = hw.problem;
    alerts.appendChild(box);
  }
  if (v.problems.length) {
    const box = document.createElement("div");
    box.className = "alert";
    const head = document.createElement("strong");
    head.textContent = t("The board does not match the game.");
    box.appendChild(head);
    const ol = document.createElement("ol");
    for (const p of v.problems) {
      const li = document.createElement("li");
      li.textContent = `${p.text} ${p.fix}`;
      ol.appendChild(li);
    }
    box.appendChild(ol);
    alerts.appendChild(box);
    document.querySelector(".camera-box").open = true;  // show what the camera sees
  }
  $("proposal").hidden = !v.proposal;
  $("proposal-text").textContent = v.proposal ? v.proposal.text : "";
  // A computer's turn at the table: which canoe to move where, for someone to do.
  $("computer").hidden = !v.computer_turn;
  $("computer-text").textContent = v.computer_turn ? v.computer_turn.text : "";
  const riverControls = $("river-controls");
  riverControls.hidden = !(v.river && controls);
  if (v.river && controls) {
    if (arms.length !== v.river.discs) arms = v.river.predicted_arms.slice();
    const box = $("arms");
    box.replaceChildren();
    arms.forEach((arm, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "arm small";
      b.textContent = t("Disc {n}: {arm}", { n: i + 1, arm: word("arm", arm) });
      b.setAttribute("aria-label", t("Disc {n} took the {arm} arm; press to change", { n: i + 1, arm: word("arm", arm) }));
      b.addEventListener("click", () => { arms[i] = arms[i] === "left" ? "right" : "left"; render(view); });
      box.appendChild(b);
    });
  } else {
    arms = [];
  }
  // Phase 3: the river's move, disc by disc, once per round.
  if (v.river && animated !== v.version && v.river.frames.length) {
    animated = v.version;
    playRiver(v);
  }
  if (!v.river) animated = null;
  if (v.river_surprise && surprised !== v.river_surprise.version) {
    surprised = v.river_surprise.version;
    playRiver(v, v.river_surprise);
  }
  // The end of the game.
  const summary = $("summary");
  if (v.summary) {
    drawSummary($("summary-body"), v.summary, { titleId: "summary-title" });
    summary.hidden = summaryClosed;
    document.body.classList.add("game-over");
  } else {
    summary.hidden = true;
    summaryClosed = false;
    document.body.classList.remove("game-over");
  }
  if (controls) $("undo").disabled = !v.undo;
  if (versionChanged) showError("");
  root.dataset.shown = v.version;  // everything of this version is drawn (tests wait for it)
}

function renderLeds(leds) {
  const box = $("leds");
  box.replaceChildren();
  if (!leds) { box.textContent = t("No lights."); return; }
  const add = (cls, on, label, short, style) => {
    const wrap = document.createElement("span");
    wrap.className = "led-wrap";
    const span = document.createElement("span");
    span.className = `led ${cls}` + (on ? " on" : "");
    span.setAttribute("role", "img");
    const said = on ? t("{light}: on", { light: label }) : t("{light}: off", { light: label });
    span.setAttribute("aria-label", said);
    span.title = said;
    span.dataset.led = cls;
    if (style) span.style.background = style;
    const caption = document.createElement("small");
    caption.textContent = short;
    caption.setAttribute("aria-hidden", "true");
    wrap.append(span, caption);
    box.appendChild(wrap);
    return span;
  };
  const barWrap = document.createElement("span");
  barWrap.className = "led-wrap";
  const bar = document.createElement("div");
  bar.className = "bar";
  const barCaption = document.createElement("small");
  barCaption.textContent = t("Discs to push");
  barCaption.setAttribute("aria-hidden", "true");
  barWrap.append(bar, barCaption);
  box.appendChild(barWrap);
  leds.bar.forEach((on, i) => {
    const s = document.createElement("span");
    s.className = "led bar-led" + (on ? " on" : "");
    s.dataset.led = "bar";
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", on ? t("Disc to push {n}: on", { n: i + 1 }) : t("Disc to push {n}: off", { n: i + 1 }));
    bar.appendChild(s);
  });
  add("falls", leds.falls, t("Falls (red)"), t("Falls"));
  add("check", leds.check, t("Check the board (amber)"), t("Check the board"));
  add("ok", leds.ok, t("All good (green)"), t("All good"));
  const rgb = leds.player_rgb;
  const lit = rgb.some((c) => c > 0);
  add("player", lit, leds.player ? t("Turn light ({player})", { player: cap(leds.player) }) : t("Turn light"), t("Turn light"), lit ? `rgb(${rgb.join(",")})` : "");
  const buzz = document.createElement("span");
  buzz.className = "buzzer" + (leds.buzzer.on ? " on" : "");
  buzz.textContent = leds.buzzer.on ? `♪ ${leds.buzzer.note || ""}` : t("buzzer quiet");
  box.appendChild(buzz);
}

// The camera's latest picture, downloaded only while the camera box is open (each picture
// is a JPEG the companion encodes, at every change of the board: wasted work while folded).
let frameUrl = null;
function showFrame() {
  const img = $("frame");
  if (!frameUrl || !img.closest("details").open) return;
  img.hidden = false;
  if (img.getAttribute("src") !== frameUrl) img.src = frameUrl;
}
document.querySelector(".camera-box").addEventListener("toggle", showFrame);

function renderCamera(cam) {
  if (!cam.camera) { $("seen").textContent = t("No camera: confirm the river with the Done button."); return; }
  if (!cam.seen) return;
  frameUrl = `/api/camera/frame.jpg?t=${cam.at}`;
  showFrame();
  const canoes = cam.seen.canoes.map((c) => `${cap(c.colour)} ${c.at === "beach" ? word("place", "beach") : c.at}${c.gem && c.gem !== "unknown" ? " (" + word("gem", c.gem) + ")" : ""}`);
  $("seen").textContent = cam.seen.board_found
    ? t("The {camera} camera sees: {canoes}; weather {weather}.", { camera: cam.camera, canoes: canoes.join(", "), weather: cam.seen.weather })
    : t("The camera cannot find the board.");
}

async function act(url, data) {
  showError("");
  try { return await post(url, { key, ...data }); } catch (e) { showError(e.message); return null; }
}

$("replay").addEventListener("click", () => { if ($("river").dataset.animating !== "yes") playRiver(view); });

// The post-game review: each player's chance of winning round by round, the turning points.
const REVIEW_WORDS = {
  working: t("Reviewing the game… (this takes a little while)"),
  offline: t("No connection to the companion: try again."),
  start: t("Before the first round"),
  round: (n, last) => t("After round {n} of {last}", { n, last }),
  none: t("No decision cost anyone much: a close game."),
};
let review = null;
let reviewAt = 0;

function renderReview() {
  const rounds = review.rounds;
  const r = rounds[reviewAt];
  const last = rounds[rounds.length - 1].round;
  $("review-round").hidden = false;
  $("review-label").textContent = r.round === 0 ? REVIEW_WORDS.start : REVIEW_WORDS.round(r.round, last);
  $("review-prev").disabled = reviewAt === 0;
  $("review-next").disabled = reviewAt === rounds.length - 1;
  const ul = $("review-chances");
  ul.replaceChildren();
  for (const p of review.players) {
    const li = document.createElement("li");
    li.dataset.player = p;
    const pct = Math.round(100 * r.chances[p]);
    const bar = document.createElement("span");
    bar.className = `review-bar pc-${p}`;
    bar.style.width = `${Math.max(pct, 1)}%`;
    const text = document.createElement("span");
    text.className = "review-pct";
    text.textContent = t("{player}: {percent}%", { player: cap(p), percent: pct });
    li.append(text, bar);
    ul.append(li);
  }
  const points = $("review-points");
  points.replaceChildren();
  $("review-points-title").hidden = false;
  for (const point of review.turning_points) {
    const li = document.createElement("li");
    li.textContent = point.text;
    li.dataset.round = point.round;
    li.addEventListener("click", () => { reviewAt = Math.max(0, rounds.findIndex((x) => x.round === point.round)); renderReview(); });
    points.append(li);
  }
  if (!review.turning_points.length) {
    const li = document.createElement("li");
    li.className = "hint";
    li.textContent = REVIEW_WORDS.none;
    points.append(li);
  }
}

$("review-open").addEventListener("click", async (e) => {
  $("review").hidden = false;
  $("review").scrollIntoView({ behavior: "smooth", block: "start" });
  if (review && review.version === view.version) return;
  e.target.disabled = true;
  $("review-status").textContent = REVIEW_WORDS.working;
  try {
    const response = await fetch(`/api/games/${gameId}/review`);
    const body = await response.json();
    if (!response.ok || body.ok === false) { $("review-status").textContent = body.error; return; }
    review = body;
    reviewAt = body.rounds.length - 1;
    $("review-status").textContent = "";
    renderReview();
  } catch {
    $("review-status").textContent = REVIEW_WORDS.offline;
  } finally {
    e.target.disabled = false;
  }
});
$("review-prev").addEventListener("click", () => { reviewAt = Math.max(0, reviewAt - 1); renderReview(); });
$("review-next").addEventListener("click", () => { reviewAt = Math.min(review.rounds.length - 1, reviewAt + 1); renderReview(); });
$("summary-close").addEventListener("click", () => { summaryClosed = true; $("summary").hidden = true; });
if (controls) {
  $("river-done")?.addEventListener("click", async (e) => {
    e.target.disabled = true;
    await act(`/api/games/${gameId}/river`, { arms });
    e.target.disabled = false;
  });
  $("undo")?.addEventListener("click", () => {
    if (!view.undo) return;
    if (confirm(t("Undo {what}?", { what: view.undo }))) act(`/api/games/${gameId}/undo`, { version: view.version });
  });
  $("confirm-proposal")?.addEventListener("click", () => act(`/api/games/${gameId}/confirm`, {}));
  $("computer-done")?.addEventListener("click", async (e) => {
    if (!view.computer_turn) return;
    e.target.disabled = true;
    await act(`/api/games/${gameId}/computer`, { turn: view.computer_turn.action });
    e.target.disabled = false;
  });
  $("again")?.addEventListener("click", async (e) => {
    e.target.disabled = true;
    const made = await act(`/api/games/${gameId}/again`, {});
    e.target.disabled = false;
    if (made) window.location.href = made.setup;
  });
}

view = null;
render(JSON.parse($("initial").textContent));
connect(`/api/games/${gameId}/stream`, { game: render, leds: renderLeds, camera: renderCamera });

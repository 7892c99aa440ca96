import { drawRiver, drawForecast } from "./river.js";
import { connect, post } from "./sse.js";

const root = document.getElementById("play");
const token = root.dataset.token;
const $ = (id) => document.getElementById(id);
let view = JSON.parse($("initial").textContent);
let options = null;      // the turn options for view.version
let selected = null;     // the canoe picked {at, gem}
let dest = null;         // the destination picked
let pending = null;      // the card about to be locked in

function showError(message) { $("error").textContent = message || ""; $("message").textContent = ""; }
function showMessage(message) { $("message").textContent = message || ""; }

async function act(data, done) {
  showError("");
  try {
    const result = await post(`/api/play/${token}/action`, data);
    if (done) showMessage(done);
    return result;
  } catch (e) { showError(e.message); }
}

function renderHand() {
  const me = view.me;
  const form = $("hand");
  form.querySelectorAll("button").forEach((b) => {
    const card = b.value === "cloud" ? "cloud" : Number(b.value);
    const info = me.cards.find((c) => c.card === card);
    b.disabled = !info.in_hand || me.locked !== null || view.state.phase !== "choose";
    b.classList.toggle("played", !info.in_hand);
    b.classList.toggle("chosen", me.locked === card);
  });
  $("locked").textContent = me.locked !== null
    ? `Locked in: ${me.locked === "cloud" ? "the cloud" : me.locked}. It cannot be changed.`
    : (view.state.phase === "choose" ? "Pick a card, then lock it in." : "");
  $("lockin").hidden = pending === null;
  const rec = $("recover");
  rec.replaceChildren();
  const lost = me.canoes.filter((c) => c.at === "lost").length;
  if (me.recover.length) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = me.recover.includes("free")
      ? "Both your canoes went over the falls and you have no gem: one canoe comes back for free."
      : `${lost === 2 ? "Both your canoes" : "One of your canoes"} went over the falls. ` +
        "Each lost canoe comes back to the beach for one gem from your reserve (the gem goes back to its deposit).";
    rec.appendChild(p);
  }
  for (const pay of me.recover) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = pay === "free" ? "Take a canoe back for free" : `Buy back a canoe with a ${pay} gem`;
    b.addEventListener("click", () => act({ type: "recover", pay, lost }, "Your canoe is back on the beach."));
    rec.appendChild(b);
  }
}

function sameCanoe(a, b) { return a && b && a.at === b.at && (a.gem ?? null) === (b.gem ?? null); }

function renderTurn() {
  const me = view.me;
  const box = $("options");
  box.replaceChildren();
  if (!me.your_turn || !options || !options.your_turn) {
    $("turn-help").textContent = waitingText();
    drawRiver($("river"), view);
    return;
  }
  if (options.card === "cloud") {
    $("turn-help").textContent = "You played the cloud: move the weather one space.";
    drawRiver($("river"), view);
  } else {
    $("turn-help").textContent = selected
      ? `Your card is ${options.card}. Tap a highlighted place for your canoe on ${selected.at === "beach" ? "the beach" : selected.at}, or pick a move from the list below.`
      : `Your card is ${options.card}. Tap one of your canoes to see where it can go.`;
    const starts = [];
    for (const o of options.options) for (const m of o.moves) {
      const c = { at: m.from, gem: m.gem ?? null };
      if (!starts.some((s) => s.at === c.at)) starts.push(c);
    }
    const mine = me.canoes.filter((c) => starts.some((s) => s.at === c.at));
    const destinations = selected ? options.options.flatMap((o) => o.moves.filter((m) => m.from === selected.at).map((m) => m.to)) : [];
    drawRiver($("river"), view, {
      selectable: mine, selected, destinations, owner: me.player,
      onCanoe: (c) => { selected = sameCanoe(selected, c) ? null : c; dest = null; renderTurn(); },
      onSlot: (slot) => { dest = slot; renderTurn(); },
    });
  }
  let list = options.options;
  if (selected && options.card !== "cloud") list = list.filter((o) => o.moves.some((m) => m.from === selected.at && (dest === null || m.to === dest)));
  const heading = document.createElement("p");
  heading.className = "hint";
  heading.textContent = list.length === options.options.length ? "Every possible move:" : `${list.length} move(s) match:`;
  box.appendChild(heading);
  for (const o of list) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "option";
    b.textContent = o.text;
    b.addEventListener("click", async () => {
      const { player, ...action } = o.action;
      const done = await act(action, "Your move is entered: now make it on the board.");
      if (done) { selected = null; dest = null; }
    });
    box.appendChild(b);
  }
}

async function loadOptions() {
  if (!view.me.your_turn) { options = null; renderTurn(); return; }
  if (options && options.version === view.version) { renderTurn(); return; }
  try {
    const response = await fetch(`/api/play/${token}/options`);
    options = await response.json();
    if (!options.ok) { showError(options.error); options = null; }
  } catch (e) { showError(e.message); }
  renderTurn();
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// What the player waits for, in plain words, when it is not their move.
function waitingText() {
  const s = view.state;
  if (s.phase === "choose") {
    return view.me.locked === null
      ? "First everyone picks a card in secret (above). Then the cards are revealed and each player moves in turn, starting with the player holding the buoy."
      : "Waiting for the others to lock in their cards. Then the cards are revealed and each player moves in turn, starting with the player holding the buoy.";
  }
  if (s.phase === "actions") {
    if (view.me.your_turn) return "Loading your choices…";
    const card = s.played[s.to_play];
    return `Waiting for ${cap(s.to_play)} to move (${cap(s.to_play)} played ${card === "cloud" ? "the cloud" : card}).`;
  }
  if (s.phase === "river") return "The river moves now: watch the table.";
  return "The game is over.";
}

function render(v) {
  $("turn-why").textContent = v.river ? v.river.why : "";
  $("turn-why").hidden = !v.river;
  if (view.version !== v.version) { selected = null; dest = null; }
  if (view.state.phase !== v.state.phase || view.state.round !== v.state.round) showMessage("");
  view = v;
  $("banner").textContent = v.banner;
  renderHand();
  const me = v.me;
  const canoes = me.canoes.map((c) => c.at === "lost" ? "lost over the falls" : `on ${c.at === "beach" ? "the beach" : c.at}${c.gem ? " with a " + c.gem + " gem" : ""}`);
  const reserve = Object.entries(me.reserve).map(([c, n]) => `${n} ${c}`).join(", ") || "no gems yet";
  $("mine").textContent = `Canoes: ${canoes.join("; ")}. Reserve: ${reserve}.`;
  drawForecast($("forecast"), v.forecast);
  $("proposal").hidden = !(v.proposal && me.your_turn);
  $("proposal-text").textContent = v.proposal ? v.proposal.text : "";
  loadOptions();
}

$("hand").addEventListener("submit", (e) => {
  e.preventDefault();
  const button = e.submitter;
  if (!button) return;
  pending = button.value === "cloud" ? "cloud" : Number(button.value);
  $("lockin-text").textContent = `Lock in ${pending === "cloud" ? "the cloud" : "card " + pending}? It cannot be changed afterwards.`;
  renderHand();
  $("lockin-yes").focus();
});
$("lockin-yes").addEventListener("click", async () => {
  const card = pending;
  pending = null;
  await act({ type: "choose", card }, view.state.phase === "choose" ? `Card ${card === "cloud" ? "cloud" : card} locked in.` : null);
  renderHand();
});
$("lockin-no").addEventListener("click", () => { pending = null; renderHand(); });
$("confirm-proposal").addEventListener("click", async () => {
  showError("");
  try { await post(`/api/play/${token}/confirm`, {}); } catch (e) { showError(e.message); }
});

render(view);
connect(`/api/play/${token}/stream`, { game: render });

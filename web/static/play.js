// A player's phone, built around the pinned action bar at the bottom: what to do now, the
// one button that confirms it, errors and the connection state.
import { drawRiver, drawForecast, drawPanels, drawSummary, animateRiver, cap, cardName, place, gem } from "./river.js";
import { connect, post } from "./sse.js";
import { listing, t, tn, word } from "./i18n.js";

const root = document.getElementById("play");
const token = root.dataset.token;
const practice = root.dataset.practice === "yes";  // no board: the river is drawn here only
const $ = (id) => document.getElementById(id);
let view = JSON.parse($("initial").textContent);
let options = null;      // the turn options for view.version
let selected = null;     // the canoe picked {at, gem}
let dest = null;         // the destination picked
let choice = null;       // the option picked (whole turn), previewed, confirmed by the bar
let pending = null;      // the card about to be locked in
let busy = false;        // a request is in flight: every action button is disabled
let queued = null;       // an action that found no connection: retried when back online
let wasMyTurn = false;
let next = null;         // the link to the next game with the same seats
let hints = null;        // the hints shown, for view.version
let animated = null;     // practice: the version whose river move was animated
const baseTitle = document.title;

// Words the page shows, in one place.
const WORDS = {
  entered: practice ? t("Your move is made.") : t("Your move is entered: now make it on the board."),
  river: practice ? t("The river moves now: watch it below.") : t("The river moves now: watch the table."),
  thinking: t("Thinking…"),
  offline: t("No connection to the companion: try again."),
  useCard: t("Take this card"),
  useMove: t("Take this move"),
  buyFirst: (pay) => pay === "free" ? t("First take your canoe back for free (above).") : t("First buy back your canoe with a {gem} gem (above).", { gem: gem(pay) }),
  deciding: (who) => t("{player} (computer) is deciding its move…", { player: who }),
  moving: (who) => t("{player} (computer) is moving…", { player: who }),
  again: t("Practise again"),
};

// The river on this phone, unless practice's river animation is playing on it.
function draw(options = {}) {
  if ($("river").dataset.animating === "yes") return;
  drawRiver($("river"), view, options);
}

function showError(message) { $("error").textContent = message || ""; if (message) $("message").textContent = ""; }
function showMessage(message) { $("message").textContent = message || ""; }
function notice(text) { $("bar-notice").textContent = text || ""; }

async function reload() {
  try {
    const response = await fetch(`/api/play/${token}`);
    const body = await response.json();
    if (body.ok !== false) render(body);
  } catch { /* offline: the stream brings the state back */ }
}

/** Send an action: the bar's buttons are disabled meanwhile; a refusal reloads the state;
 * no connection keeps the action and sends it again when the companion is back. */
async function act(data, done) {
  if (busy) return null;
  busy = true;
  showError("");
  renderBar();
  try {
    const result = await post(`/api/play/${token}/action`, data);
    queued = null;
    if (done) showMessage(done);
    return result;
  } catch (e) {
    if (e.offline) {
      queued = { data, done };
      showError(t("No connection to the companion: your choice is kept and will be sent when it is back."));
    } else {
      queued = null;
      showError(e.message);
      await reload();
    }
    return null;
  } finally {
    busy = false;
    renderHand();
    renderBar();
  }
}

async function retryQueued() {
  if (!queued || busy) return;
  const { data, done } = queued;
  const result = await act(data, done);
  if (result) { pending = null; choice = null; renderHand(); renderBar(); }
}
setInterval(retryQueued, 4000);
// Back online (the phone's Wi-Fi returns): send the kept action at once, not at the next
// retry.
window.addEventListener("online", retryQueued);

function renderHand() {
  const me = view.me;
  const form = $("hand");
  form.querySelectorAll("button").forEach((b) => {
    const card = b.value === "cloud" ? "cloud" : Number(b.value);
    const info = me.cards.find((c) => c.card === card);
    b.disabled = busy || !info.in_hand || me.locked !== null || view.state.phase !== "choose";
    b.classList.toggle("played", !info.in_hand);
    b.classList.toggle("chosen", me.locked === card || (me.locked === null && pending === card));
    b.setAttribute("aria-pressed", pending === card ? "true" : "false");
  });
  $("locked").textContent = me.locked !== null
    ? t("Locked in: {card}. It cannot be changed.", { card: cardName(me.locked) })
    : (view.state.phase === "choose" ? t("Tap a card, then lock it in with the button at the bottom.") : "");
  const rec = $("recover");
  rec.replaceChildren();
  const lost = me.canoes.filter((c) => c.at === "lost").length;
  if (me.recover.length) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = me.recover.includes("free")
      ? t("Both your canoes went over the falls and you have no gem left: the rules give one canoe back for free, so you are not out of the game.")
      : (lost === 2 ? t("Both your canoes went over the falls.") : t("One of your canoes went over the falls.")) + " " +
        t("Each lost canoe comes back to the beach for one gem from your reserve (the gem goes back to its deposit).");
    rec.appendChild(p);
  }
  for (const pay of me.recover) {
    const b = document.createElement("button");
    b.type = "button";
    b.disabled = busy;
    b.textContent = pay === "free" ? t("Take a canoe back for free") : t("Buy back a canoe with a {gem} gem", { gem: gem(pay) });
    b.addEventListener("click", () => act({ type: "recover", pay, lost }, t("Your canoe is back on the beach.")));
    rec.appendChild(b);
  }
}

function sameCanoe(a, b) { return a && b && a.at === b.at && (a.gem ?? null) === (b.gem ?? null); }
const pointsOf = (o) => o.moves.reduce((n, m) => n + (m.points || 0), 0);

function matching() {
  if (!options || !options.your_turn) return [];
  let list = options.options;
  if (selected && options.card !== "cloud") {
    list = list.filter((o) => o.moves.some((m) => m.from === selected.at && (dest === null || m.to === dest)));
  }
  return list;
}

function renderTurn() {
  const me = view.me;
  const box = $("options");
  box.replaceChildren();
  if (!me.your_turn || !options || !options.your_turn) {
    $("turn-help").textContent = waitingText();
    draw();
    return;
  }
  const list = matching();
  if (options.card === "cloud") {
    $("turn-help").textContent = t("You played the cloud: move the weather one space up or down.");
    draw();
  } else {
    $("turn-help").textContent = !selected
      ? t("Your card is {card}. Tap one of your canoes (circled) to see where it can go.", { card: options.card })
      : dest === null ? t("Tap a highlighted place for your canoe.") : t("Check the move, then confirm it at the bottom.");
    const starts = [];
    for (const o of options.options) for (const m of o.moves) {
      const c = { at: m.from, gem: m.gem ?? null };
      if (!starts.some((s) => s.at === c.at)) starts.push(c);
    }
    const mine = me.canoes.filter((c) => starts.some((s) => s.at === c.at));
    const destinations = selected ? [...new Set(options.options.flatMap((o) => o.moves.filter((m) => m.from === selected.at).map((m) => m.to)))] : [];
    const move = choice && selected ? choice.moves.find((m) => m.from === selected.at) : null;
    draw({
      selectable: mine, selected, destinations, owner: me.player,
      preview: move && dest !== null ? { from: move.from, to: move.to, path: move.path || [move.from, move.to], gem: move.gem } : null,
      onCanoe: (c) => { selected = sameCanoe(selected, c) ? null : c; dest = null; choice = null; renderTurn(); },
      onSlot: (slot) => {
        dest = slot;
        choice = matching()[0] || null;
        renderTurn();
      },
    });
  }
  const heading = document.createElement("p");
  heading.className = "hint";
  heading.textContent = list.length === options.options.length
    ? (options.card === "cloud" ? t("Your choices:") : tn("The one way to play your {card}:", "All {n} ways to play your {card}:", list.length, { card: options.card }))
    : list.length === 1 ? t("One way matches:") : t("{n} ways match: pick one.", { n: list.length });
  box.appendChild(heading);
  for (const o of list) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "option" + (choice === o ? " picked" : "");
    b.setAttribute("aria-pressed", choice === o ? "true" : "false");
    b.textContent = o.text;
    b.addEventListener("click", () => {
      choice = o;
      const m = o.moves[0];
      if (m && options.card !== "cloud") { selected = selected && o.moves.some((x) => x.from === selected.at) ? selected : { at: m.from, gem: m.gem ?? null }; dest = o.moves.find((x) => x.from === selected.at).to; }
      renderTurn();
    });
    box.appendChild(b);
  }
  renderBar();
}

async function loadOptions() {
  const version = view.version;
  if (!view.me.your_turn) {
    options = null;
    renderTurn();
    renderBar();
  } else if (options && options.version === view.version) {
    renderTurn();
  } else {
    try {
      const response = await fetch(`/api/play/${token}/options`);
      options = await response.json();
      if (options.ok === false) { showError(options.error); options = null; }
    } catch { showError(t("No connection to the companion: waiting for it to come back.")); }
    renderTurn();
  }
  // Everything of this version is drawn, the turn's choices too (tests wait for it).
  if (view.version === version) root.dataset.shown = version;
}

// What the player waits for, in plain words, when it is not their move.
function waitingText() {
  const s = view.state;
  if (s.phase === "choose") {
    return view.me.locked === null
      ? t("First everyone picks a card in secret. Then the cards are revealed and each player moves in turn, starting with the player holding the buoy.")
      : t("Waiting for the others to lock in their cards. Then the cards are revealed and each player moves in turn, starting with the player holding the buoy.");
  }
  if (s.phase === "actions") {
    if (view.me.your_turn) return t("Loading your choices…");
    if (s.to_play in view.seats.computers) {
      if (view.computer_turn) return view.computer_turn.text;
      return practice ? WORDS.moving(cap(s.to_play)) : WORDS.deciding(cap(s.to_play));
    }
    const card = s.played[s.to_play];
    return t("Waiting for {player} to move ({player} played {card}).", { player: cap(s.to_play), card: cardName(card) });
  }
  if (s.phase === "river") return WORDS.river;
  return t("The game is over.");
}

// The pinned bar: one sentence and at most one main button.
function renderBar() {
  const s = view.state, me = view.me;
  const primary = $("bar-primary"), secondary = $("bar-secondary");
  let status = "", label = null, onPrimary = null, second = null, onSecond = null;
  if (s.phase === "over") {
    const won = s.winners.includes(me.player);
    status = won ? t("You win! ★") : (view.summary ? view.summary.headline : t("The game is over."));
    if (next) { label = t("Join the next game"); onPrimary = () => { window.location.href = next; }; }
    else if (practice) { label = WORDS.again; onPrimary = () => { window.location.href = "/practice"; }; }
  } else if (s.phase === "choose") {
    const waiting = s.players.filter((p) => !s.locked.includes(p) && p !== me.player).map(cap);
    if (me.locked !== null) {
      status = t("Card {card} locked in.", { card: cardName(me.locked) }) +
        (waiting.length ? " " + t("Waiting for {players}.", { players: listing(waiting) }) : "");
    } else if (queued && queued.data.type === "choose") {
      status = t("Card {card} is kept: it is sent when the companion is back.", { card: cardName(queued.data.card) });
      label = t("Send it now"); onPrimary = retryQueued;
    } else if (pending !== null) {
      status = pending === "cloud" ? t("Lock in the cloud? It cannot be changed afterwards.")
        : t("Lock in card {card}? It cannot be changed afterwards.", { card: pending });
      label = t("Lock it in");
      const card = pending;
      onPrimary = async () => {
        const done = await act({ type: "choose", card }, t("Card {card} locked in.", { card: cardName(card) }));
        if (done) pending = null;
        renderHand(); renderBar();
      };
      second = t("Choose again"); onSecond = () => { pending = null; renderHand(); renderBar(); };
    } else {
      status = me.recover.length ? t("First buy back your canoe (above), then pick a card.") : t("Pick a paddle card for this round.");
    }
  } else if (s.phase === "actions") {
    if (!me.your_turn) {
      status = waitingText();
    } else if (view.proposal) {
      status = t("The camera saw: {move}", { move: view.proposal.text });
      label = t("Yes, that is my move");
      onPrimary = async () => {
        if (busy) return;
        busy = true; renderBar();
        try { await post(`/api/play/${token}/confirm`, {}); showError(""); } catch (e) { showError(e.message); await reload(); }
        busy = false; renderBar();
      };
    } else if (!options || !options.your_turn) {
      status = t("Your turn! Loading your choices…");
    } else if (choice) {
      const used = pointsOf(choice);
      const points = { used, card: options.card, unused: options.card - used };
      status = options.card === "cloud" ? choice.text + "."
        : choice.text + " " + (points.unused ? t("Uses {used} of your {card} points ({unused} unused).", points) : t("Uses {used} of your {card} points.", points));
      label = options.card === "cloud" ? t("Move the cloud") : dest ? t("Paddle to {at}", { at: place(dest) }) : t("Play this");
      const o = choice;
      onPrimary = async () => {
        const { player, ...action } = o.action;
        const done = await act(action, WORDS.entered);
        if (done) { selected = null; dest = null; choice = null; }
      };
      second = t("Cancel"); onSecond = () => { selected = null; dest = null; choice = null; renderTurn(); };
    } else {
      status = options.card === "cloud" ? t("Your turn: pick up or down (above).") :
        selected ? t("Your turn: tap where the canoe goes.") : t("Your turn: tap one of your canoes (card {card}).", { card: options.card });
    }
  } else if (s.phase === "river") {
    status = view.river
      ? (practice ? tn("The river moves {n} disc: watch it below.", "The river moves {n} discs: watch it below.", view.river.discs)
        : tn("The river moves {n} disc: watch the table.", "The river moves {n} discs: watch the table.", view.river.discs))
      : (practice ? t("The river moves: watch it below.") : t("The river moves: watch the table."));
  }
  $("bar-status").textContent = status;
  primary.hidden = label === null;
  primary.textContent = label || "";
  primary.disabled = busy;
  primary.onclick = onPrimary;
  secondary.hidden = second === null;
  secondary.textContent = second || "";
  secondary.disabled = busy;
  secondary.onclick = onSecond;
}

function yourTurnAlert() {
  document.title = t("▶ Your turn — {player}", { player: cap(view.me.player) });
  try { navigator.vibrate?.([200, 100, 200]); } catch { /* not allowed: fine */ }
  $("river").scrollIntoView({ behavior: "smooth", block: "center" });
}

async function loadNext() {
  try {
    const body = await (await fetch(`/api/play/${token}/next`)).json();
    next = body.next;
  } catch { next = null; }
  renderBar();
}

function render(v) {
  const before = view;
  $("turn-why").textContent = v.river ? v.river.why : "";
  $("turn-why").hidden = !v.river;
  if (before.version !== v.version) { selected = null; dest = null; choice = null; }
  if (before.state.phase !== v.state.phase || before.state.round !== v.state.round) showMessage("");
  // The table took back this phone's card: say so, the choice is open again.
  if (before.me.locked !== null && v.me.locked === null && v.state.phase === "choose" && before.state.round === v.state.round) {
    showMessage("");
    notice(t("The table took back your card: your choice is open again. Pick a card."));
  } else if (before.version !== v.version) {
    notice("");
  }
  view = v;
  $("banner").textContent = v.banner;
  $("news").textContent = v.log.slice(-3).map((line) => line.text).join(" ");
  if (before.version !== v.version) { hints = null; if ($("hint-status")) $("hint-status").textContent = ""; }
  renderHints();
  renderHand();
  const me = v.me;
  const canoes = me.canoes.map((c) => c.at === "lost" ? t("lost over the falls")
    : c.gem ? t("on {at} with a {gem} gem", { at: place(c.at), gem: gem(c.gem) }) : t("on {at}", { at: place(c.at) }));
  const reserve = Object.entries(me.reserve).map(([c, n]) => t("{count} {gem}", { count: n, gem: gem(c) })).join(", ") || t("no gems yet");
  $("mine").textContent = t("Canoes: {canoes}. Reserve: {reserve}.", { canoes: canoes.join("; "), reserve });
  drawPanels($("players"), v.panels, { me: me.player, computers: v.seats.computers });
  drawForecast($("forecast"), v.forecast);
  const summary = $("summary");
  summary.hidden = !v.summary;
  if (v.summary) {
    drawSummary(summary, v.summary, { me: me.player });
    loadNext();
    if (!before.summary) summary.scrollIntoView({ behavior: "smooth", block: "start" });
  }
  const myTurn = me.your_turn && v.state.phase === "actions";
  if (myTurn && !wasMyTurn) yourTurnAlert();
  if (!myTurn) document.title = v.summary ? t("{what} — {player}", { what: v.summary.winners.includes(me.player) ? t("You win!") : v.summary.headline, player: cap(me.player) }) : baseTitle;
  wasMyTurn = myTurn;
  renderBar();
  loadOptions();
  // Practice: the river's move, disc by disc, on this phone (there is no table).
  if (practice && v.river && v.river.frames.length && animated !== v.version) {
    animated = v.version;
    playRiver(v);
  }
}

async function playRiver(v) {
  const svg = $("river");
  if (svg.dataset.animating === "yes") return;
  svg.dataset.animating = "yes";
  svg.scrollIntoView({ behavior: "smooth", block: "center" });
  await animateRiver(svg, v, v.river.frames, (f) => {
    const disc = t("Disc {disc} of {count} → {arm} arm", { disc: f.disc, count: v.river.frames.length, arm: word("arm", f.arm) });
    const who = f.fell.map((k) => cap(k.split(":")[0])).join(", ");
    $("turn-help").textContent = f.fell.length ? t("{disc} — {players} over the falls!", { disc, players: who }) : disc;
  });
  svg.dataset.animating = "no";
  renderTurn();
}

// "What would a strong player do?": the best choices now, each with its reason.
function deciding() {
  const s = view.state, me = view.me;
  return (s.phase === "choose" && me.locked === null) || (s.phase === "actions" && me.your_turn);
}

function renderHints() {
  const button = $("hint-button");
  if (!button) return;  // hints are off for this game
  $("hints").hidden = !deciding() && !hints;
  button.hidden = !deciding();
  const list = $("hint-list");
  list.replaceChildren();
  if (!hints) return;
  for (const h of hints.hints) {
    const li = document.createElement("li");
    const what = document.createElement("strong");
    what.textContent = cap(h.text.replace(/^[^:]+:\s*/, ""));
    const why = document.createElement("p");
    why.className = "hint-reason";
    why.textContent = h.reason;
    li.append(what, why);
    if (deciding()) {
      const use = document.createElement("button");
      use.type = "button";
      use.className = "secondary small";
      use.textContent = h.phase === "choose" ? WORDS.useCard : WORDS.useMove;
      use.addEventListener("click", () => useHint(h));
      li.append(use);
    }
    list.append(li);
  }
}

function useHint(h) {
  if (h.phase === "choose") {
    pending = h.card;
    const pays = h.recover === null ? [] : [].concat(h.recover);
    showMessage(pays.length && view.me.recover.length ? WORDS.buyFirst(pays[0]) : "");
    renderHand(); renderBar();
    $("bar-primary").focus();
    return;
  }
  if (!options || !options.your_turn) return;
  const key = JSON.stringify(h.action);
  const o = options.options.find((x) => JSON.stringify(x.action) === key);
  if (!o) return;
  choice = o;
  const m = o.moves[0];
  if (m) { selected = { at: m.from, gem: m.gem ?? null }; dest = m.to; }
  renderTurn();
  $("river").scrollIntoView({ behavior: "smooth", block: "center" });
}

async function askHints() {
  const button = $("hint-button");
  button.disabled = true;
  $("hint-status").textContent = WORDS.thinking;
  try {
    const response = await fetch(`/api/play/${token}/hints`);
    const body = await response.json();
    if (!response.ok || body.ok === false) { hints = null; $("hint-status").textContent = body.error; }
    else { hints = body; $("hint-status").textContent = ""; }
  } catch {
    $("hint-status").textContent = WORDS.offline;
  } finally {
    button.disabled = false;
    renderHints();
  }
}
$("hint-button")?.addEventListener("click", askHints);

$("hand").addEventListener("submit", (e) => {
  e.preventDefault();
  const button = e.submitter;
  if (!button || busy) return;
  pending = button.value === "cloud" ? "cloud" : Number(button.value);
  renderHand();
  renderBar();
  $("bar-primary").focus();
});

// The one-minute introduction, the first time this phone joins.
try {
  if (!localStorage.getItem("niagara-intro-seen")) {
    $("intro").hidden = false;
    $("intro-ok").focus();
  }
} catch { /* storage blocked: no introduction */ }
$("intro-ok").addEventListener("click", () => {
  $("intro").hidden = true;
  try { localStorage.setItem("niagara-intro-seen", "1"); } catch { /* fine */ }
});

const connection = $("connection");
render(view);
connect(`/api/play/${token}/stream`, {
  game: render,
  open: () => { connection.className = "connection"; connection.title = t("Connected to the companion"); connection.setAttribute("aria-label", t("Connected")); retryQueued(); },
  offline: () => { connection.className = "connection off"; connection.title = t("Reconnecting to the companion…"); connection.setAttribute("aria-label", t("Reconnecting")); },
});

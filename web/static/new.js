// The new-game form: seats in clockwise order (Up/Down move a colour; the form submits
// the ticked colours in the list's order) and who holds the buoy first.
const list = document.getElementById("seats");
const summary = document.getElementById("seating");
import { colourName, t, tn } from "./i18n.js";


function seated() {
  return [...list.querySelectorAll("li.seat")].filter((li) => li.querySelector('input[name="players"]').checked);
}

function update() {
  const players = seated().map((li) => li.dataset.colour);
  const buoy = list.querySelector('input[name="first"]:checked');
  let first = buoy && players.includes(buoy.value) ? buoy.value : players[0];
  if (buoy && !players.includes(buoy.value)) buoy.checked = false;
  list.querySelectorAll("li.seat").forEach((li) => {
    const on = li.querySelector('input[name="players"]').checked;
    li.classList.toggle("off", !on);
    li.querySelector('input[name="first"]').disabled = !on;
  });
  if (players.length === 0) { summary.textContent = t("No colour ticked yet."); return; }
  // The summary names a buoy holder, so the form shows (and submits) that same choice.
  list.querySelector(`li.seat[data-colour="${first}"] input[name="first"]`).checked = true;
  const i = players.indexOf(first);
  const order = players.slice(i).concat(players.slice(0, i));
  const parts = [
    t("Seats clockwise: {seats}.", { seats: order.map(colourName).join(" → ") }),
    t("{player} holds the buoy and plays first in round 1.", { player: colourName(first) }),
  ];
  if (players.length < 3) parts.push(tn("Tick {n} more colour.", "Tick {n} more colours.", 3 - players.length));
  if (players.length > 5) parts.push(t("At most 5 players."));
  summary.textContent = parts.join(" ");
}

list.querySelectorAll(".seat-move").forEach((span) => { span.hidden = false; });
list.addEventListener("click", (e) => {
  const button = e.target.closest("button[data-move]");
  if (!button) return;
  const li = button.closest("li.seat");
  if (button.dataset.move === "-1" && li.previousElementSibling) list.insertBefore(li, li.previousElementSibling);
  else if (button.dataset.move === "1" && li.nextElementSibling) list.insertBefore(li.nextElementSibling, li);
  button.focus();
  update();
});
list.addEventListener("change", (e) => {
  // A colour ticked takes the next seat after those already ticked (order of selection).
  if (e.target.name === "players" && e.target.checked) {
    const li = e.target.closest("li.seat");
    const others = seated().filter((x) => x !== li);
    const last = others[others.length - 1];
    if (last) last.after(li); else list.prepend(li);
    e.target.focus();
  }
  update();
});
update();

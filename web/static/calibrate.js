import { post } from "./sse.js";
import { t, word } from "./i18n.js";

// The setup key comes from this page's address (/calibrate?key=...); every change
// carries it in the X-Setup-Key header (the server refuses changes without it).
const setup = { "X-Setup-Key": new URLSearchParams(location.search).get("key") || "" };

const img = document.getElementById("frame");
const overlay = document.getElementById("overlay");
const result = document.getElementById("result");
const send = document.getElementById("send-corners");
let corners = [];

function draw() {
  overlay.setAttribute("viewBox", `0 0 ${img.naturalWidth || 1} ${img.naturalHeight || 1}`);
  overlay.innerHTML = corners.map(([x, y], i) =>
    `<circle cx="${x}" cy="${y}" r="8" fill="#ff9f1c" stroke="#000"></circle>` +
    `<text x="${x + 10}" y="${y - 10}" fill="#fff" stroke="#000" stroke-width="0.5">${i + 1}</text>`).join("");
  send.disabled = corners.length !== 4;
}

img.addEventListener("click", (e) => {
  if (corners.length >= 4) return;
  const box = img.getBoundingClientRect();
  const x = (e.clientX - box.left) * img.naturalWidth / box.width;
  const y = (e.clientY - box.top) * img.naturalHeight / box.height;
  corners.push([Math.round(x), Math.round(y)]);
  draw();
});
img.addEventListener("load", draw);
document.getElementById("reset-corners").addEventListener("click", () => { corners = []; draw(); });
send.addEventListener("click", async () => {
  try { await post("/api/calibration/corners", { corners }, setup); result.textContent = t("Corners saved: the camera uses them now."); }
  catch (e) { result.textContent = e.message; }
});
document.getElementById("learn").addEventListener("click", async () => {
  try {
    const r = await post("/api/calibration/colours", {}, setup);
    result.textContent = [t("Table learned (canoes: {colours}); the camera reads with it now and keeps it for the next start.", { colours: Object.keys(r.learned).map((c) => word("colour", c)).join(", ") }), ...(r.notes || [])].join(" ");
  } catch (e) { result.textContent = e.message; }
});

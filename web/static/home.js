// The owner's home page (opened with ?key=<setup key>): end and archive a game.
import { t } from "./i18n.js";

const key = new URLSearchParams(window.location.search).get("key");
for (const button of document.querySelectorAll("button.end-game")) {
  button.addEventListener("click", async () => {
    const id = button.dataset.game;
    if (!confirm(t("End game {id} and archive it? Its phones will no longer be able to play.", { id }))) return;
    button.disabled = true;
    const response = await fetch(`/api/games/${id}/end`, { method: "POST", headers: { "X-Setup-Key": key } });
    const body = await response.json().catch(() => ({ error: t("The companion answered {status}.", { status: response.status }) }));
    if (response.ok && body.ok) window.location.reload();
    else { document.getElementById("end-error").textContent = body.error; button.disabled = false; }
  });
}

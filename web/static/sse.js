// A Server-Sent Events connection with a visible "reconnecting" state.
import { t } from "./i18n.js";

// handlers: {event: fn(data)}; the optional "open" and "offline" handlers run on each
// (re)connection and loss.
export function connect(url, handlers) {
  const source = new EventSource(url);
  for (const [event, fn] of Object.entries(handlers)) {
    if (event === "open" || event === "offline") continue;
    source.addEventListener(event, (e) => fn(JSON.parse(e.data)));
  }
  source.addEventListener("open", () => { document.body.classList.remove("offline"); handlers.open?.(); });
  source.addEventListener("error", () => { document.body.classList.add("offline"); handlers.offline?.(); });
  return source;
}

/** POST JSON. A refusal throws an Error with the companion's plain message; no answer at
 * all (offline, the companion restarting) throws one with ``offline`` set. */
export async function post(url, data, headers = {}) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(data),
    });
  } catch {
    const error = new Error(t("No connection to the companion."));
    error.offline = true;
    throw error;
  }
  let body;
  const fault = t("The companion answered {status}: try again.", { status: response.status });
  try { body = await response.json(); } catch { body = { ok: false, error: fault }; }
  if (!response.ok || !body.ok) throw new Error(body.error || fault);
  return body;
}

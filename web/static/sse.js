// A Server-Sent Events connection with a visible "reconnecting" state.
export function connect(url, handlers) {
  const source = new EventSource(url);
  for (const [event, fn] of Object.entries(handlers)) {
    source.addEventListener(event, (e) => fn(JSON.parse(e.data)));
  }
  source.addEventListener("open", () => document.body.classList.remove("offline"));
  source.addEventListener("error", () => document.body.classList.add("offline"));
  return source;
}

export async function post(url, data, headers = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(data),
  });
  let body;
  try { body = await response.json(); } catch { body = { ok: false, error: `The companion answered ${response.status}.` }; }
  if (!response.ok || !body.ok) throw new Error(body.error || `Error ${response.status}`);
  return body;
}

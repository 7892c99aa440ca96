// The page's words in its language: every page carries them as JSON in #niagara-text
// (web/i18n.py: the msgids of t() and tn() in these scripts, with their translation, and
// the game words). The scripts keep no English of their own but the msgids.
//   t("Locked in: {card}.", { card: 3 })            a sentence with named fields
//   tn("{n} disc", "{n} discs", n, {...})            one whose words follow a number
//   term("gem", "violet")                            a game word as a field: {gem} or {gem:adj}
// A field may name a form ("{gem:adj}", "{at:dat}"): a translation chooses the grammatical
// form of a game word, as the server's sentences do (companion/text.py).

const DATA = JSON.parse(document.getElementById("niagara-text").textContent);
export const LANG = DATA.lang;
const plurals = new Intl.PluralRules(LANG);

/** A game word (a player colour, a gem colour, a place, an arm) inside a sentence. */
export function term(kind, value) { return { term: kind, value }; }

/** A game word in the page's language, in ``form`` if it has one. */
export function word(kind, value, form = "") {
  const table = (form && DATA.terms[`${kind}:${form}`]) || DATA.terms[kind] || {};
  return table[value] ?? String(value);
}

function field(value, form) {
  if (value && typeof value === "object" && "term" in value) return word(value.term, value.value, form);
  return String(value);
}

function format(template, params) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (all, name, form) =>
    name in params ? field(params[name], form) : all);
}

/** The sentence ``msgid`` in the page's language, its fields filled in. */
export function t(msgid, params = {}) {
  const text = DATA.messages[msgid];
  return format(typeof text === "string" ? text : msgid, params);
}

/** The sentence for the number ``n`` (also the field {n}). */
export function tn(singular, plural, n, params = {}) {
  const forms = DATA.messages[singular];
  const text = Array.isArray(forms) ? forms[plurals.select(n) === "one" ? 0 : 1] : (n === 1 ? singular : plural);
  return format(text, { n, ...params });
}

/** A player's colour as a name ("Red", "Rouge", "Rot"). */
export function colourName(colour) { return word("colour", colour); }

/** Several items: "Red", "Red and Blue", "Red, Green and Blue". */
export function listing(items) {
  if (items.length < 2) return items.join("");
  return t("{items} and {last}", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

// All UI strings live in /i18n/<lang>.json; none are written in the markup.
// t("vote.count", {voted: 4, total: 6}) -> "4/6 ont voté". A key missing in the
// language falls back to the key itself, so a gap is visible but never breaks a screen.

export const LANGS = ["fr", "en"];
let strings = null; // until the first strings arrive
let current = "fr"; // the language of `strings`
let chosen = "fr"; // asked for: known before its strings arrive
let arrived;
const firstStrings = new Promise((resolve) => { arrived = resolve; });

/** Fetch the strings of `lang`; lang() says it at once (a socket's hello needs no more). */
export async function loadLang(lang) {
  const wanted = LANGS.includes(lang) ? lang : "fr";
  chosen = wanted;
  try {
    const response = await fetch(`/i18n/${wanted}.json`);
    if (!response.ok) throw new Error(`i18n ${wanted}: ${response.status}`);
    const loaded = await response.json();
    if (chosen === wanted) { // else a later choice won
      strings = loaded;
      current = wanted;
      document.documentElement.lang = wanted;
      arrived();
    }
    return wanted;
  } catch (error) {
    if (chosen === wanted) chosen = current;
    throw error;
  }
}

export function lang() {
  return chosen;
}

/** Run `draw` once the page has strings (never if they cannot load: boot says so). */
export function withStrings(draw) {
  if (strings) draw();
  else firstStrings.then(draw);
}

export function has(key) {
  return typeof strings?.[key] === "string";
}

export function t(key, params = {}) {
  let text = has(key) ? strings[key] : key;
  // "{n|one|other}" picks a form by the number n; "{name}" substitutes.
  text = text.replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (_, name, one, other) => {
    const n = Math.abs(Number(params[name]));
    return (current === "fr" ? n < 2 : n === 1) ? one : other;
  });
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The text for a server error: its code translated, else the server's English message. */
export function errorText(code, message) {
  const key = `error.${code}`;
  // A refusal that names a line of a pasted text ("… (line 3)"): say which.
  const line = /\(line (\d+)\)$/.exec(message || "");
  if (has(key)) return line ? t("error.at_line", { error: t(key), line: line[1] }) : t(key);
  return message || t("error.unknown");
}

/** Fill every [data-i18n] (text) and [data-i18n-label] (aria-label) under `root`. */
export function translateTree(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
}

// Tiny DOM helpers. Text always goes in through textContent, never parsed as HTML:
// every player-supplied string (names, clues, themes, guesses) is rendered as text.

/** h("button", {class: "big", onclick: fn, style: {"--c": "#123"}}, "label", child) -> HTMLElement */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "style") {
      // Custom properties through the CSSOM: the CSP forbids style attributes.
      for (const [name, v] of Object.entries(value)) if (v !== null && v !== undefined) el.style.setProperty(name, String(v));
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace every child of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Keep focus on the element with the same `data-key` after a list is rebuilt. */
export function keepFocus(container, rebuild) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.key : null;
  rebuild();
  if (key) {
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

/** Run `job` once the next frame is drawn. */
export function afterFrame(job) {
  requestAnimationFrame(() => setTimeout(job));
}

/** Run `job` once the browser has drawn and is idle (a timer where requestIdleCallback is missing). */
export function whenIdle(job) {
  if (window.requestIdleCallback) window.requestIdleCallback(job, { timeout: 500 });
  else setTimeout(job, 50);
}

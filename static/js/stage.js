// The one screen on show: mounting a new one unmounts the previous one.
let current = null;
let currentKind = null;

/** mount("lobby", (root) => screen): `screen` has update(model) and maybe unmount(). */
export function mount(kind, create) {
  if (current && current.unmount) current.unmount();
  current = null;
  currentKind = kind;
  document.body.dataset.screen = kind;
  current = create(document.getElementById("screen")) || null;
  return current;
}

export function mounted() {
  return { kind: currentKind, screen: current };
}

// What every screen of the page shares: building elements, the toast, the seats this browser holds.

/** An element: h("button", {class: "act", onclick: f}, "Pay"); attributes false, null or undefined are left out.
 *  ``css: {"--n": 7, width: "40%"}`` sets style properties through the CSSOM: the page's policy refuses style
 *  attributes (style-src 'self'), not properties set by its own scripts. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "css") Object.entries(value).forEach(([name, v]) => node.style.setProperty(name, String(v)));
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== undefined && value !== null) node.setAttribute(key, value);
  }
  return append(node, ...children);
}

/** Put ``children`` at the end of ``node`` as h() does: texts as text nodes, arrays flattened, null, undefined and
 *  false left out (a part shown only sometimes: ``cond ? part : null``), where Element.append would write "null".
 *  Returns ``node``. */
export function append(node, ...children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let toastTimer = 0;
export function toast(text, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.className = ""), 6000);
}

const SEATS_KEY = "brelan.seats"; // table id -> {seat, token}: a reload puts you back at your table

export function seats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  } catch {
    return {};
  }
}

export function remember(tableId, seat, token) {
  const all = seats();
  all[tableId] = { seat, token };
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function forget(tableId) {
  const all = seats();
  delete all[tableId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

// What the page's words (clients/web/i18n.js) read of a browser as they load, stood in for under node: its storage
// (the language chosen, ``lang``), its document and its languages. A pure module's test imports i18n.js through
// pageWords(), once, before anything that imports it.

/** i18n.js, loaded with the browser's parts it reads stood in for, its language ``lang`` ("fr" or "en"). */
export async function pageWords(lang = "fr") {
  const kept = { "brelan.lang": lang };
  globalThis.localStorage = { getItem: (k) => kept[k] ?? null, setItem: (k, v) => (kept[k] = String(v)) };
  globalThis.document ??= { documentElement: {} };
  globalThis.Node ??= class Node {};
  if (!("navigator" in globalThis)) globalThis.navigator = { languages: [lang] };
  return import("../../clients/web/i18n.js");
}

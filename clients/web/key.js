// This browser's player key: the random secret the server binds the seats this browser takes to (JoinTable's
// player_key). Made on first use, kept in the browser's storage, shown only when the player asks for the link that
// brings it to another device (#key=...). It is no account: whoever holds it holds its seats, nothing more.

const KEY = "brelan.key";
// 64 URL-safe characters: a random byte's low 6 bits pick one, each as likely as the others.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LENGTH = 32; // 192 random bits; the server takes 16 to 64 characters
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** A new key: LENGTH characters from crypto.getRandomValues. */
export function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(LENGTH)), (b) => ALPHABET[b & 63]).join("");
}

/** Whether ``key`` is one this page makes or takes (URL-safe, 16 to 64 characters). */
export function isKey(key) {
  return SHAPE.test(String(key || ""));
}

/** The key already made here, or "" (none made yet: nothing asked the server with one). */
export function storedKey() {
  const key = localStorage.getItem(KEY) || "";
  return isKey(key) ? key : "";
}

/** This browser's key: the one kept, else a new one, kept from now on. */
export function playerKey() {
  let key = storedKey();
  if (!key) {
    key = newKey();
    localStorage.setItem(KEY, key);
  }
  return key;
}

/** Take ``key`` as this browser's (one brought from another device). */
export function adoptKey(key) {
  if (!isKey(key)) throw new Error("not a player key");
  localStorage.setItem(KEY, key);
}

/** The link that brings this browser's key to another device: this page's address, the key after #key=. */
export function keyLink() {
  return `${location.origin}${location.pathname}#key=${playerKey()}`;
}

/** The key a page was opened with (#key=...), or "" when its address holds none (or not a key's shape). */
export function keyInAddress() {
  const found = /^#key=([^&/]*)$/.exec(location.hash);
  return found && isKey(found[1]) ? found[1] : "";
}

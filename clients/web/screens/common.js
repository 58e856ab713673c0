// What the page's screens share (app.js's lobby, tournaments and word tools): a call whose refusal is said in the
// toast, the pause a form asks for, a player's name's length.

import { RpcError } from "../rpc.js";
import { h, toast } from "../dom.js";
import { duration, t } from "../i18n.js";

export const MAX_NAME = 64; // a player's name, at most (server/tables.py)
// After each hand of a turn-based game, the seconds its end stays on the table before the next hand's decisions
// open (the bots wait, the clocks start after it); the first is "none".
const PAUSES = [0, 3, 5, 8];
const PAUSE = 5;

/** What ``work`` gives, or undefined when it failed: its refusal said in the toast. */
export async function guarded(work) {
  try {
    return await work();
  } catch (e) {
    toast(e instanceof RpcError ? e.message : String(e));
    return undefined;
  }
}

/** The pause after each hand, as a form asks it (a table's, a tournament's games'): its label, and seconds(). */
export function pauseField() {
  const select = h("select", { name: "pause" }, ...PAUSES.map((n) =>
    h("option", { value: n, selected: n === PAUSE }, n ? duration(n) : t("form.duration.none"))));
  const node = h("label", {}, t("form.pause"), " ", select);
  return { node, seconds: () => (node.hidden ? 0 : Number(select.value)) };
}

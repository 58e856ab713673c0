// The lobby's rows (clients/web/screens/lobby.js), without a page: the ways into a table its row offers. Run by
// `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { pageWords } from "./page.mjs";

await pageWords("en");
globalThis.location ??= { origin: "https://brelan.example", pathname: "/" };
const { ways } = await import("../../clients/web/screens/lobby.js");

const seats = [{ taken: true, player: "anne" }, { seat: 1, taken: true, bot: true }];

test("a finished table is watched or replayed, never played, even at this browser's seat (playtest)", () => {
  const info = { tableId: "t-1", status: "TABLE_STATUS_FINISHED", seats };
  for (const here of [undefined, { seat: 0, token: "x" }]) {
    assert.deepEqual(ways(info, here), [["watch", "#/table/t-1"], ["lobby.replay", "#/replay/t-1"]]);
  }
});

test("a table still played is played at this browser's seat, else watched, a free seat joined", () => {
  const playing = { tableId: "t-2", status: "TABLE_STATUS_PLAYING", seats };
  assert.deepEqual(ways(playing, { seat: 0 }), [["play", "#/table/t-2"]]);
  assert.deepEqual(ways(playing, undefined), [["watch", "#/table/t-2"]]);
  const waiting = { tableId: "t-3", status: "TABLE_STATUS_WAITING", seats: [seats[0], { seat: 1 }] };
  assert.deepEqual(ways(waiting, undefined), [["watch", "#/table/t-3"], ["join", ""]]);
  assert.deepEqual(ways(waiting, { seat: 0 }), [["play", "#/table/t-3"]]);
});

// A waiting table's seats (clients/web/table/waiting.js), without a page: each seat of TableInfo as the felt draws
// it before the game's first view. Run by `node --test tests/web/` (and by tests/test_browser_picks.py).

import assert from "node:assert/strict";
import { test } from "node:test";

import { seatsWaiting, waitingName } from "../../clients/web/table/waiting.js";

// TableInfo JSON as Connect gives it: seat 0's number and false fields left out
const INFO = { seats: [{ taken: true, player: "anne", connected: true }, { seat: 1, taken: true, player: "bob" },
                       { seat: 2, reserved: true, player: "zoé" }, { seat: 3, reserved: true }, { seat: 4 },
                       { seat: 5, taken: true, bot: true, connected: true, botLevel: "strong" }] };

test("each seat of a waiting table says who sits there, who is awaited, and which is free", () => {
  assert.deepEqual(seatsWaiting(INFO, 0).map(({ seat, name, kind, here }) => [seat, name, kind, here]), [
    [0, "anne", "you", true], [1, "bob", "player", false], [2, "zoé", "kept", false], [3, "", "kept", false],
    [4, "", "free", false], [5, "", "bot", true]]);
  assert.equal(seatsWaiting(INFO, 0)[5].level, "strong");
});

test("a spectator's seats are nobody's own; a table read as nothing has no seat", () => {
  assert.deepEqual(seatsWaiting(INFO, null).map((s) => s.kind), ["player", "player", "kept", "kept", "free", "bot"]);
  assert.deepEqual(seatsWaiting(INFO).map((s) => s.kind)[0], "player");
  assert.deepEqual(seatsWaiting(undefined, 0), []);
});

test("a waiting seat is named as the screen names it: a tournament's bot by the tournament's name, never 'bot n'", () => {
  const t = (key, { n } = {}) => (n ? `${key} ${n}` : key); // the page's words, stood in for
  const tournament = { seats: [{ taken: true, player: "ann" }, { seat: 1, taken: true, bot: true, player: "Bot Cy" }] };
  const [ann, cy] = seatsWaiting(tournament, 0);
  assert.equal(waitingName(cy, undefined, t), "Bot Cy"); // the server names it so (TournamentPlace.players)
  assert.equal(waitingName(cy, ["ann", "Cy (en pause)"], t), "Cy (en pause)"); // the screen's name first
  assert.equal(waitingName(ann, ["ann", "Bot Cy"], t), "ann");
  const seats = seatsWaiting(INFO, 0);
  assert.equal(waitingName(seats[5], [], t), "bot.plain"); // a bot of the house, no name from the screen: no seat's number
  assert.equal(waitingName(seats[5], ["anne", "", "", "", "", "robot fort"], t), "robot fort"); // named by its level
  assert.equal(waitingName(seats[3], [], t), "seat 4"); // kept for a secret: no name said
});

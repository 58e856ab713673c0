// "Play again" (clients/web/table/again.js): the table made from the one before keeps its game as it was set up,
// each bot's level and the chat's spectators kept apart included. Run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { againRequest, againWord, givenName } from "../../clients/web/table/again.js";

// A finished table as GetTable gives it in Connect's JSON (fields at their default left out).
const OVER = {
  tableId: "t-1a2b3c4d", variant: "daker", name: "Vendredi", options: { mode: "holdem", players: "3" },
  seats: [{ seat: 0, taken: true, player: "Ann" }, { seat: 1, taken: true, bot: true, botLevel: "strong" },
          { seat: 2, taken: true, bot: true, botLevel: "beginner" }],
  hints: true, pauseSeconds: 4, chatApart: true, decisionSeconds: 30,
};

test("the game again keeps its rules, name, bots at their levels, hints, pause, chat apart and clock", () => {
  assert.deepEqual(againRequest(OVER, "tok"), {
    variant: "daker", options: { mode: "holdem", players: "3" }, name: "Vendredi",
    bots: [{ seat: 1, level: "strong" }, { seat: 2, level: "beginner" }], hints: true, pauseSeconds: 4,
    chatApart: true, rematchOf: "t-1a2b3c4d", decisionSeconds: 30,
  });
});

test("an untimed table is made untimed, and without a seat's token it is nobody's rematch", () => {
  const request = againRequest({ tableId: "t-9", variant: "bataille", seats: [{ taken: true }, { seat: 1, bot: true }] });
  assert.deepEqual(request.bots, [{ seat: 1 }]); // no level named: the server's default
  assert.equal(request.untimed, true);
  assert.equal("rematchOf" in request, false);
  assert.equal(request.chatApart, false);
});

test("a tournament's game leads back to its tournament, any other is played again", () => {
  assert.equal(againWord({ ...OVER, tournament: { tournamentId: "u-1" } }), "result.tournament");
  assert.equal(againWord(OVER), "result.again");
});

test("an id is no name", () => {
  assert.equal(givenName({ tableId: "t-1a2b3c4d", name: "t-1a2b3c4d" }), "");
  assert.equal(givenName({ tableId: "t-99", name: "t-1a2b3c4d" }), ""); // named after the table before
  assert.equal(givenName({ tableId: "t-99", name: "Vendredi" }), "Vendredi");
});

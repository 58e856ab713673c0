// The board contract's pure helpers (clients/web/table/board.js), run by `node --test tests/web/` (and by
// tests/test_browser_picks.py): cards picked by their place in the hand.

import assert from "node:assert/strict";
import { test } from "node:test";

import { isPicked, pickedCards, picksIn, toggled } from "../../clients/web/table/board.js";

const HAND = ["Ir", "Rb", "Eb", "Hr", "Or", "Eb", "Tr"]; // a black E twice

test("two cards alike are two picks, each lit and unlit on its own", () => {
  let picked = toggled(new Map(), 2, "Eb");
  assert.deepEqual(HAND.map((c, i) => isPicked(picked, i, c)), [false, false, true, false, false, false, false]);
  picked = toggled(picked, 5, "Eb");
  assert.deepEqual(HAND.map((c, i) => isPicked(picked, i, c)), [false, false, true, false, false, true, false]);
  picked = toggled(picked, 2, "Eb"); // the first goes out alone
  assert.deepEqual(HAND.map((c, i) => isPicked(picked, i, c)), [false, false, false, false, false, true, false]);
});

test("the cards picked go in the hand's order, a card picked twice twice", () => {
  const picked = [[6, "Tr"], [5, "Eb"], [2, "Eb"]].reduce((p, [i, c]) => toggled(p, i, c), new Map());
  assert.deepEqual(pickedCards(picked), ["Eb", "Eb", "Tr"]);
  assert.equal(picksIn(picked, HAND), 3);
  assert.deepEqual(pickedCards(new Map()), []);
  assert.deepEqual(pickedCards(undefined), []); // a board given no picks (a replay's)
});

test("a pick is of one hand: another card at its place is not picked", () => {
  const picked = toggled(toggled(new Map(), 2, "Eb"), 5, "Eb");
  const next = ["Ir", "Rb", "Ar", "Hr", "Or", "Eb", "Tr"]; // the hand after an exchange
  assert.equal(isPicked(picked, 2, next[2]), false);
  assert.equal(picksIn(picked, next), 1);
});

test("toggled leaves the picks it is given as they were", () => {
  const before = toggled(new Map(), 0, "AK");
  const after = toggled(before, 1, "AK");
  assert.deepEqual([...before], [[0, "AK"]]);
  assert.deepEqual([...after], [[0, "AK"], [1, "AK"]]);
});

// The board contract's pure helpers (clients/web/table/board.js), run by `node --test tests/web/` (and by
// tests/test_browser_picks.py): cards picked by their place in the hand, and when a decision's clock warns.

import assert from "node:assert/strict";
import { test } from "node:test";

import { isPicked, pickedCards, picksIn, toggled, warns, WARN_SECONDS } from "../../clients/web/table/board.js";

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

test("a clock warns in its last 10 s as it shows them, a short one in its last half", () => {
  assert.equal(WARN_SECONDS, 10);
  assert.equal(warns(10.4, 60), false); // shows 11 s
  assert.equal(warns(10, 60), true);
  assert.equal(warns(0.2, 20), true);
  assert.equal(warns(0, 11), true);
  assert.equal(warns(9.5), true); // its whole time unknown
  assert.equal(warns(30), false);
  assert.equal(warns(10, 10.9), true); // an 11 s clock read at 10.9
  assert.equal(warns(5, 8), false); // a bataille card's 8 s: from its 4th second left
  assert.equal(warns(4, 8), true);
  assert.equal(warns(2, 3), false);
  assert.equal(warns(1, 3), true);
});

// A board's parts (clients/web/table/board.js's parts(), fill() and latest()), run by `node --test tests/web/`: a
// part is made again only when what it is drawn from changed, a parent's children are put back only when they
// changed, and the ctx a board keeps holds each update's fields and no other.

import assert from "node:assert/strict";
import { test } from "node:test";

import { fill, latest, parts } from "../../clients/web/table/board.js";

test("a part is kept while its key is the same, made again when it changes, each name on its own", () => {
  const drawn = parts();
  let made = 0;
  const make = () => ({ made: ++made });
  const first = drawn("seat 0", "[1]", make);
  assert.equal(drawn("seat 0", "[1]", make), first); // the same data: the same node, nothing made
  assert.equal(made, 1);
  const other = drawn("seat 1", "[1]", make); // another part with the same key is its own
  assert.notEqual(other, first);
  const next = drawn("seat 0", "[2]", make);
  assert.notEqual(next, first);
  assert.equal(drawn("seat 0", "[2]", make), next);
  assert.equal(made, 3);
  assert.equal(drawn("none", "", () => null), null); // a part that draws nothing
  assert.equal(parts()("seat 0", "[2]", make).made, 4); // another board's parts are not these
});

/** A parent as fill() sees one: its children, and how often they were all put again. */
function parent(...kids) {
  return { childNodes: kids, replaced: 0, replaceChildren(...nodes) { this.childNodes = nodes; this.replaced++; } };
}

test("a parent's children are put again only when they are not already those, in that order", () => {
  const [a, b, c] = [{ id: "a" }, { id: "b" }, { id: "c" }];
  const node = parent(a, b);
  fill(node, [a, null, b, undefined]); // null and undefined are no children
  assert.equal(node.replaced, 0);
  fill(node, [b, a]);
  assert.deepEqual(node.childNodes, [b, a]);
  fill(node, [b, a, c]);
  assert.deepEqual(node.childNodes, [b, a, c]);
  assert.equal(node.replaced, 2);
});

test("the ctx a board keeps is one object holding the latest update's fields, and only those", () => {
  const first = () => "first";
  const kept = latest({}, { seat: 0, act: first, review: { hand: 1 } });
  const again = latest(kept, { seat: 0, act: () => "second" });
  assert.equal(again, kept); // the same object: a part kept reads it when clicked
  assert.equal(kept.act(), "second");
  assert.equal("review" in kept, false); // an update without a review leaves none from before
  assert.equal(latest(kept, kept), kept);
});

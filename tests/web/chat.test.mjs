// The table chat's pure parts (clients/web/table/chat.js), without a page: lines kept once each in order, senders
// muted by seat or name, lines unread (the last of them shown in a folded chat's band), the lines a replay's step
// shows, the server's refusals in the page's words, the quick phrases. Run by
// `node --test tests/web/` (and by tests/test_browser_chat.py).

import assert from "node:assert/strict";
import { test } from "node:test";

import { KEPT, MAX_MUTED, MUTED_KEY, fromSeat, isMuted, merged, muteKey, quickPhrases, readMuted, refusal, saidBy,
         toggledMute, unreadLines } from "../../clients/web/table/chat.js";

const line = (n, extra = {}) => ({ n: String(n), name: "ann", text: `line ${n}`, ...extra });

test("a line is kept once, in its place by its number, the latest KEPT", () => {
  let lines = [];
  for (const n of [1, 2, 4]) lines = merged(lines, line(n));
  assert.deepEqual(lines.map((l) => l.n), ["1", "2", "4"]);
  const same = merged(lines, line(2)); // the stream's, then Say's answer: once
  assert.equal(same, lines);
  assert.deepEqual(merged(lines, line(3)).map((l) => l.n), ["1", "2", "3", "4"]); // GetChat's, late
  assert.equal(merged(lines, { text: "no number" }), lines);
  let many = [];
  for (let n = 1; n <= KEPT + 5; n++) many = merged(many, line(n));
  assert.equal(many.length, KEPT);
  assert.equal(many[0].n, "6");
});

test("a sender is muted by seat at its table, a spectator by name whatever its case", () => {
  assert.ok(fromSeat(line(1, { seat: 0 }))); // seat 0 is a seat, not a spectator
  assert.ok(!fromSeat(line(1)));
  assert.equal(muteKey("t-1", line(1, { seat: 0 })), "seat:t-1:0");
  assert.equal(muteKey("t-1", line(1, { name: " Eve " })), "name:eve");
  let muted = toggledMute([], "seat:t-1:2");
  muted = toggledMute(muted, "name:eve");
  assert.ok(isMuted(muted, "t-1", line(1, { seat: 2 })));
  assert.ok(!isMuted(muted, "t-2", line(1, { seat: 2 }))); // another table's seat 2 is somebody else
  assert.ok(isMuted(muted, "t-9", line(1, { name: "EVE" })));
  assert.deepEqual(toggledMute(muted, "seat:t-1:2"), ["name:eve"]); // unmuted
  let full = [];
  for (let i = 0; i < MAX_MUTED + 3; i++) full = toggledMute(full, `name:x${i}`);
  assert.equal(full.length, MAX_MUTED);
  assert.equal(full.at(-1), `name:x${MAX_MUTED + 2}`);
});

test("the muted list is read from the browser's storage, a broken one read as none", () => {
  const storage = (value) => ({ getItem: (key) => (key === MUTED_KEY ? value : null) });
  assert.deepEqual(readMuted(storage('["name:eve", 3, "seat:t-1:1"]')), ["name:eve", "seat:t-1:1"]);
  assert.deepEqual(readMuted(storage("{oops")), []);
  assert.deepEqual(readMuted(storage('{"a": 1}')), []);
  assert.deepEqual(readMuted(null), []);
});

test("the lines unread are the others' after the last read, the muted ones left out", () => {
  const lines = [line(1, { seat: 0 }), line(2, { seat: 1 }), line(3, { name: "eve" }), line(4, { seat: 1 }),
                 line(5, { seat: 0 })];
  const mine = (l) => l.seat === 0;
  assert.equal(unreadLines(lines, 0, { mine }).length, 3);
  assert.equal(unreadLines(lines, 2, { mine }).length, 2);
  assert.equal(unreadLines(lines, 2, { mine, muted: ["name:eve"], tableId: "t-1" }).length, 1);
  assert.equal(unreadLines(lines, 5, { mine }).length, 0);
  assert.equal(unreadLines([], 0).length, 0);
  // the folded chat's band shows the last of them
  assert.deepEqual(unreadLines(lines, 2, { mine, muted: ["name:eve"], tableId: "t-1" }).map((l) => l.n), ["4"]);
});

test("a replay's step shows the lines said by its event: none after it, those before the first event from step 1", () => {
  const lines = [line(1, { seq: "0" }), line(2), line(3, { seq: "7" }), line(4, { seq: "7" }), line(5, { seq: "30" })];
  assert.deepEqual(saidBy(lines, 1).map((l) => l.n), ["1", "2"]); // seq 0 (left out of the JSON when 0) before any event
  assert.deepEqual(saidBy(lines, 6).map((l) => l.n), ["1", "2"]);
  assert.deepEqual(saidBy(lines, 7).map((l) => l.n), ["1", "2", "3", "4"]);
  assert.deepEqual(saidBy(lines, 30).map((l) => l.n), ["1", "2", "3", "4", "5"]); // "gg" after the end: at the last step
  assert.deepEqual(saidBy([], 5), []);
});

test("the server's refusals are said by their reason, or an invalid line by its field", () => {
  assert.equal(refusal({ code: "resource_exhausted", reason: "RATE_LIMITED" }), "chat.error.rate");
  assert.equal(refusal({ code: "resource_exhausted", reason: "CHAT_FULL" }), "chat.error.full");
  assert.equal(refusal({ code: "invalid_argument", message: "text: at most 200 characters, not 201" }), "chat.error.long");
  assert.equal(refusal({ code: "invalid_argument", message: "text: one line of text, without control characters" }),
               "chat.error.text");
  assert.equal(refusal({ code: "invalid_argument", message: "text: empty" }), "chat.error.empty");
  assert.equal(refusal({ code: "invalid_argument", message: "name: at most 64 characters" }), "chat.error.name");
  assert.equal(refusal({ code: "unauthenticated", reason: "UNKNOWN_TOKEN" }), "chat.error.seat");
  assert.equal(refusal({ code: "unavailable", reason: "CHAT_NOT_KEPT" }), "chat.error.other");
  assert.equal(refusal(new TypeError("Failed to fetch")), "chat.error.other");
});

test("the quick phrases are the page's language's, one a piece", () => {
  const t = (key) => ({ "chat.quick": "bien joué| gg |merci||bonne chance" })[key];
  assert.deepEqual(quickPhrases(t), ["bien joué", "gg", "merci", "bonne chance"]);
});

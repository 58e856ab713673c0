// The table's alerts and the end of a player's game, their pure parts (clients/web/table/alerts.js), without a page:
// a place in words, the tab's title and icon on your turn, when a turn is told, the seats sitting out named so, who
// invites to play again and the seat to take there; the seat's place as the table settled it (table/state.js); and
// every word the chat and the alerts say, in French and in English (clients/web/i18n.js). Run by `node --test
// tests/web/` (and by tests/test_browser_chat.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { asking, awayNames, hostOf, iconHref, ordinalWord, seatFor, shouldNotify, sitsOut, turnStarted,
         turnTitle } from "../../clients/web/table/alerts.js";
import { TableState } from "../../clients/web/table/state.js";

test("a place is said as each language says it", () => {
  assert.deepEqual([1, 2, 3, 10].map((n) => ordinalWord(n, "fr")), ["1er", "2e", "3e", "10e"]);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => ordinalWord(n, "en")),
                   ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]);
});

test("the tab's title and icon say your turn, and only then", () => {
  const t = (key, vars) => (key === "alert.title" ? `● À vous · ${vars.title}` : key);
  assert.equal(turnTitle("brelan", true, t), "● À vous · brelan");
  assert.equal(turnTitle("brelan", false, t), "brelan");
  const [yours, theirs] = [iconHref(true), iconHref(false)];
  assert.ok(yours.startsWith("data:image/svg+xml,") && theirs.startsWith("data:image/svg+xml,"));
  assert.notEqual(yours, theirs);
  assert.match(decodeURIComponent(yours), /<circle/);
  assert.doesNotMatch(decodeURIComponent(theirs), /<circle/);
});

test("a turn is told once as it begins; by a notification only when asked, allowed, hidden and timed", () => {
  assert.equal(turnStarted(false, true), true);
  assert.equal(turnStarted(true, true), false);
  assert.equal(turnStarted(true, false), false);
  const told = { enabled: true, permission: "granted", hidden: true, clock: 42 };
  assert.ok(shouldNotify(told));
  assert.ok(!shouldNotify({ ...told, enabled: false })); // off by default: asked for
  assert.ok(!shouldNotify({ ...told, permission: "default" }));
  assert.ok(!shouldNotify({ ...told, hidden: false })); // the tab in sight: its title says it
  assert.ok(!shouldNotify({ ...told, clock: null })); // an untimed table hurries nobody
  assert.ok(!shouldNotify({ ...told, clock: 0 }));
});

test("a seat sitting out is named so on the board, while the game is played", () => {
  const t = (key, vars) => `${vars.name} (away)`;
  const info = { status: "TABLE_STATUS_PLAYING", seats: [{ player: "ann", sittingOut: true }, { player: "bob" }, { bot: true }] };
  assert.deepEqual(awayNames(info, ["ann", "bob", "bot 3"], t), ["ann (away)", "bob", "bot 3"]);
  assert.deepEqual(awayNames(null, ["ann"], t), ["ann"]);
  assert.equal(sitsOut(info, 0), true);
  assert.equal(sitsOut(info, 1), false);
  // The game over, the flag stays on the seat: nobody sits out then (no "(sitting out)", no note without "I'm back")
  const over = { ...info, status: "TABLE_STATUS_FINISHED" };
  assert.deepEqual(awayNames(over, ["ann", "bob", "bot 3"], t), ["ann", "bob", "bot 3"]);
  assert.equal(sitsOut(over, 0), false);
});

test("a seat sitting out is not asked to play: its turn is nobody's to make on its screen", () => {
  // DAKER's playtest (review of issue 39's screens): anne sitting out read "à vous 1 s" on her plate and had the
  // turn's bar and buttons at each of her turns, which the server plays at once
  const info = { status: "TABLE_STATUS_PLAYING", seats: [{ player: "ann", sittingOut: true }, { player: "bob" }, { bot: true }] };
  assert.deepEqual(asking(info, 0, new Set([0])), { away: true, pending: new Set() });
  assert.deepEqual(asking(info, 0, new Set([0, 2])), { away: true, pending: new Set([2]) }); // the others' as they are
  // a seat playing, a spectator, a game over: asked as before
  assert.deepEqual(asking(info, 1, new Set([1])), { away: false, pending: new Set([1]) });
  assert.deepEqual(asking(info, null, new Set([0])), { away: false, pending: new Set([0]) });
  const over = { ...info, status: "TABLE_STATUS_FINISHED" };
  assert.deepEqual(asking(over, 0, new Set([0])), { away: false, pending: new Set([0]) });
});

test("the table made to play again: who invites, and which seat to take there", () => {
  const next = { status: "TABLE_STATUS_WAITING",
                 seats: [{ taken: true, player: "ann" }, {}, { taken: true, bot: true, player: "" }, { reserved: true }] };
  assert.equal(hostOf(next), "ann");
  assert.equal(hostOf({ seats: [{ taken: true, bot: true }, {}] }), ""); // its maker not seated yet
  assert.equal(seatFor(next, 1), 1); // your seat of the old table, free
  assert.equal(seatFor(next, 0), 1); // taken: the first free one
  assert.equal(seatFor(next, 3), 1); // reserved for somebody
  assert.equal(seatFor({ ...next, seats: next.seats.map((s) => ({ ...s, taken: true })) }, 1), null); // full: watch
  assert.equal(seatFor({ ...next, status: "TABLE_STATUS_FINISHED" }, 1), null);
});

test("a seat's place is the one the table settled as it went out (SeatInfo.place), else counted from the events", () => {
  const s = new TableState({ seat: 0, clock: { now: () => 0, wall: () => 0 } });
  s.info = { status: "TABLE_STATUS_PLAYING", seats: [{ place: 3 }, {}, {}] };
  s.view = { seats: [{ out: true }, {}, {}] };
  assert.equal(s.isOut(), true);
  assert.equal(s.place(), 3);
  s.view = { seats: [{}, {}, {}] }; // the view not read again yet: the table says it
  assert.equal(s.isOut(), true);
  s.info = { status: "TABLE_STATUS_PLAYING", seats: [{}, {}, {}] };
  s.view = { seats: [{ out: true }, {}, { out: true }] };
  s.outAt = { 0: 4, 2: 6 };
  assert.equal(s.place(), 3); // after seat 1 playing on and seat 2 out later
  s.info = { status: "TABLE_STATUS_FINISHED", seats: [{ place: 2 }, {}, {}] };
  s.view = { seats: [{}, {}, {}] };
  assert.equal(s.isOut(), false); // over: the result says it
});

test("every word the chat, the alerts and the end of a game say is in French and in English", async () => {
  // i18n.js reads the browser's storage and sets <html lang> as it loads: a page's few globals, stood in for.
  const kept = new Map([["brelan.lang", "fr"]]);
  globalThis.localStorage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)) };
  globalThis.document = { documentElement: {} };
  globalThis.Node = class {};
  const { setLang, t } = await import("../../clients/web/i18n.js");
  const source = ["chat.js", "alerts.js"].map((f) => readFileSync(new URL(`../../clients/web/table/${f}`, import.meta.url), "utf8"));
  // each key the modules name (t("chat.send"), a refusal's "chat.error.rate", t(away ? "sitout.back" : ...))
  const named = /\bt\("([a-z][\w.-]*)"|"((?:chat|alert|sitout|rematch|seat|out)\.[\w.-]+)"/g;
  const keys = new Set(source.flatMap((text) => [...text.matchAll(named)].map((m) => m[1] || m[2])));
  for (const key of ["out.you", "out.leave", "out.skip", "out.watch", "result.again", "result.tournament", "chat.quick", "seat.lost",
                     "seat.lost.back"]) keys.add(key);
  assert.ok(keys.size > 30, [...keys]);
  const said = {};
  for (const lang of ["fr", "en"]) {
    setLang(lang);
    said[lang] = Object.fromEntries([...keys].map((key) => [key, t(key, { n: 3, name: "Ann", title: "brelan", place: "3" })]));
    const missing = [...keys].filter((key) => said[lang][key] === key);
    assert.deepEqual(missing, [], `not said in ${lang}`);
  }
  assert.equal(said.fr["rematch.invite"], "Ann vous invite à rejouer");
  assert.equal(said.en["rematch.invite"], "Ann invites you to play again");
  assert.match(said.fr["alert.title"], /^● À vous · brelan$/);
  for (const phrase of ["bien joué", "gg", "merci", "bonne chance"]) assert.ok(said.fr["chat.quick"].split("|").includes(phrase));
  for (const phrase of ["well played", "gg", "thanks", "good luck"]) assert.ok(said.en["chat.quick"].split("|").includes(phrase));
});

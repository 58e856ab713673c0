// Playing with friends, the page's pure parts (clients/web/screens/friends.js, dom.js), without a page: a tournament
// player's link and what it carries, the secrets a browser keeps and the players it plays for, "my tables" with the
// tournament games waiting for them, and parts shown only sometimes left out of an element rather than written "null"
// (issue 39). Run by `node --test tests/web/` (and by tests/test_browser_picks.py).

import assert from "node:assert/strict";
import { test } from "node:test";

// The page's few globals the modules read as they load or as they are called, stood in for.
const kept = new Map([["brelan.lang", "fr"]]);
globalThis.localStorage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)) };
globalThis.document ??= { documentElement: {}, createTextNode: (text) => ({ text }) };
globalThis.Node ??= class Node {};
globalThis.navigator ??= { languages: ["fr"] };
globalThis.location ??= { origin: "https://brelan.example", pathname: "/" };

const { append } = await import("../../clients/web/dom.js");
const { STRINGS, keepTournamentSecrets, mergedSeats, mineWords, tournamentInLink, tournamentLink, tournamentOver, tournamentPlayers,
        tournamentSecrets } = await import("../../clients/web/screens/friends.js");

test("a part shown only sometimes is left out, never written as null", () => {
  const written = [];
  const node = { append: (...children) => written.push(...children) };
  assert.equal(append(node, null, "a", false, undefined, [null, "b"]), node);
  assert.deepEqual(written, [{ text: "a" }, { text: "b" }]); // Element.append(null) would have written "null"
});

test("a tournament player's link carries the tournament, the join secret and the name, whatever the name holds", () => {
  const link = tournamentLink("tour-1a2b", "Dédé / ann", "0123456789abcdef0123456789abcdef");
  assert.equal(link, "https://brelan.example/#/tournaments/tour-1a2b/0123456789abcdef0123456789abcdef/D%C3%A9d%C3%A9%20%2F%20ann");
  assert.deepEqual(tournamentInLink(link.slice(link.indexOf("#"))),
    { tournamentId: "tour-1a2b", secret: "0123456789abcdef0123456789abcdef", player: "Dédé / ann" });
  for (const other of ["#/tournaments", "#/tournaments/tour-1a2b", "#/tournaments/tour-1a2b/abc", "#/join/t-1/abc/x",
    "#/tournaments/tour-1a2b/abc/%E0", "#/tournaments/tour-1a2b/abc/%20", ""]) {
    assert.equal(tournamentInLink(other), null, other); // the tournament's page, another screen, a link cut short
  }
});

test("the organiser keeps every person's secret, plays for their own name alone; a player's link adds theirs", () => {
  kept.clear();
  keepTournamentSecrets("tour-a", { anne: "s-anne", bob: "s-bob" }, ["anne"]);
  assert.deepEqual(tournamentSecrets(), { "tour-a": { anne: "s-anne", bob: "s-bob" } });
  assert.deepEqual(tournamentPlayers(), [{ tournamentId: "tour-a", player: "anne", secret: "s-anne" }]);
  keepTournamentSecrets("tour-a", { bob: "s-bob" }, ["bob"]); // the same browser opens bob's link: both played here
  assert.deepEqual(tournamentPlayers().map((p) => p.player), ["anne", "bob"]);
  keepTournamentSecrets("tour-b", { cy: "s-cy" }); // held to send, not played
  assert.equal(tournamentPlayers().length, 2);
  tournamentOver("tour-a");
  assert.deepEqual(tournamentPlayers(), []);
  assert.ok(tournamentSecrets()["tour-a"].bob); // the links stay on its card
  for (let n = 0; n < 12; n++) keepTournamentSecrets(`tour-${n}`, { p: `s-${n}` }, ["p"]);
  const played = tournamentPlayers().map((p) => p.tournamentId);
  assert.equal(played.length, 8); // the latest looked up, one ListMyTables each
  assert.equal(played.at(-1), "tour-11");
  assert.ok(!played.includes("tour-0"));
});

test("my tables lists the key's seats, then each tournament game waiting for a player of this browser, once", () => {
  const seat = (tableId, kept) => ({ table: { tableId }, seat: 1, kept });
  const own = [seat("t-1", false), seat("t-2", true)];
  const merged = mergedSeats(own, [{ seats: [seat("t-2", true), seat("t-3", true)], secret: "s-bob" },
    { seats: [seat("t-3", true), seat("t-4", true)], secret: "s-cy" }]);
  assert.deepEqual(merged.map((s) => [s.table.tableId, s.secret]),
    [["t-1", undefined], ["t-2", undefined], ["t-3", "s-bob"], ["t-4", "s-cy"]]); // t-2 taken with the key already
});

test("a tournament game taken on another device says so, not that it awaits its player", () => {
  // (a seat found by its join secret is always listed as kept: the reservation stays once the seat is taken)
  assert.deepEqual(mineWords({ kept: true, secret: "s-bob", taken: false }), ["mine.awaits", "mine.sit"]);
  assert.deepEqual(mineWords({ kept: true, secret: "s-bob", taken: true }), ["mine.held", "mine.back"]);
  assert.deepEqual(mineWords({ kept: true }), ["mine.kept", "mine.back"]);
  assert.deepEqual(mineWords({ kept: false }), ["mine.held", "mine.open"]);
});

test("every word of playing with friends is said in French and in English", async () => {
  assert.deepEqual(Object.keys(STRINGS.fr).sort(), Object.keys(STRINGS.en).sort());
  const { setLang, t } = await import("../../clients/web/i18n.js");
  for (const lang of ["fr", "en"]) { // the lobby's own, in i18n.js
    setLang(lang);
    for (const key of ["seat.free", "form.apart"]) assert.notEqual(t(key), key, `${key} in ${lang}`);
  }
});

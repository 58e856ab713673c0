// A game's facts as the table screen reads them (clients/web/table/facts.js), from its VariantInfo (ListVariants,
// Connect's JSON: a field at its default is left out), not from lists of families: run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { perSeat, reviewsHands, roundKey, roundLabel, teams } from "../../clients/web/table/facts.js";

// The VariantInfos ListVariants gives (server/games' Facts), their options left out.
const POKER_CHAMP = { name: "poker-champ", title: "POKER CHAMP", seats: 4, roundName: "deal" };
const ALPHAPOKER = { name: "alphapoker", title: "AlphaPoker", judgesWords: true, seats: 3, reviewsHands: true, roundName: "deal" };
const BATAILLE = { name: "alphapoker-bataille", title: "AlphaPoker bataille", realtime: true, judgesWords: true, seats: 2 };
const BELOTE = { name: "alphapoker-belote", title: "AlphaPoker belote", realtime: true, judgesWords: true, seats: 4,
                 teamSize: 2, roundName: "deal" };
const CHINESE = { name: "chinese", title: "Chinese poker", seats: 3, reviewsHands: true, roundName: "hand" };
const DAKER = { name: "daker", title: "DAKER", seats: 4, roundName: "hand" };

// i18n.js, the page's words, reads the browser's storage and language as it loads: theirs stood in for.
async function words(lang) {
  const kept = { "brelan.lang": lang };
  globalThis.localStorage = { getItem: (k) => kept[k] ?? null, setItem: (k, v) => (kept[k] = String(v)) };
  globalThis.document ??= { documentElement: {} };
  globalThis.Node ??= class Node {}; // no element is counted here
  if (!("navigator" in globalThis)) globalThis.navigator = { languages: [lang] };
  const i18n = await import("../../clients/web/i18n.js");
  i18n.setLang(lang);
  return i18n.t;
}

test("a round is counted with the word its VariantInfo's roundName says", () => {
  assert.equal(roundKey(POKER_CHAMP), "table.deal");
  assert.equal(roundKey(ALPHAPOKER), "table.deal");
  assert.equal(roundKey(BELOTE), "table.deal");
  assert.equal(roundKey(CHINESE), "table.hand");
  assert.equal(roundKey(DAKER), "table.hand");
  assert.equal(roundKey(BATAILLE), null); // roundName "" (left out): no rounds
  // the facts, not the game's name: a game said to deal is counted in deals, whatever it is called
  assert.equal(roundKey({ name: "chinese", roundName: "deal" }), "table.deal");
  assert.equal(roundKey({ name: "alphapoker" }), null);
  assert.equal(roundKey(null), "table.hand"); // a game not known: hands, the plainest word
});

test("the header says 'deal 3' / 'donne 3' for deals, 'hand 3' for hands, and nothing for bataille", async () => {
  const t = await words("en");
  assert.equal(roundLabel({ roundName: "deal" }, 3, t), "deal 3");
  assert.equal(roundLabel({ roundName: "hand" }, 3, t), "hand 3");
  assert.equal(roundLabel(BATAILLE, 3, t), "");
  assert.equal(roundLabel(BELOTE, 0, t), ""); // no round dealt yet
  const { setLang } = await import("../../clients/web/i18n.js");
  setLang("fr");
  assert.equal(roundLabel(BELOTE, 2, t), "donne 2");
  assert.equal(roundLabel(CHINESE, 2, t), "donne 2"); // the French page counts hands as donnes too
  assert.equal(roundLabel(BATAILLE, 2, t), "");
});

test("ReviewHand is asked only of a game whose VariantInfo says its hands are reviewed", () => {
  assert.deepEqual([POKER_CHAMP, ALPHAPOKER, BATAILLE, BELOTE, CHINESE, DAKER].filter(reviewsHands).map((v) => v.name),
                   ["alphapoker", "chinese"]);
  assert.equal(reviewsHands({ name: "daker", reviewsHands: true }), true);
  assert.equal(reviewsHands(null), false);
});

test("a per-team list is each seat's team's in a game of teams (teamSize), partners opposite", () => {
  assert.equal(teams(BELOTE, 4), 2);
  assert.equal(teams(DAKER, 4), 0);
  assert.equal(teams(null, 4), 0);
  assert.deepEqual(perSeat(BELOTE, ["310", "120"], 4), ["310", "120", "310", "120"]); // seats 0 and 2: team 0
  assert.equal(perSeat(BELOTE, ["310", "120", "7"], 4), null); // not one per team
  assert.equal(perSeat(DAKER, ["1", "2"], 4), null); // no teams: not a column
  assert.deepEqual(perSeat({ name: "daker", teamSize: 2 }, ["1", "2"], 4), ["1", "2", "1", "2"]); // the fact decides
});

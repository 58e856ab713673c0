// The replay's words and the hands' names (clients/web/table/replay.js, events.js, poker.js), without a page: the
// replay counts its moves in a word of its own (POKER CHAMP's stages are "Étape 2 · le flop"), a hand's opening line
// is not preceded by its hand again ("donne 1 · Donne 1"), and a hand has one English name in every game (playtest).
// Run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { pageWords } from "./page.mjs";

await pageWords("fr");
globalThis.location ??= { origin: "https://brelan.example", pathname: "/" };
const { STRINGS: REPLAY } = await import("../../clients/web/table/replay.js");
const { namesHand } = await import("../../clients/web/table/events.js");
const { STRINGS: POKER } = await import("../../clients/web/table/poker.js");
const { setLang, t } = await import("../../clients/web/i18n.js");

const word = (text) => text.split(/[ {]/)[0].toLowerCase();

test("the replay's step is not said with the word of a game's stage", () => {
  for (const lang of ["fr", "en"]) {
    const stage = word(POKER[lang]["pc.stage.n"]); // "étape", "stage"
    for (const key of ["rp.step", "rp.slider"]) {
      assert.notEqual(word(REPLAY[lang][key]), stage, `${lang} ${key}: ${REPLAY[lang][key]}`);
    }
    setLang(lang);
    for (const key of ["chat.replay", "chat.replay.empty"]) { // the chat beside the replay, up to its step
      assert.doesNotMatch(t(key), new RegExp(`\\b${stage}\\b`, "i"), `${lang} ${key}`);
    }
  }
  setLang("fr");
  assert.equal(REPLAY.fr["rp.step"], "Coup {n} sur {of}");
  assert.equal(REPLAY.en["rp.step"], "Move {n} of {of}");
});

test("a hand's opening names its hand: the replay does not say the hand before it again", () => {
  assert.equal(namesHand({ seq: "1", hand: "1", pokerChamp: { deal: { number: 1 } } }), true);
  assert.equal(namesHand({ seq: "1", hand: "1", daker: { hand: { number: 1, button: 2 } } }), true);
  assert.equal(namesHand({ seq: "2", hand: "1", daker: { folded: { seat: 1 } } }), false);
  assert.equal(namesHand({ seq: "3", hand: "1", pokerChamp: { paid: { seat: 1, amount: 1 } } }), false);
  assert.equal(namesHand({ seq: "4", text: "something" }), false);
});

test("two pairs are named alike in every poker game's English", () => {
  const en = POKER.en;
  assert.equal(en["yh.hand.two-pairs"], en["pc.hand.two-pair"]);
  assert.match(en["dk.hand.two-pairs"], new RegExp(`^${en["pc.hand.two-pair"]}\\b`));
});

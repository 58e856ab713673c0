// What the poker boards say of a table (clients/web/table/poker.js's model of a view, its seats' tags) and the final
// ranking under the table (table/screen.js's ranking), as a player at the table met them: run by `node --test
// tests/web/`. The events and views are Connect's JSON as the server gives them (a field at its default left out:
// seat 0's).

import assert from "node:assert/strict";
import { test } from "node:test";

// i18n.js, the page's words, reads the browser's storage and language as it loads: theirs stood in for.
const kept = { "brelan.lang": "fr" };
globalThis.localStorage = { getItem: (k) => kept[k] ?? null, setItem: (k, v) => (kept[k] = String(v)) };
globalThis.document ??= { documentElement: {} };
globalThis.Node ??= class Node {};
if (!("navigator" in globalThis)) globalThis.navigator = { languages: ["fr"] };
const i18n = await import("../../clients/web/i18n.js");
const poker = await import("../../clients/web/table/poker.js");
const { ranking, resultColumns } = await import("../../clients/web/table/screen.js");

/** A board's ctx (table/board.js's) in ``lang``: anne, bob and cy; its words the board's first. */
function ctx(lang, more = {}) {
  i18n.setLang(lang);
  return { seat: 0, names: ["anne", "bob", "cy"], lang, t: (key, vars) => i18n.t(key, vars, poker.STRINGS),
           pending: new Set(), picked: new Map(), options: {}, ...more };
}

// DAKER hold'em at three, hand 1, as the server logged one: cy (the button) folds, anne calls, bob folds: anne takes
// the 20 chips of the blinds, nobody shows a hand. The view is anne's as bob's decision opened.
const DAKER_VIEW = {
  mode: "MODE_HOLDEM", phase: "PHASE_BET", hand: "1", button: 2, pot: "20", community: ["??", "??", "??"],
  seats: [{ stack: "990", bet: "10", inHand: true, cards: ["QN", "JN", "AJ"] },
          { seat: 1, stack: "990", bet: "10", inHand: true, cards: ["??", "??", "??"], pending: true },
          { seat: 2, stack: "1000", cards: [] }],
};
const hand = (n, daker) => ({ seq: String(n), hand: 1, daker });
const FOLDED_TO_ANNE = [
  hand(1, { hand: { number: 1, button: 2 } }), hand(2, { blinded: { amount: "5" } }),
  hand(3, { blinded: { seat: 1, amount: "10" } }), hand(4, { community: { count: 3 } }),
  hand(8, { folded: { seat: 2 } }), hand(9, { called: { amount: "5" } }),
  hand(10, { folded: { seat: 1 } }), hand(11, { won: { amount: "20", pot: "main" } }),
];
// The same hand played to a showdown: bob calls each round, both show, anne's full house takes the pot.
const SHOWN_DOWN = [
  ...FOLDED_TO_ANNE.slice(0, 6),
  hand(10, { shown: { hand: "full-house-Q-J", cards: ["QN", "JN", "AJ"] } }),
  hand(11, { shown: { seat: 1, hand: "pair-K", cards: ["KK", "RN", "NN"] } }),
  hand(12, { won: { amount: "20", pot: "main" } }),
];

test("a DAKER hand the others folded is no showdown: the board says who took the pot uncontested", () => {
  for (const [lang, said, showdown] of [["fr", "anne remporte le pot : les autres se sont couchés", "Abattage"],
                                        ["en", "anne takes the pot uncontested: the others folded", "Showdown"]]) {
    const ended = poker.showdown(DAKER_VIEW, FOLDED_TO_ANNE);
    const info = poker.boardModel(ended, ctx(lang)).info.filter(Boolean);
    assert.ok(info.includes(said), `${lang}: ${info}`);
    assert.ok(!info.includes(showdown), `${lang}: ${info}`);
    // a hand shown down is one
    const shown = poker.boardModel(poker.showdown(DAKER_VIEW, SHOWN_DOWN), ctx(lang)).info;
    assert.ok(shown.includes(showdown) && !shown.includes(said), `${lang}: ${shown}`);
  }
  // the game's end, held as its last hand's, says the game is over, as POKER CHAMP's and Yahtzee hold'em's do
  const last = poker.showdown({ ...DAKER_VIEW, phase: "PHASE_OVER", champions: [0] }, SHOWN_DOWN);
  const over = poker.boardModel(last, ctx("fr")).info;
  assert.ok(over.includes("Partie terminée") && !over.includes("Abattage"), over);
});

test("a POKER CHAMP deal the others folded is no showdown either; the game over, no Award is left in play", () => {
  const view = { phase: "PHASE_STAGE", deal: "4", stage: 2, stake: "1", pot: "5", awardsLeft: 6,
                 seats: [{ chips: "8", paid: "2", inHand: true, hole: ["Ah", "Kd"] },
                         { seat: 1, chips: "9", paid: "2", inHand: true, hole: ["[Ls]", "[Mh]"], pending: true },
                         { seat: 2, chips: "10", paid: "1", hole: [] }] };
  const deal = (n, pokerChamp) => ({ seq: String(n), hand: 4, pokerChamp });
  const folded = [deal(20, { folded: { seat: 1 } }), deal(21, { won: { amount: "5" } })];
  const info = poker.boardModel(poker.showdown(view, folded), ctx("fr")).info;
  assert.ok(info.includes("anne remporte le pot : les autres se sont couchés") && !info.includes("Abattage"), info);
  assert.ok(info.includes("6 Awards POKER CHAMP en jeu"), info); // still in play while the game goes on
  const over = poker.boardModel({ ...view, phase: "PHASE_OVER", champions: [2], awardsLeft: 5 }, ctx("fr")).info;
  assert.ok(over.includes("Partie terminée"), over);
  assert.ok(!over.some((said) => String(said).includes("en jeu")), over);
  const english = poker.boardModel({ ...view, phase: "PHASE_OVER", champions: [2], awardsLeft: 5 }, ctx("en")).info;
  assert.ok(!english.some((said) => String(said).includes("left")), english);
});

test("in a replay the seat to act is said to act, not to think: the game is history", () => {
  const model = poker.boardModel(DAKER_VIEW, ctx("fr", { seat: null, pending: new Set([1]) }));
  const bob = model.seats[1];
  assert.deepEqual(poker.seatTag(bob, model, ctx("fr", { seat: null }), false), ["turn", "réfléchit…"]); // live
  for (const [lang, said] of [["fr", "à jouer"], ["en", "to act"]]) {
    const tag = poker.seatTag(bob, model, ctx(lang, { seat: null, replay: true }), false);
    assert.deepEqual(tag, ["turn", said]);
    // the viewer's own turn, replayed, is no "à vous" either
    assert.deepEqual(poker.seatTag(bob, model, ctx(lang, { replay: true }), true), ["turn", said]);
  }
});

test("POKER CHAMP's final ranking lists the seats equal on Awards by their chips, their rank shared", () => {
  const champ = { name: "poker-champ", seats: 4 };
  // the tester's table: robot 3 won the Award; robot 1 ended with 6 chips, robot 2 with 12
  const result = { champions: [2], awards: [0, 0, 1], chips: ["6", "12", "18"], deals: 19 };
  const columns = resultColumns(champ, result, 3);
  assert.deepEqual(columns.map(([k]) => k), ["awards", "chips"]);
  assert.deepEqual(ranking(result, columns, 3), [{ seat: 2, rank: 1 }, { seat: 1, rank: 2 }, { seat: 0, rank: 2 }]);
  // more Awards rank ahead of more chips; equal on both, by seat
  const four = { champions: [3], awards: [1, 0, 0, 2], chips: ["2", "30", "4", "4"] };
  assert.deepEqual(ranking(four, resultColumns(champ, four, 4), 4),
                   [{ seat: 3, rank: 1 }, { seat: 0, rank: 2 }, { seat: 1, rank: 3 }, { seat: 2, rank: 3 }]);
  // a game of one amount ranks as before: DAKER's chips, who went out later ahead of who went out first
  const daker = { champions: [1], stacks: ["0", "3000", "0"], outHands: [7, 0, 9] };
  assert.deepEqual(ranking(daker, resultColumns({ name: "daker" }, daker, 3), 3),
                   [{ seat: 1, rank: 1 }, { seat: 2, rank: 2 }, { seat: 0, rank: 3 }]);
});

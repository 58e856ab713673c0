// What the poker boards say of a table (clients/web/table/poker.js's model of a view, its seats' tags) and the final
// ranking under the table (table/screen.js's ranking), as a player at the table met them: run by `node --test
// tests/web/`. The events and views are Connect's JSON as the server gives them (a field at its default left out:
// seat 0's).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { pageWords } from "./page.mjs";

const i18n = await pageWords("fr"); // the page's words, the browser's parts they read stood in for
const poker = await import("../../clients/web/table/poker.js");
const { ranking, resultColumns } = await import("../../clients/web/table/screen.js");

/** A board's ctx (table/board.js's) in ``lang``: anne, bob and cy; its words the board's first. */
function ctx(lang, more = {}) {
  i18n.setLang(lang);
  return { seat: 0, names: ["anne", "bob", "cy"], lang, t: (key, vars) => i18n.t(key, vars, poker.STRINGS),
           pending: new Set(), picked: new Map(), options: {}, ...more };
}

// The engines' own hands (tests/web/poker_events.py writes them, tests/test_typed.py holds them to the engines): in
// each game, a hand bob and cy fold to anne ("foldOut") and one every seat sees to the end ("showdown"), each with
// anne's view as its last decision opened and the hand's typed events from its start to its last win.
const HANDS = JSON.parse(readFileSync(new URL("./poker-events.json", import.meta.url), "utf8"));
// Each game's word for a hand shown down, in French and in English.
const SHOWDOWN = { "daker": ["Abattage", "Showdown"], "poker-champ": ["Abattage", "Showdown"],
                   "yahtzee-holdem": ["Dévoilement", "Showdown"] };

test("a hand the others folded is no showdown: the board says who took the pot, as the engine's won event says", () => {
  for (const [game, words] of Object.entries(SHOWDOWN)) {
    const { foldOut, showdown } = HANDS[game];
    for (const [lang, said, shownDown] of [["fr", "anne remporte le pot : les autres se sont couchés", words[0]],
                                           ["en", "anne takes the pot uncontested: the others folded", words[1]]]) {
      const info = poker.boardModel(poker.showdown(foldOut.view, foldOut.events), ctx(lang)).info.filter(Boolean);
      assert.ok(info.includes(said), `${game} ${lang}: ${info}`);
      assert.ok(!info.includes(shownDown), `${game} ${lang}: ${info}`);
      // a hand shown down is one
      const shown = poker.boardModel(poker.showdown(showdown.view, showdown.events), ctx(lang)).info;
      assert.ok(shown.includes(shownDown) && !shown.includes(said), `${game} ${lang}: ${shown}`);
    }
  }
  // POKER CHAMP's last player shows his cards even so (the rulebook's stage 4): the won event alone says it
  const shows = HANDS["poker-champ"].foldOut.events.filter((e) => e.pokerChamp?.shown);
  assert.equal(shows.length, 1);
});

test("the game's end, held as its last hand's, says the game is over, as in each poker game", () => {
  for (const [game, words] of Object.entries(SHOWDOWN)) {
    const { view, events } = HANDS[game].showdown;
    const last = poker.showdown({ ...view, phase: "PHASE_OVER", over: true, champions: [0] }, events); // Yahtzee's: over
    const over = poker.boardModel(last, ctx("fr")).info;
    assert.ok(over.includes("Partie terminée") && !over.includes(words[0]), `${game}: ${over}`);
  }
});

test("a POKER CHAMP game over has no Award left in play", () => {
  const { view, events } = HANDS["poker-champ"].foldOut;
  const info = poker.boardModel(poker.showdown(view, events), ctx("fr")).info;
  assert.ok(info.includes("7 Awards POKER CHAMP en jeu"), info); // still in play while the game goes on
  const over = poker.boardModel({ ...view, phase: "PHASE_OVER", champions: [2], awardsLeft: 5 }, ctx("fr")).info;
  assert.ok(over.includes("Partie terminée"), over);
  assert.ok(!over.some((said) => String(said).includes("en jeu")), over);
  const english = poker.boardModel({ ...view, phase: "PHASE_OVER", champions: [2], awardsLeft: 5 }, ctx("en")).info;
  assert.ok(!english.some((said) => String(said).includes("left")), english);
});

test("in a replay the seat to act is said to act, not to think: the game is history", () => {
  const model = poker.boardModel(HANDS.daker.foldOut.view, ctx("fr", { seat: null, pending: new Set([1]) }));
  const bob = model.seats[1]; // the seat to act as anne's view opened
  assert.deepEqual(poker.seatTag(bob, model, ctx("fr", { seat: null }), false), ["turn", "réfléchit…"]); // live
  for (const [lang, said] of [["fr", "à jouer"], ["en", "to act"]]) {
    const tag = poker.seatTag(bob, model, ctx(lang, { seat: null, replay: true }), false);
    assert.deepEqual(tag, ["turn", said]);
    // the viewer's own turn, replayed, is no "à vous" either
    assert.deepEqual(poker.seatTag(bob, model, ctx(lang, { replay: true }), true), ["turn", said]);
  }
});

test("POKER CHAMP's final ranking is the engine's places, the seats of one place listed by their chips", () => {
  const champ = { name: "poker-champ", seats: 4 };
  // the tester's table: robot 3 won the Award; robot 1 ended with 6 chips, robot 2 with 12: one place (the engine's)
  const result = { champions: [2], awards: [0, 0, 1], chips: ["6", "12", "18"], deals: 19, places: [2, 2, 1] };
  const columns = resultColumns(champ, result, 3);
  assert.deepEqual(columns.map(([k]) => k), ["awards", "chips"]); // the places are the ranking, no column
  assert.deepEqual(ranking(result, columns, 3), [{ seat: 2, rank: 1 }, { seat: 1, rank: 2 }, { seat: 0, rank: 2 }]);
  // more Awards, a better place; one place, listed by chips, then by seat
  const four = { champions: [3], awards: [1, 0, 0, 2], chips: ["2", "30", "4", "4"], places: [2, 3, 3, 1] };
  assert.deepEqual(ranking(four, resultColumns(champ, four, 4), 4),
                   [{ seat: 3, rank: 1 }, { seat: 0, rank: 2 }, { seat: 1, rank: 3 }, { seat: 2, rank: 3 }]);
  // a result stored before the engine gave places ranks by its columns as before: Awards, then chips
  const older = { champions: [2], awards: [0, 0, 1], chips: ["6", "12", "18"], deals: 19 };
  assert.deepEqual(ranking(older, resultColumns(champ, older, 3), 3),
                   [{ seat: 2, rank: 1 }, { seat: 1, rank: 2 }, { seat: 0, rank: 2 }]);
  // a game of one amount ranks as before: DAKER's chips, who went out later ahead of who went out first
  const daker = { champions: [1], stacks: ["0", "3000", "0"], outHands: [7, 0, 9] };
  assert.deepEqual(ranking(daker, resultColumns({ name: "daker" }, daker, 3), 3),
                   [{ seat: 1, rank: 1 }, { seat: 2, rank: 2 }, { seat: 0, rank: 3 }]);
});

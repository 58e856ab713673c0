// The page's previews give Python's answers: each shared case of tests/data/previews.json (the engines' own, written
// and checked by tests/test_previews.py) through clients/web/table/previews.js and the table the page keeps (the
// letters' values, its tiles'). Run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { LETTER_VALUES } from "../../clients/web/cards.js";
import { judgeBoard, matchWord, scoreParts } from "../../clients/web/table/previews.js";

const cases = JSON.parse(readFileSync(new URL("../data/previews.json", import.meta.url), "utf8"));

test("the letters' values are the engines'", () => {
  assert.deepEqual({ ...LETTER_VALUES }, cases.letterValues);
});

test("a word being built scores what the engine scores it, part by part", () => {
  for (const c of cases.words) assert.deepEqual(scoreParts(c.laid, c.simplified), c.score, JSON.stringify(c.laid));
});

test("a Chinese board being arranged is judged as the server judges it: hands, royalties, fouls, fantasyland", () => {
  for (const c of cases.boards) {
    assert.deepEqual(judgeBoard(c.board, c.fantasyland), c.judged, JSON.stringify([c.board, c.fantasyland]));
  }
});

test("a word typed at the table takes the cards the server takes, and misses the letters it misses", () => {
  for (const c of cases.tableWords) {
    const matched = matchWord({ letters: [...c.letters], jokers: new Set(c.jokers) }, c.table);
    const said = JSON.stringify([c.table, c.letters, c.jokers]);
    assert.deepEqual(matched.filter((m) => m.idx >= 0).map((m) => m.idx), c.cards, said);
    assert.equal(matched.filter((m) => m.via === "missing").map((m) => m.letter).join(""), c.missing, said);
  }
});

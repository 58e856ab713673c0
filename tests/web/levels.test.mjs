// The bots' levels in the page's words (clients/web/levels.js), from a game's VariantInfo (ListVariants, Connect's
// JSON: a field at its default is left out), not from a list of the page's own: run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { botLevels, chosenLevel, levelNamed, levelWord } from "../../clients/web/levels.js";

// A VariantInfo's levels as ListVariants gives them (server/games/levels.py's LEVELS), its other fields left out.
const POKER_CHAMP = {
  name: "poker-champ", seats: 4, defaultBotLevel: "intermediate",
  botLevels: [{ name: "beginner", french: "débutant", summary: "plays what it sees" },
              { name: "intermediate", french: "intermédiaire", summary: "plays its cards soundly" },
              { name: "strong", french: "fort", summary: "hard to beat" }],
};

test("a level is said by its French name in French and its name in English", () => {
  assert.deepEqual(POKER_CHAMP.botLevels.map((l) => levelWord(l, "fr")), ["débutant", "intermédiaire", "fort"]);
  assert.deepEqual(POKER_CHAMP.botLevels.map((l) => levelWord(l, "en")), ["beginner", "intermediate", "strong"]);
  assert.equal(levelWord({ name: "expert" }, "fr"), "expert"); // a level with no French name: its name
});

test("a level named by a seat or a tournament is looked up in the game's levels", () => {
  assert.equal(levelNamed(POKER_CHAMP, "strong", "fr"), "fort");
  assert.equal(levelNamed(POKER_CHAMP, "strong", "en"), "strong");
  assert.equal(levelNamed(null, "strong", "fr"), "strong"); // the game not known: the server's name
  assert.equal(levelNamed(POKER_CHAMP, "expert", "fr"), "expert");
});

test("a form shows the level a host chose when the game has it, else the game's default", () => {
  assert.equal(chosenLevel(POKER_CHAMP, "strong"), "strong");
  assert.equal(chosenLevel(POKER_CHAMP, undefined), "intermediate");
  assert.equal(chosenLevel(POKER_CHAMP, "expert"), "intermediate");
  assert.equal(chosenLevel({ botLevels: POKER_CHAMP.botLevels }, ""), "beginner"); // no default said: the first
  assert.equal(chosenLevel(null, "strong"), ""); // no level listed: nothing to choose
});

test("a table's bots are said by their one level, or each by its name with its own", () => {
  // Connect's JSON leaves out seat 0's false bot, and a person's empty level
  const seat = (botLevel) => ({ taken: true, bot: true, botLevel });
  const info = { seats: [{ taken: true, player: "anne" }, seat("beginner"), seat("strong"), {}] };
  assert.deepEqual(botLevels(info, POKER_CHAMP, ["anne", "robot 2", "robot 3", "place 4"], "fr"),
                   ["robot 2 (débutant)", "robot 3 (fort)"]);
  assert.deepEqual(botLevels(info, POKER_CHAMP, ["anne", "bot 2", "bot 3", "seat 4"], "en"),
                   ["bot 2 (beginner)", "bot 3 (strong)"]);
  const same = { seats: [{ taken: true, player: "anne" }, seat("strong"), seat("strong")] };
  assert.deepEqual(botLevels(same, POKER_CHAMP, ["anne", "robot 2", "robot 3"], "fr"), ["fort"]);
  assert.deepEqual(botLevels({ seats: [{ player: "anne" }, { player: "bob" }] }, POKER_CHAMP, ["anne", "bob"], "fr"), []);
  assert.deepEqual(botLevels(null, POKER_CHAMP, [], "fr"), []); // no table read yet
});

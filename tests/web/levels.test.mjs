// The bots' levels in the page's words (clients/web/levels.js), from a game's VariantInfo (ListVariants, Connect's
// JSON: a field at its default is left out), not from a list of the page's own: run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { botLevels, botNames, chosenLevel, knowVariants, levelNamed, levelPlural, levelWord, seatedNames }
  from "../../clients/web/levels.js";
import { pageWords } from "./page.mjs";

const i18n = await pageWords("fr"); // the page's words, the browser's parts they read stood in for

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

test("a table's named bots are said by their one level, or each by its name with its own", () => {
  // Connect's JSON leaves out seat 0's false bot, and a person's empty level; a tournament names its bots
  const seat = (botLevel, player = "") => ({ taken: true, bot: true, botLevel, ...(player ? { player } : {}) });
  const info = { seats: [{ taken: true, player: "anne" }, seat("beginner", "Bot Cy"), seat("strong", "Bot Di"), {}] };
  assert.deepEqual(botLevels(info, POKER_CHAMP, ["anne", "Bot Cy", "Bot Di", "place 4"], "fr"),
                   ["Bot Cy (débutant)", "Bot Di (fort)"]);
  assert.deepEqual(botLevels(info, POKER_CHAMP, ["anne", "Bot Cy", "Bot Di", "seat 4"], "en"),
                   ["Bot Cy (beginner)", "Bot Di (strong)"]);
  const same = { seats: [{ taken: true, player: "anne" }, seat("strong", "Bot Cy"), seat("strong", "Bot Di")] };
  assert.deepEqual(botLevels(same, POKER_CHAMP, ["anne", "Bot Cy", "Bot Di"], "fr"), ["fort"]);
  // a bot of the house says its level by its name: not said twice ("robot fort (fort)")
  const house = { seats: [{ taken: true, player: "anne" }, seat("beginner"), seat("strong")] };
  assert.deepEqual(botLevels(house, POKER_CHAMP, ["anne", "robot débutant", "robot fort"], "fr"), []);
  assert.deepEqual(botLevels({ seats: [{ player: "anne" }, { player: "bob" }] }, POKER_CHAMP, ["anne", "bob"], "fr"), []);
  assert.deepEqual(botLevels(null, POKER_CHAMP, [], "fr"), []); // no table read yet
});

test("a bot of the house is named by its level, numbered only when bots of its table share one", () => {
  knowVariants([POKER_CHAMP]);
  const bot = (botLevel) => ({ taken: true, bot: true, ...(botLevel ? { botLevel } : {}) });
  const table = { variant: "poker-champ", seats: [{ taken: true, player: "anne" }, bot("beginner"), bot("strong"), bot("strong")] };
  const named = (lang, info) => {
    i18n.setLang(lang);
    return botNames(info, i18n.t, lang);
  };
  assert.deepEqual(named("fr", table), ["", "robot débutant", "robot fort 1", "robot fort 2"]);
  assert.deepEqual(named("en", table), ["", "beginner bot", "strong bot 1", "strong bot 2"]);
  // the same bot keeps its name whoever sits beside it: a person's seat, free or taken, counts for nothing
  const later = { ...table, seats: [{}, ...table.seats.slice(1)] };
  assert.deepEqual(named("fr", later), named("fr", table));
  assert.deepEqual(named("fr", { variant: "poker-champ", seats: [{}, bot("intermediate")] }), ["", "robot intermédiaire"]);
  // a game the page could not read: the level's own name; a level not said: "robot", numbered among those alike
  assert.deepEqual(named("fr", { variant: "nothing", seats: [bot("strong"), bot("")] }), ["robot strong", "robot"]);
  assert.deepEqual(named("en", { seats: [bot(""), bot("")] }), ["bot 1", "bot 2"]);
  assert.deepEqual(named("fr", null), []);
});

test("a table's title counts its bots that share a level, its people by name first", () => {
  knowVariants([POKER_CHAMP]);
  const seat = (botLevel) => ({ bot: true, botLevel });
  const title = (seats, lang) => {
    const info = { variant: "poker-champ", seats };
    const names = botNames(info, (k, v) => i18n.t(k, v), lang).map((name, s) => seats[s].player || name); // as seatNames
    return i18n.listed(seatedNames(info, names, (k, v) => i18n.t(k, v), lang));
  };
  const six = [{ ...seat("intermediate"), taken: true }, { player: "anne", taken: true }, seat("intermediate"), seat("strong"),
    seat("beginner"), seat("beginner")];
  i18n.setLang("fr");
  assert.equal(title(six, "fr"), "anne et 5 robots"); // at three levels: counted, their plates say each one's
  const five = six.slice(0, 5).map((s, i) => (i === 3 ? seat("beginner") : s));
  assert.equal(title(five, "fr"), "anne, 2 robots intermédiaires et 2 robots débutants");
  assert.equal(title([{ player: "anne", taken: true }, { player: "bob", taken: true }, seat("strong"), seat("strong")], "fr"),
    "anne, bob et 2 robots forts");
  // alone at its level, a bot keeps its name; a tournament's bot is named as a person; a free seat is not listed
  assert.equal(title([{ player: "anne", taken: true }, seat("strong"), {}, { bot: true, player: "Bot Cy", botLevel: "strong" }], "fr"),
    "anne, Bot Cy et robot fort");
  assert.equal(title([{ player: "anne", taken: true }, { bot: true }, { bot: true }], "fr"), "anne et 2 robots");
  i18n.setLang("en");
  assert.equal(title(five, "en"), "anne, 2 intermediate bots, and 2 beginner bots");
  assert.equal(title(six.slice(0, 4), "en"), "anne, 2 intermediate bots, and strong bot");
  i18n.setLang("fr");
  assert.deepEqual(["débutant", "fort", "intermédiaire", "gris"].map((w) => levelPlural(w, "fr")),
    ["débutants", "forts", "intermédiaires", "gris"]);
});

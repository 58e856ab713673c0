// French says a bot's name (a common noun phrase: "robot fort", levels.js's botNames) with its article after "de"
// and "à", a person's (a proper noun) without: i18n.js's pieces(), one rule for every text. `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { botNames, knowVariants } from "../../clients/web/levels.js";
import { pageWords } from "./page.mjs";

const i18n = await pageWords("fr"); // the page's words, the browser's parts they read stood in for
const { listOf, listed, pieces, setLang, t } = i18n;
const text = (key, vars) => pieces(key, vars).flat().map((p) => (p instanceof Node ? p.textContent : String(p))).join("");
// a name as the feed draws it: an element (events.js's <b>), its text the name
const bold = (name) => Object.assign(new Node(), { textContent: name });

knowVariants([{ name: "daker", botLevels: [{ name: "strong", french: "fort" }, { name: "beginner", french: "débutant" }] }]);
const TABLE = { variant: "daker", seats: [{ player: "anne" }, { bot: true, botLevel: "strong" }, { bot: true, botLevel: "strong" },
  { bot: true, botLevel: "beginner" }] };

test("a bot's name takes its article after de and à, a person's name does not", () => {
  setLang("fr");
  const [anne, fort1, fort2, debutant] = botNames(TABLE, t, "fr").map((name, s) => name || TABLE.seats[s].player);
  assert.deepEqual([fort1, fort2, debutant], ["robot fort 1", "robot fort 2", "robot débutant"]);
  assert.equal(t("result.title", { names: debutant }), "Victoire du robot débutant"); // was "Victoire de robot débutant"
  assert.equal(t("result.title", { names: anne }), "Victoire d'anne"); // a person's: elided as before
  assert.equal(t("result.title", { names: "Yann" }), "Victoire de Yann");
  assert.equal(text("{who} paie {n} à {to}", { who: bold(anne), n: 3, to: bold(fort2) }), "anne paie 3 au robot fort 2");
  assert.equal(text("{who} paie {n} à {to}", { who: bold(fort1), n: 3, to: bold(anne) }), "robot fort 1 paie 3 à anne");
  assert.equal(text("{word} de {who} est refusé", { word: "CHIEN", who: bold(debutant) }), "CHIEN du robot débutant est refusé");
  assert.equal(text("{a} à {b}", { a: 1, b: 4 }), "1 à 4"); // a number is no name
});

test("names listed after de each take theirs once one is a bot's, as a text or as elements", () => {
  setLang("fr");
  // the result's title (screen.js: listed(), a text) and the feed's (events.js: listOf(), elements)
  assert.equal(t("result.title", { names: listed(["anne", "robot fort"]) }), "Victoire d'anne et du robot fort");
  assert.equal(t("result.title", { names: listed(["robot fort 1", "bob", "robot fort 2"]) }),
    "Victoire du robot fort 1, de bob et du robot fort 2");
  assert.equal(text("Victoire de {names}", { names: listOf([bold("robot fort 2"), bold("Hugo")]) }),
    "Victoire du robot fort 2 et d'Hugo");
  assert.equal(t("result.title", { names: listed(["anne", "bob"]) }), "Victoire d'anne et bob"); // people: as before
  // a tournament's bot is named by the tournament: a proper noun
  assert.equal(t("result.title", { names: "Bot Cy" }), "Victoire de Bot Cy");
});

test("English names a bot as it did", () => {
  setLang("en");
  assert.equal(t("result.title", { names: listed(["anne", "strong bot"]) }), "anne and strong bot won");
  assert.equal(text("{who} pays {n} to {to}", { who: bold("anne"), n: 3, to: bold("strong bot") }), "anne pays 3 to strong bot");
  setLang("fr");
});

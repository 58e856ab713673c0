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
  assert.equal(text("{who} paie {n} à {to}", { who: bold(fort1), n: 3, to: bold(anne) }), "Le robot fort 1 paie 3 à anne");
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

test("a bot's name takes le after other words and Le starting a sentence, a person's name none", async () => {
  setLang("fr");
  const [anne, fort1, fort2, debutant] = botNames(TABLE, t, "fr").map((name, s) => name || TABLE.seats[s].player);
  // Chinese poker's rows and versus lines (table/chinese.js's STRINGS), the replay's seat (table/replay.js's)
  const { STRINGS: CHINESE } = await import("../../clients/web/table/chinese.js");
  const { STRINGS: REPLAY } = await import("../../clients/web/table/replay.js");
  const cn = (key, vars) => t(key, vars, CHINESE);
  assert.equal(cn("cn.res.lost", { name: fort1 }), "perd contre le robot fort 1"); // was "perd contre robot fort 1"
  assert.equal(cn("cn.res.won", { name: debutant }), "bat le robot débutant");
  assert.equal(cn("cn.res.tie", { name: debutant }), "égalité avec le robot débutant");
  assert.equal(cn("cn.vs.won", { n: 8, name: fort2 }), "gagne 8 contre le robot fort 2");
  assert.equal(cn("cn.res.lost", { name: anne }), "perd contre anne"); // a person's name: none
  assert.equal(t("rp.as", { name: fort1 }, REPLAY), "vue par le robot fort 1");
  // the feed's lines (table/events.js's French: names as elements) that start with a bot's name
  const EVENTS = { "ev.checked": "{who} passe (parole)", "ev.cn.versus.won": "{who} gagne {n} contre {to}",
    "ev.cn.versus.tie": "{who} et {to} : égalité" };
  const ev = (key, vars) => pieces(EVENTS[key], vars).flat().map((p) => (p instanceof Node ? p.textContent : String(p))).join("");
  assert.equal(ev("ev.checked", { who: bold(fort1) }), "Le robot fort 1 passe (parole)"); // was "robot fort 1 passe"
  assert.equal(ev("ev.checked", { who: bold(anne) }), "anne passe (parole)");
  assert.equal(ev("ev.cn.versus.won", { who: bold(fort1), n: 8, to: bold(debutant) }),
    "Le robot fort 1 gagne 8 contre le robot débutant");
  assert.equal(ev("ev.cn.versus.tie", { who: bold(anne), to: bold(fort2) }), "anne et le robot fort 2 : égalité");
  assert.equal(t("result.title", { names: listed([fort1, anne]) }), "Victoire du robot fort 1 et d'anne"); // de as before
  // listed names after a word, and a name alone (a seat's label) or before a colon: as written
  assert.equal(text("bat {names}", { names: listed([anne, fort2]) }), "bat anne et le robot fort 2");
  assert.equal(text("{name}", { name: fort1 }), "robot fort 1");
  assert.equal(text("{name} : 12", { name: fort1 }), "robot fort 1 : 12");
});

test("English names a bot as it did", () => {
  setLang("en");
  assert.equal(t("result.title", { names: listed(["anne", "strong bot"]) }), "anne and strong bot won");
  assert.equal(text("{who} pays {n} to {to}", { who: bold("anne"), n: 3, to: bold("strong bot") }), "anne pays 3 to strong bot");
  assert.equal(text("{who} checks", { who: bold("strong bot") }), "strong bot checks");
  assert.equal(text("loses to {name}", { name: "strong bot" }), "loses to strong bot");
  setLang("fr");
});

// Why a word is refused, as the page says it (clients/web/table/tiles.js's refusalText): by its code (lexicon.proto's
// WordRefusal, as Connect's JSON names it), in French and English, never by the server's English sentence but for a
// code the page does not know: run by `node --test tests/web/`.

import assert from "node:assert/strict";
import { test } from "node:test";

import { pageWords } from "./page.mjs";

const i18n = await pageWords("fr"); // the page's words, the browser's parts they read stood in for (tiles.js's too)
const { refusalText } = await import("../../clients/web/table/tiles.js");

// Typed Refused events as a bataille, a belote or an AlphaPoker table sends them (server/games/word_games.py).
const NOT_ON_TABLE = { seat: 1, word: "CHIENNE", code: "WORD_REFUSAL_NOT_ON_TABLE", reason: "not on the table: N E" };
const CONJUGATED = { seat: 0, word: "TIRE", code: "WORD_REFUSAL_CONJUGATED_FORM",
                     reason: "conjugated form of tirer (present, 1st singular): not admitted" };
const NO_WORD = { seat: 0, word: "-", code: "WORD_REFUSAL_NO_WORD", reason: "no word" };
const ALONE = { seat: 0, word: "POX", code: "WORD_REFUSAL_ONLY_ONE_SOURCE", reason: "only in DELA: not admitted by default" };

function said(lang, refused) {
  i18n.setLang(lang);
  return refusalText(refused, i18n.t, lang);
}

test("a refusal's code is said in French, not the server's English", () => {
  assert.equal(said("fr", NOT_ON_TABLE), "pas sur la table");
  assert.equal(said("fr", CONJUGATED), "forme conjuguée : non admise");
  assert.equal(said("fr", NO_WORD), "pas de mot");
  assert.equal(said("fr", ALONE), "un seul dictionnaire le connaît : non admis par défaut");
});

test("and in English, in the page's words", () => {
  assert.equal(said("en", NOT_ON_TABLE), "not on the table");
  assert.equal(said("en", CONJUGATED), "conjugated form: not admitted");
  assert.equal(said("en", ALONE), "known to one dictionary only: not admitted by default");
});

test("every code the API lists has its words in both languages", async () => {
  const { readFile } = await import("node:fs/promises");
  const proto = await readFile(new URL("../../proto/brelan/api/v1/lexicon.proto", import.meta.url), "utf8");
  const codes = [...proto.matchAll(/^\s*(WORD_REFUSAL_\w+) = \d+;/gm)].map((m) => m[1]).filter((c) => !c.endsWith("_UNSPECIFIED"));
  assert.ok(codes.length >= 13, codes.join(" "));
  for (const lang of ["fr", "en"]) {
    i18n.setLang(lang);
    const missing = codes.filter((code) => i18n.t(`refusal.${code}`) === `refusal.${code}`);
    assert.deepEqual(missing, [], `${lang} lacks words for ${missing}`);
  }
  i18n.setLang("fr");
  const french = new Set(codes.map((code) => i18n.t(`refusal.${code}`)));
  assert.equal(french.size, codes.length, "each code its own words");
});

test("a code the page does not know (one added since), or none, says the server's reason", () => {
  const added = { word: "XYZ", code: "WORD_REFUSAL_SOMETHING_NEW", reason: "not in the lexicon" };
  assert.equal(said("fr", added), "absent du lexique"); // the reason, its words in French (reasonText)
  assert.equal(said("en", added), "not in the lexicon");
  assert.equal(said("en", { word: "CHIENNE", reason: "not on the table: N E" }), "not on the table: N E");
  assert.equal(said("fr", { word: "CHIENNE", reason: "not on the table: N E" }), "pas sur la table : N E");
});

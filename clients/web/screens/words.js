// The word tools: words checked and explained against the lexicon, a word's score from its cards, the best words of a
// hand, anagrams and patterns (LexiconService, as the CLI's `brelan word` asks it).
//
// A word's cards and a hand are typed as a player says them, letters ("porte", "?" a joker), each letter's card then
// tapped for its colour (red, black; for a word's score, a joker standing for that letter too), not as card codes
// ("Pr Or Rb", which are still read as the CLI takes them). Each answer comes under the tool that asked it, in sight
// on a phone.

import { call } from "../rpc.js";
import { cardElement, cardName, kindOf } from "../cards.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { foldLetters, reasonText, refusalText } from "../table/tiles.js";
import { guarded } from "./common.js";

export const STRINGS = {
  fr: {
    "words.cards.help": "Tapez les lettres (? pour un joker), puis touchez une carte pour changer sa couleur.",
    "words.cards.help.score": "Tapez les lettres, puis touchez une carte : rouge, noire, joker rouge, joker noir.",
    "words.cards.tap": "{card} : touchez pour la changer", "words.cards.none": "Tapez des lettres.",
  },
  en: {
    "words.cards.help": "Type the letters (? for a joker), then tap a card to change its colour.",
    "words.cards.help.score": "Type the letters, then tap a card: red, black, red joker, black joker.",
    "words.cards.tap": "{card}: tap to change it", "words.cards.none": "Type some letters.",
  },
};
const say = (key, vars) => t(key, vars, STRINGS);

// What a tap makes of a card, in turn: a word's letter may become a joker standing for it (ScoreWord's "?r=E"); a
// hand's letter is red or black, a hand's joker ("?") too.
const LOOKS = { word: ["r", "b", "?r", "?b"], hand: ["r", "b"] };

/** A card's text from a typed letter and its look: "E" "r" is "Er", "E" "?b" "?b=E", "?" "b" "?b". */
function cardOf(letter, look) {
  if (letter === "?") return `?${look.slice(-1)}`;
  return look.startsWith("?") ? `${look}=${letter}` : `${letter}${look}`;
}

/** Letters to type and their cards to tap (``kind``: "word", a word's cards, its letters possibly jokers; "hand", a
 *  hand, "?" its jokers): the text field, the row of cards drawn as typed, and cards() their texts. */
function letterCards(id, kind, placeholder) {
  const input = h("input", { type: "text", name: id, id: `word-${id}-letters`, placeholder, autocomplete: "off",
                             autocapitalize: "characters", spellcheck: "false" });
  const row = h("div", { class: "card-picks", id: `word-${id}-cards` });
  let looks = []; // each place's look, kept as the letters are typed again
  // cards typed as codes ("Er Tb ?r", as the CLI takes them) are read as such: their letters and looks
  const codes = () => {
    const words = input.value.trim().split(/\s+/);
    const found = words.map((w) => kindOf(w));
    return words.length > 1 && found.every((k) => k && (k[0] === "letter" || (k[0] === "joker" && (kind === "word" || !k[1][2]))))
      ? found.map(([k, m]) => (k === "letter" ? [m[1], m[2]] : [m[2] || "?", m[2] ? `?${m[1]}` : m[1]])) : null;
  };
  const letters = () => (codes() || [...foldLetters(input.value)].map((letter) => [letter])).map(([letter]) => letter);
  const cards = () => (codes() || [...foldLetters(input.value)].map((letter, i) => [letter, looks[i] || "r"]))
    .map(([letter, look]) => cardOf(letter, look));
  const draw = () => {
    const shown = cards();
    row.replaceChildren(...(shown.length ? shown.map((text, i) => {
      const button = h("button", { type: "button", class: "card-pick", "data-place": i,
                                   "aria-label": say("words.cards.tap", { card: cardName(text) }) }, cardElement(text));
      button.addEventListener("click", () => {
        const typed = codes();
        if (typed) { // the codes become letters, their looks kept: a tap changes one
          input.value = typed.map(([letter]) => letter).join("");
          looks = typed.map(([, look]) => look);
        }
        const cycle = letters()[i] === "?" ? LOOKS.hand : LOOKS[kind];
        looks[i] = cycle[(cycle.indexOf(looks[i] || "r") + 1) % cycle.length];
        draw();
      });
      return button;
    }) : [h("small", {}, say("words.cards.none"))]));
  };
  input.addEventListener("input", draw);
  draw();
  return { input, row, cards, help: say(kind === "word" ? "words.cards.help.score" : "words.cards.help") };
}

/** The word tools in ``main``. Returns what stops it (nothing runs meanwhile). */
export function wordsScreen(main) {
  const out = h("div", { class: "answer", id: "word-answer", "aria-live": "polite" });
  // A tool: its field (a text, or letters and their cards), its button; its answer drawn under it and brought in sight.
  const tool = (id, label, field, run) => {
    const input = field.input || h("input", { type: "text", name: id, placeholder: field.placeholder });
    const form = h("form", { id: `word-${id}` }, h("label", {}, t(`words.${id}`), " ", input),
      h("button", { type: "submit" }, t(`words.${id}`)),
      ...(field.row ? [h("small", { class: "card-help" }, field.help), field.row] : []));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const answer = await guarded(() => run(field.cards ? field.cards() : input.value.trim()));
      if (!answer) return;
      out.replaceChildren(answer);
      form.after(out);
      out.scrollIntoView({ block: "nearest" });
    });
    return form;
  };
  // Which sources attest a reading (issue 40): "DELA + ABU", or why none does ("only in DELA").
  const named = (source) => ({ dela: "DELA", abu: "ABU", grammalecte: "Grammalecte" })[source] || source;
  const sources = (x) => x.refused === "alone" ? t("words.alone", { source: named(x.source) })
    : (x.refused || "").startsWith("slip=") ? t("words.slip", { lemma: x.refused.slice(5) })
      : t("words.sources", { sources: [x.source, ...(x.attestedBy || [])].map(named).join(" + ") });
  const words = (list) => h("p", { class: "words" }, list.length ? list.join(" ") : t("words.none"));
  main.append(h("section", { id: "words" }, h("h2", {}, t("words.title")),
    tool("check", "check", { placeholder: "porte mangeons" }, async (text) => {
      const r = await call("LexiconService", "CheckWords", { words: text.split(/\s+/) });
      return h("ul", {}, ...r.verdicts.map((v) => h("li", { class: v.admissible ? "yes" : "no" },
        h("b", {}, v.word), ` ${t(v.admissible ? "words.admitted" : "words.refused")} `,
        v.admissible ? v.reason || "" : h("span", { title: reasonText(v.reason, lang) }, refusalText(v, t, lang)))));
    }),
    tool("explain", "explain", { placeholder: "porte" }, async (text) => {
      const r = await call("LexiconService", "ExplainWord", { word: text });
      return h("ul", {}, h("li", {}, h("b", {}, r.verdict.key || text), ` ${t(r.verdict.admissible ? "words.admitted" : "words.refused")}`),
        ...(r.readings || []).map((x) => h("li", { class: x.admitted ? "yes" : "no" }, x.description || x.form,
          h("small", { class: "sources" }, ` — ${sources(x)}`))));
    }),
    tool("score", "score", letterCards("score", "word", "porte"), async (cards) => {
      const r = await call("LexiconService", "ScoreWord", { cards });
      return h("p", {}, h("span", { class: "cards" }, ...(r.cards || []).map(cardElement)),
        ` ${r.word || ""}: ${t("words.points", { n: r.score || 0 })}`, r.admissible ? ` (${t("words.breakdown",
          { length: r.lengthPoints || 0, letters: r.letterPoints || 0 })}${r.doubled ? `, ${t("words.doubled")}` : ""})` : ` — ${refusalText(r, t, lang)}`);
    }),
    tool("best", "best words", letterCards("best", "hand", "etarnso?"), async (hand) => {
      const r = await call("LexiconService", "BestWords", { hand, topK: 10 });
      return h("ol", {}, ...(r.words || []).map((w) => h("li", {}, h("span", { class: "cards" }, ...w.cards.map(cardElement)),
        ` ${w.word} ${w.score}`)));
    }),
    tool("anagrams", "anagrams", { placeholder: "ETANRS?" }, async (text) => words((await call("LexiconService", "Anagrams", { letters: text, pageSize: 200 })).words || [])),
    tool("pattern", "pattern", { placeholder: "P?RT*" }, async (text) => words((await call("LexiconService", "MatchPattern", { pattern: text, pageSize: 200 })).words || [])),
    out));
  return () => {};
}

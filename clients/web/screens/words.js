// The word tools: words checked and explained against the lexicon, a word's score from its cards, the best words of a
// hand, anagrams and patterns (LexiconService, as the CLI's `brelan word` asks it).

import { call } from "../rpc.js";
import { cardElement } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { guarded } from "./common.js";

/** The word tools in ``main``. Returns what stops it (nothing runs meanwhile). */
export function wordsScreen(main) {
  const out = h("div", { class: "answer", id: "word-answer" });
  const tool = (id, label, placeholder, run) => {
    const input = h("input", { type: "text", name: id, placeholder });
    const form = h("form", { id: `word-${id}` }, h("label", {}, t(`words.${id}`), " ", input),
      h("button", { type: "submit" }, t(`words.${id}`)));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const answer = await guarded(() => run(input.value.trim()));
      if (answer) out.replaceChildren(answer);
    });
    return form;
  };
  const words = (list) => h("p", { class: "words" }, list.length ? list.join(" ") : t("words.none"));
  main.append(h("section", { id: "words" }, h("h2", {}, t("words.title")),
    tool("check", "check", "porte mangeons", async (text) => {
      const r = await call("LexiconService", "CheckWords", { words: text.split(/\s+/) });
      return h("ul", {}, ...r.verdicts.map((v) => h("li", { class: v.admissible ? "yes" : "no" },
        h("b", {}, v.word), ` ${t(v.admissible ? "words.admitted" : "words.refused")} `, v.reason || "")));
    }),
    tool("explain", "explain", "porte", async (text) => {
      const r = await call("LexiconService", "ExplainWord", { word: text });
      return h("ul", {}, h("li", {}, h("b", {}, r.verdict.key || text), ` ${t(r.verdict.admissible ? "words.admitted" : "words.refused")}`),
        ...(r.readings || []).map((x) => h("li", { class: x.admitted ? "yes" : "no" }, x.description || x.form)));
    }),
    tool("score", "score", "Pr Or Rb Tb Er", async (text) => {
      const r = await call("LexiconService", "ScoreWord", { cards: text.split(/\s+/) });
      return h("p", {}, h("span", { class: "cards" }, ...(r.cards || []).map(cardElement)),
        ` ${r.word || ""}: ${t("words.points", { n: r.score || 0 })}`, r.admissible ? ` (${t("words.breakdown",
          { length: r.lengthPoints || 0, letters: r.letterPoints || 0 })}${r.doubled ? `, ${t("words.doubled")}` : ""})` : ` — ${r.reason}`);
    }),
    tool("best", "best words", "Er Tb Ar Nb Sr ?r Ob", async (text) => {
      const r = await call("LexiconService", "BestWords", { hand: text.split(/\s+/), topK: 10 });
      return h("ol", {}, ...(r.words || []).map((w) => h("li", {}, h("span", { class: "cards" }, ...w.cards.map(cardElement)),
        ` ${w.word} ${w.score}`)));
    }),
    tool("anagrams", "anagrams", "ETANRS?", async (text) => words((await call("LexiconService", "Anagrams", { letters: text, pageSize: 200 })).words || [])),
    tool("pattern", "pattern", "P?RT*", async (text) => words((await call("LexiconService", "MatchPattern", { pattern: text, pageSize: 200 })).words || [])),
    out));
  return () => {};
}

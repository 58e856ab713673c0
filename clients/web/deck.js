// DAKER's deck option as cards to count, not a list to type: the deck's size and what it is in sight ("21 cartes :
// le jeu du livret, chaque carte une fois"), and folded under "change the deck" the 21 cards of two values (A K Q J
// R N) drawn as cards, each with how many the deck holds. The form still sends the option as the server reads it
// ("AA,AK,AQ,..."), from a hidden field of the option's name.

import { cardElement } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const VALUES = "AKQJRN"; // high to low, as the server lists its deck
const CARDS = [...VALUES].flatMap((a, i) => [...VALUES.slice(i)].map((b) => a + b)); // AA, AK ... NN: 21
const MOST = 4; // copies of one card a form offers

const WORDS = {
  fr: {
    "deck.summary": "{n} {n:carte|cartes} : {what}", "deck.rulebook": "le jeu du livret, chaque carte une fois",
    "deck.changed": "un jeu à vous", "deck.edit": "modifier le jeu", "deck.reset": "le jeu du livret",
    "deck.count": "exemplaires de {card}",
  },
  en: {
    "deck.summary": "{n} {n:card|cards}: {what}", "deck.rulebook": "the rulebook's deck, each card once",
    "deck.changed": "a deck of your own", "deck.edit": "change the deck", "deck.reset": "the rulebook's deck",
    "deck.count": "copies of {card}",
  },
};
const say = (key, vars) => t(key, vars, WORDS);

/** A card's text as this form lists it (its higher value first): the server may list "KA" for "AK". */
const normal = (text) => [...String(text).trim().toUpperCase()]
  .sort((a, b) => VALUES.indexOf(a) - VALUES.indexOf(b)).join("");

/** The deck option's field: ``o`` its OptionInfo (default_value the rulebook's list), ``label`` and ``help`` its
 *  words. An element with data-option, as the form's other fields. */
export function deckField(o, label, help) {
  const rulebook = String(o.defaultValue || CARDS.join(","));
  const value = h("input", { type: "hidden", name: o.name, value: rulebook });
  const summary = h("span", { class: "deck-summary" });
  const counts = new Map(CARDS.map((card) => [card, 0]));
  const inputs = new Map(CARDS.map((card) => [card, h("input", { type: "number", min: 0, max: MOST, step: 1,
    "aria-label": say("deck.count", { card }), class: "deck-count" })]));
  const show = () => {
    value.value = CARDS.flatMap((card) => Array(counts.get(card)).fill(card)).join(",");
    const size = [...counts.values()].reduce((a, b) => a + b, 0);
    const what = say(value.value === rulebook ? "deck.rulebook" : "deck.changed");
    summary.textContent = say("deck.summary", { n: size, what });
  };
  const set = (list) => {
    counts.forEach((_, card) => counts.set(card, 0));
    for (const card of list.split(",").map(normal).filter((c) => counts.has(c))) counts.set(card, counts.get(card) + 1);
    inputs.forEach((input, card) => (input.value = String(counts.get(card))));
    show();
  };
  inputs.forEach((input, card) => input.addEventListener("input", () => {
    counts.set(card, Math.min(MOST, Math.max(0, Math.round(Number(input.value) || 0))));
    show();
  }));
  const grid = h("div", { class: "deck-grid" }, ...CARDS.map((card) => h("label", { class: "deck-card" },
    cardElement(card), inputs.get(card))));
  set(rulebook);
  return h("div", { class: "deck-option", "data-option": o.name, title: help || null }, `${label} `, value, summary,
    h("details", {}, h("summary", {}, say("deck.edit")), grid,
      h("button", { type: "button", class: "quiet small", onclick: () => set(rulebook) }, say("deck.reset"))));
}

// Poker hands of standard cards named in the page's language, from the codes the server ranks them by (HandName:
// {category, ranks}): Chinese poker's rows and POKER CHAMP's hands ("Paire de rois", "Hauteur as", "Full aux dames
// par les 8"; "Pair of kings", "Ace high"). The page names a hand; the engines find it (server/typed/hands.py), and
// a board being arranged is judged by previews.js.

import { t } from "../i18n.js";

const RANKS = "23456789TJQKA";
// The categories' codes (HandName.category), in order: their words are "hd.0" ... "hd.8".
const CATEGORIES = ["high-card", "pair", "two-pair", "trips", "straight", "flush", "full-house", "quads", "straight-flush"];

// The ranks' words: French ones with their article ("de rois", "d'as", "au roi", "à la dame", "à l'as").
const FR_ONE = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi", "as"];
const FR_MANY = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "valets", "dames", "rois", "as"];
const FR_DE = FR_MANY.map((w) => (w === "as" ? "d'as" : `de ${w}`));
const FR_AU = FR_ONE.map((w) => (w === "as" ? "à l'as" : w === "dame" ? "à la dame" : `au ${w}`));
const EN_ONE = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"];
const EN_MANY = ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces"];
const ranked = (prefix, words) => Object.fromEntries(words.map((w, r) => [`${prefix}.${r}`, w]));

const WORDS = {
  fr: {
    "hd.0": "Hauteur {r}", "hd.1": "Paire {de}", "hd.2": "Double paire, {p} et {p2}", "hd.3": "Brelan {de}",
    "hd.4": "Quinte {au}", "hd.5": "Couleur {au}", "hd.6": "Full aux {p} par les {p2}", "hd.7": "Carré {de}",
    "hd.8": "Quinte flush {au}", "hd.royal": "Quinte flush royale",
    ...ranked("hd.r", FR_ONE), ...ranked("hd.R", FR_ONE), ...ranked("hd.p", FR_MANY), ...ranked("hd.de", FR_DE),
    ...ranked("hd.au", FR_AU),
  },
  en: {
    "hd.0": "{R} high", "hd.1": "Pair of {p}", "hd.2": "Two pair, {p} and {p2}", "hd.3": "Three of a kind, {p}",
    "hd.4": "Straight, {r} high", "hd.5": "Flush, {r} high", "hd.6": "Full house, {p} over {p2}",
    "hd.7": "Four of a kind, {p}", "hd.8": "Straight flush, {r} high", "hd.royal": "Royal flush",
    ...ranked("hd.r", EN_ONE), ...ranked("hd.R", EN_ONE.map((w) => w[0].toUpperCase() + w.slice(1))),
    ...ranked("hd.p", EN_MANY), ...ranked("hd.de", EN_MANY), ...ranked("hd.au", EN_ONE),
  },
};
const say = (key, vars) => t(key, vars, WORDS);

/** A hand's name in the page's language from its HandName ({category: "full-house", ranks: ["K", "8"]}): "Full aux
 *  rois par les 8", "Full house, kings over 8s"; "" for a hand of no category these words know. */
export function handName(hand) {
  if (hand?.category === "royal-flush") return say("hd.royal");
  const cat = CATEGORIES.indexOf(hand?.category);
  if (cat < 0) return "";
  const [a, b] = (hand.ranks || []).map((r) => RANKS.indexOf(r));
  return say(`hd.${cat}`, { r: say(`hd.r.${a}`), R: say(`hd.R.${a}`), p: say(`hd.p.${a}`), de: say(`hd.de.${a}`),
                            au: say(`hd.au.${a}`), p2: say(`hd.p.${b}`) });
}

/** Whether a hand is worth naming before its row is complete: more than a high card. */
export const made = (hand) => Boolean(hand?.category) && hand.category !== "high-card";

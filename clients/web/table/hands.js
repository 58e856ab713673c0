// Poker hands of standard cards ("As", "Td"), found and named in the page's language: Chinese poker's rows and
// POKER CHAMP's showdowns share them ("Paire de rois", "Hauteur as", "Full aux dames par les 8"; "Pair of kings",
// "Ace high"). A hand is up to five cards (a 3-card top row has no straight nor flush, and is compared with the
// 5-card rows on one scale); bestHand() picks the best five of more (a hold'em showdown's seven).

import { t } from "../i18n.js";

export const RANKS = "23456789TJQKA";
export const [HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, STRAIGHT_FLUSH] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
export const ACE = 12;
// The engine's slug of each category (server/games/evaluator.py's CATEGORY_SLUG), in order.
export const SLUGS = ["high-card", "pair", "two-pair", "trips", "straight", "flush", "full-house", "quads",
                      "straight-flush"];

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

/** A card's rank (0: a 2 ... 12: an ace) and suit, or null for a back or another game's card. */
export function parseCard(text) {
  const m = /^([2-9TJQKA])([cdhs])$/.exec(text || "");
  return m ? { r: RANKS.indexOf(m[1]), s: m[2] } : null;
}

/** The hand of up to ``size`` cards from the known ones: {cat, ranks, value, complete, royal}, or null when none
 *  is known. The value ranks every hand on one scale (category, then up to five ranks); fewer than five cards
 *  make no straight nor flush; complete: ``size`` cards, all known. */
export function handOf(cards, size = 5) {
  const known = (cards || []).map(parseCard).filter(Boolean);
  if (!known.length) return null;
  const counts = new Map();
  for (const c of known) counts.set(c.r, (counts.get(c.r) || 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]); // [rank, count]: most, then highest
  const desc = known.map((c) => c.r).sort((a, b) => b - a);
  const five = size === 5 && known.length === 5;
  const flush = five && known.every((c) => c.s === known[0].s);
  let straight = -1;
  if (five && groups.length === 5) {
    if (desc[0] - desc[4] === 4) straight = desc[0];
    else if (desc.join() === "12,3,2,1,0") straight = 3; // the wheel: to the five
  }
  const [n0, n1] = [groups[0][1], groups[1]?.[1] || 0];
  let cat;
  let ranks = groups.map(([r]) => r);
  if (straight >= 0 && flush) [cat, ranks] = [STRAIGHT_FLUSH, [straight]];
  else if (n0 === 4) cat = QUADS;
  else if (n0 === 3 && n1 >= 2) cat = FULL;
  else if (flush) [cat, ranks] = [FLUSH, desc];
  else if (straight >= 0) [cat, ranks] = [STRAIGHT, [straight]];
  else if (n0 === 3) cat = TRIPS;
  else if (n0 === 2 && n1 === 2) cat = TWO_PAIR;
  else if (n0 === 2) cat = PAIR;
  else [cat, ranks] = [HIGH, desc];
  let value = cat;
  for (let i = 0; i < 5; i++) value = value * 16 + (ranks[i] ?? 0);
  const complete = known.length === size && (cards || []).length === size;
  return { cat, ranks, value, complete, royal: cat === STRAIGHT_FLUSH && ranks[0] === ACE };
}

/** The best five-card hand of ``cards`` (a hold'em seven: two hole cards and the board), or null. */
export function bestHand(cards) {
  const known = (cards || []).filter(parseCard);
  if (known.length <= 5) return handOf(known, known.length);
  let best = null;
  const pick = (from, chosen) => {
    if (chosen.length === 5) {
      const hand = handOf(chosen);
      if (!best || hand.value > best.value) best = hand;
      return;
    }
    for (let i = from; i <= known.length - (5 - chosen.length); i++) pick(i + 1, [...chosen, known[i]]);
  };
  pick(0, []);
  return best;
}

/** A hand's name in the page's language: "Paire de rois", "Hauteur as", "Full house, kings over 8s". */
export function handName(hand) {
  if (hand.royal) return say("hd.royal");
  const [a, b] = hand.ranks;
  return say(`hd.${hand.cat}`, { r: say(`hd.r.${a}`), R: say(`hd.R.${a}`), p: say(`hd.p.${a}`), de: say(`hd.de.${a}`),
                                 au: say(`hd.au.${a}`), p2: say(`hd.p.${b}`) });
}

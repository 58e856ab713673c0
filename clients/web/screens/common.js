// What the page's screens share (app.js's lobby, tournaments and word tools): a call whose refusal is said in the
// toast in the page's language, the pause a form asks for, a bot's level, a game option's field, a player's name's
// length.

import { RpcError } from "../rpc.js";
import { h, toast } from "../dom.js";
import { duration, lang, t } from "../i18n.js";
import { choiceLabel, offeredChoices, optionHelp, optionLabel, zeroMeaning } from "../options.js";
import { deckField } from "../deck.js";
import { chosenLevel, levelWord } from "../levels.js";

export const MAX_NAME = 64; // a player's name, at most (server/tables.py)
// After each hand of a turn-based game, the seconds its end stays on the table before the next hand's decisions
// open (the bots wait, the clocks start after it); the first is "none".
const PAUSES = [0, 3, 5, 8];
const PAUSE = 5;

// A refusal in the page's words, from its ErrorInfo reason (the server's message is English): those a player meets
// sitting at a table, making one, or calling while the server recovers. A reason not here is said by its status
// code's words where those say enough (unavailable, a rate), else by the server's message (a field it names).
const REFUSALS = {
  fr: {
    TABLE_FULL: "Toutes les places de cette table sont prises ou gardées pour leurs joueurs.",
    SEAT_RESERVED: "Cette place est gardée pour son joueur : lui seul peut la reprendre.",
    SEAT_TAKEN: "Cette place vient d'être prise.",
    WRONG_SECRET: "Ce code ne garde aucune place à cette table : vérifiez-le.",
    GAME_OVER: "La partie est finie.",
    TABLE_NOT_FOUND: "Cette table n'existe pas (ou plus).",
    TABLE_SET_ASIDE: "Cette table a été mise de côté : elle ne peut plus être jouée.",
    RATE_LIMITED: "Trop de demandes à la fois : réessayez dans un instant.",
    TOO_MANY_BOT_TABLES: "Vous avez déjà assez de tables de robots seuls en cours.",
    NO_LEXICON: "Ce serveur tourne sans lexique : les jeux de mots n'y sont pas possibles.",
    STORE_UNAVAILABLE: "Le serveur ne peut pas écrire pour l'instant : réessayez dans un instant.",
    TABLE_RECOVERING: "La table se relance : réessayez dans un instant.",
    NODE_UNREACHABLE: "Le serveur de cette table ne répond pas : réessayez dans un instant.",
    SERVER_STOPPING: "Le serveur redémarre : réessayez dans un instant.",
    UNKNOWN_TOKEN: "Votre place à cette table ne vous appartient plus (reprise ailleurs, ou rendue).",
    SEAT_GIVEN_UP: "Votre place à cette table ne vous appartient plus (reprise ailleurs, ou rendue).",
    TOKEN_REQUIRED: "Il faut être assis à cette table.",
    OTHER_TABLE: "Votre place est à une autre table.",
    OTHER_SEAT: "Ce n'est pas votre place.",
    STALE_SEQ: "la table a avancé avant votre coup : regardez à nouveau",
    LEXICON_BUSY: "Le lexique est occupé : réessayez dans un instant.",
    SEARCH_TOO_LONG: "Cette recherche est trop longue : précisez-la.",
    "code.unavailable": "Le serveur ne répond pas : réessayez dans un instant.",
    "code.resource_exhausted": "Trop de demandes à la fois : réessayez dans un instant.",
    "code.deadline_exceeded": "Le serveur a mis trop de temps à répondre : réessayez.",
    "code.not_found": "Introuvable.",
    "key.none": "Aucune place ne vous est gardée à cette table : tapez le code de la place.",
  },
  en: {
    TABLE_FULL: "Every seat of this table is taken or kept for its player.",
    SEAT_RESERVED: "This seat is kept for its player: only they can take it back.",
    SEAT_TAKEN: "This seat was just taken.",
    WRONG_SECRET: "This secret keeps no seat at this table: check it.",
    GAME_OVER: "The game is over.",
    TABLE_NOT_FOUND: "This table does not exist (any more).",
    TABLE_SET_ASIDE: "This table was set aside: it can no longer be played.",
    RATE_LIMITED: "Too many requests at once: try again in a moment.",
    TOO_MANY_BOT_TABLES: "You already have enough tables of bots alone going on.",
    NO_LEXICON: "This server runs without a lexicon: word games cannot be played on it.",
    STORE_UNAVAILABLE: "The server cannot write for now: try again in a moment.",
    TABLE_RECOVERING: "The table is starting again: try again in a moment.",
    NODE_UNREACHABLE: "This table's server does not answer: try again in a moment.",
    SERVER_STOPPING: "The server is restarting: try again in a moment.",
    UNKNOWN_TOKEN: "Your seat at this table is no longer yours (taken back elsewhere, or given up).",
    SEAT_GIVEN_UP: "Your seat at this table is no longer yours (taken back elsewhere, or given up).",
    TOKEN_REQUIRED: "You need to sit at this table.",
    OTHER_TABLE: "Your seat is at another table.",
    OTHER_SEAT: "This is not your seat.",
    STALE_SEQ: "the table moved on before your move: look again",
    LEXICON_BUSY: "The lexicon is busy: try again in a moment.",
    SEARCH_TOO_LONG: "This search is too long: narrow it.",
    "code.unavailable": "The server does not answer: try again in a moment.",
    "code.resource_exhausted": "Too many requests at once: try again in a moment.",
    "code.deadline_exceeded": "The server took too long to answer: try again.",
    "code.not_found": "Not found.",
    "key.none": "No seat is kept for you at this table: type the seat's secret.",
  },
};

/** A refusal (an RpcError, or any error) in the page's language: by its reason, else its code, else its message. */
export function refusal(e) {
  const words = REFUSALS[lang] || REFUSALS.en;
  if (e instanceof RpcError) return words[e.reason] || words[`code.${e.code}`] || e.message;
  return String(e?.message || e);
}

/** The page's own refusal ``key`` (REFUSALS') in its language. */
export function refusalText(key) {
  return (REFUSALS[lang] || REFUSALS.en)[key] || REFUSALS.en[key] || key;
}

/** What ``work`` gives, or undefined when it failed: its refusal said in the toast, in the page's language. */
export async function guarded(work) {
  try {
    return await work();
  } catch (e) {
    toast(refusal(e));
    return undefined;
  }
}

/** The pause after each hand, as a form asks it (a table's, a tournament's games'): its label, and seconds(). */
export function pauseField() {
  const select = h("select", { name: "pause" }, ...PAUSES.map((n) =>
    h("option", { value: n, selected: n === PAUSE }, n ? duration(n) : t("form.duration.none"))));
  const node = h("label", {}, t("form.pause"), " ", select);
  return { node, seconds: () => (node.hidden ? 0 : Number(select.value)) };
}

/** A person's time for each decision, as a form asks it (a table's, a tournament's games'): the server's default
 *  (60 s) unless chosen; "none" only when asked. Its label, and timing(): the request's fields it sets. */
export function clockField() {
  const select = h("select", { name: "decision" },
    ...[["0", t("form.time.default")], ...[20, 30, 120, 300].map((n) => [String(n), duration(n)]),
      ["untimed", t("form.time.none")]]
      .map(([value, label]) => h("option", { value }, label)));
  const node = h("label", {}, t("form.time"), " ", select);
  return { node, select,
           timing: () => (select.value === "untimed" ? { untimed: true } : { decisionSeconds: Number(select.value) }) };
}

/** A bot's level, as a form asks it (each bot seat of a table, a tournament's bots): a select of ``variant``'s levels
 *  (its VariantInfo's, in the page's words), ``wanted`` chosen if the game has it, else the game's default; ``attrs``:
 *  the select's own (its name, its label). Empty when the game lists no level (nothing to choose: the server's
 *  default). */
export function levelSelect(variant, attrs = {}, wanted = "") {
  const chosen = chosenLevel(variant, wanted);
  return h("select", attrs, ...(variant?.botLevels || []).map((l) =>
    h("option", { value: l.name, selected: l.name === chosen }, levelWord(l, lang))));
}

/** One option of a form: its label and help in the page's language (options.js), its key only as the field's
 *  name, each choice by its label; a duration or a count of hands as a few in words ("aucune", "10 min", "jusqu'au
 *  dernier tapis (livret)"); a number whose 0 is the rulebook's value says so beside it ("0 = selon le livret");
 *  DAKER's deck as cards to count (deck.js), the lexicon chosen by its name among the server's (``lexicons``), no
 *  list or key to type. ``o``: the option's OptionInfo (ListVariants), of ``variant``. */
export function optionField(o, variant, lexicons = []) {
  const value = o.defaultValue || "";
  const durations = offeredChoices(o, variant);
  const range = (o.least || o.most) && !durations ? `(${o.least || 0} – ${o.most})` : "";
  const help = [optionHelp(o.name, variant), range].filter(Boolean).join(" ");
  if (o.name === "deck" && o.kind === "OPTION_KIND_LIST") return deckField(o, optionLabel(o.name, variant), help);
  let input;
  if (durations) {
    input = h("select", { name: o.name }, ...durations.map(([v, words]) => h("option", { value: v, selected: v === value }, words)));
  } else if (o.name === "lexicon" && lexicons.includes(value)) {
    input = h("select", { name: o.name }, ...lexicons.map((name) =>
      h("option", { value: name, selected: name === value }, choiceLabel(o.name, name))));
  } else if (o.kind === "OPTION_KIND_BOOLEAN") {
    input = h("input", { type: "checkbox", name: o.name, checked: value === "true" });
  } else if (o.kind === "OPTION_KIND_CHOICE") {
    input = h("select", { name: o.name }, ...(o.choices || []).map((c) =>
      h("option", { value: c, selected: c === value }, choiceLabel(o.name, c))));
  } else if (o.kind === "OPTION_KIND_INTEGER" || o.kind === "OPTION_KIND_NUMBER") {
    input = h("input", { type: "number", name: o.name, value, min: o.least, max: o.most,
                         step: o.kind === "OPTION_KIND_INTEGER" ? 1 : "any" });
  } else {
    input = h("input", { type: "text", name: o.name, value });
  }
  const zero = input.type === "number" ? zeroMeaning(o.name, variant) : "";
  if (zero) input.placeholder = zero; // the field emptied says it too
  return h("label", { title: help || null, "data-option": o.name }, `${optionLabel(o.name, variant)} `, input,
    zero ? h("small", { class: "zero-means" }, zero) : null);
}

/** The options a form's fields (optionField's, within ``form``) set to other than their defaults, as text: what a
 *  CreateTable (or a tournament's) options take. ``options``: the game's OptionInfos; a hidden field is not sent. */
export function optionValues(form, options) {
  const values = {};
  for (const o of options || []) {
    const input = form.querySelector(`[data-option="${o.name}"] [name="${o.name}"]`);
    if (!input || input.closest("[data-option]").hidden) continue;
    const value = input.type === "checkbox" ? String(input.checked) : input.value;
    if (value !== (o.defaultValue || "")) values[o.name] = value;
  }
  return values;
}

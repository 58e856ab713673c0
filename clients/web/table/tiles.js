// Letter tiles: AlphaPoker's letter cards drawn as word-game tiles (the letter, its value, its colour), shared by
// the AlphaPoker board (alphapoker.js) and the bataille and belote boards (words.js). A tile is made from the
// card's text in views and events (game.proto's notation): "Er" a red E, "Tb" a black T, "?r" a joker, "?r=E" a
// joker laid as an E, "??" a card face down. A word's score is the server's (WordScore); one being built is
// previews.js's.

import { LETTER_VALUES, cardName, kindOf } from "../cards.js";

export { LETTER_VALUES };

// A tile's title is its card's name (cards.js's, in the page's language: "E rouge", "joker noir pour E", "black
// joker"), a letter's value after it; these are the words a tile says beside.
const WORDS = {
  fr: { value: "{n}, {v} pt", values: "{n}, {v} pts", missing: "{l} : absent de la table" },
  en: { value: "{n}, {v} pt", values: "{n}, {v} pts", missing: "{l}: not on the table" },
};

function pageLang() {
  const lang = (document.documentElement.lang || "fr").slice(0, 2);
  return WORDS[lang] ? lang : "en";
}

function say(key, vars, lang) {
  return WORDS[lang][key].replace(/\{(\w)\}/g, (all, k) => (k in vars ? String(vars[k]) : all));
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null && text !== "") node.textContent = String(text);
  return node;
}

/** What a card's text says: {kind: "letter" | "joker" | "back" | null, letter, colour ("r" | "b"), value}. */
export function parseCard(text) {
  const found = kindOf(text);
  if (!found) return { kind: null, text };
  const [kind, m] = found;
  if (kind === "letter") return { kind, text, letter: m[1], colour: m[2], value: LETTER_VALUES[m[1]] };
  if (kind === "joker") return { kind, text, letter: m[2] || "", colour: m[1], value: m[2] ? LETTER_VALUES[m[2]] : 0 };
  if (kind === "back") return { kind, text };
  return { kind: null, text };
}

/** A laid card ({card, letter}, LaidCard's JSON) as a card text: a joker names its letter ("?r=E"). */
export function laidText(laid) {
  const card = laid?.card || "";
  return card.startsWith("?") && card !== "??" && laid.letter && !card.includes("=") ? `${card}=${laid.letter}` : card;
}

/**
 * A letter tile for a card's text.
 * opts: picked (raised: chosen for a move), lit (glowing: spelt by the word being typed), small, big,
 *       dim (not playable now), maybe (a face-down tile that may give a letter: opts.letter), missing (a letter the
 *       table lacks: opts.letter), newest (the card just laid), inline (in a line of text, the event feed's: its value
 *       drawn by the style sheet, so that the line reads "prend B A B", not "B2 A1 B2"), onclick, title, lang.
 */
export function tile(cardText, opts = {}) {
  const lang = WORDS[opts.lang] ? opts.lang : pageLang();
  const card = parseCard(cardText);
  const node = el(opts.onclick ? "button" : "span", "lt");
  if (opts.onclick) {
    node.type = "button";
    node.addEventListener("click", opts.onclick);
  }
  node.dataset.card = cardText;
  const value = (n) => { // the value beside the letter: an element of its own, or inline drawn by letters.css
    if (!opts.inline) return [el("small", "lt-value", n)];
    node.dataset.value = String(n);
    return [];
  };
  let title = "";
  if (opts.missing) {
    node.classList.add("lt-missing");
    node.append(el("b", "lt-letter", opts.letter || "?"));
    title = say("missing", { l: opts.letter || "?" }, lang);
  } else if (card.kind === "letter") {
    node.classList.add(card.colour === "r" ? "lt-red" : "lt-black");
    node.append(el("b", "lt-letter", card.letter), ...value(card.value));
    title = say(card.value > 1 ? "values" : "value", { n: cardName(cardText), v: card.value }, lang);
  } else if (card.kind === "joker") {
    node.classList.add(card.colour === "r" ? "lt-red" : "lt-black", "lt-joker");
    title = cardName(cardText); // a joker is masculine: "joker noir", never "joker noire"
    if (card.letter) {
      node.classList.add("lt-as");
      node.append(el("b", "lt-letter", card.letter), ...value(card.value), ...(opts.inline ? [] : [el("i", "lt-star", "★")]));
    } else {
      node.append(el("b", "lt-letter", "★"));
    }
  } else if (card.kind === "back") {
    node.classList.add("lt-back", "back"); // "back": face down, as the board contract says (table/board.js)
    if (opts.maybe && opts.letter) {
      node.classList.add("lt-maybe");
      node.append(el("b", "lt-letter", opts.letter));
    }
    title = cardName(cardText);
  } else {
    node.classList.add("lt-unknown");
    node.append(el("b", "lt-letter", String(cardText)));
  }
  for (const flag of ["picked", "lit", "small", "big", "dim", "newest", "tiny", "inline"]) {
    if (opts[flag]) node.classList.add(`lt-${flag}`);
  }
  node.title = opts.title || title;
  if (opts.onclick) node.setAttribute("aria-pressed", opts.picked ? "true" : "false");
  return node;
}

/** A row of tiles (opts as tile's, for each). */
export function tileRow(cards, opts = {}, className = "") {
  const row = el("span", `lt-row ${className}`.trim());
  for (const card of cards || []) row.append(tile(card, opts));
  return row;
}

/** Face-down tiles, at most `most` drawn, and how many: another seat's hand, a pile. */
export function backs(count, most = 9, opts = {}) {
  const row = el("span", "lt-row lt-backs");
  for (let i = 0; i < Math.min(count, most); i++) row.append(tile("??", { small: true, ...opts }));
  return row;
}

/** Folds what a person types to the cards' bare capitals (É → E, Œ → OE, Ç → C); "?" kept (a joker's mark). */
export function foldLetters(text) {
  return String(text || "").toUpperCase().replace(/Œ/g, "OE").replace(/Æ/g, "AE")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Z?]/g, "");
}

// The lexicon's reasons are in English ("noun (masculine singular)", "not in the lexicon"): their words in French.
const REASONS_FR = [
  [/^not on the table: /, "pas sur la table : "], [/not in the lexicon/, "absent du lexique"], [/^no word$/, "pas de mot"],
  [/^no letters$/, "pas de lettres"], [/shorter than (\d+) letters: not admitted/, "moins de $1 lettres : refusé"],
  [/compound words not admitted/, "mots composés refusés"], [/proper nouns not admitted/, "noms propres refusés"],
  [/pronouns not admitted/, "pronoms refusés"], [/interjections not admitted/, "interjections refusées"],
  [/not admitted/g, "refusé"], [/conjugated form of /g, "forme conjuguée de "], [/past participle of /g, "participe passé de "],
  [/present participle of /g, "participe présent de "], [/\bform of /g, "forme de "], [/proper noun /g, "nom propre "],
  [/, written '([^']*)'/g, ", écrit « $1 »"], [/\bcompound; /g, "composé ; "],
  [/contracted determiner/g, "déterminant contracté"], [/contracted adjective/g, "adjectif contracté"],
  [/contracted pronoun/g, "pronom contracté"], [/determiner noun/g, "nom déterminant"], [/noun phrase/g, "groupe nominal"],
  [/prepositional phrase/g, "locution prépositionnelle"], [/foreign word part/g, "élément de mot étranger"],
  [/foreign word/g, "mot étranger"], [/word of the user's list/g, "mot de la liste de la table"],
  [/present subjunctive/g, "subjonctif présent"], [/imperfect subjunctive/g, "subjonctif imparfait"],
  [/simple past/g, "passé simple"], [/\bnoun\b/g, "nom"], [/\badjective\b/g, "adjectif"], [/\badverb\b/g, "adverbe"],
  [/\bpreposition\b/g, "préposition"], [/\bconjunction\b/g, "conjonction"], [/\bdeterminer\b/g, "déterminant"],
  [/\bpronoun\b/g, "pronom"], [/\bprefix\b/g, "préfixe"], [/\bverb\b/g, "verbe"], [/\binfinitive\b/g, "infinitif"],
  [/\bpresent\b/g, "présent"], [/\bimperfect\b/g, "imparfait"], [/\bfuture\b/g, "futur"], [/\bconditional\b/g, "conditionnel"],
  [/\bimperative\b/g, "impératif"], [/\bmasculine\b/g, "masculin"], [/\bfeminine\b/g, "féminin"],
  [/\bsingular\b/g, "singulier"], [/\bplural\b/g, "pluriel"], [/\b1st\b/g, "1re"], [/\b2nd\b/g, "2e"], [/\b3rd\b/g, "3e"],
  [/ ?: /g, " : "], [/; /g, " ; "],
];

/** A verdict's reason in the page's language (the lexicon words it in English). */
export function reasonText(reason, lang) {
  const text = String(reason || "");
  if (lang !== "fr") return text;
  return REASONS_FR.reduce((out, [pattern, french]) => out.replace(pattern, french), text);
}

/** Why a word is refused, in the page's language: the words of its code (a typed Refused event's, or an AlphaPoker
 *  seat's: lexicon.proto's WordRefusal, i18n's "refusal.*" texts), else, for a code the page does not know (one
 *  added since, or none), the server's reason. ``t`` is the page's (or a board's) words; its details (the readings,
 *  the letters missing) are the reason's, which a caller shows beside (reasonText).
 *
 *  refusalText({code: "WORD_REFUSAL_NOT_ON_TABLE", reason: "not on the table: N E"}, t, "fr") is "pas sur la table". */
export function refusalText(refused, t, lang) {
  const key = `refusal.${refused?.code}`;
  const said = refused?.code ? t(key) : key;
  return said !== key ? said : reasonText(refused?.reason, lang);
}

/** Focus an element once it is in the page, its caret at the end (a redraw must not steal a player's typing). */
export function refocus(input) {
  requestAnimationFrame(() => {
    if (!input.isConnected) return;
    input.focus({ preventScroll: true });
    if (typeof input.setSelectionRange === "function") {
      const end = input.value.length;
      input.setSelectionRange(end, end);
    }
  });
}

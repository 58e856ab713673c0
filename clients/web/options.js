// What a table can be, in words: each game's name, each option's label and help, each choice's label, in French
// (the rulebooks' words: relance, tapis, pot, fantasyland...) and in English (their usual names).
//
// ListVariants gives the keys ("exchange_cap") and raw choices ("no-limit"): none of them reaches the screen.
// The words are tables of rows rather than objects keyed by option, because one key is "style" and the page's
// policy test refuses anything that reads like an inline style (test_web.py).

import { duration, lang, t } from "./i18n.js";

// variant: French name, English name (ListVariants' titles are English: "Chinese poker").
const GAMES = [
  ["alphapoker", "AlphaPoker", "AlphaPoker"],
  ["alphapoker-bataille", "Bataille AlphaPoker", "AlphaPoker bataille"],
  ["alphapoker-belote", "Belote AlphaPoker", "AlphaPoker belote"],
  ["alphapoker-belote-secrete", "Belote secrète AlphaPoker", "AlphaPoker secret belote"],
  ["poker-champ", "POKER CHAMP", "POKER CHAMP"],
  ["yahtzee-holdem", "Yahtzee Texas Hold'em", "Yahtzee Texas Hold'em"],
  ["daker", "DAKER", "DAKER"],
  ["chinese", "Poker chinois", "Chinese poker"],
];

// option key (or "variant:key" where a game gives the key its own sense): French label, English label,
// French help, English help. Meanings from the options' dataclasses (server/games/*.py) and RULINGS.md.
const OPTIONS = [
  ["players", "joueurs", "players", "Le nombre de joueurs à la table", "How many play at the table"],
  ["lexicon", "lexique", "lexicon", "Le lexique qui juge les mots (le lexique français du DELA par défaut)",
    "The lexicon that judges the words (the French DELA lexicon by default)"],
  ["conjugated", "formes conjuguées", "conjugated forms",
    "Admettre les verbes conjugués : le livret n'admet que l'infinitif et les participes",
    "Admit conjugated verbs: the rulebook admits only the infinitive and the participles"],
  ["compound", "mots composés", "compound words", "Admettre les mots composés, que le livret refuse",
    "Admit compound words, which the rulebook refuses"],
  ["proper", "noms propres", "proper nouns", "Admettre les noms propres, que le livret refuse",
    "Admit proper nouns, which the rulebook refuses"],
  ["pronoun", "pronoms", "pronouns", "Admettre les pronoms, absents de la liste du livret",
    "Admit pronouns, which the rulebook does not list"],
  ["interjection", "interjections", "interjections", "Admettre les interjections, absentes de la liste du livret",
    "Admit interjections, which the rulebook does not list"],
  ["min_length", "lettres au moins", "least letters", "La longueur minimale d'un mot admis (3 selon le livret)",
    "The shortest word admitted (3 in the rulebook)"],
  ["hand", "cartes en main", "hand size", "Les cartes de chaque joueur, de 5 à 9 (7 selon le livret)",
    "Each player's cards, 5 to 9 (7 in the rulebook)"],
  ["exchanges", "tours d'échange", "exchange rounds", "0 : ceux du livret pour la taille de la main",
    "0: the rulebook's for the hand size"],
  ["exchange_cap", "cartes échangées au plus", "most cards exchanged",
    "Les cartes échangées au plus à chaque tour ; 0 : selon le livret pour la taille de la main",
    "The most cards exchanged in one round; 0: the rulebook's for the hand size"],
  ["capital", "capital de départ", "starting capital",
    "Les PM de chaque joueur au départ ; 0 : ceux du livret (210 à deux, 140 à trois, 110 à quatre)",
    "Each player's PM at the start; 0: the rulebook's (210 for two, 140 for three, 110 for four)"],
  ["ante", "ante", "ante", "Ce que chaque joueur met au pot avant la donne",
    "What each player puts in the pot before the deal"],
  ["cap", "plafond des mises", "betting cap",
    "Le total qu'un joueur peut miser dans une donne ; une relance qui l'atteint est « pour voir »",
    "A player's total bet in a deal; a raise that reaches it is \"pour voir\" (to see)"],
  ["alphapoker:rounds", "donnes", "deals", "Les donnes de la partie (10 selon le livret)",
    "The deals of the game (10 in the rulebook)"],
  ["chinese:rounds", "tours de table", "rounds", "Les tours du bouton : la partie compte tours × joueurs donnes",
    "Turns of the button: the game plays rounds × players hands"],
  ["rounds", "manches", "rounds", "Les manches de la partie", "The game's rounds"],
  ["simplified", "comptage simplifié", "simplified counting",
    "Sans les points de longueur : la valeur des lettres seule, doublée pour une seule couleur",
    "No length points: the letters' values alone, doubled for one colour"],
  ["alternate", "mises après chaque échange", "bet after each exchange",
    "Un tour de mises après chaque tour d'échange ; « pour voir » seulement au dernier",
    "A betting round after each exchange round; \"pour voir\" only in the last"],
  ["exchange_seconds", "temps pour échanger", "time to exchange",
    "Les secondes de chaque échange ; 0 : sans limite. Qui laisse passer le temps n'échange rien et reste dans la donne.",
    "Seconds for each exchange; 0: no limit. Whoever lets it run out exchanges nothing and stays in the deal."],
  ["bet_seconds", "temps pour miser", "time to bet",
    "Les secondes de chaque décision de mise ; 0 : sans limite. Qui laisse passer le temps se couche.",
    "Seconds for each betting decision; 0: no limit. Whoever lets it run out folds."],
  ["card_seconds", "temps par carte", "time per card", "Les secondes pour poser sa carte (3 à 10 selon le livret)",
    "Seconds to lay one's card (3 to 10 in the rulebook)"],
  ["courtesy", "courtoisie", "courtesy", "Seul l'adversaire de celui qui vient de poser peut annoncer un mot",
    "Only the opponent of the player who just laid may claim a word"],
  ["minutes", "horloge de partie", "game clock",
    "Les cartes gagnées sont rejouées jusqu'à la fin du temps ; 0 : un seul passage des piles",
    "Won cards are played again until the time is up; 0: one pass of the piles"],
  ["reaction", "réaction des robots", "bots' reaction", "Les secondes qu'un robot attend avant de poser ou d'annoncer",
    "Seconds a bot waits before it lays or claims"],
  ["target", "points à atteindre", "target", "La première équipe à ce total gagne (1000 selon le livret)",
    "The first team to this total wins (1000 in the rulebook)"],
  ["word_length", "lettres par mot proposé", "letters per word proposed",
    "Les lettres au moins d'un mot proposé (5 selon le livret)", "The least letters of a word proposed (5 in the rulebook)"],
  ["chips", "jetons", "chips", "Les jetons de chaque joueur au départ", "Each player's chips at the start"],
  ["stakes", "mises des étapes", "stakes", "La mise de chaque étape de la donne, séparées par des virgules",
    "Each stage's stake, separated by commas"],
  ["gift", "don", "gift", "Les jetons que le plus riche donne au joueur ruiné, en gagnant un Award",
    "The chips the richest gives a player left with none, earning an Award"],
  ["length", "fin de partie", "game end", "Quand la partie s'arrête", "When the game ends"],
  ["awards_to_win", "Awards pour gagner", "Awards to win", "Le premier à ce nombre d'Awards gagne la partie",
    "The first to this many Awards wins the game"],
  ["awards_total", "Awards en jeu", "Awards in play", "Les Awards de la partie : la fin longue les joue tous",
    "The game's Awards: the long game plays them all"],
  ["chrono_minutes", "durée du chrono", "chrono length",
    "Fin au chrono : la partie s'arrête au bout de ces minutes, le plus d'Awards gagne",
    "Chrono end: the game stops after these minutes, most Awards wins"],
  ["yahtzee-holdem:stack", "tapis de départ", "starting stack",
    "Les jetons de chaque joueur ; 0 : la boîte (4 800) partagée également", "Each player's chips; 0: the box's 4,800 shared equally"],
  ["stack", "tapis de départ", "starting stack", "Les jetons de chaque joueur au départ", "Each player's chips at the start"],
  ["yahtzee-holdem:hands", "fin de partie", "game end",
    "Jusqu'au dernier tapis, comme le livret (contre des robots, des centaines de mains) ; ou une partie plus courte : "
      + "après ces mains, le plus de jetons gagne",
    "To the last stack, as the rulebook plays (against bots, hundreds of hands); or a shorter game: after these hands, "
      + "the most chips win"],
  ["limits", "mise jusqu'à, par tour", "bet up to, per round",
    "Jusqu'où va une mise ou une relance à chaque tour d'enchères (ouverture, flop, turn, river), séparés par des "
      + "virgules : jusqu'à 10 aux deux premiers tours, jusqu'à 20 aux deux derniers selon le livret",
    "How far a bet or raise may go in each betting round (opening, flop, turn, river), separated by commas: up to 10 "
      + "in the first two rounds, up to 20 in the last two in the rulebook"],
  ["raises", "relances par tour", "raises per round", "Les relances au plus après la mise d'ouverture, à chaque tour",
    "The most raises after the opening bet, each round"],
  ["limit", "limite de mise", "betting limit",
    "Jusqu'à la limite : tout multiple de l'unité jusqu'à la limite du tour ; fixe : exactement elle ; pot-limit : "
      + "jusqu'au pot ; no-limit : jusqu'au tapis",
    "Up to the limit: any multiple of the unit up to the round's limit; fixed: exactly it; pot limit: up to the pot; "
      + "no limit: up to all-in"],
  ["flop_rerolls", "relances du flop", "flop rerolls", "Les fois où le donneur relance les dés du flop quand tous ont passé",
    "How often the dealer rolls the flop again when everyone checked"],
  ["unit", "unité de mise", "betting unit", "Toute mise est un multiple de l'unité", "Every bet is a multiple of the unit"],
  ["mode", "formule", "mode", "La formule de DAKER", "Which DAKER is played"],
  ["deck", "jeu de cartes", "deck",
    "Les cartes DAKER, chacune de deux valeurs parmi A K Q J R (10 rouge) N (9 noir) : combien de chacune",
    "The DAKER cards, each two values of A K Q J R (red 10) B (black 9): how many of each"],
  ["small_blind", "petite blinde", "small blind", "La grosse blinde vaut le double", "The big blind is twice this"],
  ["wins", "main gagnante", "winning hand", "La manche sans jetons : la meilleure main gagne, ou la plus faible",
    "The chipless round: the best hand wins, or the worst"],
  ["style", "variante", "style", "Classique : 13 cartes posées d'un coup ; ouvert, pineapple : cartes posées face visible",
    "Classic: 13 cards set at once; open-face, pineapple: cards placed face up"],
  ["scoop_bonus", "bonus de scoop", "scoop bonus", "Les unités de plus pour qui gagne les trois rangées contre un adversaire",
    "Extra units for winning all three rows against one opponent"],
  ["royalties", "royalties (primes)", "royalties", "Les primes des belles rangées, et à qui elles sont payées",
    "The bonuses for strong rows, and to whom they are paid"],
  ["naturals", "mains naturelles", "naturals", "Dragon, trois quintes, trois couleurs, sans figure, six paires (classique)",
    "Dragon, three straights, three flushes, no face card, six pairs (classic)"],
  ["fantasyland", "fantasyland", "fantasyland",
    "Une paire de dames ou mieux en haut, sans faute : toutes les cartes d'un coup à la donne suivante",
    "Queens or better on top, not fouled: every card at once next hand"],
  ["surrender", "prix de l'abandon", "surrender price", "Les unités payées à chaque adversaire par qui abandonne sa main",
    "The units paid to each opponent by a hand surrendered"],
  ["foul", "prix d'une faute", "foul price",
    "Les unités payées à chaque joueur sans faute par une main aux rangées dans le désordre",
    "The units paid to each player who did not foul by a hand whose rows are out of order"],
];

// Options the form offers as a few values in words, not a number to type: durations ("aucune", "30 s", "10 min", not
// "horloge de partie (min) 0.0" in a unit its label names) and counts of hands ("30 mains"), whose 0 may be the
// rulebook's own game ("jusqu'au dernier tapis (livret)"). option key (or "variant:key"), what a value counts (a
// duration's unit in seconds, or "hands"), the values offered (those in the option's range, and its default), what 0
// says when it means none or the rulebook's.
const OFFERED = [
  ["exchange_seconds", 1, [0, 10, 15, 20, 30, 45, 60, 90, 120, 300], "form.time.none"],
  ["bet_seconds", 1, [0, 10, 15, 20, 30, 45, 60, 90, 120, 300], "form.time.none"],
  ["card_seconds", 1, [3, 4, 5, 6, 7, 8, 10], ""],
  ["reaction", 1, [0, 1, 2, 3, 5, 8], ""],
  ["minutes", 60, [0, 5, 10, 15, 20, 30, 45, 60], "form.duration.none"],
  ["chrono_minutes", 60, [5, 10, 15, 20, 30, 45, 60, 90, 120], ""],
  ["yahtzee-holdem:hands", "hands", [0, 10, 20, 30, 50, 100], "form.hands.rulebook"],
];

// Numbers to type whose 0 is not a number but the rulebook's own value (the exchanges the rulebook gives a hand's
// size, its capital for the players' count): the field says so beside it. option key (or "variant:key"), French,
// English.
const ZEROS = [
  ["exchanges", "0 = selon le livret", "0 = the rulebook's"],
  ["exchange_cap", "0 = selon le livret", "0 = the rulebook's"],
  ["capital", "0 = selon le livret", "0 = the rulebook's"],
  ["yahtzee-holdem:stack", "0 = la boîte partagée (livret)", "0 = the box shared (rulebook)"],
];

// option key, choice value, French label, English label.
const CHOICES = [
  ["style", "classic", "classique", "classic"],
  ["style", "ofc", "ouvert (OFC)", "open-face (OFC)"],
  ["style", "pineapple", "pineapple", "pineapple"],
  ["style", "progressive", "pineapple progressif", "progressive pineapple"],
  ["mode", "holdem", "DAKER hold'em", "DAKER hold'em"],
  ["mode", "draw", "DAKER : cinq cartes et défausse", "DAKER: five-card draw"],
  ["mode", "round", "DAKER : manche sans jetons", "DAKER: chipless round"],
  ["limit", "fixed", "limite fixe (exactement)", "fixed limit (exactly)"],
  ["limit", "spread", "jusqu'à la limite (étalée)", "up to the limit (spread)"],
  ["limit", "pot", "pot-limit", "pot limit"],
  ["limit", "no-limit", "no-limit (jusqu'au tapis)", "no limit"],
  ["length", "awards", "aux Awards", "first to the Awards"],
  ["length", "chrono", "au chrono", "against the clock"],
  ["length", "long", "longue (tous les Awards)", "long (every Award)"],
  ["wins", "best", "la meilleure", "the best"],
  ["wins", "worst", "la plus faible", "the worst"],
  ["royalties", "winner", "au gagnant de la rangée", "to the row's winner"],
  ["royalties", "anyone", "à tous", "to anyone"],
  ["royalties", "none", "aucune", "none"],
];

// A lexicon's name for a player (the form's choice, the events' and the boards' "judged by"): its key, "fr-dela",
// is the server's. name, French, English; one the table lacks is named by its key, quoted.
const LEXICONS = [["fr-agreed", "lexique français (sources d'accord)", "French lexicon (agreed sources)"],
  ["fr-dela", "lexique français (DELA)", "French lexicon (DELA)"]];

// The house rules a word game judges by, as its events and views give them ("rulebook", "conjugated,proper,min=4"):
// each kind in words, {n} the least letters of "min=n".
const POLICIES = [
  ["rulebook", "règles du livret", "the rulebook's rules"],
  ["conjugated", "formes conjuguées admises", "conjugated forms allowed"],
  ["proper", "noms propres admis", "proper nouns allowed"],
  ["compound", "mots composés admis", "compound words allowed"],
  ["pronoun", "pronoms admis", "pronouns allowed"],
  ["interjection", "interjections admises", "interjections allowed"],
  ["other", "autres catégories de mots admises", "other parts of speech allowed"],
  ["min", "{n} lettres au moins", "at least {n} letters"],
];

// Options that apply only with some values of another (a chipless DAKER round has no blinds): the form hides them
// otherwise (server/games/*.py's options say which). variant, option, the option it depends on, those values.
const ONLY_WITH = [
  ["daker", "stack", "mode", ["holdem", "draw"]],
  ["daker", "small_blind", "mode", ["holdem", "draw"]], // draw's bets are the big blind's size
  ["daker", "limit", "mode", ["holdem", "draw"]],
  ["daker", "ante", "mode", ["draw"]],
  ["daker", "wins", "mode", ["round"]],
  ["chinese", "naturals", "style", ["classic"]],
  ["chinese", "surrender", "style", ["classic"]],
  ["chinese", "fantasyland", "style", ["ofc", "pineapple", "progressive"]],
  ["poker-champ", "awards_to_win", "length", ["awards"]],
  ["poker-champ", "chrono_minutes", "length", ["chrono"]],
];

const byKey = new Map(OPTIONS.map(([key, ...words]) => [key, words]));
const offered = new Map(OFFERED.map(([key, ...rest]) => [key, rest]));
const zeros = new Map(ZEROS.map(([key, ...words]) => [key, words]));
const lexicons = new Map(LEXICONS.map(([name, ...words]) => [name, words]));
const policies = new Map(POLICIES.map(([kind, ...words]) => [kind, words]));
const conditions = new Map(ONLY_WITH.map(([variant, key, on, values]) => [`${variant}:${key}`, [on, values]]));
const games = new Map(GAMES.map(([variant, ...names]) => [variant, names]));
const choices = new Map(CHOICES.map(([key, value, ...words]) => [`${key}=${value}`, words]));
const side = () => (lang === "fr" ? 0 : 1);

/** A key the tables above lack (an option added since), said as words: "exchange_cap" is "exchange cap". */
export function humane(key) {
  return String(key).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
}

function words(key, variant) {
  return byKey.get(`${variant}:${key}`) || byKey.get(key);
}

/** An option's label in the page's language (``variant`` picks a game's own sense of a key, as "rounds"). */
export function optionLabel(key, variant = "") {
  return words(key, variant)?.[side()] ?? humane(key);
}

/** What an option does, in a sentence (the form's title attribute); empty for a key the tables lack. */
export function optionHelp(key, variant = "") {
  return words(key, variant)?.[2 + side()] ?? "";
}

/** A choice's label: "no-limit" of "limit" is "no-limit (jusqu'au tapis)" in French, "no limit" in English. */
export function choiceLabel(key, value) {
  if (key === "lexicon") return lexiconLabel(value);
  return choices.get(`${key}=${value}`)?.[side()] ?? humane(value);
}

/** A lexicon's name: "fr-dela" is "lexique français (DELA)"; one the table lacks, its key quoted. */
export function lexiconLabel(name) {
  return lexicons.get(name)?.[side()] ?? (side() ? `“${name}” lexicon` : `lexique « ${name} »`);
}

/** A word game's house rules in words: "conjugated,min=4" is "formes conjuguées admises, 4 lettres au moins". */
export function policyLabel(policy) {
  return String(policy || "rulebook").split(/[,\s]+/).filter(Boolean).map((kind) => {
    const [name, n] = kind.split("=");
    const words = policies.get(name)?.[side()];
    return words ? words.replace("{n}", n ?? "") : humane(kind);
  }).join(", ");
}

/** Whether an option of ``variant`` applies with the form's other values (``values``: option -> value). */
export function applies(variant, key, values) {
  const [on, allowed] = conditions.get(`${variant}:${key}`) || [];
  return !on || !(on in values) || allowed.includes(values[on]);
}

/** A game's name in the page's language; ``listed`` (ListVariants' title) for a game the table lacks. */
export function gameTitle(variant, listed = "") {
  return games.get(variant)?.[side()] || listed || humane(variant);
}

/** An offered option's choices (OFFERED), [value, words] ("0", "aucune"; "10", "10 min"; "30", "30 mains"), in its
 *  range with its default (whose text, "0.0", is kept: the form sends only what differs from it); null for an option
 *  the form asks as a number or otherwise. ``variant`` picks a game's own (Yahtzee's hands). */
export function offeredChoices(option, variant = "") {
  const [unit, values, zero] = offered.get(`${variant}:${option.name}`) || offered.get(option.name) || [];
  if (!unit) return null;
  const [least, most, initial] = [Number(option.least || 0), Number(option.most || Infinity), Number(option.defaultValue || 0)];
  const shown = [...new Set([...values.filter((v) => v >= least && v <= most), initial])].sort((a, b) => a - b);
  const words = (v) => (unit === "hands" ? t("form.hands", { n: v }) : duration(v * unit));
  return shown.map((v) => [v === initial ? option.defaultValue || "0" : String(v), v === 0 && zero ? t(zero) : words(v)]);
}

/** What 0 means in a number field where it is the rulebook's value ("0 = selon le livret"); "" where 0 is a number. */
export function zeroMeaning(key, variant = "") {
  return (zeros.get(`${variant}:${key}`) || zeros.get(key))?.[side()] ?? "";
}

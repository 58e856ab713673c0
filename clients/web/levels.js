// The bots' levels in the page's words, as a game's VariantInfo lists them (bot_levels: each one's name and French
// name, weakest first; default_bot_level): the page keeps no list of levels, a game's are whatever the server says.
// The forms choose them (screens/common.js's levelSelect: a table's bot seats, a tournament's bots), a table's header
// says its bots' (SeatInfo.bot_level), a tournament's card its own. No DOM here: `node --test tests/web/` runs these.
//
// `variant` is a VariantInfo as Connect's JSON gives it (botLevels, defaultBotLevel); null when the game is not known.
//
// A bot of the house is named by its level, "robot fort", "strong bot" (botNames): the one place the page names one.

// The words said around a level, in each language (i18n.js's t(key, vars, STRINGS)).
export const STRINGS = {
  fr: { "level.seat": "niveau du robot {n}", "level.bots": "niveau des robots : {levels}" },
  en: { "level.seat": "bot {n}'s level", "level.bots": "bots' level: {levels}" },
};

/** A level (a BotLevelInfo) in ``lang``: its French name in French, its name otherwise. */
export function levelWord(level, lang) {
  return (lang === "fr" && level.french) || level.name;
}

/** The level called ``name`` (a BotLevelInfo.name: SeatInfo.bot_level, TournamentInfo.bot_level) in ``lang``, as
 *  ``variant`` lists it; the name itself when the game does not list it (its VariantInfo could not be read). */
export function levelNamed(variant, name, lang) {
  const level = (variant?.botLevels || []).find((l) => l.name === name);
  return level ? levelWord(level, lang) : name;
}

/** The level a form shows chosen: ``wanted`` (a host's earlier choice) when the game has it, else its default. */
export function chosenLevel(variant, wanted) {
  const names = (variant?.botLevels || []).map((l) => l.name);
  return names.includes(wanted) ? wanted : variant?.defaultBotLevel || names[0] || "";
}

// Each game's VariantInfo by its name, as the page read them (app.js's variantList): a table's bots are named by their
// levels' words wherever the page names a seat, and TableInfo names its game, not its levels' words.
const known = new Map();

/** Keep ``variants`` (ListVariants' VariantInfos) to name the bots of their games' tables (botNames). */
export function knowVariants(variants) {
  (variants || []).forEach((v) => known.set(v.name, v));
}

/** Each seat's bot name at a table (``info``: its TableInfo), "" at a seat no bot of the house takes: its level in
 *  the page's words (``t``, i18n.js's, and ``lang``), "robot fort", "strong bot", as its game lists it
 *  (knowVariants); numbered in seat order when bots of the table share a level ("robot fort 1", "robot fort 2"),
 *  which a table keeps for its life: a bot keeps its name from the lobby to the result. A bot whose level is not
 *  said is a "robot", numbered among those alike. A bot a tournament named (SeatInfo.player) is named so by the
 *  screen, not here. */
export function botNames(info, t, lang) {
  const seats = info?.seats || [];
  const level = (seat) => seat?.botLevel || "";
  return seats.map((seat, s) => {
    if (!seat?.bot || seat.player) return "";
    const alike = seats.flatMap((other, o) => (other?.bot && !other.player && level(other) === level(seat) ? [o] : []));
    const n = alike.length > 1 ? alike.indexOf(s) + 1 : 0;
    if (!level(seat)) return t(n ? "bot.plain.nth" : "bot.plain", { n });
    return t(n ? "bot.nth" : "bot", { level: levelNamed(known.get(info.variant), level(seat), lang), n });
  });
}

/** A level's word said of several bots: French adjectives take an s ("2 robots forts", "intermédiaires"), English
 *  ones none ("2 strong bots"). */
export function levelPlural(word, lang) {
  return lang === "fr" && !/[sxz]$/u.test(word) ? `${word}s` : word;
}

/** Who sits at a table, as its title lists them (``info``: its TableInfo; ``names``: its seats' names, screen.js's
 *  seatNames): its people by name in seat order, then its bots of the house by level, those that share one counted
 *  ("anne, bob et 2 robots intermédiaires", "anne, robot fort et 3 robots débutants"): named one by one, "robot
 *  intermédiaire 1, robot intermédiaire 2", a title of four wrapped to three lines on a phone. A bot alone at its
 *  level keeps its name ("robot fort"); bots at three levels are counted ("5 robots"); a tournament's bot is named
 *  by it, as a person. */
export function seatedNames(info, names, t, lang) {
  const seats = info?.seats || [];
  const house = (seat) => seat?.bot && !seat.player;
  const people = seats.flatMap((seat, s) => ((seat?.taken || seat?.bot) && !house(seat) ? [names[s]] : []));
  const levels = [...new Set(seats.filter(house).map((seat) => seat.botLevel || ""))];
  // bots at three levels are counted together ("anne et 5 robots"), their plates saying each one's: listed by level,
  // "POKER CHAMP · anne, 2 robots intermédiaires, 2 robots forts et robot débutant" took three lines on a phone
  if (levels.length > 2) return [...people, t("bot.plain.many", { n: seats.filter(house).length })];
  const bots = levels.map((level) => {
    const alike = seats.flatMap((seat, s) => (house(seat) && (seat.botLevel || "") === level ? [s] : []));
    if (alike.length === 1) return names[alike[0]];
    if (!level) return t("bot.plain.many", { n: alike.length });
    return t("bot.many", { n: alike.length, level: levelPlural(levelNamed(known.get(info.variant), level, lang), lang) });
  });
  return [...people, ...bots];
}

/** The levels of a table's bots the seats' names do not say already (``info``: its TableInfo; ``names``: its seats'
 *  names), to list in words: a bot of the house says its level by its name (botNames), a tournament's is named by
 *  the tournament ("Bot Cy", SeatInfo.player): the one level when every such bot plays at it (["fort"]), else each
 *  one's name with its own (["Bot Cy (débutant)", "Bot Di (fort)"]); none when no such bot plays there (or none
 *  says its level). Said apart from the board, whose plates cut a long name short on a phone. */
export function botLevels(info, variant, names, lang) {
  const bots = (info?.seats || []).map((seat, s) => [s, seat?.bot && seat.player && seat.botLevel])
    .filter(([, level]) => level);
  const words = bots.map(([, level]) => levelNamed(variant, level, lang));
  if (new Set(words).size <= 1) return words.slice(0, 1);
  return bots.map(([s], i) => `${names[s]} (${words[i]})`);
}

// The bots' levels in the page's words, as a game's VariantInfo lists them (bot_levels: each one's name and French
// name, weakest first; default_bot_level): the page keeps no list of levels, a game's are whatever the server says.
// The forms choose them (screens/common.js's levelSelect: a table's bot seats, a tournament's bots), a table's header
// says its bots' (SeatInfo.bot_level), a tournament's card its own. No DOM here: `node --test tests/web/` runs these.
//
// `variant` is a VariantInfo as Connect's JSON gives it (botLevels, defaultBotLevel); null when the game is not known.

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

/** The levels a table's bots play at (``info``: its TableInfo; ``names``: its seats' names), to list in words: the
 *  one level when every bot plays at it (["fort"]), else each bot's name with its own (["robot 2 (débutant)",
 *  "robot 3 (fort)"]); none when no bot plays there (or none says its level). Said apart from the board, whose
 *  plates cut a long name short on a phone. */
export function botLevels(info, variant, names, lang) {
  const bots = (info?.seats || []).map((seat, s) => [s, seat?.bot && seat.botLevel]).filter(([, level]) => level);
  const words = bots.map(([, level]) => levelNamed(variant, level, lang));
  if (new Set(words).size <= 1) return words.slice(0, 1);
  return bots.map(([s], i) => `${names[s]} (${words[i]})`);
}

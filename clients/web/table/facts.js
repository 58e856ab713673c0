// What a game is, as the server declares it (server/games/base.py's Facts) and ListVariants publishes it in each
// VariantInfo: what it calls its rounds (roundName), whether its finished hands are reviewed (reviewsHands), its
// seats to a team (teamSize). The table screen reads them from its table's VariantInfo (app.js's ListVariants, read
// once) instead of keeping its own lists of families. No DOM here: `node --test tests/web/` runs these.
//
// `variant` is a VariantInfo as Connect's JSON gives it: a field at its default ("", 0, false) is left out, so a
// VariantInfo without roundName is a game without rounds (bataille). null: the table's game is not known (its
// VariantInfo could not be read), and each answer is the plainest one.

// The screen's word (i18n.js) for each round name a VariantInfo may give.
const ROUND_WORDS = { hand: "table.hand", deal: "table.deal" };

/** The key of the word the header counts the table's rounds with ("donne 3", "deal 3": t(key, {n})): "table.deal"
 *  for a game whose rounds are deals (POKER CHAMP, AlphaPoker, belote), "table.hand" for hands (and for a game not
 *  known), null for a game without rounds (bataille, one long deal). */
export function roundKey(variant) {
  if (!variant) return ROUND_WORDS.hand;
  const name = variant.roundName || "";
  return name ? ROUND_WORDS[name] || ROUND_WORDS.hand : null;
}

/** The header's count of the round ``n`` in words (``t``: i18n.js's), "" for none (no round yet, or none in the
 *  game). */
export function roundLabel(variant, n, t) {
  const key = roundKey(variant);
  return key && Number(n || 0) ? t(key, { n }) : "";
}

/** Whether a finished hand of this game is looked at again (ReviewHand: AlphaPoker's best words, Chinese poker's
 *  solver's set): only then is it asked (another game's refusal was a "400" in the console at every table). */
export const reviewsHands = (variant) => Boolean(variant?.reviewsHands);

/** The teams a table of ``seats`` seats plays in (VariantInfo.teamSize seats to a team, partners opposite: belote's
 *  4 seats in 2), 0 when each seat plays for itself. */
export function teams(variant, seats) {
  const size = Number(variant?.teamSize || 0);
  return size > 1 && seats > size && seats % size === 0 ? seats / size : 0;
}

/** A per-team list (team 0 first: a result's belote totals) as one value per seat, each seat its team's (seat s
 *  plays in team s % teams); null when the game has no teams or the list is not one per team. */
export function perSeat(variant, list, seats) {
  const count = teams(variant, seats);
  return count && Array.isArray(list) && list.length === count
    ? Array.from({ length: seats }, (_, s) => list[s % count]) : null;
}

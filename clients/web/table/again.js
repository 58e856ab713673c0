// The same game again (a table's "play again"): the CreateTable request that makes it from the table before
// (TableInfo, Connect's JSON: a field at its default is left out). Pure: run by `node --test tests/web/`.

/** The name a table was given, or "": one given none is named after its id, and a table played again was once
 *  named after the id of the table before it. An id is no name. */
export function givenName(info) {
  const name = info.name || "";
  return name === info.tableId || /^t-[0-9a-f]{6,}$/.test(name) ? "" : name;
}

/** The CreateTable request for ``info``'s game again (a table of people's own, not a tournament's game): the same
 *  rules, name, hints, pause, chat kept apart, clock (or none), and each bot at its seat and level; made as the
 *  table's rematch (rematch_of) when ``token`` (a seat's of that table) says who asks, so its other players are
 *  invited to it. */
export function againRequest(info, token = "") {
  return {
    variant: info.variant, options: info.options || {}, name: givenName(info),
    bots: (info.seats || []).flatMap((s, seat) => (s.bot ? [{ seat, ...(s.botLevel ? { level: s.botLevel } : {}) }] : [])),
    hints: Boolean(info.hints), pauseSeconds: info.pauseSeconds || 0, chatApart: Boolean(info.chatApart),
    ...(token ? { rematchOf: info.tableId } : {}),
    ...(info.decisionSeconds ? { decisionSeconds: info.decisionSeconds } : { untimed: true }),
  };
}

/** What "play again" does, in words (an i18n key): a tournament's game leads to the tournament, where the player's
 *  next game is (a table of one's own would be no game of it); any other, the same game again. */
export function againWord(info) {
  return info?.tournament ? "result.tournament" : "result.again";
}

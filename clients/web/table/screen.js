// The table screen: follows the table's events with the typed view, legal space and table each action leaves
// (WatchTable with its views; GetView and GetTable on opening and after a click), and lays out the family's board
// (table/board.js), the action bar (table/actions.js), the end of each hand held on the table a few seconds with
// the seat's review of it (ReviewHand), the result, and what happened (each event told in the page's language by
// table/events.js). What it knows and how each thing heard changes it is table/state.js's (no DOM there); here is
// the drawing, and the calls.
//
// A page that stays steady: the screen is put in the page once its first read is drawn (a frame of empty parts
// filled a moment later pushed the board down), and nothing is inserted above the board afterwards (the result
// comes under it, and under the action bar). A part is drawn again only when what it is drawn from changed (its
// key), the board made once and updated.

import { call, stream, RpcError } from "../rpc.js";
import { cardElement } from "../cards.js";
import { forget, h, seats, toast } from "../dom.js";
import { lang, listed, number, t } from "../i18n.js";
import { botLevels, botNames, seatedNames, STRINGS as LEVEL_WORDS } from "../levels.js";
import { controls } from "./actions.js";
import { allInAfter, eventText } from "./events.js";
import { warns } from "./board.js";
import { perSeat, reviewsHands, roundLabel } from "./facts.js";
import { FAMILIES, TableState, status } from "./state.js";
import { create as chatPanel } from "./chat.js";
import { create as waitingSeats } from "./waiting.js";
import { againWord, givenName } from "./again.js";
import { refusal } from "../screens/common.js";
import { asking, awayNames, create as alertsFor, ordinalWord } from "./alerts.js";

export { status };

// Each family's field in GetViewResponse (and TableEvent, TableInfo's result: table/state.js's FAMILIES), and the
// module drawing it.
const BOARDS = { pokerChamp: "./poker.js", yahtzeeHoldem: "./poker.js", daker: "./poker.js",
                 alphapoker: "./alphapoker.js", bataille: "./words.js", belote: "./words.js", chinese: "./chinese.js" };
// What a game calls its rounds (the header's "donne 3", "deal 3", "hand 3", none for bataille), whether its hands
// are reviewed (ReviewHand) and its teams (belote's) are its VariantInfo's facts (table/facts.js), not lists here.
const FEED_KEPT = 150; // events in "what happened": a finished table of 600 hands does not freeze the page

const loaded = {};
/** A family's board module (table/board.js's contract), loaded once; null when it is missing or broken. */
export async function boardFor(family) {
  if (!(family in loaded)) loaded[family] = await import(BOARDS[family]).catch(() => null);
  return loaded[family];
}

/** Each seat's name: the player's, a bot's (by its level: levels.js's botNames), or the free seat's number (people
 *  count from 1). */
export function seatNames(info) {
  const bots = botNames(info, t, lang);
  return (info?.seats || []).map((s, i) => s.player || bots[i] || t("seat", { n: i + 1 }));
}

/** A table's title as a player reads it: its place in its tournament ("Coupe · demi-finale · match 1 · partie 2"),
 *  else the name it was given, else its game and who sits at it ("DAKER · anne et 2 robots forts") or, nobody
 *  seated yet, its number; never its id as its title (the address and a tooltip keep that). ``title`` names a game
 *  in the page's language (app.js's). */
export function tableTitle(info, title) {
  if (info.tournament) return placeTitle(info.tournament);
  if (givenName(info)) return givenName(info);
  const game = title(info.variant);
  const seated = seatedNames(info, seatNames(info), t, lang); // its bots that share a level counted: a line or two
  return seated.length ? t("title.players", { game, names: listed(seated) })
    : t("title.numbered", { game, n: String(info.tableId).replace(/^t-/, "") });
}

/** A tournament's name; the server's for one made without ("tournament") in the page's language. */
export function tournamentName(name) {
  return !name || name === "tournament" ? t("tour.unnamed") : name;
}

/** A tournament game's place (TableInfo.tournament) in the page's words: a knockout's round by what is left of it
 *  (final, semi-final, quarter-final, round of 16...), the other stages' by their number. */
function placeTitle(place) {
  const matches = Number(place.roundMatches || 1);
  const round = Number(place.round || 1);
  const KNOCKOUT = { 1: "stage.final", 2: "stage.semi", 4: "stage.quarter" };
  const stage = place.stage === "knockout" ? t(KNOCKOUT[matches] || "stage.knockout", { n: matches, players: 2 * matches })
    : ["preliminary", "round-robin"].includes(place.stage) ? t(`stage.${place.stage}`, { n: round }) : `${place.stage} ${round}`;
  return t("title.place", { tournament: tournamentName(place.tournamentName), stage, match: Number(place.match || 1),
                            game: Number(place.game || 1) });
}

// What each part of the screen was last drawn from (table/screen.js's refill).
const drawnFrom = new WeakMap();

/** Fill ``node`` with what ``make`` builds, unless ``key`` is what it was last built from: a redraw with nothing new
 *  (the table is read again every few seconds, and at every event) leaves the part as it is, its buttons where the
 *  pointer is: a click pressed across a redraw was lost (a card put on Chinese poker's row, "play again"), and a
 *  field typed in was emptied. */
export function refill(node, key, make) {
  if (drawnFrom.get(node) === key) return;
  drawnFrom.set(node, key);
  node.replaceChildren(...[make()].flat().filter((x) => x !== null && x !== undefined));
}

/** A board for a family whose module is missing: each seat's cards, nothing guessed beyond them. */
function plainBoard(node, view, ctx) {
  node.classList.add("board-plain");
  node.replaceChildren(...(view.seats || []).map((seat, s) => h("div", { class: `seat${s === ctx.seat ? " mine" : ""}`,
    "data-seat": s }, h("b", {}, ctx.names[s]), " ", ...Object.values(seat).filter(Array.isArray).flat()
      .filter((c) => typeof c === "string").map(cardElement))));
}

// A result's per-team list (belote's totals: team 0, seats 0 and 2, first) shown to each seat as its team's, under
// this column name.
const TEAM_WORDS = { totals: "teamPoints" };

/** The result's per-seat columns, [name, value of each seat]: in a game of teams (``variant``, the table's
 *  VariantInfo: its teamSize), a per-team list given to each seat of the team (seat s plays in team s % teams);
 *  champions, scalars and a list of another length are not columns. A column the same for all tells nothing (DAKER
 *  round's chips, all 0) and is left out, unless the win is shared: then the first amount is what the winners tied
 *  on (a drawn Chinese poker game, 0 units each) and stays. */
export function resultColumns(variant, result, count) {
  const columns = Object.entries(result).flatMap(([k, v]) => {
    if (!Array.isArray(v) || k === "champions" || k === "places") return [];
    if (v.length === count) return [[k, v]];
    const team = perSeat(variant, v, count);
    return team ? [[TEAM_WORDS[k] || k, team]] : [];
  });
  const tiedOn = (result.champions || []).length > 1 ? columns.find(([k]) => k !== "outHands") : null;
  return columns.filter((column) => column === tiedOn || new Set(column[1].map(String)).size > 1);
}

/** A result field's name in the page's language: "teamPoints" is t("result.team_points"), unless the family names
 *  it its own way (AlphaPoker's stacks are PM: "result.alphapoker.stacks"). */
function resultWord(field, family) {
  const key = `result.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
  const own = t(`result.${family}.${field}`);
  return own !== `result.${family}.${field}` ? own : t(key);
}

/** How late a seat went out, from the hand it went out in (0: never, the latest of all): who went out later
 *  ranks higher. */
const lateness = (hand) => (Number(hand || 0) ? Number(hand) : Infinity);

/** A result column's cell: a hand a seat never went out in is a dash, not "0". */
const cell = (field, value) => (field === "outHands" && !Number(value || 0) ? t("result.never") : number(value));

/** The final ranking of a result's ``count`` seats, [{seat, rank}] in the order listed: by the places the engine
 *  gives (POKER CHAMP's result.places, by Awards alone), else the champions first, then who went out later (the
 *  results of games that knock seats out say the hand each went out in: two seats left with no chips are not equal),
 *  then by the result's first per-seat amount (of ``columns``, resultColumns'), what the game ranks by; seats nothing
 *  of these tells apart share their rank, and are listed by the amounts after it (POKER CHAMP's seats in one place
 *  by their chips, richer first: the chips place nobody), then by seat. */
export function ranking(result, columns, count) {
  const champions = (result.champions || []).map(Number);
  const places = (result.places || []).map(Number);
  const outs = result.outHands || [];
  const amounts = columns.filter(([k]) => k !== "outHands").map(([, v]) => v);
  const more = (list, a, b) => Number(list[b] || 0) - Number(list[a] || 0);
  const ahead = places.length === count ? (a, b) => places[a] - places[b]
    : (a, b) => (champions.includes(b) - champions.includes(a))
      || (lateness(outs[b]) - lateness(outs[a]) || 0) || (amounts.length ? more(amounts[0], a, b) : 0);
  const after = (a, b) => amounts.slice(1).reduce((found, list) => found || more(list, a, b), 0);
  const order = [...Array(count).keys()].sort((a, b) => ahead(a, b) || after(a, b) || a - b);
  return order.map((seat) => ({ seat, rank: 1 + order.filter((o) => ahead(o, seat) < 0).length }));
}

/** The final ranking (``ranking``); what the whole game counted (deals played...) under it; a way to play it
 *  again, and to watch it again move by move. */
function resultPanel(info, variant, names, again, board, ctx) {
  const family = FAMILIES.find((f) => info[f]);
  const result = family ? info[family] : {};
  const count = names.length;
  const columns = resultColumns(variant, result, count);
  const facts = Object.entries(result).filter(([k, v]) => !Array.isArray(v) && typeof v !== "object" && Number(v));
  const champions = (result.champions || []).map(Number);
  const legacy = info.result ? JSON.parse(info.result) : {};
  return h("div", { class: "result-panel" },
    h("h3", {}, champions.length ? t("result.title", { names: listed(champions.map((s) => names[s])) }) : t("result.none")),
    info.abandoned ? h("p", {}, t("result.abandoned")) : null,
    (info.forfeited || legacy.forfeited || []).length
      ? h("p", {}, t("result.forfeited", { names: listed((info.forfeited || legacy.forfeited).map((s) => names[s])) })) : null,
    h("table", { class: "list ranking" },
      h("tr", {}, h("th", {}, t("result.rank")), h("th", {}, t("result.player")),
        ...columns.map(([k]) => h("th", { "data-field": k }, resultWord(k, family)))),
      ...ranking(result, columns, count).map(({ seat: s, rank }) => h("tr", { class: champions.includes(s) ? "champion" : "" },
        h("td", {}, rank), h("td", {}, names[s]), ...columns.map(([k, v]) => h("td", {}, cell(k, v[s])))))),
    facts.length ? h("p", { class: "result-facts" },
      facts.map(([k, v]) => t("result.fact", { name: resultWord(k, family), n: v })).join(" · ")) : null,
    board?.resultNote ? board.resultNote(info, ctx) : null, // what the game counted, in words (POKER CHAMP's Awards)
    h("p", { class: "result-actions" },
      again ? h("button", { class: "act again", onclick: again }, t(againWord(info))) : null, " ",
      h("a", { class: "button replay", href: `#/replay/${encodeURIComponent(info.tableId)}` }, t("result.replay"))));
}

/** The family's board in ``node``, from its module (board.js's contract): the board its create(node, ctx) makes,
 *  {update(view, ctx), destroy(), input(move, view, ctx), hint(hint, ctx)}, its state in it and its ctx the latest
 *  one (each update's, assigned to the one it was made with). No module (missing, broken): each seat's cards
 *  plainly, and no control of its own. */
export function mountBoard(module, node, first = {}) {
  if (typeof module?.create !== "function") {
    return { update: (view, ctx) => plainBoard(node, view, ctx), destroy: () => node.replaceChildren(),
             input: () => null, hint: () => null };
  }
  const live = { ...first };
  const made = module.create(node, live);
  return {
    update(view, ctx) {
      Object.assign(live, ctx);
      made.update(view, live);
    },
    destroy: () => made.destroy?.(),
    input: (move, view, ctx) => made.input?.(move, view, ctx) ?? null,
    hint: (hint, ctx) => made.hint?.(hint, ctx) ?? null,
  };
}

/** The seats of a table still empty (a bot's seat is taken from the start; one kept for a tournament's player is
 *  still awaited). */
export function awaited(info) {
  return (info?.seats || []).filter((s) => !s.taken).length;
}

/** "waiting for 1 player", "en attente de 2 joueurs"; "" for a table that waits for nobody. */
export function waitingFor(info) {
  const n = awaited(info);
  if (!n || status(info) !== "waiting") return "";
  return t(n === 1 ? "wait.one" : "wait.many", { n });
}

/** A practice table's hint (GetHints' Hint JSON) as a button playing it: its move's name and what it moves, as the
 *  board says it (its hint method: a word as a word, "Annoncer AVI", never "2AVI"), else its cards drawn as cards. */
export function hintButton(hint, board, ctx) {
  const [verb, ...rest] = hint.action.split(" ");
  const said = board?.hint?.(hint, ctx) || [ctx.t(`act.${verb}`, { n: "" }).trim(), " ", ...rest.map(cardElement)];
  return h("button", { class: "quiet hint-move", onclick: () => ctx.act({ action: hint.action }) }, ...said);
}

/** The table screen of ``tableId`` in ``main``; ``variantOf(name)`` resolves to a game's VariantInfo (app.js's, from
 *  ListVariants read once), or null. Returns what stops it (its stream, its timers), as ``signal`` does (the page
 *  left for another screen while this one was read: it is not put in the page then). */
export async function tableScreen(main, tableId, { title, join, playAgain, variantOf = async () => null, signal = null }) {
  const mine = seats()[tableId];
  let token = mine?.token || ""; // both let go when the seat is taken back elsewhere (lose)
  let mySeat = mine ? mine.seat : null;
  let leaving = false; // LeaveTable asked: the seat's end it brings is no loss to say
  const state = new TableState({ seat: mySeat });
  let module = null; // the family's board module (board.js), once its family is known
  let board = null; // the board made with it in boardNode (mountBoard): its draws and its own controls
  let waiting = null; // before the first view, a waiting table's seats in boardNode (table/waiting.js)
  const head = h("div", { class: "table-head" });
  const boardNode = h("div", { class: "board", id: "board" });
  const bar = h("div", { class: "action-bar", id: "actions" });
  const feed = h("ol", { class: "feed", id: "feed" });
  const result = h("div", { class: "result", id: "result" });
  const composer = h("input", { type: "text", id: "composer", placeholder: t("type.placeholder"), autocomplete: "off" });
  // The seat's alerts and tools, and the chat (table/alerts.js, table/chat.js): under the result, never above the board.
  const alertsNode = h("div", { id: "alerts" });
  const chatNode = h("aside", { id: "chat" });
  // The result under the board and the action bar: drawn at the game's end, it moves neither, and the bar, which
  // sticks to the screen's bottom, never covers it.
  const section = h("section", { id: "table", "data-table": tableId, class: "table-screen" }, head, boardNode, bar,
    result, alertsNode, chatNode, h("details", {}, h("summary", {}, t("table.feed")), feed));
  const abort = new AbortController();
  signal?.addEventListener("abort", () => abort.abort(), { once: true });
  let refreshing = null;
  let again = false;
  // The table's VariantInfo, its game's facts (table/facts.js): asked once the table is read, kept in state.variant.
  let facts = null;
  const variantFacts = () => {
    facts = facts || variantOf(state.info.variant).catch(() => null).then((variant) => (state.variant = variant || null));
    return facts;
  };

  const act = async (move) => {
    if (mySeat === null) return null;
    const request = { tableId, seat: mySeat, expectedSeq: String(state.seq), actionId: crypto.randomUUID(), ...move };
    try {
      const acted = await call("TableService", "Act", request, token);
      state.acted();
      composer.value = "";
      refresh();
      return acted;
    } catch (e) {
      if (e.code === "aborted") toast(t("error.aborted"));
      else failed(e);
      refresh();
      throw e;
    }
  };

  /** Whether ``e`` says this screen's seat token no longer holds its seat: revoked (the player key's seat taken on
   *  another device, which gets a new token) or given up elsewhere. */
  const revokedBy = (e) => e instanceof RpcError && e.code === "unauthenticated" && Boolean(token);
  /** The seat's token revoked: forgotten in this browser, and the table goes on as a spectator's, saying why and
   *  offering to take the seat back here (the bar's notice); never a felt left with dead buttons. */
  const lose = () => {
    if (leaving || !token) return;
    forget(tableId);
    token = "";
    mySeat = null;
    state.unseat();
    refresh();
  };
  /** A call refused: its reason said in the page's language (screens/common.js's words), a revoked seat lost. */
  const failed = (e) => (revokedBy(e) ? lose() : toast(refusal(e)));
  const ctx = () => {
    // a seat sitting out is asked nothing (alerts.js asking): its turns are not its own to make here, and no clock
    const { away, pending } = asking(state.info, mySeat, state.pending());
    return {
      seat: mySeat, names: seatNames(state.info), lang, family: state.family,
      t: (key, vars) => t(key, vars, module?.STRINGS),
      pending, away,
      clock: away ? null : state.clockOf(), // this seat's decision clock, or null
      paused: state.pauseLeft() > 0, // the table's pause after a hand: the seats to act wait for it
      picked: state.picked, // by place in the hand: two cards alike are two picks (board.js)
      pick: (i, card) => {
        state.pick(i, card);
        draw();
      },
      options: state.info?.options || {},
      act: (move) => act(move).catch(() => null),
      hints: state.hints, view: state.view, card: cardElement,
      review: state.review,
    };
  };

  const people = () => ({ tableId, token, seat: mySeat, info: state.info, t: (key, vars) => t(key, vars) });
  const chat = chatPanel(chatNode, people());
  const alerts = alertsFor(alertsNode, { ...people(), join, refresh: () => refresh() });
  abort.signal.addEventListener("abort", () => [chat, alerts].forEach((part) => part.destroy()), { once: true });

  const refresh = async () => {
    if (abort.signal.aborted) return;
    if (refreshing) {
      again = true; // one more after the one in flight: the view is read at the latest seq
      return;
    }
    refreshing = (async () => {
      try {
        await reread();
      } catch (e) {
        console.error("the table screen", e); // a board's bug must not stop the table's updates
      }
    })();
    await refreshing;
    refreshing = null;
  };

  const reread = async () => {
    do {
      again = false;
      state.read();
      // The view first, then the table: the table's hand is then never older than the view's, so a view already of
      // the next hand is never held on the table as the end of the last one (DAKER's draw showed hand 2 so).
      const answer = await call("TableService", "GetView", { tableId }, token).catch((e) => {
        if (revokedBy(e)) lose(); // the seat's token is gone: read again as a spectator (again)
        return null;
      });
      let info;
      try {
        info = (await call("TableService", "GetTable", { tableId })).table;
      } catch (e) {
        toast(refusal(e));
        return;
      }
      if (answer) see(answer, info);
      else state.table(info); // no view (its token gone): the table
      await draw();
    } while (again);
  };

  // The view and the table as the stream brought them: a read like reread's (one in flight that answers later,
  // older, is then let go by see).
  const shown = (answer, info) => {
    state.read();
    if (see(answer, info)) draw();
  };

  /** Take a view and the table read with it (table/state.js's see), and do what it asks: a hand's end held is let
   *  go in its time, the table's pause drawn at its end, the finished hand's review asked. False, nothing taken, for
   *  a read older than the one drawn. */
  const see = (answer, info) => {
    const effects = state.see(answer, info, { canHold: Boolean(module?.showdown) });
    if (!effects) return false;
    const { hold, releaseIn, redrawIn } = effects;
    if (hold && releaseIn !== Infinity) setTimeout(() => release(hold), releaseIn + 50);
    if (redrawIn) setTimeout(draw, redrawIn);
    if (effects.review) review(effects.review);
    return true;
  };

  // A hand's end held goes on as a click does: read again, for what came meanwhile (the game's end is held in its turn).
  const release = (hold) => {
    if (!state.release(hold)) return; // a later hold's, not this one's to end
    draw();
    refresh();
  };

  // What each part was last drawn from: a part is drawn again only when it changed.
  let boardDrawn = "";
  const draw = async () => {
    const info = state.info;
    if (!info || abort.signal.aborted) return;
    if (state.family && !module) module = await boardFor(state.family);
    await variantFacts();
    if (abort.signal.aborted) return;
    // The screen goes in the page with its first read drawn whole, in this same frame: nothing moves in above it.
    if (!section.isConnected) main.append(section);
    const names = seatNames(info);
    const over = status(info) === "finished";
    const held = state.heldView(module?.showdown);
    // While the last hand's end is held on the board, the header says that hand, as the board does.
    const hand = held ? state.hold.hand : info.hand;
    const seated = (info.seats || []).map((s) => [Boolean(s.taken), Boolean(s.reserved)]);
    const counted = roundLabel(state.variant, hand, t); // "donne 3", "deal 3", "hand 3"; none for bataille
    const levels = botLevels(info, state.variant, names, lang); // its bots' (SeatInfo.bot_level), in the game's words
    const headKey = [tableTitle(info, title), info.variant, status(info), counted, info.hints, names, seated, levels, lang,
                     mySeat];
    refill(head, JSON.stringify(headKey), () => [
      h("h2", { title: tableId }, tableTitle(info, title)),
      h("p", {}, h("span", { class: "pill" }, title(info.variant)), " ",
        h("span", { class: `pill ${status(info)}` }, t(`status.${status(info)}`)),
        counted ? ` ${counted}` : "",
        info.hints ? h("span", { class: "pill practice" }, t("practice")) : null,
        h("span", { class: mySeat !== null ? "pill you" : "pill" },
          mySeat !== null ? t("table.you", { name: names[mySeat] }) : t("table.watching")),
        !over && mySeat === null && (info.seats || []).some((s) => !s.taken && !s.reserved)
          ? h("button", { onclick: () => join(tableId) }, t("table.take")) : null,
        !over && mySeat === null && (info.seats || []).some((s) => s.reserved) ? secretBox() : null,
        mySeat !== null && !over ? h("button", { class: "quiet", id: "leave", onclick: leave }, t("table.leave")) : null),
      levels.length ? h("p", { class: "bot-levels" }, t("level.bots", { levels: listed(levels) }, LEVEL_WORDS)) : null]);
    const c = ctx();
    c.names = awayNames(info, c.names, t); // a seat sitting out says so by its name
    chat.update(people());
    alerts.update({ ...people(), title: tableTitle(info, title), clock: c.clock?.seconds ?? null,
                    turn: c.pending.has(mySeat) && !held && !state.isOut() });
    if (held || state.view) {
      boardNode.classList.toggle("showdown", Boolean(held));
      const drawn = JSON.stringify([state.family, Boolean(held), held || state.view, [...state.picked], [...c.pending],
                                    state.hints, state.review, c.names, lang, c.paused]);
      if (drawn !== boardDrawn) {
        boardDrawn = drawn;
        updateBoard(held || state.view, c);
      }
    } else if (status(info) === "waiting") { // no view before the game: who sits, from the table (the board replaces it)
      waiting = waiting || waitingSeats(boardNode, c);
      waiting.update(info, c);
    }
    drawBar(c, over, held);
    section.classList.toggle("over", over); // the game's end laid out with its result (poker.css: beside the table)
    refill(result, JSON.stringify([over, over && info, names, lang]), () => (over ? resultPanel(info, state.variant, names,
      mySeat !== null ? () => playAgain(info, mySeat) : null, module, c) : ""));
    if (over && state.skipping) { // the result asked for: in sight once it is there
      state.skipping = false;
      result.scrollIntoView({ block: "start" });
    }
    // once a decision: each of the seat's turns, or once while a real-time game offers moves all along
    if (state.sight(held) && !c.away) keepInSight();
  };

  /** The board drawn from ``view``: the board made once, in its own node, then updated. A board that cannot draw a
   *  view draws its seats plainly, and the game goes on (made again for the next). */
  const updateBoard = (view, c) => {
    try {
      if (!board) {
        const node = h("div", { class: `board-inner ${state.family}` });
        boardNode.replaceChildren(node);
        board = mountBoard(module, node, c);
      }
      board.update(view, c);
    } catch (e) {
      console.error("the board", e);
      board?.destroy?.();
      board = null;
      const node = h("div", { class: `board-inner ${state.family}` });
      boardNode.replaceChildren(node);
      plainBoard(node, view, c);
    }
  };

  // A decision opens: the seat's own part of the board (its cards, letters, rows) in sight above the action bar,
  // which sticks to the screen's bottom and hid it on a desktop's screen as on a phone's.
  const keepInSight = () => {
    const own = boardNode.querySelector(".seat.mine");
    if (!own) return;
    const mine = own.getBoundingClientRect();
    const room = bar.getBoundingClientRect().top - 8; // where the bar starts, a little air above it
    if (mine.bottom <= room) return;
    // as far as its bottom needs, never past its top (a tall hand shows from its top)
    window.scrollBy({ top: Math.min(mine.bottom - room, mine.top - 8), behavior: "instant" });
  };

  const outNotice = () => {
    const toggle = () => {
      state.skip();
      draw();
    };
    return h("div", { class: "out-notice", id: "out" },
      h("p", { class: "turn" }, t("out.you", { place: ordinalWord(state.place(), lang), n: (state.view?.seats || []).length })),
      state.skipping ? h("small", {}, t("out.skipping"), " ") : null,
      h("button", { class: "quiet", onclick: toggle }, t(state.skipping ? "out.watch" : "out.skip")),
      h("button", { class: "quiet", id: "out-again", onclick: () => playAgain(state.info, mySeat) },
        t(againWord(state.info))),
      h("button", { class: "quiet", id: "out-leave", onclick: () => (location.hash = "#/") }, t("out.leave")));
  };

  // This seat's time left for its decision (state.clockOf's reading, or null), in words (none when it has no move or
  // no clock): drawn with the bar, then each tick. Its last seconds (board.js warns) are said as such, and the bar is
  // in the warning's colour (showClock): from one reading, the seat's clock on the board warning with it.
  const clockText = (clock) => {
    if (!clock || !(state.space?.moves || []).length) return "";
    return t(warns(clock.seconds, clock.whole) ? "clock.left" : "clock", { n: Math.ceil(clock.seconds) });
  };
  const showClock = (clock) => {
    const node = document.getElementById("clock");
    const said = node ? clockText(clock) : "";
    if (node && node.textContent !== said) node.textContent = said;
    bar.classList.toggle("warn", Boolean(said) && warns(clock.seconds, clock.whole));
    section.querySelectorAll(".clock[data-until]").forEach((n) => { // the seat's own on the board (board.js)
      const left = clock ? Math.ceil(clock.seconds)
        : Math.max(0, Math.ceil((Number(n.dataset.until) - Math.max(Date.now(), Number(n.dataset.from || 0))) / 1000));
      const text = t("clock", { n: left });
      if (n.textContent !== text) n.textContent = text;
      n.classList.toggle("low", warns(left, clock ? clock.whole : Number(n.dataset.whole || 0)));
    });
  };
  const drawBar = (c, over, held) => {
    // The same decision: the bar (and what is typed in it, and its focus) stays. A spectator's bar, and a seat's
    // with no move to make, change with nothing the events bring but the pause (not at each of them).
    // A seat sitting out has no bar (its tools under the board say so, with "I'm back"): steady while it sits out;
    // out of the game, the bar says its place as to any seat out.
    bar.hidden = Boolean(c.away) && !over && !state.isOut();
    const moves = bar.hidden ? 0 : (state.space?.moves || []).length;
    const deciding = mySeat !== null && !over && !bar.hidden && (moves > 0 || c.pending.has(mySeat));
    const key = bar.hidden ? "away" : JSON.stringify([deciding ? state.seq : -1, mySeat !== null && state.space, [...state.picked],
                                Boolean(held), over, state.hints, mySeat !== null && c.paused,
                                state.isOut() && [state.place(), state.skipping], state.revoked]);
    const focused = bar.contains(document.activeElement) ? document.activeElement.id : "";
    refill(bar, key, () => (bar.hidden ? [] : barParts(c, over, held)));
    showClock(c.clock); // its warning at once, not at the next tick, the board's clock with it
    if (focused && !bar.contains(document.activeElement)) document.getElementById(focused)?.focus();
  };
  const barParts = (c, over, held) => {
    if (mySeat === null && state.revoked && !over) { // taken back elsewhere: said, and the way to take it back here
      return h("div", { class: "seat-lost", id: "seat-lost" }, h("p", { class: "turn" }, t("seat.lost")),
        h("button", { class: "act", id: "seat-back", onclick: () => join(tableId, undefined, "") }, t("seat.lost.back")));
    }
    if (mySeat === null || over) return h("p", { class: "quiet" }, over ? t("turn.over") : t("turn.watching"));
    const parts = [];
    const moves = state.space?.moves || [];
    const pending = c.pending.has(mySeat);
    const { parts: offered, bare } = held || state.isOut() ? { parts: [], bare: [] } : controls(state.space, board, c);
    if (held && !state.isOut()) { // the hand's end on the table: the next decision waits for a click or a moment
      const hold = state.hold;
      parts.push(h("button", { class: "act continue", onclick: () => release(hold) }, `${t("showdown")} · ${t("continue")}`));
    } else if (state.isOut()) { // out of the game, and said so once its last hand was seen
      parts.push(outNotice());
    } else {
      parts.push(h("p", { class: "turn" },
        pending ? t("turn.yours") : state.pauseLeft() ? t("turn.pause") : moves.length ? t("turn.may")
          : waitingFor(state.info) || t("turn.wait"), " ", // a table waiting for its players says so, not "the others play"
        h("span", { class: "clock", id: "clock" }, clockText(c.clock))));
      parts.push(h("div", { class: "legal" }, ...offered));
    }
    if (state.info.hints && moves.length) {
      parts.push(h("button", { class: "quiet", id: "hint", onclick: showHints }, t("hint")));
      if (state.hints) { // each hint a button: its move's name, then its cards drawn as cards (words as words)
        const hints = state.hints.hints || [];
        parts.push(h("ul", { class: "hints" }, ...hints.map((x) => h("li", {}, hintButton(x, board, c))),
          hints.length ? null : h("li", {}, t("hints.none"))));
      }
    }
    // a move typed as text, only for a move the bar has no control for (the engine's words are no player's)
    parts.push(h("details", { class: "composer", hidden: !bare.length }, h("summary", {}, t("type.move")), composer,
      h("button", { class: "send", onclick: () => composer.value.trim() && act({ action: composer.value.trim() }).catch(() => null) },
        t("type.send"))));
    return parts;
  };
  composer.addEventListener("keydown", (e) => e.key === "Enter" && composer.value.trim() && act({ action: composer.value.trim() }).catch(() => null));

  // The seat's finished hand looked at again (ReviewHand: the best moves it had, and the one it played), asked once
  // a hand; kept until the next hand's, for the board to draw (ctx.review). A hand with nothing to review
  // (failed_precondition) shows nothing; a game without reviews (NO_REVIEW) or a server without the call (any
  // other refusal) is not asked again here.
  const review = async (hand) => {
    if (!state.reviewWanted(hand)) return;
    if (!reviewsHands(await variantFacts())) return; // its game's hands are not reviewed (VariantInfo.reviewsHands)
    const answer = await call("TableService", "ReviewHand", { tableId, hand }, token).catch((e) => {
      state.reviewless = e.code !== "failed_precondition" || e.reason === "NO_REVIEW"; // this game has none
      return null;
    });
    if (!answer || abort.signal.aborted) return;
    state.review = { hand, ...answer };
    draw();
  };

  // Hints for the decision open when asked: one that closed meanwhile (the clock played it) has none of them.
  const showHints = async () => {
    const asked = state.decision;
    const hints = await call("TableService", "GetHints", { tableId }, token).catch((e) => (failed(e), null));
    if (hints && state.hinted(hints, asked)) draw();
  };
  const secretBox = () => {
    const secret = h("input", { type: "text", placeholder: t("table.secret"), size: 14 });
    return h("span", { class: "secret" }, secret, h("button", { onclick: () => join(tableId, undefined, secret.value.trim()) },
      t("table.secret.join")));
  };
  // The stream watching with the seat's token ends as the seat is left: stopped first, its end no error to say.
  const leave = async () => {
    if (!window.confirm(t("table.leave.confirm"))) return;
    leaving = true;
    watching?.abort();
    const left = await call("TableService", "LeaveTable", { tableId }, token).catch((e) => {
      leaving = false;
      failed(e);
      watch(); // still seated (or watching, the seat lost): the table followed again
      return undefined;
    });
    if (left === undefined) return;
    forget(tableId);
    if (left.rejoinSecret) toast(t("table.kept", { secret: left.rejoinSecret }), "info");
    location.hash = "#/";
  };
  const tick = setInterval(() => {
    if (state.tick()) refresh(); // nothing came for a few seconds while the game goes on: read it again
    showClock(ctx().clock); // none for a seat sitting out (ctx)
  }, 250);
  abort.signal.addEventListener("abort", () => clearInterval(tick), { once: true });

  // The table's events, live (from the last FEED_KEPT of a long finished game): each message's view drawn once. Its
  // stream stops with the screen, or alone (watching: leave's).
  let watching = null;
  const watch = async () => {
    const stop = new AbortController();
    watching = stop;
    abort.signal.addEventListener("abort", () => stop.abort(), { once: true });
    let after = Math.max(0, Number(state.info?.seq || 0) - FEED_KEPT);
    while (!stop.signal.aborted) {
      try {
        // An action's events come in one message with the view and the table they leave (withView): the table is
        // drawn once for them, with no GetView, GetTable call for each (their cost, times every player, was most of
        // an action's on the server).
        const request = { tableId, afterSeq: String(after), withView: true, withChat: true, afterChat: String(chat.last()) };
        for await (const message of stream("TableService", "WatchTable", request, token, stop.signal)) {
          if (message.chat) { // a chat line (table/chat.js): a message holds a line or events
            chat.heard(message.chat);
            continue;
          }
          const events = message.events || [];
          const c = events.length ? ctx() : null; // the names, the seat: one reading for the message's events
          for (const event of events) {
            after = Number(event.seq);
            const previous = state.event(event);
            const allIn = allInAfter(previous, event, c); // the call that made it, one line
            if (allIn && feed.lastElementChild) feed.lastElementChild.replaceChildren(allIn);
            else feed.append(h("li", { "data-seq": event.seq }, eventText(event, c)));
          }
          while (feed.childElementCount > FEED_KEPT) feed.firstElementChild.remove();
          if (message.view && message.table) shown(message.view, message.table);
          else refresh();
        }
        refresh();
        return; // the game is over
      } catch (e) {
        if (stop.signal.aborted) return;
        if (revokedBy(e)) { // the seat taken back elsewhere: watched on, as a spectator
          lose();
          continue;
        }
        if (e instanceof RpcError && e.code !== "unavailable") {
          toast(refusal(e));
          return;
        }
        await new Promise((r) => setTimeout(r, 1000)); // the server went away: again, after the last event seen
      }
    }
  };
  await refresh();
  if (!section.isConnected && !abort.signal.aborted) main.append(section); // the table could not be read
  if (state.info) watch();
  return () => abort.abort();
}

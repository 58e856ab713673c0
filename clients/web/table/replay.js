// A finished game played again step by step: the board at each event of its log (GetView's at_seq: the view as
// the table stood once that event's action was applied, for this browser's seat if it held one, else a
// spectator's), drawn by the family's board module (board.js), with the event said in words (events.js), first /
// previous / next / last buttons, a slider, play and pause, and the arrow keys. At the end of a hand the board
// holds the hand's end as the table screen does (the module's showdown), with this seat's review (ReviewHand).
// Each step says its event as the feed does: the move that made it is that sentence, never the move's text.
// A browser that held a seat at the table replays it with that seat's token: its own cards as it saw them.
// The step's number moves at once (the slider, the label); its event and board come once the server answered: the
// section is aria-busy meanwhile, and says the step they show in data-step once drawn (a step left before its
// answer came is never drawn).
//
// Beside it the table's chat as it stood at the step shown (table/chat.js's replayChat: the lines said by then,
// read-only).
//
// Events come from each hand's history (GetHandHistory), found by halves; those before the first hand (the
// lexicon, the cut for the deal) from the head of the table's log (WatchTable, left once the first hand begins):
// both typed and redacted for this seat, as the table screen got them.

import { call, stream } from "../rpc.js";
import { cardElement } from "../cards.js";
import { h, seats, toast } from "../dom.js";
import { lang, t } from "../i18n.js";
import { eventText, namesHand } from "./events.js";
import { replayChat } from "./chat.js";
import { boardFor, mountBoard, seatNames, tableTitle } from "./screen.js";
import { status } from "./state.js";
import { refusal } from "../screens/common.js";

export const STRINGS = {
  fr: {
    "rp.title": "Revoir la partie", "rp.first": "Début", "rp.previous": "Précédent", "rp.next": "Suivant",
    "rp.last": "Fin", "rp.play": "Lecture", "rp.pause": "Pause", "rp.step": "Coup {n} sur {of}",
    "rp.hand": "donne {n}", "rp.setup": "mise en place", "rp.as": "vue par {name}", "rp.spectator": "vue par un spectateur",
    "rp.not.over": "Une partie se revoit une fois finie.", "rp.table": "Retour à la table", "rp.slider": "coup",
  },
  en: {
    "rp.title": "Replay", "rp.first": "Start", "rp.previous": "Previous", "rp.next": "Next", "rp.last": "End",
    "rp.play": "Play", "rp.pause": "Pause", "rp.step": "Move {n} of {of}", "rp.hand": "hand {n}",
    "rp.setup": "set-up", "rp.as": "as {name} saw it", "rp.spectator": "as a spectator saw it",
    "rp.not.over": "A game is replayed once it is over.", "rp.table": "Back to the table", "rp.slider": "move",
  },
};
const say = (key, vars) => t(key, vars, STRINGS);
const PLAY_MS = 1200; // each step's time on screen while playing
const VIEWS_KEPT = 300; // views read back kept for going back and forth (a long game has tens of thousands)
// GetViewResponse's own fields: the one object field left is the family's typed view (a replay has no space).
const RESPONSE_FIELDS = new Set(["seq", "seat", "view", "legal", "deadlineSeconds", "space"]);

/** The family of a GetView answer: its typed view's field (pokerChamp, alphapoker, chinese...). */
const familyOf = (answer) => Object.keys(answer).find((k) => !RESPONSE_FIELDS.has(k) && typeof answer[k] === "object");

export async function replayScreen(main, tableId, { title }) {
  const mine = seats()[tableId];
  let token = mine?.token || "";
  let mySeat = mine ? mine.seat : null;
  const info = (await call("TableService", "GetTable", { tableId }).catch((e) => (toast(refusal(e)), null)))?.table;
  if (!info) return () => {};
  const names = seatNames(info);
  const head = h("div", { class: "table-head" }, h("h2", { title: tableId }, `${say("rp.title")} · ${tableTitle(info, title)}`),
    h("p", {}, h("span", { class: "pill" }, title(info.variant)), " ",
      h("a", { href: `#/table/${encodeURIComponent(tableId)}` }, say("rp.table"))));
  const section = h("section", { id: "replay", "data-table": tableId, class: "table-screen replay" }, head);
  main.append(section);
  if (status(info) !== "finished") {
    section.append(h("p", { class: "quiet" }, say("rp.not.over")));
    return () => {};
  }
  const last = Number(info.seq || 0);
  const hands = Number(info.hand || 0);
  const histories = new Map(); // hand -> its events, as this seat may see them
  const views = new Map(); // at_seq -> GetView's answer
  const reviews = new Map(); // hand -> ReviewHand's answer (null: none)
  /** A call as this browser's seat (its token), or as a spectator once the server no longer knows that token. */
  const ask = (method, request) => call("TableService", method, request, token).catch((e) => {
    if (e.code !== "unauthenticated" || !token) throw e;
    [token, mySeat] = ["", null];
    histories.clear(); // what the seat saw: a spectator sees less
    views.clear();
    setup = null;
    return call("TableService", method, request);
  });
  const history = async (hand) => {
    if (!histories.has(hand)) histories.set(hand, (await ask("GetHandHistory", { tableId, hand })).events || []);
    return histories.get(hand);
  };
  /** The hand event ``seq`` belongs to (0: before the first), by halves over the hands' histories. */
  const handOf = async (seq) => {
    let [low, high] = [1, hands];
    while (low <= high) {
      const mid = (low + high) >> 1;
      const events = await history(mid);
      if (!events.length || seq < Number(events[0].seq)) high = mid - 1;
      else if (seq > Number(events[events.length - 1].seq)) low = mid + 1;
      else return mid;
    }
    return 0;
  };
  /** The events before the first hand: the log's head, read until a hand begins. */
  let setup = null;
  const setupEvents = async () => {
    if (setup) return setup;
    const head = [];
    const abort = new AbortController();
    try {
      const request = { tableId, afterSeq: "0", grouped: true };
      for await (const message of stream("TableService", "WatchTable", request, token, abort.signal)) {
        const events = message.events || [];
        const first = events.findIndex((event) => Number(event.hand || 0) > 0);
        head.push(...(first < 0 ? events : events.slice(0, first)));
        if (first >= 0) break;
      }
    } finally {
      abort.abort(); // the rest of a long game's log is not wanted
    }
    return (setup = head);
  };
  const viewAt = async (seq) => {
    if (!views.has(seq)) {
      views.set(seq, await ask("GetView", { tableId, atSeq: String(seq) }));
      if (views.size > VIEWS_KEPT) views.delete(views.keys().next().value);
    }
    return views.get(seq);
  };
  const reviewOf = async (hand) => {
    if (mySeat === null || !hand) return null;
    if (!reviews.has(hand)) {
      reviews.set(hand, await call("TableService", "ReviewHand", { tableId, hand }, token).catch(() => null));
    }
    const answer = reviews.get(hand);
    return answer ? { hand, ...answer } : null;
  };

  const slider = h("input", { type: "range", min: 1, max: Math.max(1, last), value: 1, "aria-label": say("rp.slider"),
                              css: { flex: "1 1 12rem" } });
  const label = h("span", { class: "replay-step" });
  const playButton = h("button", { class: "act replay-play", type: "button" }, say("rp.play"));
  const button = (key, onclick) => h("button", { class: `quiet replay-${key}`, type: "button", onclick }, say(`rp.${key}`));
  const controls = h("div", { class: "replay-controls", css: { display: "flex", gap: ".5rem", "align-items": "center",
                                                               "flex-wrap": "wrap", margin: ".5rem 0" } },
    button("first", () => go(1)), button("previous", () => go(step - 1)), playButton,
    button("next", () => go(step + 1)), button("last", () => go(last)), slider, label);
  const eventNode = h("p", { class: "replay-event", "aria-live": "polite" });
  const boardNode = h("div", { class: "board", id: "board" });
  const audience = h("p", { class: "quiet replay-audience" });
  const chatNode = h("aside", { id: "chat" });
  section.append(audience, controls, eventNode, boardNode, chatNode);
  const chat = replayChat(chatNode, { tableId, token, t: (key, vars) => t(key, vars) });

  let step = 0;
  let drawing = 0; // the latest step asked for: an older answer arriving late draws nothing
  let playing = null;
  const go = async (target) => {
    step = Math.min(Math.max(1, Number(target) || 1), last);
    slider.value = String(step);
    label.textContent = say("rp.step", { n: step, of: last });
    chat.at(step);
    if (step === last) pause();
    const asked = ++drawing;
    section.setAttribute("aria-busy", "true");
    try {
      await draw(step, asked);
      if (asked === drawing) section.dataset.step = String(step); // what the event and the board show now
    } catch (e) {
      if (asked === drawing) toast(refusal(e));
    } finally {
      if (asked === drawing) section.removeAttribute("aria-busy");
    }
  };

  let mounted = null; // the board (screen.js's mountBoard), once a step has a view
  const draw = async (seq, asked) => {
    const hand = await handOf(seq);
    const events = hand ? await history(hand) : await setupEvents();
    const event = events.find((e) => Number(e.seq) === seq) || { seq };
    const answer = await viewAt(seq);
    const family = familyOf(answer);
    const board = family ? await boardFor(family) : null; // the screen's loader, each module once
    let view = family ? answer[family] : null;
    let review = null;
    // The action that made this event ended its hand (the view is the next deal's, or the game's end): the hand's
    // end held on the board, as the table screen holds it, up to this event.
    const ended = hand && (Number(answer.seq) > Number(events[events.length - 1].seq) || Number(answer.seq) === last);
    if (ended && board?.showdown) {
      // A hand ended mid-game: its end is laid again from the view right after its deal, the view at this step
      // being the next deal's. The game's end: from its final view, as the table screen holds it (a bataille is one
      // hand: the view after its deal has full piles).
      const base = Number(answer.seq) === last ? answer : await viewAt(Number(events[0].seq));
      view = board.showdown(base[family], events.filter((e) => Number(e.seq) <= seq));
      review = await reviewOf(hand);
    }
    if (asked !== drawing) return;
    audience.textContent = mySeat === null ? say("rp.spectator") : say("rp.as", { name: names[mySeat] });
    const c = ctx(board, family, view, review);
    // the hand the step is in, but for the hand's opening, whose line says it ("Donne 1", not "donne 1 · Donne 1")
    const where = hand && namesHand(event) ? null
      : h("small", { class: "quiet" }, hand ? say("rp.hand", { n: hand }) : say("rp.setup"), " · ");
    eventNode.replaceChildren(...(where ? [where] : []), eventText(event, c));
    boardNode.classList.toggle("showdown", Boolean(ended && board?.showdown));
    if (!view || !board?.create) {
      mounted?.destroy();
      mounted = null;
      boardNode.replaceChildren(h("div", { class: `board-inner ${family || ""}` }));
      return;
    }
    try {
      if (!mounted) { // the board made once, in its own node, then updated at each step
        const node = h("div", { class: `board-inner ${family || ""}` });
        boardNode.replaceChildren(node);
        mounted = mountBoard(board, node, c);
      }
      mounted.update(view, c);
    } catch (e) {
      console.error("the board", e);
      mounted?.destroy();
      mounted = null;
    }
  };

  /** What a board is given (board.js's ctx), for a board that plays nothing: no clock, no picking, no move (act
   *  null: a seat's cards to place are drawn on its board, not left for an action bar the replay has not); replay:
   *  the seat to act is history, not someone thinking now. */
  const ctx = (board, family, view, review) => ({
    seat: mySeat, names, lang, family, t: (key, vars) => t(key, vars, board?.STRINGS), view, review, replay: true,
    pending: new Set((view?.seats || []).flatMap((s, i) => (s.pending ? [i] : []))),
    clock: null, picked: new Map(), act: null, hints: null, card: cardElement, options: info.options || {},
  });

  const pause = () => {
    clearInterval(playing);
    playing = null;
    playButton.textContent = say("rp.play");
  };
  playButton.addEventListener("click", () => {
    if (playing) return pause();
    if (step >= last) go(1);
    playButton.textContent = say("rp.pause");
    playing = setInterval(() => go(step + 1), PLAY_MS);
  });
  slider.addEventListener("input", () => go(slider.value));
  const keys = (e) => {
    if (e.target instanceof HTMLInputElement) return; // the slider moves itself with the arrows; a field types them
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 1, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  document.addEventListener("keydown", keys);
  if (last) await go(1);
  return () => {
    pause();
    drawing = -1;
    document.removeEventListener("keydown", keys);
  };
}

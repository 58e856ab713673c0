// The table screen's state and its transitions, without the DOM: what the screen knows of its table (the table read,
// the seat's typed view, legal space and clock, the events of the hands in play, the hand's end held on the board,
// the cards picked) and how each thing heard changes it: an event (event), a view read with its table (see), a
// hand's end held (see, heldView) and let go (release), time going by (tick). table/screen.js draws what it holds
// and does what a transition asks (a redraw later, the hand's review asked, the table read again); `node --test
// tests/web/` runs these (tests/web/state.test.mjs).
//
// Time is the clock given at its making: now() a monotonic reading in ms (performance.now() in a page), wall() the
// wall clock's (Date.now()); a test gives its own.

import { toggled } from "./board.js";

/** Each family's field in GetViewResponse, TableEvent and TableInfo's result (table/screen.js draws each with its
 *  board module). */
export const FAMILIES = ["pokerChamp", "yahtzeeHoldem", "daker", "alphapoker", "bataille", "belote", "chinese"];

// How long the end of a hand stays on the table (a click goes on at once): the table's pause, when it has one (the
// next hand's decisions open after it), less PAUSE_EARLY_MS, else SHOWDOWN_MS. The table's pause starts when the
// hand ends, the page's when it hears so: let go a little early, the page is ready for the next hand's end, which
// bots at their quickest bring a few milliseconds after the pause (held past it, the page let that one go by).
export const SHOWDOWN_MS = 5000;
export const PAUSE_EARLY_MS = 500;
export const STALE_MS = 3000; // a table not read for this long is read again, events or not

const STATUS = { TABLE_STATUS_WAITING: "waiting", TABLE_STATUS_PLAYING: "playing", TABLE_STATUS_FINISHED: "finished" };
/** A table's status as the page says it: "waiting", "playing" or "finished" (TableInfo JSON's, or none yet). */
export const status = (info) => STATUS[info?.status] || "waiting";

const SYSTEM = { now: () => performance.now(), wall: () => Date.now() };

/** The state of one table screen, for the seat ``seat`` (null: a spectator). */
export class TableState {
  constructor({ seat = null, clock = SYSTEM } = {}) {
    this.seat = seat;
    this.clock = clock;
    this.info = null; // the table (TableInfo JSON) last read
    this.family = ""; // its family's field (FAMILIES)
    this.view = null; // the seat's typed view of that family
    this.space = null; // the seat's legal space ({moves}), and its legal moves' texts
    this.legal = [];
    this.seq = 0; // the table's seq the view was read at
    this.hand = 0; // the table's hand then
    this.deadline = 0; // the seat's decision's seconds left when read (0: none), read at `at` (now())
    this.at = 0;
    this.whole = 0; // the decision's whole time, as first read (board.js warns in its last part)
    this.ends = 0; // when it ends, on the wall clock, as last read: a new end is a new decision
    this.events = []; // the events of the hands in play (and of the hand held)
    this.hold = null; // the hand's end held on the board: {view, hand, until}
    this.picked = new Map(); // the seat's cards picked, by place (board.js)
    this.hints = null; // a practice table's hints, once asked for the decision open (cleared with it)
    this.decision = 0; // the seat's decisions counted: a new one (another space, its turn come or gone, a new end)
    this.mine = false; // the table waits for this seat, as last read
    this.revoked = false; // this screen's seat was taken back elsewhere (its token revoked): watched since
    this.review = null; // the seat's last finished hand looked at again (ReviewHand), for the board
    this.reviewed = new Set(); // the hands whose review was asked
    this.reviewless = false; // this game (or server) reviews no hand: not asked again
    this.outAt = {}; // seat -> the hand it went out in (the events say)
    this.skipping = false; // a seat out that asked for the result: the hands' ends go by
    this.sighted = ""; // the decision last brought in sight
    this.pausedUntil = 0; // the table's pause after a hand, until then (now())
    this.readAt = 0; // when the table was last read (now())
    this.variant = null; // the table's VariantInfo, its game's facts (table/facts.js), once known
  }

  // -- what is heard ----------------------------------------------------------------------------------

  /** One of the table's events: kept with the hands in play; a seat out of the game is noted with its hand.
   *  Returns the event before it (the feed says an all-in with the move that made it). */
  event(event) {
    const previous = this.events.at(-1);
    this.events.push(event);
    const out = FAMILIES.map((f) => event?.[f]?.out).find(Boolean);
    if (out) this.outAt[Number(out.seat || 0)] = Number(event.hand || 0);
    return previous;
  }

  /** The table was read (the stream brought a view, or a read began): the tick reads it again only once it is stale. */
  read() {
    this.readAt = this.clock.now();
  }

  /** A table read without a view (its seat's token gone): taken unless older than the one held. */
  table(info) {
    if (Number(info?.seq || 0) < Number(this.info?.seq || 0)) return false;
    this.info = info;
    return true;
  }

  /** A view (GetViewResponse JSON) and the table read with it. Returns null, and nothing taken, for a read older than
   *  the one drawn (a GetView answered after the stream brought a later view); else what the screen is to do:
   *  {hold, releaseIn} a hand's end now held (let go after releaseIn ms; Infinity: the game's end, kept), redrawIn
   *  (ms: the table's pause ends then, nobody acting at once), review (the hand whose review to ask, or 0).
   *  ``canHold``: the board can show a hand's end (its module's showdown). */
  see(answer, info, { canHold = false } = {}) {
    if (Number(answer?.seq || 0) < this.seq) return null;
    const now = this.clock.now();
    const effects = { hold: null, releaseIn: 0, redrawIn: 0, review: 0 };
    this.info = info;
    const family = FAMILIES.find((f) => answer[f]) || this.family;
    const view = answer[family] || null;
    const hand = Number(info?.hand || 0);
    const over = status(info) === "finished";
    // The hand just ended: what it revealed stays on the table a moment (or, at the end, for good). A hand's end
    // held is not replaced by a later one's while it lasts: with the others playing on fast (a seat out, a
    // spectator), each hand's end replaced the last within a second, and the hand that put a seat out was never
    // seen; the hands in between go by. A seat out that asked for the result skips them (skipping).
    // A seat sitting out has its moves made at once: the hands' ends go by too (a click each hand is what it left).
    const ended = hand > this.hand || (over && this.hold?.until !== Infinity);
    const away = this.seat !== null && Boolean(info?.seats?.[this.seat]?.sittingOut);
    if (this.view && canHold && ended && !this.holding() && (over || (!this.skipping && !away))) {
      const ms = info.pauseSeconds ? Math.max(1000, info.pauseSeconds * 1000 - PAUSE_EARLY_MS) : SHOWDOWN_MS;
      this.hold = { view: over ? view || this.view : this.view, hand: over ? hand : this.hand,
                    until: over ? Infinity : now + ms };
      Object.assign(effects, { hold: this.hold, releaseIn: over ? Infinity : ms });
    }
    // The table's pause after a hand (nobody's clock runs, the bots wait): about until then, as heard here.
    if (this.view && hand > this.hand && !over && info.pauseSeconds) {
      this.pausedUntil = now + info.pauseSeconds * 1000;
      effects.redrawIn = info.pauseSeconds * 1000 + 50; // its end drawn, though nobody acts at once then
    }
    if (this.view && this.seat !== null && (hand > this.hand || over)) effects.review = this.hand;
    // the events of the hands gone by are let go, but for the hand held (its end may come after its view)
    if (hand > this.hand) {
      this.events = this.events.filter((e) => Number(e.hand || 0) >= hand || Number(e.hand || 0) === this.hold?.hand);
    }
    // Cards picked are picked in one decision's hand, by place: another decision (another space) starts with none.
    const space = answer.space || { moves: [] };
    const respaced = JSON.stringify(space) !== JSON.stringify(this.space);
    if (respaced) this.picked = new Map();
    // The decision's whole time, as first read: the views of one decision read the same end (give or take their way
    // here); a new end is a new decision.
    const deadline = answer.deadlineSeconds || 0;
    const ends = deadline > 0 ? this.clock.wall() + deadline * 1000 : 0;
    const anew = !ends || !this.ends || Math.abs(ends - this.ends) > 1500;
    if (anew) this.whole = this.bounded(Math.max(0, deadline - this.pauseLeft()));
    const newEnd = anew && Boolean(ends);
    this.ends = ends;
    // A hint belongs to the decision it was asked for: another space, the seat's turn come or gone (the clock played
    // it: AlphaPoker's exchange, then its bet), or a new end is another decision, and its hints are gone.
    const mine = this.seat !== null && Boolean(view?.seats?.[this.seat]?.pending);
    if (respaced || newEnd || mine !== this.mine) {
      this.decision += 1;
      this.hints = null;
    }
    this.mine = mine;
    Object.assign(this, { family, view, hand, space, legal: answer.legal || [], seq: Number(answer.seq || 0),
                          deadline, at: now });
    return effects;
  }

  /** Whether a hand's end is held on the board now. */
  holding() {
    return Boolean(this.hold && this.hold.until > this.clock.now());
  }

  /** The view the board shows for the hand's end held (``showdown``, the board module's, puts the hand's events into
   *  the view as it stood), or null when none is held. */
  heldView(showdown) {
    if (!this.holding() || !showdown) return null;
    return showdown(this.hold.view, this.events.filter((e) => Number(e.hand || 0) === this.hold.hand));
  }

  /** The hand's end ``hold`` let go (its time is up, or a click): false when it is no longer the one held. The screen
   *  then reads the table again, for what came meanwhile (the game's end is held in its turn). */
  release(hold) {
    if (this.hold !== hold) return false;
    this.hold = null;
    return true;
  }

  /** Time going by (the screen's tick): whether the table is to be read again (nothing came for STALE_MS while the
   *  game goes on: a stream that stalls, a proxy holding it, must not freeze the table). */
  tick() {
    return status(this.info) !== "finished" && this.clock.now() - this.readAt > STALE_MS;
  }

  // -- what the seat does ----------------------------------------------------------------------------

  /** The card at place ``i`` of the seat's hand picked, or unpicked. */
  pick(i, card) {
    this.picked = toggled(this.picked, i, card);
  }

  /** Hints (GetHints' answer) asked for the decision ``asked`` (this.decision then): kept if it is still open, else
   *  let go (the clock played it while they were worked out). Whether they were kept. */
  hinted(hints, asked) {
    if (asked !== this.decision) return false;
    this.hints = hints;
    return true;
  }

  /** This screen's seat was taken back elsewhere (its token revoked: the player key's seat taken on another device,
   *  or given up there): the table is watched from now on, and says why. */
  unseat() {
    Object.assign(this, { seat: null, mine: false, hints: null, review: null, sighted: "", revoked: true });
    this.picked = new Map();
    this.decision += 1;
  }

  /** A move of the seat's was taken: its picks and hints are spent. */
  acted() {
    this.picked.clear();
    this.hints = null;
  }

  /** A seat out asks for the result (the hands' ends go by, the one held let go), or to watch again. */
  skip() {
    this.skipping = !this.skipping;
    if (this.skipping) this.hold = null;
    return this.skipping;
  }

  /** Whether the review of the finished hand ``hand`` is to be asked: once a hand, not of a game without them. */
  reviewWanted(hand) {
    if (!hand || this.reviewed.has(hand) || this.reviewless) return false;
    this.reviewed.add(hand);
    return true;
  }

  // -- what is read from it --------------------------------------------------------------------------

  /** Whether the game is over. */
  get over() {
    return status(this.info) === "finished";
  }

  /** The seconds left of the table's pause after a hand (0: none). */
  pauseLeft() {
    return Math.max(0, (this.pausedUntil - this.clock.now()) / 1000);
  }

  /** The longest any decision of this table may take, in seconds (0: none known): the table's time per decision
   *  (TableInfo.decisionSeconds) or a game's own (an option "..._seconds": AlphaPoker's bet, bataille's card). */
  limit() {
    const own = Object.entries(this.info?.options || {}).filter(([k]) => k.endsWith("_seconds")).map(([, v]) => Number(v) || 0);
    return Math.max(0, Number(this.info?.decisionSeconds || 0), ...own);
  }

  /** ``seconds`` of a decision's own, never more than the table's limit (when it has one). */
  bounded(seconds) {
    const limit = this.limit();
    return limit > 0 ? Math.min(seconds, limit) : seconds;
  }

  /** The seats whose decision the table waits for. */
  pending() {
    return new Set((this.view?.seats || []).flatMap((s, i) => (s.pending ? [i] : [])));
  }

  /** This seat's decision clock (board.js clockElement), or null (no seat, or no deadline): when it ends and when it
   *  runs from (wall clock, ms), the seconds it reads now, and its whole time (as first read: board.js warns). A
   *  decision the table's pause opened runs once the pause is over: its whole time until then (its deadline holds
   *  the pause). A decision's deadline longer than the table's limit holds a pause this page did not hear begin
   *  (the page opened, or drawn again in another language, during it): its clock runs the limit's last seconds, never
   *  "1:01" for a minute's decision. */
  clockOf() {
    if (!(this.deadline > 0) || this.seat === null) return null;
    const wall = this.clock.wall();
    const until = wall + this.deadline * 1000 - (this.clock.now() - this.at);
    const limit = this.limit();
    const from = Math.max(wall + this.pauseLeft() * 1000, limit > 0 ? until - limit * 1000 : 0);
    return { seat: this.seat, until, from, seconds: Math.max(0, (until - from) / 1000), whole: this.whole };
  }

  /** This seat is out of the game (its chips gone, or its place settled while the game goes on: SeatInfo.place),
   *  the others may play on. */
  isOut() {
    if (this.seat === null) return false;
    return Boolean(this.view?.seats?.[this.seat]?.out) || (!this.over && Number(this.info?.seats?.[this.seat]?.place || 0) > 0);
  }

  /** The place of this seat out of the game while the others play on: the table's (SeatInfo.place, settled as it
   *  went out), else after the seats still playing and those that went out in a later hand (the events say when
   *  each went out; the result, once there, says it all). */
  place() {
    const settled = Number(this.info?.seats?.[this.seat]?.place || 0);
    if (settled) return settled;
    const seats = this.view?.seats || [];
    const mine = this.outAt[this.seat] || 0;
    return 1 + seats.filter((x, s) => s !== this.seat && (!x.out || (mine && (this.outAt[s] || 0) > mine))).length;
  }

  /** The seat's decision open now, once each: "turn SEQ" for each of its turns, "open" while a real-time game offers
   *  moves all along, "" for none; true when it is not the one last seen (the screen brings the seat's part in
   *  sight). ``held``: a hand's end is held (no decision shows). */
  sight(held) {
    const open = !held && !this.over && (this.space?.moves || []).length > 0;
    const decision = open ? (this.pending().has(this.seat) ? `turn ${this.seq}` : "open") : "";
    const opened = Boolean(decision) && decision !== this.sighted;
    this.sighted = decision;
    return opened;
  }
}

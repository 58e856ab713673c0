// The table screen's state and transitions (clients/web/table/state.js), without a page: an event, a view read with
// its table, a hand's end held and let go, time going by. Run by `node --test tests/web/` (and by
// tests/test_browser_picks.py). Time is a clock the test moves.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PAUSE_EARLY_MS, SHOWDOWN_MS, STALE_MS, TableState, status } from "../../clients/web/table/state.js";

/** A clock the test moves: now() in ms from 0, the wall clock a fixed day later. */
function clock() {
  const c = { t: 0, now: () => c.t, wall: () => 1_700_000_000_000 + c.t, pass: (ms) => (c.t += ms) };
  return c;
}

const PLAYING = "TABLE_STATUS_PLAYING";
const FINISHED = "TABLE_STATUS_FINISHED";
const BET = { moves: [{ kind: "bet", amount: { min: "1", max: "5" } }] };
const DISCARD = { moves: [{ kind: "discard", cards: { sizes: [1, 2] } }] };

/** A read of a DAKER table (Connect's JSON: defaults left out): its view and the table at ``hand``. */
function read(seq, hand, { seats = [{ pending: true }, {}], space = BET, deadline = 0, over = false, pause = 0,
                           limit = 0, options = undefined } = {}) {
  const answer = { seq: String(seq), daker: { seats, hand }, space, ...(deadline ? { deadlineSeconds: deadline } : {}) };
  const info = { tableId: "t-1", seq: String(seq), hand, status: over ? FINISHED : PLAYING,
                 ...(pause ? { pauseSeconds: pause } : {}), ...(limit ? { decisionSeconds: limit } : {}),
                 ...(options ? { options } : {}) };
  return [answer, info];
}

test("a view is taken with its table, its family found; a read older than the one taken is not", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  assert.deepEqual(s.see(...read(5, 1)), { hold: null, releaseIn: 0, redrawIn: 0, review: 0 });
  assert.equal(s.family, "daker");
  assert.equal(s.seq, 5);
  assert.equal(s.hand, 1);
  assert.deepEqual([...s.pending()], [0]);
  assert.equal(s.see(...read(4, 1)), null); // GetView answered after the stream brought seq 5
  assert.equal(s.seq, 5);
  assert.equal(status(s.info), "playing");
  assert.equal(status(null), "waiting");
  // a read without a view (the seat's token gone): the table, unless older
  assert.equal(s.table({ seq: "3" }), false);
  assert.equal(s.table({ seq: "6", status: FINISHED }), true);
  assert.equal(s.over, true);
});

test("an event is kept with its hand; a seat out is noted with the hand it went out in", () => {
  const s = new TableState({ seat: 1, clock: clock() });
  assert.equal(s.event({ seq: "1", hand: "2", daker: { called: { seat: 1 } } }), undefined);
  const previous = s.event({ seq: "2", hand: "2", daker: { out: { seat: 1 } } });
  assert.equal(previous.seq, "1"); // the feed says an all-in with the move before it
  s.event({ seq: "3", hand: "2", pokerChamp: { out: {} } }); // seat 0, left out as a default
  assert.deepEqual(s.outAt, { 0: 2, 1: 2 });
  assert.equal(s.events.length, 3);
});

test("cards picked stay while the decision's space is the same, and go with another", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1, { space: DISCARD }));
  s.pick(2, "AK");
  s.pick(4, "AK");
  s.pick(2, "AK"); // unpicked
  assert.deepEqual([...s.picked], [[4, "AK"]]);
  s.see(...read(2, 1, { space: DISCARD }));
  assert.deepEqual([...s.picked], [[4, "AK"]]);
  s.see(...read(3, 1, { space: BET }));
  assert.deepEqual([...s.picked], []);
  s.pick(0, "QQ");
  s.hints = { hints: [] };
  s.acted();
  assert.deepEqual([[...s.picked], s.hints], [[], null]);
});

test("a hand's end is held SHOWDOWN_MS, or the table's pause less a little, and then let go", () => {
  const c = clock();
  const s = new TableState({ seat: 0, clock: c });
  s.see(...read(1, 1));
  const last = s.view;
  s.event({ seq: "2", hand: "1", daker: { shows: {} } });
  const ended = s.see(...read(3, 2, { seats: [{}, { pending: true }] }), { canHold: true });
  assert.equal(ended.hold.view, last); // the view as the hand stood
  assert.equal(ended.hold.hand, 1);
  assert.equal(ended.releaseIn, SHOWDOWN_MS);
  assert.equal(ended.review, 1); // the seat's finished hand
  assert.ok(s.holding());
  // the board's showdown is given the held hand's events only
  s.event({ seq: "4", hand: "2", daker: { called: {} } });
  const shown = s.heldView((view, events) => ({ ...view, shown: events.map((e) => e.seq) }));
  assert.deepEqual(shown.shown, ["2"]);
  assert.equal(s.heldView(undefined), null); // a board without showdown holds nothing
  // a later hand's end does not replace it while it lasts
  c.pass(1000);
  assert.equal(s.see(...read(5, 3), { canHold: true }).hold, null);
  assert.equal(s.hold, ended.hold);
  assert.equal(s.release({}), false); // not the one held
  c.pass(SHOWDOWN_MS);
  assert.equal(s.holding(), false);
  assert.equal(s.heldView(() => ({})), null);
  assert.equal(s.release(ended.hold), true);
  assert.equal(s.hold, null);
  // the table's pause: held for it less PAUSE_EARLY_MS, and drawn again at its end
  const paused = s.see(...read(6, 4, { pause: 3 }), { canHold: true });
  assert.equal(paused.releaseIn, 3000 - PAUSE_EARLY_MS);
  assert.equal(paused.redrawIn, 3050);
  assert.ok(s.pauseLeft() > 2.9);
  c.pass(3000);
  assert.equal(s.pauseLeft(), 0);
  // a pause of a second is held a second at least
  c.pass(SHOWDOWN_MS);
  assert.equal(s.see(...read(7, 5, { pause: 1 }), { canHold: true }).releaseIn, 1000);
});

test("nothing is held at a board that cannot show a hand's end, nor for a spectator's review", () => {
  const s = new TableState({ seat: null, clock: clock() });
  s.see(...read(1, 1));
  const effects = s.see(...read(2, 2), { canHold: false });
  assert.deepEqual([effects.hold, effects.review], [null, 0]);
  const held = s.see(...read(3, 3), { canHold: true });
  assert.ok(held.hold);
  assert.equal(held.review, 0); // a spectator reviews no hand
});

test("the events of the hands gone by are let go, but for the hand held", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1));
  s.event({ seq: "2", hand: "1" });
  s.see(...read(3, 2), { canHold: true }); // hand 1 held
  s.event({ seq: "4", hand: "2" });
  s.see(...read(5, 3), { canHold: true }); // still held: hand 2's events go, hand 1's stay
  assert.deepEqual(s.events.map((e) => e.seq), ["2"]);
});

test("the game's end is held for good, from its final view", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1));
  const over = s.see(...read(9, 1, { over: true, seats: [{ out: true }, {}] }), { canHold: true });
  assert.equal(over.releaseIn, Infinity);
  assert.equal(over.hold.until, Infinity);
  assert.deepEqual(over.hold.view.seats, [{ out: true }, {}]); // the final view
  assert.equal(over.review, 1);
  s.clock.pass(3_600_000);
  assert.ok(s.holding());
  assert.equal(s.tick(), false); // a finished table is not read again
});

test("a seat out that asked for the result skips the hands' ends, not the game's", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1, { seats: [{ out: true }, {}, {}] }));
  assert.equal(s.isOut(), true);
  assert.equal(s.skip(), true);
  assert.equal(s.see(...read(2, 2), { canHold: true }).hold, null);
  assert.ok(s.see(...read(3, 2, { over: true }), { canHold: true }).hold);
  assert.equal(s.skip(), false);
});

test("a seat out's place: after those playing on and those that went out later", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 4, { seats: [{ out: true }, {}, { out: true }, { out: true }] }));
  s.event({ seq: "2", hand: "2", daker: { out: {} } }); // seat 0 in hand 2
  s.event({ seq: "3", hand: "3", daker: { out: { seat: 2 } } });
  s.event({ seq: "4", hand: "1", daker: { out: { seat: 3 } } });
  assert.equal(s.place(), 3); // seat 1 plays on, seat 2 went out later; seat 3 earlier
  assert.equal(new TableState({ seat: null }).isOut(), false);
});

test("the table is read again once nothing came for STALE_MS while it plays", () => {
  const c = clock();
  const s = new TableState({ seat: 0, clock: c });
  s.see(...read(1, 1));
  s.read();
  c.pass(STALE_MS - 1);
  assert.equal(s.tick(), false);
  c.pass(2);
  assert.equal(s.tick(), true);
  s.read();
  assert.equal(s.tick(), false);
});

test("the seat's clock: its seconds now, its whole time as first read, after the table's pause", () => {
  const c = clock();
  const s = new TableState({ seat: 0, clock: c });
  assert.equal(s.clockOf(), null);
  s.see(...read(1, 1, { deadline: 30 }));
  let clk = s.clockOf();
  assert.deepEqual([clk.seat, clk.seconds, clk.whole], [0, 30, 30]);
  assert.equal(clk.until, c.wall() + 30_000);
  c.pass(10_000);
  s.see(...read(2, 1, { deadline: 20 })); // the same decision read again: the same end, its whole time kept
  clk = s.clockOf();
  assert.deepEqual([clk.seconds, clk.whole], [20, 30]);
  c.pass(5_000);
  assert.equal(s.clockOf().seconds, 15);
  s.see(...read(3, 1, { deadline: 60 })); // a new end: a new decision
  assert.equal(s.clockOf().whole, 60);
  // a decision the table's pause opened: it runs once the pause is over, its whole time until then
  s.see(...read(4, 2, { deadline: 25, pause: 5 }), { canHold: true });
  clk = s.clockOf();
  assert.deepEqual([clk.seconds, clk.whole], [20, 20]);
  assert.equal(clk.from, c.wall() + 5_000);
  assert.equal(new TableState({ seat: null, clock: c }).clockOf(), null); // a spectator has none
});

test("a page opened during the table's pause: the decision's clock reads its own seconds, never past the limit", () => {
  // The server's deadline holds the pause (its clocks start after it): 3 s of pause left, then the minute's
  // decision. A page that did not hear the hand end (opened then, or drawn again in another language) read 1:03.
  const c = clock();
  const s = new TableState({ seat: 0, clock: c });
  s.see(...read(40, 3, { deadline: 63, pause: 5, limit: 60 }));
  let clk = s.clockOf();
  assert.deepEqual([clk.seconds, clk.whole], [60, 60]);
  assert.equal(clk.from, c.wall() + 3_000); // it runs once the pause is over
  c.pass(2_500);
  assert.equal(s.clockOf().seconds, 60);
  c.pass(10_500);
  assert.equal(s.clockOf().seconds, 50);
  // a game's own longer limit (AlphaPoker's bet) bounds it, not the table's
  const g = new TableState({ seat: 0, clock: clock() });
  g.see(...read(7, 2, { deadline: 93, limit: 60, options: { bet_seconds: "90", exchange_seconds: "30" } }));
  assert.deepEqual([g.clockOf().seconds, g.whole], [90, 90]);
  // an untimed table's deadline (a left seat's, sitting out) is read as it comes
  const u = new TableState({ seat: 0, clock: clock() });
  u.see(...read(7, 2, { deadline: 30 }));
  assert.equal(u.clockOf().seconds, 30);
});

test("a decision is brought in sight once: each of the seat's turns, once while moves are open all along", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1));
  assert.equal(s.sight(false), true); // its turn
  assert.equal(s.sight(false), false); // drawn again: the same turn
  s.see(...read(2, 1, { seats: [{}, { pending: true }], space: { moves: [] } }));
  assert.equal(s.sight(false), false); // no move
  s.see(...read(3, 1));
  assert.equal(s.sight(true), false); // a hand's end held: no decision shows
  assert.equal(s.sight(false), true);
  s.see(...read(4, 1, { seats: [{}, {}] })); // a real-time game: moves open, nobody's turn
  assert.equal(s.sight(false), true);
  s.see(...read(5, 1, { seats: [{}, {}] }));
  assert.equal(s.sight(false), false);
});

test("a hand's review is asked once, and never again of a game without them", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  assert.equal(s.reviewWanted(0), false);
  assert.equal(s.reviewWanted(1), true);
  assert.equal(s.reviewWanted(1), false);
  s.reviewless = true;
  assert.equal(s.reviewWanted(2), false);
});

test("a hint belongs to the decision it was asked for: gone when the clock played it, kept while it is open", () => {
  const c = clock();
  const s = new TableState({ seat: 0, clock: c });
  const EXCHANGE = { moves: [{ kind: "exchange", cards: { sizes: [0, 1, 2] } }] };
  s.see(...read(1, 1, { space: EXCHANGE, deadline: 10 }));
  const asked = s.decision;
  assert.equal(s.hinted({ hints: [{ action: "exchange Ab" }] }, asked), true);
  c.pass(2000);
  s.see(...read(2, 1, { space: EXCHANGE, deadline: 8 })); // another seat's move: the same decision, the same end
  assert.deepEqual(s.hints, { hints: [{ action: "exchange Ab" }] });
  c.pass(8000);
  s.see(...read(4, 1, { space: BET, deadline: 10 })); // the clock played the exchange: the bet's decision
  assert.equal(s.hints, null);
  assert.equal(s.hinted({ hints: [{ action: "exchange Ab" }] }, asked), false); // answered late: not this decision's
  assert.equal(s.hints, null);
  assert.equal(s.hinted({ hints: [{ action: "bet 2" }] }, s.decision), true); // asked again: this decision's
  s.see(...read(5, 1, { seats: [{}, { pending: true }], space: BET })); // its turn gone, the same space
  assert.equal(s.hints, null);
  s.see(...read(6, 1, { space: BET, deadline: 10 }));
  s.hinted({ hints: [] }, s.decision);
  c.pass(20_000);
  s.see(...read(7, 1, { space: BET, deadline: 10 })); // the same space, its turn again, a new end: a new decision
  assert.equal(s.hints, null);
});

test("a seat sitting out holds no hand's end (no click each hand), but the game's", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1));
  const away = (answer, info) => [answer, { ...info, seats: [{ sittingOut: true }, {}] }];
  assert.equal(s.see(...away(...read(2, 2)), { canHold: true }).hold, null);
  assert.equal(s.see(...read(3, 3), { canHold: true }).hold.hand, 2); // back: held again
  s.release(s.hold);
  assert.equal(s.see(...away(...read(4, 3, { over: true })), { canHold: true }).releaseIn, Infinity);
});

test("a seat taken back elsewhere (its token revoked) is watched from then on: no turn, clock, hint nor pick", () => {
  const s = new TableState({ seat: 0, clock: clock() });
  s.see(...read(1, 1, { space: DISCARD, deadline: 30 }));
  const asked = s.decision;
  s.hinted({ hints: [] }, asked);
  s.pick(1, "AK");
  assert.equal(s.revoked, false);
  s.unseat();
  assert.deepEqual([s.seat, s.revoked, s.hints, [...s.picked], s.clockOf(), s.isOut()], [null, true, null, [], null, false]);
  assert.equal(s.hinted({ hints: [] }, asked), false); // asked as the seat: not shown to the spectator
  const next = s.see(...read(2, 2, { seats: [{}, {}] }), { canHold: true });
  assert.equal(next.review, 0); // a spectator reviews no hand
});

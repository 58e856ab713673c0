/**
 * Plays whole games at a brelan server from its typed contract alone: seat 0 by this program, the others by
 * the server's bots. It reads the typed view and the legal space, sends typed actions, counts the typed events
 * and prints one JSON line a game: what a client in any language can do with the generated code and nothing else.
 *
 *     node dist/play.js --address 127.0.0.1:50051 --protocol grpc --game chinese --games 2
 */
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { parseArgs } from "node:util";

import { bearer, connect, refusal, type Brelan, type Protocol } from "./brelan.js";
import { AlphaPokerActionSchema, type AlphaPokerView } from "./gen/brelan/api/v1/alphapoker_pb.js";
import { ChinesePokerActionSchema, ChineseRowsSchema } from "./gen/brelan/api/v1/chinese_table_pb.js";
import { LaidCardSchema, type LegalMove } from "./gen/brelan/api/v1/game_pb.js";
import { PokerChampActionSchema, PokerChampAction_Kind, type ActRequest, type GetViewResponse,
  type TableEvent, TableStatus } from "./gen/brelan/api/v1/table_pb.js";

/** The games this player knows: their variant, options for a short game, and their seats. */
const GAMES = {
  "poker-champ": { variant: "poker-champ", options: { players: "3", chips: "6" }, seats: 3 },
  chinese: { variant: "chinese", options: { style: "classic", players: "3", rounds: "1" }, seats: 3 },
  alphapoker: { variant: "alphapoker", options: { players: "3", rounds: "3" }, seats: 3 }, // each seat opens once
} as const;
type Game = keyof typeof GAMES;

export interface Played {
  game: Game;
  protocol: Protocol;
  tableId: string;
  finished: boolean;
  actions: number; // the typed actions this player's seat had accepted
  refused: number; // those the table had moved past (ABORTED) or refused now (FAILED_PRECONDITION)
  events: number; // the events seat 0 received on its stream
  untyped: number; // of those, any without its typed message (there should be none)
  kinds: string[]; // the typed event kinds seen
  champions: number[]; // from the typed result
  hands: number;
}

type Move = ActRequest["move"];

/** A small seeded generator (mulberry32): the same seed plays the same choices. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RANKS = "23456789TJQKA";
const byRank = (a: string, b: string) => RANKS.indexOf(b[0] ?? "") - RANKS.indexOf(a[0] ?? "");

function kind(space: LegalMove[], name: string): LegalMove | undefined {
  return space.find((m) => m.kind === name);
}

/** The legal move played with the typed action's field `field` (its kind may read otherwise: "bet" is `open`). */
function playedAs(space: LegalMove[], field: string): LegalMove | undefined {
  return space.find((m) => m.actionField === field);
}

/** POKER CHAMP: pay to stay in, mostly. */
function pokerChamp(space: LegalMove[], rng: () => number): Move {
  const pay = kind(space, "pay") !== undefined && (rng() < 0.85 || kind(space, "fold") === undefined);
  const action = create(PokerChampActionSchema, { kind: pay ? PokerChampAction_Kind.PAY : PokerChampAction_Kind.FOLD });
  return { case: "pokerChamp", value: action };
}

/** Chinese poker: the highest cards at the bottom, then the middle, the top; the lowest thrown when asked. */
function chinese(space: LegalMove[]): Move {
  const move = playedAs(space, "place");
  if (move?.parameter.case !== "rows") {
    return { case: "chinese", value: create(ChinesePokerActionSchema, { kind: { case: "surrender", value: {} } }) };
  }
  const rows = move.parameter.value;
  const cards = [...rows.cards].sort(byRank);
  const discard = cards.splice(cards.length - rows.discard, rows.discard);
  const placement = create(ChineseRowsSchema, { discard });
  for (const { row, free } of rows.rows) {
    const placed = cards.splice(0, free);
    if (row === "bottom") placement.bottom = placed;
    else if (row === "middle") placement.middle = placed;
    else placement.top = placed;
  }
  return { case: "chinese", value: create(ChinesePokerActionSchema, { kind: { case: "place", value: { placement } } }) };
}

/** AlphaPoker: keep its hand, call or check, and at the reveal lay the best word the word service finds in it. */
async function alphapoker(brelan: Brelan, view: AlphaPokerView, seat: number, space: LegalMove[]): Promise<Move> {
  const act = (kind: MessageInitShape<typeof AlphaPokerActionSchema>["kind"]): Move =>
    ({ case: "alphapoker", value: create(AlphaPokerActionSchema, { kind }) });
  if (playedAs(space, "lay")) {
    const hand = view.seats[seat]?.hand ?? [];
    const { words } = await brelan.lexicon.bestWords({ hand, topK: 1 });
    const cards = (words[0]?.cards ?? []).map((text) => {
      const [card = "", letter] = text.split("=");
      return create(LaidCardSchema, { card, letter: letter ?? card[0] ?? "" });
    });
    return act({ case: "lay", value: { cards } });
  }
  const exchange = playedAs(space, "exchange");
  if (exchange?.parameter.case === "cards") {
    const size = Math.min(...exchange.parameter.value.sizes);
    return act({ case: "exchange", value: { cards: exchange.parameter.value.cards.slice(0, size) } });
  }
  for (const name of ["call", "stop"] as const) {
    if (playedAs(space, name)) return act({ case: name, value: {} });
  }
  const open = playedAs(space, "open");
  if (open?.parameter.case === "amount") return act({ case: "open", value: { amount: open.parameter.value.min } });
  return act({ case: "fold", value: {} });
}

async function decide(brelan: Brelan, game: Game, view: GetViewResponse, rng: () => number): Promise<Move> {
  const space = view.space?.moves ?? [];
  if (game === "poker-champ") return pokerChamp(space, rng);
  if (game === "chinese") return chinese(space);
  if (view.game.case !== "alphapoker") throw new Error(`an AlphaPoker table sent a ${view.game.case} view`);
  return alphapoker(brelan, view.game.value, view.seat ?? 0, space);
}

/** One game: seat 0 here, bots at the others, to its end. */
export async function play(brelan: Brelan, game: Game, seed: number): Promise<Played> {
  const { variant, options, seats } = GAMES[game];
  const rng = random(seed);
  const botSeats = Array.from({ length: seats - 1 }, (_, i) => i + 1);
  const created = await brelan.tables.createTable({ variant, options, botSeats, untimed: true, name: `ts ${seed}` });
  const tableId = created.table?.tableId ?? "";
  const joined = await brelan.tables.joinTable({ tableId, seat: 0, player: "typescript" });
  const auth = bearer(joined.token);
  const events: TableEvent[] = [];
  let wake = () => {};
  let over = false;
  const watching = (async () => {
    // grouped: each action's events in one message (the server sends fewer messages for the same events)
    for await (const message of brelan.tables.watchTable({ tableId, grouped: true }, auth)) {
      events.push(...message.events);
      over ||= message.events.some((event) => event.final);
      wake();
    }
    over = true;
    wake();
  })();
  let actions = 0;
  let refused = 0;
  while (!over) {
    const seen = events.length;
    const view = await brelan.tables.getView({ tableId }, auth);
    if (view.space?.moves.length) {
      const move = await decide(brelan, game, view, rng);
      try {
        await brelan.tables.act({ tableId, seat: 0, move, expectedSeq: view.seq }, auth);
        actions += 1;
        continue;
      } catch (error) {
        const why = refusal(error);
        if (why?.code !== Code.Aborted && why?.code !== Code.FailedPrecondition) throw error;
        refused += 1;
      }
    }
    if (events.length === seen && !over) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 1000);
      });
    }
  }
  await watching;
  const { table } = await brelan.tables.getTable({ tableId });
  const result = table?.gameResult;
  return {
    game, protocol: brelan.protocol, tableId,
    finished: table?.status === TableStatus.FINISHED,
    actions, refused, events: events.length,
    untyped: events.filter((e) => e.game.case === undefined || e.game.value.kind.case === undefined).length,
    kinds: [...new Set(events.map((e) => e.game.value?.kind.case ?? ""))].sort(),
    champions: result?.value?.champions ?? [],
    hands: table?.hand ?? 0,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      address: { type: "string", default: "127.0.0.1:50051" },
      protocol: { type: "string", default: "grpc" },
      game: { type: "string", default: "poker-champ" },
      games: { type: "string", default: "1" },
      seed: { type: "string", default: "1" },
    },
  });
  const protocol = values.protocol as Protocol;
  const game = values.game as Game;
  if (!["grpc", "connect"].includes(protocol)) throw new Error(`--protocol: grpc or connect, not ${protocol}`);
  if (!(game in GAMES)) throw new Error(`--game: one of ${Object.keys(GAMES).join(", ")}, not ${game}`);
  const brelan = connect(protocol, values.address);
  for (let g = 0; g < Number(values.games); g++) {
    console.log(JSON.stringify(await play(brelan, game, Number(values.seed) + g)));
  }
}

main().catch((error: unknown) => {
  console.error(`play: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

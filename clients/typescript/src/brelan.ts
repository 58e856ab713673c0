/**
 * brelan from TypeScript: the table and word services over gRPC or Connect, from the generated contract.
 *
 *     const brelan = connect("grpc", "127.0.0.1:50051");
 *     const { table } = await brelan.tables.createTable({ variant: "poker-champ", botSeats: [1, 2] });
 *     const seat = await brelan.tables.joinTable({ tableId: table!.tableId, seat: 0 });
 *     const view = await brelan.tables.getView({ tableId: table!.tableId }, bearer(seat.token));
 *     view.game.case === "pokerChamp" && view.game.value.seats[0]?.hole;   // typed, the caller's own cards
 */
import { Code, ConnectError, createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";

import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { LexiconService } from "./gen/brelan/api/v1/lexicon_pb.js";
import { TableService } from "./gen/brelan/api/v1/table_pb.js";

/** gRPC (HTTP/2, the server's --port) or Connect (HTTP/1.1, the server's --web-port). */
export type Protocol = "grpc" | "connect";

export interface Brelan {
  readonly protocol: Protocol;
  readonly tables: Client<typeof TableService>;
  readonly lexicon: Client<typeof LexiconService>;
}

/** A transport to a brelan server at HOST:PORT, in plaintext (TLS: an https base URL of your own transport). */
export function transport(protocol: Protocol, address: string): Transport {
  const baseUrl = `http://${address}`;
  return protocol === "grpc"
    ? createGrpcTransport({ baseUrl })
    : createConnectTransport({ baseUrl, httpVersion: "1.1" });
}

export function connect(protocol: Protocol, address: string): Brelan {
  const over = transport(protocol, address);
  return { protocol, tables: createClient(TableService, over), lexicon: createClient(LexiconService, over) };
}

/** The call options that act for a seat: its bearer token (JoinTable's). */
export function bearer(token: string): CallOptions {
  return { headers: { authorization: `Bearer ${token}` } };
}

/** A refusal's stable reason and facts (google.rpc.ErrorInfo: seq, legal, limit...), when the error has them. */
export function refusal(error: unknown): { code: Code; reason: string; metadata: Record<string, string> } | undefined {
  const e = ConnectError.from(error);
  const [info] = e.findDetails(ErrorInfoSchema);
  return info ? { code: e.code, reason: info.reason, metadata: info.metadata } : undefined;
}

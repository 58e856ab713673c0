// Connect over fetch, with the JSON codec: the page's only way to the services.
//
// A unary call is a POST of the request as JSON to /brelan.api.v1.Service/Method;
// a server stream (WatchTable) sends and receives enveloped messages: a flags byte
// and a 4-byte big-endian length before each JSON message, the last one (flags & 2)
// ending the stream with an error or nothing. See connectrpc.com/docs/protocol.

const PREFIX = "/brelan.api.v1.";

export class RpcError extends Error {
  constructor(code, message, details = []) {
    super(message);
    this.code = code; // "invalid_argument", "failed_precondition", ...
    this.reason = reasonOf(details); // the server's ErrorInfo reason ("NO_REVIEW"...), "" without one
  }
}

/** The reason of a google.rpc.ErrorInfo among Connect's error details: its field 1, a string, first in the
 *  message's bytes (base64 in the JSON). */
function reasonOf(details) {
  const info = (details || []).find((d) => d.type === "google.rpc.ErrorInfo");
  if (!info) return "";
  const bytes = Uint8Array.from(atob(info.value.padEnd(Math.ceil(info.value.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
  return bytes[0] === 0x0a && bytes[1] < 0x80 ? new TextDecoder().decode(bytes.subarray(2, 2 + bytes[1])) : "";
}

function headers(contentType, token) {
  const h = { "content-type": contentType };
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

/** One unary call: the response message as a plain object (proto3 JSON: default values left out). */
export async function call(service, method, request = {}, token = "") {
  const response = await fetch(PREFIX + service + "/" + method, {
    method: "POST",
    headers: headers("application/json", token),
    body: JSON.stringify(request),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new RpcError(body.code || "unavailable", body.message || response.statusText, body.details);
  return body;
}

function envelope(message) {
  const data = new TextEncoder().encode(JSON.stringify(message));
  const frame = new Uint8Array(5 + data.length);
  new DataView(frame.buffer).setUint32(1, data.length);
  frame.set(data, 5);
  return frame;
}

/** A server-streaming call: yields each response message; throws the stream's error, if any. */
export async function* stream(service, method, request, token = "", signal = undefined) {
  const response = await fetch(PREFIX + service + "/" + method, {
    method: "POST",
    headers: headers("application/connect+json", token),
    body: envelope(request),
    signal,
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new RpcError(body.code || "unavailable", body.message || response.statusText, body.details);
  }
  const reader = response.body.getReader();
  let buffer = new Uint8Array(0);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new RpcError("unavailable", "the stream ended early");
    const joined = new Uint8Array(buffer.length + value.length);
    joined.set(buffer);
    joined.set(value, buffer.length);
    buffer = joined;
    while (buffer.length >= 5) {
      const size = new DataView(buffer.buffer, buffer.byteOffset).getUint32(1);
      if (buffer.length < 5 + size) break;
      const flags = buffer[0];
      const message = JSON.parse(new TextDecoder().decode(buffer.subarray(5, 5 + size)));
      buffer = buffer.subarray(5 + size);
      if (flags & 2) {
        if (message.error) throw new RpcError(message.error.code, message.error.message || "", message.error.details);
        return;
      }
      yield message;
    }
  }
}

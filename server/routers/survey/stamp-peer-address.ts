import { Server, type IncomingMessage } from "node:http";
import { PEER_HEADER } from "./client-address";

/**
 * Stamps every incoming request with the address of the socket it came on (PEER_HEADER,
 * overwriting any such header a client sent). Next.js gives route handlers no socket, and its
 * own X-Forwarded-For keeps whatever the client sent, so without this a client could pick the
 * address that survey rate limits count it under. Installed once, from instrumentation.ts.
 */
export function stampPeerAddresses(): void {
  type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
  const proto = Server.prototype as unknown as { emit: Emit; formhousePeer?: true };
  if (proto.formhousePeer) return;
  proto.formhousePeer = true;
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === "request") {
      const req = args[0] as IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  };
}

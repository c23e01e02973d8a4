import { createServer } from "node:net";
import { StartError } from "./start-error";

/** Why HOST:PORT cannot be listened on, in one sentence. */
export function listenErrorMessage(err: unknown, host: string, port: number): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "EADDRINUSE":
      return `Port ${port} is already in use on ${host}: stop the program that uses it, or set PORT to another port.`;
    case "EACCES":
      return `Port ${port} needs privileges this user does not have: set PORT to a port above 1023, or put a proxy in front.`;
    case "EADDRNOTAVAIL":
      return (
        `HOST ${host} is not an address of this machine: ` +
        "use 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or one of its addresses."
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `HOST ${host} does not resolve to an address of this machine: use an IP address such as 127.0.0.1 or 0.0.0.0.`;
    default:
      return `Could not listen on ${host}:${port} (${code ?? (err instanceof Error ? err.message : String(err))}).`;
  }
}

/** Fails fast, before the database and the build, when HOST:PORT is not ours to take. */
export function checkCanListen(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err) => reject(new StartError(listenErrorMessage(err, host, port))));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** How a listening address is written in a URL (IPv6 in brackets). */
export const hostPort = (host: string, port: number) => `${host.includes(":") ? `[${host}]` : host}:${port}`;

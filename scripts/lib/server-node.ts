/**
 * How a script runs server modules under plain Node. Server modules import "server-only", which
 * throws unless the `react-server` condition is on (Next turns it on for its server code): every
 * process that loads them — scripts, unit tests, Playwright's fixtures — runs with it.
 */
export const SERVER_CONDITION = "--conditions=react-server";

/** `node` arguments that run a TypeScript script of this tree. */
export const TSX_NODE_ARGS = [SERVER_CONDITION, "--import", "tsx"];

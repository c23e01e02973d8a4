/**
 * A failure that `npm start` (and the scripts around the embedded database) explains in
 * one sentence: the message is printed as is, never a stack.
 */
export class StartError extends Error {}

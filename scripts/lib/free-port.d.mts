/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number>;

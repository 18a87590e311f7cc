/** The time in whole seconds since the epoch: every "now" of the server. Tests hand the app another one. */
export type Clock = () => number;

/** The machine's clock. */
export const systemClock: Clock = () => Math.floor(Date.now() / 1000);

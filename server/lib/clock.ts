/** Injected wherever time decides an outcome (nonce and token expiry), so tests move time instead of waiting. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

/** First `head` and last 4 characters of a wallet address. */
export const shortAddress = (address: string, head = 6) =>
  address.length > head + 4 ? `${address.slice(0, head)}…${address.slice(-4)}` : address

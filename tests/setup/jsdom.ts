// jsdom gives the test realm its own Uint8Array, so Buffer (a Node Uint8Array) fails `instanceof` checks inside
// @solana/web3.js. Point the global at Node's class.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor

// jsdom lays nothing out, so it has no scrolling: the router's scroll restoration and the pages that scroll to
// the top get a no-op instead of jsdom's "Not implemented" error.
window.scrollTo = () => undefined

// jsdom gives the test realm its own Uint8Array, so Buffer (a Node Uint8Array) fails `instanceof` checks inside
// @solana/web3.js. Point the global at Node's class.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor

// How the app runs: as an installed app (standalone) or in a browser tab, and whether that browser is iOS Safari
// (no beforeinstallprompt there: installing is Share → Add to Home Screen).

/** The installed display modes of a PWA; iOS home-screen apps also set navigator.standalone. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  const modes = ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay']
  return iosStandalone || modes.some((mode) => window.matchMedia?.(`(display-mode: ${mode})`).matches)
}

/** An iPhone or iPad, in any browser (iPadOS sends a Mac user agent with touch points). */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/**
 * Safari on an iPhone or iPad. Other iOS browsers name themselves (CriOS, FxiOS, EdgiOS) and wallets' in-app
 * browsers carry no "Safari" token.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  return (
    isIos(userAgent, maxTouchPoints) &&
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|Phantom|Solflare/.test(userAgent)
  )
}

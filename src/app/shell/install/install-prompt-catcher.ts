// Chrome may fire beforeinstallprompt as soon as the page has loaded, before the app (src/first-screen/start-app.tsx, fetched after
// the first paint) has arrived. The page's entry (src/first-screen/boot.ts) catches it from its first script, which also keeps
// Chrome's own mini-infobar away, and hands it to the app once the app listens (install-listener.ts). No
// dependency here: this ships in the entry.

/** Chrome's event (not in TypeScript's DOM types): prompt() shows the install dialog once. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

type Take = (event: BeforeInstallPromptEvent) => void

let catching = false
let caught: BeforeInstallPromptEvent | null = null
let take: Take | null = null

export function catchInstallPrompt(): void {
  if (catching) return
  catching = true
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    if (take) take(event as BeforeInstallPromptEvent)
    else caught = event as BeforeInstallPromptEvent
  })
}

/** Hands Chrome's offers to `next` from now on, first the one caught before anyone listened. */
export function onInstallPrompt(next: Take): void {
  catchInstallPrompt()
  take = next
  if (caught) next(caught)
  caught = null
}

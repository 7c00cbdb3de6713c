// The app's first render over the server's markup (hydration) in several tasks instead of one: a part wrapped in
// <HydrateLater> is taken over in a task of its own, after the rest, so the browser can paint and take input in
// between (issue 10: Total Blocking Time). Meanwhile its markup stays on screen as the server rendered it (Preact
// keeps a suspended part's DOM while hydrating and resumes into it). Outside hydration (a signed-in visitor's
// page drawn afresh, a later navigation, the server's own render) the children render at once.
import { type ReactNode, Suspense, useState } from 'react'

let firstRender = false

/** Runs the app's first render over the server's markup: the <HydrateLater> parts inside it wait a task each. */
export function hydrateInTasks(render: () => void): void {
  firstRender = true
  try {
    render()
  } finally {
    firstRender = false
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function Deferred({ children }: { children: ReactNode }) {
  // A part that suspends before its first commit keeps no state: rendered again once the task has come, it finds
  // the first render over and renders its children, into the markup kept for it.
  const [later] = useState(() => (firstRender ? nextTask() : undefined))
  if (later) throw later
  return children
}

/** Its children must render one root element: that element is the markup kept while they wait. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  )
}

// The User Timing mark the app sets once it has taken the page over (its first render committed, start-app.tsx): when
// the page starts to answer through the app. The bundle bench counts a route's first-screen code up to it.

export const TAKEN_OVER_MARK = 'lifeline:taken-over'

export const markTakenOver = () => performance.mark(TAKEN_OVER_MARK)

// vite-plugin-pwa's virtual module exists only in the PWA build; component tests that render the whole shell
// (routes.test.tsx) resolve it here. UpdatePrompt imports it only in production builds anyway.
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => undefined
}

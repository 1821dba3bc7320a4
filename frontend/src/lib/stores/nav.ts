import { writable } from 'svelte/store'

export type View = 'research' | 'history' | 'library' | 'settings'

/** createNav holds the current view and the run the Research view shows (empty: the form). */
export function createNav() {
  const state = writable<{ view: View; runId: string }>({ view: 'research', runId: '' })
  return {
    subscribe: state.subscribe,
    go: (view: View) => state.update((s) => ({ ...s, view })),
    openRun: (runId: string) => state.set({ view: 'research', runId }),
    newResearch: () => state.set({ view: 'research', runId: '' }),
  }
}

export const nav = createNav()

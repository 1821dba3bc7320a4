import { writable } from 'svelte/store'
import { errorMessage, type HistoryFilter, type HistoryItem } from '../api'

/** HistoryClient is the part of the API the history store needs (injectable for tests). */
export interface HistoryClient {
  listRuns(f: Partial<HistoryFilter>): Promise<HistoryItem[]>
  deleteRun(id: string): Promise<void>
}

export interface HistoryState {
  runs: HistoryItem[]
  loading: boolean
  error: string
  filter: Filter
  /** more is true when the last page was full, so another may follow. */
  more: boolean
}

/** Filter is what History narrows by: text, status, judge, verification, the reviewer's
 * state, a candidate of the final verdict and creation dates (YYYY-MM-DD). */
export interface Filter {
  text: string
  status: string
  judge: string
  verification: string
  review: string
  candidate: string
  since: string
  until: string
}

const NO_FILTER: Filter = { text: '', status: '', judge: '', verification: '', review: '', candidate: '', since: '', until: '' }

/** PAGE is how many runs the list renders at once: enough to scan, small enough to paint fast. */
export const PAGE = 50

/** createHistoryStore keeps the history list and its filters; the newest request wins. */
export function createHistoryStore(client: HistoryClient) {
  const state = writable<HistoryState>({ runs: [], loading: false, error: '', filter: { ...NO_FILTER }, more: false })
  let generation = 0
  let current: Filter = { ...NO_FILTER }

  async function load(filter: Partial<Filter> = {}) {
    current = { ...current, ...filter }
    const mine = ++generation
    state.update((s) => ({ ...s, loading: true, error: '', filter: current }))
    try {
      const runs = (await client.listRuns({ ...current, limit: PAGE, offset: 0 })) ?? []
      if (mine !== generation) return
      state.update((s) => ({ ...s, runs, loading: false, more: runs.length === PAGE }))
    } catch (err) {
      if (mine !== generation) return
      state.update((s) => ({ ...s, loading: false, error: errorMessage(err) }))
    }
  }

  /** loadMore appends the next page of the current filter. */
  async function loadMore() {
    const mine = generation
    let offset = 0
    state.update((s) => {
      offset = s.runs.length
      return { ...s, loading: true }
    })
    try {
      const page = (await client.listRuns({ ...current, limit: PAGE, offset })) ?? []
      if (mine !== generation) return
      state.update((s) => {
        const have = new Set(s.runs.map((r) => r.id))
        return { ...s, runs: [...s.runs, ...page.filter((r) => !have.has(r.id))], loading: false, more: page.length === PAGE }
      })
    } catch (err) {
      if (mine !== generation) return
      state.update((s) => ({ ...s, loading: false, error: errorMessage(err) }))
    }
  }

  async function remove(id: string) {
    try {
      await client.deleteRun(id)
      state.update((s) => ({ ...s, runs: s.runs.filter((r) => r.id !== id) }))
    } catch (err) {
      state.update((s) => ({ ...s, error: errorMessage(err) }))
    }
  }

  return { subscribe: state.subscribe, load, loadMore, remove }
}

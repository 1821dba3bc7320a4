import { writable } from 'svelte/store'
import { errorMessage, type RunFilter, type RunSummary } from '../api'

/** HistoryClient is the part of the API the history store needs (injectable for tests). */
export interface HistoryClient {
  listRuns(f: Partial<RunFilter>): Promise<RunSummary[]>
  deleteRun(id: string): Promise<void>
}

export interface HistoryState {
  runs: RunSummary[]
  loading: boolean
  error: string
  filter: { text: string; status: string; judge: string }
}

/** createHistoryStore keeps the history list and its filters; the newest request wins. */
export function createHistoryStore(client: HistoryClient) {
  const state = writable<HistoryState>({ runs: [], loading: false, error: '', filter: { text: '', status: '', judge: '' } })
  let generation = 0
  let current: HistoryState['filter'] = { text: '', status: '', judge: '' }

  async function load(filter: Partial<HistoryState['filter']> = {}) {
    current = { ...current, ...filter }
    const mine = ++generation
    state.update((s) => ({ ...s, loading: true, error: '', filter: current }))
    try {
      const runs = await client.listRuns({ text: current.text, status: current.status, judge: current.judge, limit: 200 })
      if (mine !== generation) return
      state.update((s) => ({ ...s, runs: runs ?? [], loading: false }))
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

  return { subscribe: state.subscribe, load, remove }
}

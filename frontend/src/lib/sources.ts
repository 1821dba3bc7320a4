import type { RunEvent } from './api'
import { eventData } from './events'

/** SourceState is one source's part in the latest search: answered, failed or still awaited. */
export interface SourceState {
  source: string
  state: 'answered' | 'failed' | 'waiting' | 'unanswered'
  hits: number
  error: string
  /** seconds: how long it took, or how long it has been awaited */
  seconds: number
}

/**
 * sourceStates reads the latest iteration's search from the run's events: every source the
 * "searching" event named, with its "source" event when it has answered or failed, else
 * waiting since the search began (now is the clock, in ms). Empty before any search. When the
 * run has stopped (stopped: interrupted, cancelled, failed), a source that never answered is
 * not awaited any more: it says so rather than counting the time since the search began.
 */
export function sourceStates(events: RunEvent[], now: number, stopped = false): SourceState[] {
  let start: RunEvent | undefined
  for (const e of events) if (String(e.type) === 'searching') start = e
  if (!start) return []
  const names = (eventData(start, 'searching')?.sources ?? []).map(String)
  const began = Date.parse(String(start.time))
  const done = new Map<string, SourceState>()
  let finished = false
  for (const e of events) {
    if (e.seq <= start.seq || e.iteration !== start.iteration) continue
    if (String(e.type) === 'search_complete') finished = true
    const d = eventData(e, 'source')
    if (!d?.source) continue
    done.set(String(d.source), {
      source: String(d.source),
      state: d.state === 'failed' ? 'failed' : 'answered',
      hits: Number(d.hits ?? 0),
      error: String(d.error ?? ''),
      seconds: Number(d.took_ms ?? 0) / 1000,
    })
  }
  return names.map(
    (s) =>
      done.get(s) ?? {
        source: s,
        state: finished ? 'failed' : stopped ? 'unanswered' : 'waiting',
        hits: 0,
        error: finished ? 'no answer before the search ended' : '',
        seconds: Number.isFinite(began) ? Math.max(0, (now - began) / 1000) : 0,
      },
  )
}

/**
 * latestSearchIteration is the iteration of the run's latest search (0 before any): the
 * source states are that search's, not the run's totals, and say so.
 */
export function latestSearchIteration(events: RunEvent[]): number {
  let it = 0
  for (const e of events) if (String(e.type) === 'searching') it = Number(e.iteration ?? 0)
  return it
}

/** sourceLine is one source's state in words: "pubmed: 12 hits (0.8 s)", "waiting 14 s". */
export function sourceLine(s: SourceState): string {
  switch (s.state) {
    case 'answered':
      return `${s.hits} ${s.hits === 1 ? 'hit' : 'hits'} (${s.seconds.toFixed(1)} s)`
    case 'failed':
      return `failed: ${s.error}`
    case 'unanswered':
      return 'no answer before the run stopped'
    default:
      return `waiting ${Math.floor(s.seconds)} s`
  }
}

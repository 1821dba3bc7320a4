// Pure helpers for the run timeline: how one event reads in the window.
import type { EventKind, EventPayloads, QueryEvent, RunEvent } from './api'
import { plural } from './format'

/**
 * eventData returns e's payload typed by its event type, or undefined when e is of another
 * type or carries none. Partial: runs stored by older versions may lack newer fields.
 */
export function eventData<K extends EventKind>(e: RunEvent, type: K): Partial<EventPayloads[K]> | undefined {
  return String(e.type) === type && e.data ? (e.data as unknown as Partial<EventPayloads[K]>) : undefined
}

/** QueryEventData is domain.QueryEvent, the payload of a `query` event (generated from Go). */
export type QueryEventData = QueryEvent

const SOURCE_LABELS: Record<string, string> = {
  pubmed: 'PubMed',
  europepmc: 'Europe PMC',
  clinicaltrials: 'ClinicalTrials.gov',
  library: 'My library',
  web: 'Web',
}

export function sourceLabel(s: string): string {
  return SOURCE_LABELS[s] ?? s
}

export interface QueryLine {
  source: string
  hits: string
  tone: 'ok' | 'warn' | 'bad'
  query: string
  retry: string
  error: string
}

/** queryLine words a `query` event: the source, its hit count, the query, and any relaxation. */
export function queryLine(d: Partial<QueryEventData> | null | undefined): QueryLine {
  const count = typeof d?.count === 'number' ? d.count : -1
  const attempt = typeof d?.attempt === 'number' && d.attempt > 0 ? d.attempt : 1
  const error = (d?.error ?? '').trim()
  const hits = count < 0 ? 'hit count unknown' : plural(count, 'hit', 'hits')
  const tone = error ? 'bad' : count === 0 ? 'warn' : 'ok'
  let retry = ''
  if (attempt > 1) {
    const why = (d?.relaxation ?? '').trim()
    retry = `try ${attempt}${why ? ': ' + why : ''}`
  }
  return { source: sourceLabel(d?.source ?? ''), hits, tone, query: d?.query ?? '', retry, error }
}

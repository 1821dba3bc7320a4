// Pure helpers for the run timeline: how one event reads in the window.
import { plural } from './format'

/** QueryEventData mirrors domain.QueryEvent, the payload of a `query` event. */
export interface QueryEventData {
  source: string
  query: string
  /** hits the source reported; -1 when it did not say */
  count: number
  /** 1 for the first try of a query, 2+ for each relaxation or narrowing */
  attempt: number
  /** plain words: what was dropped, ORed or narrowed and why; empty on the first try */
  relaxation?: string
  /** the source's query error or warning, empty when none */
  error?: string
}

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

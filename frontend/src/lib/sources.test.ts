import { describe, expect, it } from 'vitest'
import type { RunEvent } from './api'
import { latestSearchIteration, sourceLine, sourceStates } from './sources'

const ev = (seq: number, type: string, iteration: number, data: unknown, time = '2026-11-25T04:00:00Z'): RunEvent =>
  ({ run_id: 'r', seq, type, iteration, message: '', data: data as number[], time }) as unknown as RunEvent

describe('sourceStates', () => {
  const searching = ev(2, 'searching', 2, { queries: ['q'], sources: ['pubmed', 'europepmc', 'clinicaltrials'] })
  const older = ev(1, 'source', 1, { source: 'clinicaltrials', state: 'answered', hits: 3, took_ms: 500 })
  const pubmed = ev(3, 'source', 2, { source: 'pubmed', state: 'answered', hits: 12, took_ms: 800 })
  const epmc = ev(4, 'source', 2, { source: 'europepmc', state: 'failed', hits: 0, error: 'europepmc: HTTP 503', took_ms: 1200 })

  it('shows who answered, who failed and who is still awaited in the latest search', () => {
    const now = Date.parse('2026-11-25T04:00:14.5Z')
    const st = sourceStates([older, searching, pubmed, epmc], now)
    expect(st.map(sourceLine)).toEqual(['12 hits (0.8 s)', 'failed: europepmc: HTTP 503', 'waiting 14 s'])
  })

  it('a source that never reported before the search ended failed', () => {
    const st = sourceStates([searching, pubmed, epmc, ev(5, 'search_complete', 2, {})], Date.now())
    expect(st[2]).toMatchObject({ source: 'clinicaltrials', state: 'failed' })
  })

  it('a source still unanswered when the run stopped is no longer awaited', () => {
    const now = Date.parse('2026-11-25T04:20:00Z')
    const st = sourceStates([searching, pubmed, epmc], now, true)
    expect(st[2].state).toBe('unanswered')
    expect(sourceLine(st[2])).toBe('no answer before the run stopped')
  })

  it('is empty before any search', () => {
    expect(sourceStates([ev(1, 'started', 0, {})], Date.now())).toEqual([])
  })

  it('names the iteration whose search the states are (not the run\'s totals)', () => {
    expect(latestSearchIteration([older, ev(0, 'searching', 1, {}), searching, pubmed])).toBe(2)
    expect(latestSearchIteration([ev(1, 'started', 0, {})])).toBe(0)
  })
})

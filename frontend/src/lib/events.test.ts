import { describe, expect, it } from 'vitest'
import type { RunEvent } from './api'
import { eventData, queryLine } from './events'

describe('queryLine', () => {
  it('words a first query with its hits', () => {
    expect(queryLine({ source: 'pubmed', query: 'melanoma[tiab] AND braf', count: 12, attempt: 1 })).toEqual({
      source: 'PubMed', hits: '12 hits', tone: 'ok', query: 'melanoma[tiab] AND braf', retry: '', error: '',
    })
  })
  it('shows a relaxation with its attempt and a zero count as a warning', () => {
    const l = queryLine({ source: 'europepmc', query: 'a OR b', count: 0, attempt: 2, relaxation: 'dropped "survival" (no hits with it)' })
    expect(l.hits).toBe('0 hits')
    expect(l.tone).toBe('warn')
    expect(l.retry).toBe('try 2: dropped "survival" (no hits with it)')
  })
  it('says when the count is unknown and shows the source error', () => {
    const l = queryLine({ source: 'clinicaltrials', query: 'x', count: -1, attempt: 1, error: 'phrase not found: "foo bar"' })
    expect(l.hits).toBe('hit count unknown')
    expect(l.tone).toBe('bad')
    expect(l.error).toBe('phrase not found: "foo bar"')
    expect(queryLine({ source: 'pubmed', query: 'x', count: 1, attempt: 1 }).hits).toBe('1 hit')
  })
  it('survives a missing payload', () => {
    expect(queryLine(null)).toMatchObject({ hits: 'hit count unknown', retry: '', source: '' })
  })
})

describe('eventData', () => {
  const ev = (type: string, data?: unknown) => ({ run_id: 'r', seq: 1, type, iteration: 1, message: type, data }) as unknown as RunEvent
  const cases: { name: string; e: RunEvent; type: 'error' | 'judge_complete'; want: unknown }[] = [
    { name: 'payload of the asked type', e: ev('error', { phase: 'run', fatal: true }), type: 'error', want: { phase: 'run', fatal: true } },
    { name: 'another type gives nothing', e: ev('judge_complete', { confidence: 0.5 }), type: 'error', want: undefined },
    { name: 'no data gives nothing', e: ev('judge_complete'), type: 'judge_complete', want: undefined },
  ]
  for (const c of cases) {
    it(c.name, () => expect(eventData(c.e, c.type)).toEqual(c.want))
  }
  it('reads a typed field', () => {
    expect(eventData(ev('error', { phase: 'run', fatal: true }), 'error')?.fatal).toBe(true)
  })
})

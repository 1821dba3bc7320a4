import { describe, expect, it } from 'vitest'
import { queryLine } from './events'

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

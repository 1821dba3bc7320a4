import { describe, expect, it } from 'vitest'
import { formatDate, isBlankQuestion, judgeLabel, statusTone, verdictLabel } from './format'

describe('judgeLabel', () => {
  it.each([
    [{ provider: 'offline', kind: 'offline' }, 'offline heuristic'],
    [{ provider: 'openai', model: 'gpt-4o-mini', kind: 'llm' }, 'openai · gpt-4o-mini'],
    [{ provider: 'ollama', model: 'llama3.1:8b', kind: 'fallback' }, 'FALLBACK — ollama llama3.1:8b failed'],
    [{ provider: 'anthropic', kind: 'llm' }, 'anthropic'],
    [{ provider: 'openai', model: 'gpt-4o', kind: 'llm', repaired: true }, 'openai · gpt-4o (REPAIRED answer)'],
    [{}, '—'],
    [null, '—'],
  ])('%j → %s', (judge, want) => {
    expect(judgeLabel(judge)).toBe(want)
  })
})

describe('formatDate', () => {
  it('formats ISO dates and refuses garbage', () => {
    expect(formatDate('2026-01-02T03:04:05Z', 'en-GB')).toMatch(/2026/)
    expect(formatDate('not a date')).toBe('—')
    expect(formatDate(undefined)).toBe('—')
  })
})

describe('status and verdict', () => {
  it('maps statuses to tones', () => {
    expect(statusTone('complete')).toBe('ok')
    expect(statusTone('interrupted')).toBe('warn')
    expect(statusTone('failed')).toBe('bad')
    expect(statusTone('other')).toBe('')
  })
  it('labels verdicts', () => {
    expect(verdictLabel(true)).toBe('verified')
    expect(verdictLabel(false)).toBe('flagged')
    expect(verdictLabel(undefined)).toBe('not verified')
  })
  it('refuses blank questions', () => {
    expect(isBlankQuestion('   \n\t')).toBe(true)
    expect(isBlankQuestion(' metformin ')).toBe(false)
  })
})

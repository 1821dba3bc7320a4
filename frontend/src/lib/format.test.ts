import { describe, expect, it } from 'vitest'
import { fixed1, formatDate, isBlankQuestion, judgeLabel, rejudgeName, scoreText, statusTone, verdictLabel } from './format'

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

describe('plural and windowMessage', () => {
  it('uses the right number', async () => {
    const { plural } = await import('./format')
    expect(plural(1, 'iteration', 'iterations')).toBe('1 iteration')
    expect(plural(3, 'iteration', 'iterations')).toBe('3 iterations')
    expect(plural(0, 'piece', 'pieces')).toBe('0 pieces')
  })
  it('turns command-line advice into window advice', async () => {
    const { windowMessage } = await import('./format')
    expect(windowMessage('no Ollama model chosen: pick one of `ollama list` with --model')).toBe(
      'no Ollama model chosen: pick one of `ollama list` in the Model field',
    )
    expect(windowMessage('the compatible judge needs a model name (--model)')).toBe('the compatible judge needs a model name (choose one in the Model field)')
    expect(windowMessage('sending them again would save them twice; delete them in Zotero first, or send again anyway (--again)')).toBe(
      'sending them again would save them twice; delete them in Zotero first',
    )
    expect(windowMessage('pass --model M to pick one')).toBe('choose a model in the Model field to pick one')
    expect(windowMessage('nothing to change')).toBe('nothing to change')
    expect(windowMessage('x --model y')).not.toContain('--')
    expect(windowMessage('2 Zotero collections are named "M" (A/M, B/M): give its path, e.g. --collection "A/M"; nothing was sent')).toBe(
      '2 Zotero collections are named "M" (A/M, B/M): give its path, e.g. the Zotero collection "A/M"; nothing was sent',
    )
    expect(windowMessage('run x has no reference to send (--include-set-aside sends the set-aside ones)')).not.toContain('--')
    // Each "set-aside" hint points at the box that does it: a file export's is by the export
    // buttons (the Zotero one does not change a file export), Zotero's by Send to Zotero.
    expect(windowMessage('the report of run r1 relies on no paper (its one paper was set aside): include the set-aside papers to export them (--include-set-aside)')).toBe(
      'the report of run r1 relies on no paper (its one paper was set aside): include the set-aside papers to export them (tick “set-aside papers too” by the export buttons)',
    )
    expect(windowMessage('run x has no reference to send (no paper the report relies on; --include-set-aside sends the set-aside ones)')).toBe(
      'run x has no reference to send (no paper the report relies on; tick “set-aside papers too” by Send to Zotero to send the set-aside ones)',
    )
  })
})

describe('outcomeTone', () => {
  it('is green only for a sufficient, verified run', async () => {
    const { outcomeTone } = await import('./format')
    expect(outcomeTone('complete', 'verified', 'sufficient')).toBe('ok')
    expect(outcomeTone('complete', 'failed', 'sufficient')).toBe('warn')
    expect(outcomeTone('complete', 'verified', 'no_progress')).toBe('warn')
    expect(outcomeTone('running')).toBe('warn')
    expect(outcomeTone('failed')).toBe('bad')
  })
})

describe('shortOutcome', () => {
  it('says a run outcome in a few words', async () => {
    const { shortOutcome } = await import('./format')
    const cases: [string, string | undefined, string | undefined, string][] = [
      ['complete', 'verified', 'sufficient', 'verified'],
      ['complete', 'verified', 'max_iterations', 'verified · partial'],
      ['complete', 'failed', 'sufficient', 'verification failed'],
      ['complete', 'unverified', 'no_progress', 'not verified · partial'],
      ['failed', undefined, 'failed: judge unavailable: the ollama judge stopped answering', 'failed: judge unavailable'],
      ['failed', undefined, 'failed: every source failed in two iterations in a row', 'failed: sources down'],
      ['cancelled', undefined, 'cancelled', 'cancelled'],
    ]
    for (const [status, report, reason, want] of cases) expect(shortOutcome(status, report, reason)).toBe(want)
  })
})

describe('errorHead', () => {
  it('keeps a short error whole and cuts a long chain at its first clause', async () => {
    const { errorHead } = await import('./format')
    expect(errorHead('judge unavailable')).toBe('judge unavailable')
    const chain = 'every source failed in two iterations in a row and no evidence was found (pubmed: cannot connect: dial tcp 127.0.0.1:9: connection refused (gave up after 3 attempts); europepmc: cannot connect)'
    expect(errorHead(chain)).toBe('every source failed in two iterations in a row and no evidence was found')
  })
})

describe('fixed1 writes a score as the report does', () => {
  // Go's fmt.Sprintf("%.1f", v) for each value, printed by a Go program: an exact tie (the
  // odd quarters) rounds to even there, where toFixed rounds it up.
  it.each([
    [6.25, '6.2'],
    [6.75, '6.8'],
    [6.35, '6.3'],
    [7, '7.0'],
    [0.25, '0.2'],
    [0.05, '0.1'],
    [0.15, '0.1'],
    [2.5, '2.5'],
    [9.95, '9.9'],
    [10, '10.0'],
    [0, '0.0'],
    [4.45, '4.5'],
    [8.125, '8.1'],
    [5.55, '5.5'],
    [1.75, '1.8'],
    [3.25, '3.2'],
    [6.2500001, '6.3'],
    [6.2499999, '6.2'],
  ])('%s → %s', (v, want) => {
    expect(fixed1(v)).toBe(want)
  })
  it('gives a score out of ten', () => {
    expect(scoreText(6.25)).toBe('6.2/10')
  })
})

describe('rejudgeName', () => {
  it('reads a stored re-judgement label', () => {
    expect(rejudgeName('rejudge:openai/gpt-4o-mini')).toBe('openai · gpt-4o-mini')
    expect(rejudgeName('rejudge:offline')).toBe('offline')
  })
})

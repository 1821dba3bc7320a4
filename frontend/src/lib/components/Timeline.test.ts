import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it } from 'vitest'
import Timeline from './Timeline.svelte'

// A synthetic `query` event as the search helper's loop emits it (payload domain.QueryEvent).
const ev = (seq: number, type: string, message: string, data?: unknown) =>
  ({ run_id: 'r1', seq, type, iteration: 1, message, time: '2026-01-01T10:00:00Z', data }) as any

describe('Timeline', () => {
  it('renders query events with their hit counts and relaxations', () => {
    const target = document.createElement('div')
    document.body.appendChild(target)
    const cmp = mount(Timeline, {
      target,
      props: {
        events: [
          ev(1, 'started', 'Starting research'),
          ev(2, 'query', 'PubMed: 0 hits', { source: 'pubmed', query: 'braf[tiab] AND melanoma[mh] AND survival[tiab]', count: 0, attempt: 1, relaxation: '', error: '' }),
          ev(3, 'query', 'PubMed: 41 hits', { source: 'pubmed', query: 'braf[tiab] AND melanoma[mh]', count: 41, attempt: 2, relaxation: 'dropped the outcome concept "survival": no hits with it', error: '' }),
          ev(4, 'query', 'Europe PMC error', { source: 'europepmc', query: 'TITLE:"x y"', count: -1, attempt: 1, relaxation: '', error: 'phrase not found: "x y"' }),
        ],
      },
    })
    flushSync()
    const rows = target.querySelectorAll('[data-testid="query-event"]')
    expect(rows).toHaveLength(3)
    expect(rows[0].querySelector('[data-testid="query-hits"]')?.textContent).toBe('0 hits')
    expect(rows[0].querySelector('[data-testid="query-hits"]')?.className).toContain('warn')
    expect(rows[0].querySelector('[data-testid="query-text"]')?.textContent).toBe('braf[tiab] AND melanoma[mh] AND survival[tiab]')
    expect(rows[1].querySelector('[data-testid="query-hits"]')?.textContent).toBe('41 hits')
    expect(rows[1].querySelector('[data-testid="query-relaxation"]')?.textContent).toBe('try 2: dropped the outcome concept "survival": no hits with it')
    expect(rows[2].querySelector('[data-testid="query-hits"]')?.textContent).toBe('hit count unknown')
    expect(rows[2].querySelector('[data-testid="query-error"]')?.textContent).toBe('phrase not found: "x y"')
    // Other events keep their message.
    expect(target.querySelector('[data-type="started"]')?.textContent).toContain('Starting research')
    unmount(cmp)
    target.remove()
  })

  it('says a long error chain by its head, the whole behind a disclosure', () => {
    const target = document.createElement('div')
    document.body.appendChild(target)
    const chain = 'Research failed: every source failed in two iterations in a row and no evidence was found (pubmed: cannot connect: connection refused (gave up after 3 attempts); europepmc: cannot connect)'
    const cmp = mount(Timeline, { target, props: { events: [ev(1, 'error', chain), ev(2, 'error', 'judge unavailable')] } })
    flushSync()
    const detail = target.querySelector('[data-seq="1"] [data-testid="event-detail"]')
    expect(detail?.querySelector('summary')?.textContent).toBe('Research failed: every source failed in two iterations in a row and no evidence was found')
    expect(detail?.textContent).toContain('gave up after 3 attempts')
    expect(target.querySelector('[data-seq="2"] [data-testid="event-detail"]')).toBeNull()
    expect(target.querySelector('[data-seq="2"]')?.textContent).toContain('judge unavailable')
    unmount(cmp)
    target.remove()
  })
})

import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it } from 'vitest'
import EvidenceCard from './EvidenceCard.svelte'

const item = (review?: unknown) => ({
  n: 2, key: 'pmid:2', design: 'randomised controlled trial', review,
  evidence: { content: 'An abstract.', citation: { source: 'pubmed', id: '2', title: 'Children only', url: '' } },
})

describe('EvidenceCard', () => {
  it.each([
    [{ decision: 'exclude', reason: 'wrong population', author: 'me' }, 'excluded by you (judge: on topic): wrong population'],
    [{ decision: 'include', author: 'me' }, 'included by you (judge: on topic)'],
    [undefined, null],
  ])("marks the reviewer's decision %o", (review, label) => {
    const target = document.createElement('div')
    const cmp = mount(EvidenceCard, { target, props: { item: item(review) as any, onopen: () => {}, onlink: () => {} } })
    flushSync()
    expect(target.querySelector('[data-testid="evidence-review"]')?.textContent ?? null).toBe(label)
    unmount(cmp)
  })
})

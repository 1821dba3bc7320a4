import { flushSync, mount, unmount } from 'svelte'
import { describe, expect, it } from 'vitest'
import ImportResult from './ImportResult.svelte'

function render(summary: Record<string, unknown>) {
  const target = document.createElement('div')
  const cmp = mount(ImportResult, { target, props: { summary: summary as any } })
  flushSync()
  return { target, done: () => unmount(cmp) }
}

const base = { imported: 0, updated: 0, skipped: 0, errors: [], warnings: [], files: 1, records: 0 }

describe('ImportResult', () => {
  it('lists warnings like errors, each with its file and record', () => {
    const { target, done } = render({
      ...base,
      imported: 2,
      records: 3,
      errors: [{ file: 'refs.bib', record: 2, error: 'unterminated entry' }],
      warnings: [
        { file: 'latin1.ris', record: 0, error: 'converted from ISO-8859-1 to UTF-8' },
        { file: 'refs.bib', record: 3, error: 'title truncated to 10,000 characters' },
      ],
    })
    const head = target.querySelector('[data-testid="import-summary"]')!
    expect(head.textContent).toContain('Imported 2, updated 0, skipped 0 of 3 records in 1 file; 1 error; 2 warnings.')
    const errs = Array.from(target.querySelectorAll('[data-testid="import-errors"] li')).map((li) => li.textContent)
    expect(errs).toEqual(['refs.bib record 2: unterminated entry'])
    const warns = Array.from(target.querySelectorAll('[data-testid="import-warnings"] li')).map((li) => li.textContent)
    expect(warns).toEqual(['⚠ latin1.ris: converted from ISO-8859-1 to UTF-8', '⚠ refs.bib record 3: title truncated to 10,000 characters'])
    expect(target.querySelector('[data-testid="import-nothing"]')).toBeNull()
    done()
  })

  it('counts records imported again unchanged apart from those updated', () => {
    const { target, done } = render({ ...base, unchanged: 3, records: 3 })
    expect(target.querySelector('[data-testid="import-summary"]')!.textContent).toContain('Imported 0, updated 0, unchanged 3, skipped 0 of 3 records in 1 file.')
    expect(target.querySelector('[data-testid="import-nothing"]')).toBeNull()
    done()
  })

  it('says why nothing was imported, and shows skipped records', () => {
    const { target, done } = render({
      ...base,
      skipped: 1,
      records: 1,
      nothing_imported: 'nothing was imported: 1 record has no title and no identifier (PMID, DOI, PMCID, NCT id)',
    })
    const nothing = target.querySelector('[data-testid="import-nothing"]')
    expect(nothing?.getAttribute('role')).toBe('alert')
    expect(nothing?.textContent).toContain('nothing was imported: 1 record has no title and no identifier')
    expect(target.querySelector('[data-testid="import-summary"]')?.classList.contains('failed')).toBe(true)
    expect(target.textContent).toContain('skipped 1 of 1 record in 1 file.')
    expect(target.querySelector('[data-testid="import-errors"]')).toBeNull()
    expect(target.querySelector('[data-testid="import-warnings"]')).toBeNull()
    done()
  })

  it('cuts long lists and says how many more', () => {
    const warnings = Array.from({ length: 25 }, (_, i) => ({ file: 'big.ris', record: i + 1, error: 'abstract truncated' }))
    const { target, done } = render({ ...base, imported: 25, records: 25, warnings })
    const items = target.querySelectorAll('[data-testid="import-warnings"] li')
    expect(items).toHaveLength(21)
    expect(items[20].textContent).toBe('… and 5 more')
    done()
  })
})

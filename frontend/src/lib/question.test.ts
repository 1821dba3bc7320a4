import { describe, expect, it } from 'vitest'
import { chipLabel, kindNote } from './question'

describe('question chips', () => {
  it.each([
    [{ text: 'metformin', class: '' }, 'metformin'],
    [{ text: 'statins', class: 'HMG-CoA reductase inhibitors' }, 'statins (HMG-CoA reductase inhibitors)'],
    [{ text: 'neurological conditions', class: 'nervous system diseases' }, 'neurological conditions (nervous system diseases)'],
    [{ text: 'autoimmune diseases', class: 'autoimmune diseases' }, 'autoimmune diseases'],
    // The label is the text as a reader writes it; the text stays the key.
    [{ text: 'alcohol-use-disorder', label: 'alcohol use disorder', class: '' }, 'alcohol use disorder'],
    // A slip read as the name it was meant to be says so.
    [{ text: 'levetiracetem', class: '', respelled: 'levetiracetam' }, 'levetiracetem (read as levetiracetam)'],
    // Prevention or treatment of a condition is said on its chip.
    [{ text: 'colorectal cancer', class: '', stage: 'its onset' }, 'colorectal cancer (its onset)'],
    [{ text: 'colon cancer', class: '', stage: 'already present' }, 'colon cancer (already present)'],
  ])('labels %o', (c, want) => expect(chipLabel(c)).toBe(want))

  it('says what each kind of question asks for', () => {
    const concepts = [
      { text: 'metformin', role: 'intervention', generic: false },
      { text: 'cancer', role: 'condition', generic: false },
    ]
    expect(kindNote({ kind: 'intervention', concepts } as never)).toBe('— evidence must study metformin')
    expect(kindNote({ kind: 'intervention', concepts: [{ text: 'vitamin-d', label: 'vitamin d', role: 'intervention' }] } as never)).toBe(
      '— evidence must study vitamin d',
    )
    const setting = [
      { text: 'tranexamic acid', label: 'tranexamic acid', role: 'intervention' },
      { text: 'total hip arthroplasty', label: 'total hip arthroplasty', role: 'population', setting: true },
    ]
    expect(kindNote({ kind: 'intervention', concepts: setting } as never)).toBe('— evidence must study tranexamic acid in total hip arthroplasty')
    expect(kindNote({ kind: 'intervention', exposure: true, concepts: [{ text: 'proton pump inhibitors', role: 'intervention' }] } as never)).toBe(
      '— evidence must study proton pump inhibitors; asks about a link (harm or risk), not a treatment',
    )
    expect(kindNote({ kind: 'intervention', diagnostic: true, concepts: [{ text: 'dermoscopy', role: 'intervention' }] } as never)).toBe(
      '— evidence must study dermoscopy; asks how well the test finds it, not a treatment',
    )
    expect(kindNote({ kind: 'intervention', diagnostic: true, predicts: true, concepts: [{ text: 'qsofa score', label: 'qSOFA score', role: 'intervention' }] } as never)).toBe(
      '— evidence must study qSOFA score; asks how well the test predicts it, not a treatment',
    )
    expect(kindNote({ kind: 'open', concepts: [] } as never)).toBe('— asks which interventions could serve')
    expect(kindNote({ kind: 'other', concepts: [] } as never)).toBe('— names no intervention')
  })
})

import { describe, expect, it } from 'vitest'
import { appraisalQuotes, highlightAll, qualityBadge, reviewBadge, sectionHeading, stanceBadge, studyBadge } from './evidence'

describe('qualityBadge', () => {
  it('says not assessed instead of inventing a score', () => {
    const b = qualityBadge({ dimensions: [{ name: 'methodological_quality', score: 0, status: 'not_assessed', error: 'model timed out' }] })
    expect(b.label).toBe('not assessed: appraisal failed: model timed out')
    expect(b.title).toBe('model timed out')
  })
  it.each([
    ['the rubric scores primary studies; design "review" has no randomisation, blinding or attrition to score', 'not assessed: not a trial'],
    ['not enough text to assess (fewer than 40 words of abstract or full text)', 'not assessed: too little text'],
    ['LLM assessment failed: openai (gpt-4o): rate limited', 'not assessed: appraisal failed: openai (gpt-4o): rate limited'],
    ['nothing to score was found in the text: the model quoted no reported method', 'not assessed: nothing reported to score'],
  ])('names the reason: %s', (error, label) => {
    const b = qualityBadge({ dimensions: [{ name: 'methodological_quality', score: 0, status: 'not_assessed', error }], assessor: { kind: 'llm' } })
    expect(b.label).toBe(label)
    expect(b.label).not.toContain('0.0')
  })
  it('labels rule-based scores', () => {
    const b = qualityBadge({ dimensions: [{ name: 'methodological_quality', score: 7.5, status: 'assessed' }], assessor: { kind: 'offline' } })
    expect(b).toEqual({ label: 'quality 7.5/10 (rule-based)', tone: 'ok', title: 'Methodological quality (rule-based)' })
  })
  it('writes the score as the report does (a tie rounds to even, as Go does)', () => {
    expect(qualityBadge({ dimensions: [{ name: 'methodological_quality', score: 6.25, status: 'assessed' }] }).label).toBe('quality 6.2/10')
  })
})

describe('reviewBadge', () => {
  it.each([
    [{ decision: 'exclude', reason: 'wrong population' }, false, 'excluded by you (judge: on topic): wrong population', 'bad'],
    [{ decision: 'exclude' }, false, 'excluded by you (judge: on topic): no reason recorded', 'bad'],
    [{ decision: 'include' }, true, 'included by you (judge: set aside)', 'ok'],
    [{ decision: 'include' }, false, 'included by you (judge: on topic)', 'ok'],
  ])('%o (off topic: %s)', (review, offTopic, label, tone) => {
    expect(reviewBadge(review, offTopic)).toMatchObject({ label, tone })
  })
  it('says nothing of a paper the reviewer left alone', () => {
    expect(reviewBadge(undefined)).toBeNull()
    expect(reviewBadge({ decision: 'override' })).toBeNull()
  })
})

describe('highlightAll', () => {
  const marked = (segs: { text: string; quote: number }[]) => segs.filter((g) => g.quote >= 0).map((g) => [g.quote, g.text])
  it('marks every quote where it stands, across different whitespace and case', () => {
    const text = 'Patients were   randomised using\na computer. Allocation was concealed. Then more; randomised using a computer.'
    const segs = highlightAll(text, ['RANDOMISED using a computer.', 'allocation was concealed', 'never said this'])
    expect(segs.map((g) => g.text).join('')).toBe(text)
    expect(marked(segs)).toEqual([
      [0, 'randomised using\na computer.'],
      [1, 'Allocation was concealed'],
      [0, 'randomised using a computer.'],
    ])
  })
  it('keeps the first of overlapping quotes and marks nothing in an empty text', () => {
    expect(marked(highlightAll('sealed opaque envelopes were used', ['sealed opaque', 'opaque envelopes were used']))).toEqual([[0, 'sealed opaque']])
    expect(highlightAll('', ['x'])).toEqual([])
  })
})

describe('appraisal quotes and sections', () => {
  it('lists each quote once, findings first', () => {
    expect(appraisalQuotes({ findings: { itt: { quote: 'Analysis was by ITT.' }, blinding: { quote: 'Double blind.' } },
      dimensions: [{ details: [{ evidence: 'Double blind.' }, { evidence: '' }, { evidence: 'Sealed envelopes.' }] }] }))
      .toEqual(['Double blind.', 'Analysis was by ITT.', 'Sealed envelopes.'])
  })
  it('heads a subsection with its section', () => {
    expect(sectionHeading({ title: 'Randomisation', parent: 'Methods' })).toBe('Methods › Randomisation')
    expect(sectionHeading({ title: '', kind: 'introduction' })).toBe('Introduction')
  })
})

describe('off-topic evidence', () => {
  it('splits scored off-topic evidence from the rest, keeping order; unscored counts as on-topic', async () => {
    const { splitOffTopic, topicOf } = await import('./evidence')
    const items = [
      { key: 'a', evidence: { topic: { score: 0.9, off_topic: false } } },
      { key: 'b', evidence: { topic: { score: 0.01, off_topic: true, reason: 'no condition concept (melanoma) in title or abstract' } } },
      { key: 'c', evidence: {} },
      { key: 'd', evidence: { topic: { score: 0, off_topic: true, reason: 'x' } } },
    ]
    const { on, off } = splitOffTopic(items)
    expect(on.map((i) => i.key)).toEqual(['a', 'c'])
    expect(off.map((i) => i.key)).toEqual(['b', 'd'])
    expect(topicOf(items[1].evidence)?.reason).toContain('melanoma')
    expect(topicOf(null)).toBeNull()
  })

  it.each([
    ['an item that does not say: the judge decides', { evidence: { topic: { score: 0.9, off_topic: false } } }, 'on', ''],
    ['a set-aside paper the reviewer included', { relied_on: true, review: { decision: 'include' }, evidence: { topic: { score: 0.1, off_topic: true, reason: 'another drug' } } }, 'on', ''],
    ['an on-topic paper the reviewer excluded', { relied_on: false, review: { decision: 'exclude', reason: 'wrong design' }, evidence: { topic: { score: 0.9, off_topic: false } } }, 'off', 'excluded by you: wrong design'],
    ['a set-aside paper left alone', { relied_on: false, evidence: { topic: { score: 0.1, off_topic: true, reason: 'another drug' } } }, 'off', 'another drug'],
  ])('%s', async (_, item, side, why) => {
    const { splitOffTopic, setAsideReason } = await import('./evidence')
    const { on, off } = splitOffTopic([item])
    expect((side === 'on' ? on : off)).toEqual([item])
    if (why) expect(setAsideReason(item)).toBe(why)
  })
})

describe('stanceBadge', () => {
  it.each([
    [{ stance: 'supports', quote: 'Metformin reduced mortality.', quote_verified: true }, 'supports', 'ok', '“Metformin reduced mortality.”'],
    [{ stance: 'refutes', quote: 'No difference was seen.', quote_verified: false }, 'no effect or harm', 'bad', '“No difference was seen.” (not found verbatim in the paper)'],
    [{ stance: 'unclear' }, 'unclear', '', 'No sentence to rest on'],
    [{ stance: 'unclear', reason: 'studies no treatment, so it points neither way on which treatments work' }, 'unclear', '',
      'Unclear: studies no treatment, so it points neither way on which treatments work'],
    [{ stance: 'supports', quote: 'X helped.', quote_verified: true, by_rule: true }, 'supports', 'ok',
      "“X helped.” — stance by DeepCritical's rules: the judge gave none"],
  ])('%o', (s, label, tone, title) => {
    expect(stanceBadge(s)).toEqual({ label, tone, title })
  })
  it('is absent without a stance', () => expect(stanceBadge(undefined)).toBeNull())
  it('says the stance in the words the backend gives for the question', () =>
    expect(stanceBadge({ stance: 'refutes', quote: 'No excess of dementia.', quote_verified: true }, 'finds none')?.label).toBe('finds none'))
})

describe('studyBadge', () => {
  const study = { nct_id: 'NCT00791778', registry: 3, reports: [1, 4], flagged: 0 }
  it('names the other records of the trial', () => {
    expect(studyBadge(1, study)).toEqual({ label: 'one study with [3], [4]', tone: '', title: 'This record is a report of NCT00791778.' })
    expect(studyBadge(3, study)?.title).toBe('This record is the registry entry of NCT00791778.')
  })
  it('warns when a registered primary outcome is not reported', () => {
    const b = studyBadge(1, { ...study, flagged: 1 })
    expect(b?.tone).toBe('warn')
    expect(b?.label).toContain('⚑')
    expect(b?.title).toContain('1 registered primary outcome(s) not reported')
  })
  it('is absent for a card that is no study', () => {
    expect(studyBadge(2, undefined)).toBeNull()
  })
})

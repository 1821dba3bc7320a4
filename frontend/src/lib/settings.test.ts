import { describe, expect, it } from 'vitest'
import { buildSections, changedKeys, checkField, fieldFor, labelFor, windowSettingError } from './settings'

// The allowed-values texts are the backend's (config.Keys), copied from its key registry.
const keys = [
  { key: 'judge.provider', description: 'judge', allowed: 'one of offline, openai' },
  { key: 'providers.openai.model', description: 'model the openai judge runs', allowed: 'a model name without spaces' },
  { key: 'providers.openai.timeout_s', description: 'seconds', allowed: 'an integer between 1 and 600' },
  { key: 'run.max_iterations', description: 'rounds', allowed: 'an integer between 1 and 10' },
  { key: 'appraisal.quality_weights.itt', description: 'weight of itt', allowed: 'a number between 0 and 10' },
  { key: 'ui.theme', description: 'theme', allowed: 'one of system, light, dark' },
  { key: 'ui.last_view', description: 'view', allowed: 'a view name' },
  { key: 'secrets.openai_api_key', description: 'key', allowed: 'a key', secret: true },
]

describe('settings form', () => {
  it('labels keys in words, never raw keys', () => {
    expect(labelFor('providers.openai.timeout_s')).toBe('Time limit (seconds)')
    expect(labelFor('appraisal.quality_weights.itt')).toBe('Intention-to-treat analysis')
    expect(labelFor('something.new_key')).toBe('New key')
    expect(labelFor('OPENAI_API_KEY')).toBe('OPENAI_API_KEY')
  })
  it('uses a select for fixed choices and number inputs with the bounds', () => {
    expect(fieldFor(keys[5])).toMatchObject({ kind: 'select', options: ['system', 'light', 'dark'] })
    expect(fieldFor(keys[3])).toMatchObject({ kind: 'number', min: 1, max: 10, step: 1 })
    expect(fieldFor(keys[4])).toMatchObject({ kind: 'number', min: 0, max: 10, step: 0.1 })
    expect(fieldFor(keys[1]).kind).toBe('model')
    const src = fieldFor({ key: 'sources.enabled', description: 's', allowed: 'a comma-separated list of one or more of pubmed, europepmc, library' })
    expect(src).toMatchObject({ kind: 'multi', options: ['pubmed', 'europepmc', 'library'] })
    expect(checkField(src, '')).toContain('choose at least one')
    expect(checkField(src, 'pubmed,library')).toBe('')
  })
  it('groups into titled sections and leaves out secrets and window-managed keys', () => {
    const s = buildSections(keys)
    expect(s.map((x) => x.title)).toEqual(['OpenAI judge', 'Research runs', 'Weights of methodological quality', 'Window'])
    const all = s.flatMap((x) => x.fields.map((f) => f.key))
    expect(all).not.toContain('secrets.openai_api_key')
    expect(all).not.toContain('ui.last_view')
    expect(all).not.toContain('judge.provider')
  })
  it('checks drafts as the backend does, in words', () => {
    const f = fieldFor(keys[3])
    expect(checkField(f, '5')).toBe('')
    expect(checkField(f, '42')).toContain('between 1 and 10')
    expect(checkField(f, '2.5')).toContain('not a whole number')
    expect(checkField(f, '')).toContain('enter a number')
    expect(checkField(fieldFor(keys[5]), 'pink')).toContain('choose one of system, light, dark')
  })
  it('lists changed keys and names the field in backend errors', () => {
    const s = buildSections(keys)
    expect(changedKeys(s, { 'run.max_iterations': '5', 'ui.theme': 'system' }, { 'run.max_iterations': '6', 'ui.theme': 'system' })).toEqual(['run.max_iterations'])
    expect(windowSettingError('run.max_iterations must be an integer between 1 and 10, got "42"', s)).toBe(
      'Search and judge rounds (at most) must be an integer between 1 and 10, got "42"',
    )
  })
})

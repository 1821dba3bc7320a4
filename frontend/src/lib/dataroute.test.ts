import { describe, expect, it } from 'vitest'
import { rejudgeNote, researchNote, type JudgeRoute } from './dataroute'

const offline: JudgeRoute = { name: 'offline', label: 'Offline heuristic judge', model: '', local: true, data_note: 'local only: nothing leaves this machine' }
const openai: JudgeRoute = { name: 'openai', label: 'OpenAI', model: 'gpt-4o-mini', local: false, data_note: 'sends the question and evidence to api.openai.com' }
const ollama: JudgeRoute = { name: 'ollama', label: 'Ollama (local models)', model: 'llama3.1', local: true, data_note: 'local only: the server runs on this machine' }

describe('researchNote says truthfully where a run sends what', () => {
  it.each([
    [offline, '', ['pubmed', 'europepmc', 'clinicaltrials'],
      "Runs the offline heuristic judge (no language model) on this machine; the question's search terms go to PubMed, Europe PMC and ClinicalTrials.gov.", false],
    [offline, '', ['library'], 'Runs the offline heuristic judge (no language model) on this machine and searches My library only: nothing leaves this machine.', true],
    [offline, '', ['library', 'web'], "Runs the offline heuristic judge (no language model) on this machine; the question's search terms go to Web (DuckDuckGo).", false],
    [ollama, '', ['library'], 'Runs Ollama (local models), model llama3.1 on this machine and searches My library only: nothing leaves this machine.', true],
    [openai, 'gpt-4o', ['pubmed'], "Runs OpenAI, model gpt-4o, which sends the question and evidence to api.openai.com; the question's search terms go to PubMed.", false],
    [openai, '', ['library'], 'Runs OpenAI, model gpt-4o-mini, which sends the question and evidence to api.openai.com; My library is searched on this machine.', false],
    [offline, '', [], 'Runs the offline heuristic judge (no language model) on this machine; no source is ticked.', false],
  ])('%o %s %o', (judge, model, sources, text, local) => {
    const got = researchNote(judge, model, sources)
    expect(got.text).toBe(text)
    expect(got.local).toBe(local)
  })
  it('never says nothing leaves while a network source is ticked', () => {
    for (const s of ['pubmed', 'europepmc', 'clinicaltrials', 'web']) {
      expect(researchNote(offline, '', ['library', s]).text).not.toContain('nothing leaves')
    }
  })
})

describe('rejudgeNote', () => {
  it('says a cloud judge is sent the stored question and evidence, with the model', () => {
    const got = rejudgeNote(openai, 'gpt-4o')
    expect(got.text).toBe("Re-judging with OpenAI, model gpt-4o sends the run's stored question and evidence off this machine — the judge sends the question and evidence to api.openai.com. Nothing is searched again.")
    expect(got.local).toBe(false)
    expect(rejudgeNote(openai, '').text).toContain('model gpt-4o-mini')
  })
  it('says a judge on this machine keeps everything here', () => {
    expect(rejudgeNote(offline, '')).toEqual({ text: 'Re-judges the stored evidence with the offline heuristic judge (no language model) on this machine: nothing leaves it, and nothing is searched again.', local: true })
    expect(rejudgeNote(ollama, 'qwen2.5').text).toContain('Ollama (local models), model qwen2.5 on this machine')
  })
})

// Builds the Settings form from the backend's key list (config.Keys): every key gets a label
// in words, a section, and the input its allowed values call for — a select for a fixed
// choice, a number input with the bounds the backend enforces, a text box otherwise.

export interface KeyInfoLike {
  key: string
  description: string
  allowed: string
  env_var?: string
  secret?: boolean
}

export interface Field {
  key: string
  label: string
  help: string
  kind: 'select' | 'number' | 'text' | 'multi' | 'model'
  options: string[]
  min?: number
  max?: number
  step?: number
  env?: string
}

export interface Section {
  id: string
  title: string
  fields: Field[]
}

const WORDS: Record<string, string> = {
  'judge.provider': 'Default judge',
  'judge.model': 'Default model',
  command: 'Command',
  base_url: 'Server address',
  model: 'Model',
  fallback_models: 'Fallback models',
  timeout_s: 'Time limit (seconds)',
  'sources.enabled': 'Sources searched by default',
  'sources.pubmed_url': 'PubMed address',
  'sources.europepmc_url': 'Europe PMC address',
  'sources.ctgov_url': 'ClinicalTrials.gov address',
  'sources.web_url': 'Web search address',
  'sources.ncbi_email': 'Contact e-mail for NCBI',
  'zotero.url': 'Zotero address',
  'run.max_iterations': 'Search and judge rounds (at most)',
  'run.max_results_per_source': 'Results per source and query',
  'run.search_timeout_s': 'Search time limit (seconds)',
  'run.queries_per_iteration': 'Queries per round',
  randomization: 'Randomisation',
  blinding: 'Blinding',
  allocation_concealment: 'Allocation concealment',
  preregistration: 'Pre-registration',
  itt: 'Intention-to-treat analysis',
  attrition: 'Attrition',
  selection: 'Selection bias',
  performance: 'Performance bias',
  detection: 'Detection bias',
  reporting: 'Reporting bias',
  'appraisal.concurrency_cloud': 'Papers appraised at once (cloud judge)',
  'appraisal.concurrency_local': 'Papers appraised at once (local judge)',
  'appraisal.token_budget': 'Paper text given to the judge (tokens)',
  'ui.theme': 'Colour theme',
  'ui.window_width': 'Window width (pixels)',
  'ui.window_height': 'Window height (pixels)',
}

const PROVIDERS: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  huggingface: 'Hugging Face router',
  ollama: 'Ollama (local)',
  compatible: 'OpenAI-compatible server',
  cli: 'Claude Code CLI',
}

/** Keys the form does not show: set elsewhere in the window or by the window itself. */
const HIDDEN = new Set(['ui.last_view', 'judge.provider', 'judge.model'])

/** labelFor names a key in words ("run.max_iterations" → "Search and judge rounds (at most)"). */
export function labelFor(key: string): string {
  if (WORDS[key]) return WORDS[key]
  // A stored key is named by its environment variable ("OPENAI_API_KEY"), as the
  // provider's documentation names it, not re-cased into "Openai api key".
  if (/^[A-Z][A-Z0-9_]*$/.test(key)) return key
  const last = key.split('.').slice(-1)[0]
  if (WORDS[last]) return WORDS[last]
  const t = last.replaceAll('_', ' ')
  return t.charAt(0).toUpperCase() + t.slice(1)
}

function sectionOf(key: string): { id: string; title: string } {
  const parts = key.split('.')
  if (parts[0] === 'providers') return { id: 'providers.' + parts[1], title: (PROVIDERS[parts[1]] ?? parts[1]) + ' judge' }
  if (key.startsWith('appraisal.quality_weights.')) return { id: 'quality', title: 'Weights of methodological quality' }
  if (key.startsWith('appraisal.risk_of_bias_weights.')) return { id: 'bias', title: 'Weights of risk of bias' }
  switch (parts[0]) {
    case 'sources':
      return { id: 'sources', title: 'Sources' }
    case 'run':
      return { id: 'run', title: 'Research runs' }
    case 'appraisal':
      return { id: 'appraisal', title: 'Paper appraisal' }
    case 'ui':
      return { id: 'ui', title: 'Window' }
  }
  return { id: parts[0], title: labelFor(parts[0]) }
}

/** fieldFor reads the kind of input from the allowed-values text the backend validates with. */
export function fieldFor(k: KeyInfoLike): Field {
  const f: Field = { key: k.key, label: labelFor(k.key), help: k.description, kind: 'text', options: [], env: k.env_var || undefined }
  const range = /^an? (integer|number) between (-?[\d.]+) and (-?[\d.]+)/.exec(k.allowed)
  if (range) {
    f.kind = 'number'
    f.min = Number(range[2])
    f.max = Number(range[3])
    f.step = range[1] === 'integer' ? 1 : 0.1
    return f
  }
  const choice = /^one of (.+)$/.exec(k.allowed)
  if (choice) {
    f.kind = 'select'
    f.options = choice[1].split(/,\s*/).map((s) => s.trim()).filter(Boolean)
  }
  const several = /^a comma-separated list of one or more of (.+)$/.exec(k.allowed)
  if (several) {
    f.kind = 'multi'
    f.options = several[1].split(/,\s*/).map((s) => s.trim()).filter(Boolean)
  }
  if (/^providers\.[a-z]+\.model$/.test(k.key)) f.kind = 'model'
  return f
}

/** buildSections groups the non-secret keys into titled sections, in the backend's order. */
export function buildSections(keys: KeyInfoLike[]): Section[] {
  const out: Section[] = []
  const byId = new Map<string, Section>()
  for (const k of keys) {
    if (k.secret || HIDDEN.has(k.key)) continue
    const s = sectionOf(k.key)
    let sec = byId.get(s.id)
    if (!sec) {
      sec = { id: s.id, title: s.title, fields: [] }
      byId.set(s.id, sec)
      out.push(sec)
    }
    sec.fields.push(fieldFor(k))
  }
  return out
}

/** checkField validates a draft value as the backend would, worded for the window. */
export function checkField(f: Field, value: string): string {
  const v = value.trim()
  if (f.kind === 'number') {
    if (v === '') return `${f.label}: enter a number between ${f.min} and ${f.max}.`
    const n = Number(v)
    if (!Number.isFinite(n) || (f.step === 1 && !Number.isInteger(n))) return `${f.label}: “${v}” is not a ${f.step === 1 ? 'whole ' : ''}number.`
    if (n < (f.min ?? -Infinity) || n > (f.max ?? Infinity)) return `${f.label}: must be between ${f.min} and ${f.max} (you entered ${v}).`
  }
  if (f.kind === 'select' && !f.options.includes(v)) return `${f.label}: choose one of ${f.options.join(', ')}.`
  if (f.kind === 'multi' && v.split(',').filter((x) => x.trim()).length === 0) return `${f.label}: choose at least one.`
  return ''
}

/** changedKeys lists the keys whose draft differs from the saved value, in form order. */
export function changedKeys(sections: Section[], saved: Record<string, string>, draft: Record<string, string>): string[] {
  const out: string[] = []
  for (const s of sections) for (const f of s.fields) if ((draft[f.key] ?? '') !== (saved[f.key] ?? '')) out.push(f.key)
  return out
}

/** windowSettingError rewrites a backend settings error ("run.max_iterations must be …") with the field's label. */
export function windowSettingError(msg: string, sections: Section[]): string {
  for (const s of sections) {
    for (const f of s.fields) {
      if (msg.startsWith(f.key + ' ')) return f.label + ' ' + msg.slice(f.key.length + 1)
    }
  }
  return msg
}

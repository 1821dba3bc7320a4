// Where the data of a research run or of a re-judgement goes, as the Research form and
// History's Re-judge bar say it beside the judge choice: one helper, so both say it alike
// and neither claims "nothing leaves this machine" while something does.

/** JudgeRoute is the part of a judge (Go's services.ProviderStatus) that says where it runs. */
export interface JudgeRoute {
  name: string
  label: string
  model: string
  local: boolean
  /** data_note is the backend's words for where a cloud judge sends what it is given. */
  data_note: string
}

/** sourceLabels names the sources as the Research form lists them. */
export const sourceLabels: Record<string, string> = {
  pubmed: 'PubMed',
  europepmc: 'Europe PMC',
  clinicaltrials: 'ClinicalTrials.gov',
  library: 'My library',
  web: 'Web (DuckDuckGo)',
}

/** DataRoute is a note and whether it says that nothing leaves the machine (shown green). */
export interface DataRoute {
  text: string
  local: boolean
}

/** listed joins names in words: "A", "A and B", "A, B and C". */
function listed(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** judgeName names the judge with the model it runs (typed, else the configured one). */
function judgeName(j: JudgeRoute, model: string): string {
  if (j.name === 'offline') return 'the offline heuristic judge (no language model)'
  return `${j.label}, model ${model.trim() || j.model || '(none set — type one)'}`
}

/** onMachine: the judge runs here (the offline rubric, or a server on this machine). */
const onMachine = (j: JudgeRoute) => j.name === 'offline' || j.local

/**
 * researchNote says where a run's data goes: the judge (on this machine, or where a cloud
 * judge sends the question and evidence) and the searches, whose terms go to every ticked
 * source but the user's library. Only a judge on this machine with My library alone keeps
 * everything here.
 */
export function researchNote(j: JudgeRoute, model: string, sources: string[]): DataRoute {
  const sent = sources.filter((s) => s !== 'library').map((s) => sourceLabels[s] ?? s)
  const judge = onMachine(j) ? `Runs ${judgeName(j, model)} on this machine` : `Runs ${judgeName(j, model)}, which ${j.data_note}`
  if (sent.length) return { text: `${judge}; the question's search terms go to ${listed(sent)}.`, local: false }
  if (sources.length === 0) return { text: `${judge}; no source is ticked.`, local: false }
  if (onMachine(j)) return { text: `${judge} and searches My library only: nothing leaves this machine.`, local: true }
  return { text: `${judge}; My library is searched on this machine.`, local: false }
}

/**
 * rejudgeNote says where a re-judgement's data goes: nothing is searched again, and a cloud
 * judge is sent the run's stored question and evidence.
 */
export function rejudgeNote(j: JudgeRoute, model: string): DataRoute {
  if (onMachine(j)) {
    return { text: `Re-judges the stored evidence with ${judgeName(j, model)} on this machine: nothing leaves it, and nothing is searched again.`, local: true }
  }
  return {
    text: `Re-judging with ${judgeName(j, model)} sends the run's stored question and evidence off this machine — the judge ${j.data_note}. Nothing is searched again.`,
    local: false,
  }
}

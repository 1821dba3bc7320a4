import { writable } from 'svelte/store'

/** ResearchPrefs is the research form's last choice, kept for the session so "New research"
 * and coming back to the form from another view start from it. The form writes it as the
 * user chooses, not only on Start: a choice made and not yet run is the user's too. */
export interface ResearchPrefs {
  judge: string
  model: string
  sources: Record<string, boolean>
  maxIterations: number
}

export const researchPrefs = writable<ResearchPrefs | null>(null)

/** ResearchDraft is the question being written on the research form and the user's
 * corrections of its chips (concept text → role, "" dropped; condition → stage). The form is
 * unmounted when another view is shown, so without a store the draft is lost on a visit to
 * History; it is kept for the session and emptied by "New research". */
export interface ResearchDraft {
  question: string
  roles: Record<string, string>
  stages: Record<string, string>
}

/** emptyDraft is a form with nothing typed or corrected. */
export function emptyDraft(): ResearchDraft {
  return { question: '', roles: {}, stages: {} }
}

export const researchDraft = writable<ResearchDraft>(emptyDraft())

/** RejudgePrefs is History's "Re-judge with" choice (judge and model), kept for the session
 * like the research form's judge, so leaving History and coming back keeps it. */
export interface RejudgePrefs {
  judge: string
  model: string
}

export const rejudgePrefs = writable<RejudgePrefs>({ judge: 'offline', model: '' })

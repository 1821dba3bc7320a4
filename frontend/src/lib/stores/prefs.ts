import { writable } from 'svelte/store'

/** ResearchPrefs is the research form's last choice, kept for the session so "New research" starts from it. */
export interface ResearchPrefs {
  judge: string
  model: string
  sources: Record<string, boolean>
  maxIterations: number
}

export const researchPrefs = writable<ResearchPrefs | null>(null)

// Words for the question chips (QuestionChips.svelte), kept apart so they are tested.
import type { ConceptView, QuestionView } from './api'

/** The roles a chip can be given, as the backend names them. */
export const chipRoles = ['condition', 'intervention', 'comparator', 'outcome', 'population', 'other'] as const

/** The stages a condition's chip can be given, as the backend names them, with the words
 *  the chip shows: whether the question asks about preventing the condition (its onset)
 *  or about people who already have it. */
export const chipStages = [
  ['either', 'either stage'],
  ['onset', 'its onset'],
  ['established', 'already present'],
] as const

/** A chip's text: the concept, with the drug class or disease category it names unless
 *  that is the concept's own wording ("autoimmune diseases"). */
export function chipLabel(c: Pick<ConceptView, 'text' | 'class'> & { label?: string; respelled?: string; stage?: string }): string {
  const shown = c.label || c.text
  const label = c.class && c.class.toLowerCase() !== shown.toLowerCase() ? `${shown} (${c.class})` : shown
  // A mistyped name read as the drug or disease it was meant to be: the correction is shown.
  const read = c.respelled ? `${label} (read as ${c.respelled})` : label
  // Prevention or treatment: "colorectal cancer (its onset)", "colon cancer (already present)".
  return c.stage ? `${read} (${c.stage})` : read
}

/** What the question asks for, in one short phrase after the chips. */
export function kindNote(v: Pick<QuestionView, 'kind' | 'concepts'> & { exposure?: boolean; diagnostic?: boolean; predicts?: boolean }): string {
  const iv = v.concepts.filter((c) => c.role === 'intervention' && !c.generic).map((c) => c.label || c.text)
  const setting = v.concepts.filter((c) => c.setting).map((c) => c.label || c.text)
  switch (v.kind) {
    case 'intervention':
      return `— evidence must study ${iv.join(' and ')}${setting.length ? ` in ${setting.join(' and ')}` : ''}${v.exposure ? '; asks about a link (harm or risk), not a treatment' : ''}${v.diagnostic ? (v.predicts ? '; asks how well the test predicts it, not a treatment' : '; asks how well the test finds it, not a treatment') : ''}`
    case 'open':
      return '— asks which interventions could serve'
    default:
      return '— names no intervention'
  }
}

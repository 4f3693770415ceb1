/**
 * A link to a scenario of the lab: `/lab?scenario=<id>`, and nothing else, ever (no result, no
 * code, state or token: what a result holds stays in the page that ran it). Opening it selects the
 * scenario and brings it into view; it runs nothing (lab-page.tsx). Pure: lab-link.test.ts.
 */
import { isLabScenarioId, type LabScenarioId } from '../../protocol/lab-api'

export const LAB_PATH = '/lab'
const PARAM = 'scenario'

/** The link's path and query, to follow inside the app. */
export function scenarioLink(id: LabScenarioId): string {
  return `${LAB_PATH}?${new URLSearchParams([[PARAM, id]]).toString()}`
}

/** The whole address, to copy. */
export function scenarioUrl(origin: string, id: LabScenarioId): string {
  return new URL(scenarioLink(id), origin).href
}

/** The scenario a link names, or null (none, or not a scenario of the lab). */
export function linkedScenario(search: string): LabScenarioId | null {
  const id = new URLSearchParams(search).get(PARAM)
  return id !== null && isLabScenarioId(id) ? id : null
}

/** The element id of a scenario's card and of its heading (focused when a link opens it). */
export const scenarioElementId = (id: LabScenarioId) => `scenario-${id}`
export const scenarioHeadingId = (id: LabScenarioId) => `scenario-${id}-title`

/**
 * Every scenario of the flow lab (src/protocol/lab-api.ts, LAB_SCENARIO_IDS) and what it needs to
 * run: each one a runner in the file of its kind.
 */
import type { LabScenarioId } from '../../protocol/lab-api'
import type { ScenarioRunner } from './lab-engine'
import { noUserAgent, rateLimited, scopeMissing, tokenRevoked } from './scenarios-api'
import {
  clientSecretWrong,
  codeExpired,
  codeReused,
  pkceVerifierWrong,
  redirectUriToken,
} from './scenarios-code'
import {
  clientCodeBadSignature,
  clientCodeDenied,
  clientCodeExpired,
  clientCodePending,
  clientCodeTooFast,
} from './scenarios-client-code'
import {
  errorIn200,
  tokenEndpoint5xx,
  tokenEndpointDropped,
  tokenEndpointTimeout,
} from './scenarios-faults'
import {
  consentDenied,
  redirectUriAuthorize,
  stateMissing,
  stateTampered,
} from './scenarios-return'

export interface Scenario {
  run: ScenarioRunner
  /** Runs the client-code flow: only with an app of that flow (docs/service.md#client-code-flow). */
  needsClientCode?: true
}

export const SCENARIOS: Record<LabScenarioId, Scenario> = {
  'consent-denied': { run: consentDenied },
  'state-tampered': { run: stateTampered },
  'state-missing': { run: stateMissing },
  'code-reused': { run: codeReused },
  'code-expired': { run: codeExpired },
  'redirect-uri-authorize': { run: redirectUriAuthorize },
  'redirect-uri-token': { run: redirectUriToken },
  'pkce-verifier-wrong': { run: pkceVerifierWrong },
  'client-secret-wrong': { run: clientSecretWrong },
  'scope-missing': { run: scopeMissing },
  'rate-limited': { run: rateLimited },
  'token-revoked': { run: tokenRevoked },
  'token-endpoint-5xx': { run: tokenEndpoint5xx },
  'token-endpoint-timeout': { run: tokenEndpointTimeout },
  'token-endpoint-dropped': { run: tokenEndpointDropped },
  'error-in-200': { run: errorIn200 },
  'client-code-pending': { run: clientCodePending, needsClientCode: true },
  'client-code-denied': { run: clientCodeDenied, needsClientCode: true },
  'client-code-expired': { run: clientCodeExpired, needsClientCode: true },
  'client-code-bad-signature': { run: clientCodeBadSignature, needsClientCode: true },
  'client-code-too-fast': { run: clientCodeTooFast, needsClientCode: true },
  'no-user-agent': { run: noUserAgent },
}

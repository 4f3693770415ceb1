/** The e2e stack runs on ports of its own so that a developer's `npm run dev` can keep running. */
export const E2E_APP_ORIGIN = 'http://localhost:5273'
export const E2E_EMULATOR_PORT = 4110
export const E2E_EMULATOR_ORIGIN = `http://127.0.0.1:${E2E_EMULATOR_PORT}`
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef'

import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The client secret's variable is YUQUE_CLIENT_SECRET: it does not start with the envPrefix, so
// Vite never exposes it to the bundle (checklist H1). Never set envPrefix to ''.
export default defineConfig({
  plugins: [react()],
  envPrefix: 'VITE_',
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  server: { host: 'localhost', port: 5173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
})

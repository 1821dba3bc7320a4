import { defineConfig } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

// The Vite build empties dist/; the Makefile restores the tracked dist/.gitkeep afterwards so
// //go:embed all:frontend/dist keeps working in a fresh clone.
export default defineConfig({
  plugins: [svelte()],
  // Component tests mount Svelte in jsdom, which needs Svelte's browser build.
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
})

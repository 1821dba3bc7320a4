import { defineConfig, type Plugin } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

// inlineEntryCSS writes the first script's stylesheet into index.html instead of linking it:
// a linked stylesheet blocks the window's first paint until the web process has asked the Go
// asset server for it and parsed it, and the static app shell in index.html needs none of it.
// The lazily loaded views keep their own linked stylesheets, fetched with their code.
function inlineEntryCSS(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        return html.replace(/<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file]
          if (!asset || asset.type !== 'asset') return tag
          delete bundle[file]
          return `<style>${String(asset.source)}</style>`
        })
      },
    },
  }
}

// The Vite build empties dist/; the Makefile restores the tracked dist/.gitkeep afterwards so
// //go:embed all:frontend/dist keeps working in a fresh clone.
export default defineConfig({
  plugins: [svelte(), inlineEntryCSS()],
  // Component tests mount Svelte in jsdom, which needs Svelte's browser build.
  resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
})

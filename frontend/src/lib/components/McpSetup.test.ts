import { flushSync, mount, tick, unmount } from 'svelte'
import { describe, expect, it } from 'vitest'
import McpSetup from './McpSetup.svelte'

const config = '{\n  "mcpServers": {\n    "deepcritical": {\n      "command": "/opt/DeepCritical/deepcritical",\n      "args": [\n        "mcp"\n      ]\n    }\n  }\n}'

function render(copy: (text: string) => Promise<boolean>) {
  const target = document.createElement('div')
  const cmp = mount(McpSetup, { target, props: { setup: { command: '/opt/DeepCritical/deepcritical', args: ['mcp'], config } as any, copy } })
  flushSync()
  return { target, done: () => unmount(cmp) }
}

async function click(target: HTMLElement) {
  ;(target.querySelector('[data-testid="mcp-copy"]') as HTMLButtonElement).click()
  await tick()
  await tick()
  flushSync()
  return target.querySelector('[data-testid="mcp-copied"]')?.textContent
}

describe('McpSetup', () => {
  it('shows the entry with this program path and copies it whole', async () => {
    const copies: string[] = []
    const { target, done } = render(async (t) => (copies.push(t), true))
    expect(target.querySelector('[data-testid="mcp-config"]')!.textContent).toBe(config)
    expect(await click(target)).toBe('Copied.')
    expect(copies).toEqual([config])
    done()
  })

  it('says so when the clipboard refuses', async () => {
    const refused = render(async () => false)
    expect(await click(refused.target)).toContain('copy it by hand')
    refused.done()
    const failed = render(async () => { throw new Error('no clipboard') })
    expect(await click(failed.target)).toContain('Could not copy: no clipboard')
    failed.done()
  })
})

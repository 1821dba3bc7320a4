import { describe, expect, it } from 'vitest'
import { isSafeURL, renderMarkdown } from './markdown'

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown('# Title\n\n- **metformin** [1](https://pubmed.ncbi.nlm.nih.gov/1/)')
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<strong>metformin</strong>')
    expect(html).toContain('href="https://pubmed.ncbi.nlm.nih.gov/1/"')
  })

  it.each([
    ['<img src=x onerror="window.__xss=1">', 'onerror'],
    ['<script>window.__xss=2</script>', '<script'],
    ['[click](javascript:window.__xss=3)', 'javascript:'],
    ['<a href="javascript:alert(1)">x</a>', 'href="javascript'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', 'data:text'],
    ['<svg onload=alert(1)>', '<svg'],
  ])('neutralises %s (no live %s)', (payload, _what) => {
    const html = renderMarkdown(`Text ${payload} end`)
    const div = document.createElement('div')
    div.innerHTML = html
    expect(div.querySelector('script, img, svg, iframe')).toBeNull()
    for (const el of Array.from(div.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.startsWith('on')).toBe(false)
      }
    }
    for (const a of Array.from(div.querySelectorAll('a'))) {
      expect(isSafeURL(a.getAttribute('href')) || !a.hasAttribute('href')).toBe(true)
    }
  })

  it('shows raw HTML as text', () => {
    const div = document.createElement('div')
    div.innerHTML = renderMarkdown('A <b>claims</b> B')
    expect(div.textContent).toContain('<b>claims</b>')
  })
})

describe('isSafeURL', () => {
  it.each([
    ['https://example.org', true],
    ['http://x', true],
    ['mailto:a@b.c', true],
    ['javascript:alert(1)', false],
    [' JAVASCRIPT:alert(1)', false],
    ['', false],
    [null, false],
  ])('%s → %s', (url, ok) => expect(isSafeURL(url as string)).toBe(ok))
})

// Markdown from reports and models is rendered with marked and sanitised with DOMPurify.
// Raw HTML inside the Markdown is shown as text, never parsed, and only http(s) and mailto
// links survive; the view opens them in the system browser.
import DOMPurify from 'dompurify'
import { Marked } from 'marked'

const escapeHTML = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    // Raw HTML blocks and inline tags become visible text.
    html(token) {
      return escapeHTML(token.text)
    },
  },
})

const SAFE_URL = /^(https?:|mailto:)/i

let hooked = false
function hook() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? ''
      if (!SAFE_URL.test(href)) {
        node.removeAttribute('href')
        node.setAttribute('data-blocked-link', 'true')
      } else {
        node.setAttribute('data-external', 'true')
        node.setAttribute('rel', 'noopener noreferrer')
      }
    }
    if (node.tagName === 'IMG') {
      node.remove()
    }
  })
}

/** renderMarkdown turns untrusted Markdown into sanitised HTML. */
export function renderMarkdown(md: string): string {
  hook()
  const html = marked.parse(md ?? '', { async: false }) as string
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'img', 'svg', 'math'],
    FORBID_ATTR: ['style', 'onerror', 'onload', 'onclick'],
    ALLOW_DATA_ATTR: false,
  })
}

/** isSafeURL reports whether a link may be opened in the system browser. */
export function isSafeURL(url: string | null | undefined): boolean {
  return !!url && SAFE_URL.test(url.trim())
}

// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SafeMarkdown, safeUrl } from './safe-markdown'

afterEach(cleanup)

const XSS_CORPUS = [
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](data:text/html,<script>alert(1)</script>)',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '<javascript:alert(1)>',
  '<img src=x onerror=alert(1)>',
  '![x](javascript:alert(1))',
  '![x](https://example.com/x.png" onerror="alert(1))',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<script>alert(1)</script>',
  'before <script>alert(1)</script> after',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<details open ontoggle=alert(1)>',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '[x](&#106;avascript:alert(1))',
]

function dangerousIn(container: HTMLElement): string[] {
  const problems: string[] = []
  for (const el of container.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase()
    if (
      ['script', 'img', 'svg', 'iframe', 'object', 'embed', 'style', 'math', 'details', 'form', 'input'].includes(tag)
    )
      problems.push(`<${tag}>`)
    for (const attr of el.attributes) {
      if (attr.name.startsWith('on')) problems.push(`${tag}[${attr.name}]`)
      if (attr.name === 'style') problems.push(`${tag}[style]`)
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.name)) {
        if (!/^(https?:\/\/|mailto:)/i.test(attr.value)) problems.push(`${tag}[${attr.name}=${attr.value}]`)
      }
    }
  }
  return problems
}

describe('SafeMarkdown', () => {
  it.each(XSS_CORPUS)('renders %j inert', (source) => {
    const { container } = render(<SafeMarkdown source={source} />)
    expect(dangerousIn(container)).toEqual([])
  })

  it('renders the whole corpus in one message inert', () => {
    const { container } = render(<SafeMarkdown source={XSS_CORPUS.join('\n\n')} />)
    expect(dangerousIn(container)).toEqual([])
  })

  it('shows raw HTML as the text that was typed', () => {
    const { container } = render(<SafeMarkdown source={'Use <b>bold</b> please'} />)
    expect(container.querySelector('b')).toBeNull()
    expect(container.textContent).toContain('<b>bold</b>')
  })

  it('keeps http(s) and mailto links, opening in a new tab without opener or referrer', () => {
    const { container } = render(
      <SafeMarkdown source={'[site](https://example.com/a?b=1) [mail](mailto:jo@example.com) <http://example.org>'} />,
    )
    const links = [...container.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'mailto:jo@example.com',
      'http://example.org/',
    ])
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank')
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    }
  })

  it('drops the link of anything else but keeps its text', () => {
    const { container } = render(<SafeMarkdown source={'[relative](/app/home) [x](javascript:alert(1))'} />)
    expect(container.querySelector('a')).toBeNull()
    expect(container.textContent).toContain('relative')
  })

  it('never renders an image, only a link text to it', () => {
    const { container } = render(<SafeMarkdown source={'![plan](https://example.com/plan.png)'} />)
    expect(container.querySelector('img')).toBeNull()
    const a = container.querySelector('a')
    expect(a?.textContent).toBe('Image: plan')
    expect(a?.getAttribute('href')).toBe('https://example.com/plan.png')
  })

  it('renders Markdown emphasis, lists and code', () => {
    const { container } = render(<SafeMarkdown source={'**bold** _it_\n\n- one\n- two\n\n`code`'} />)
    expect(container.querySelector('strong')?.textContent).toBe('bold')
    expect(container.querySelector('em')?.textContent).toBe('it')
    expect(container.querySelectorAll('li')).toHaveLength(2)
    expect(container.querySelector('code')?.textContent).toBe('code')
  })

  it('highlights mentions of the given people only', () => {
    const { container } = render(
      <SafeMarkdown
        source={'Hi @Sarah Mitchell and @Nobody, see `@Sarah Mitchell`'}
        mentionNames={['Sarah Mitchell']}
      />,
    )
    const marks = [...container.querySelectorAll('mark.mention')]
    expect(marks.map((m) => m.textContent)).toEqual(['@Sarah Mitchell'])
  })
})

describe('safeUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['HTTP://EXAMPLE.COM/x', 'http://example.com/x'],
    ['mailto:a@b.co', 'mailto:a@b.co'],
    ['javascript:alert(1)', undefined],
    [' javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['//evil.example/x', undefined],
    ['/relative', undefined],
    ['https://', undefined],
  ])('%j -> %j', (input, expected) => {
    expect(safeUrl(input, 'href', { type: 'element', tagName: 'a', properties: {}, children: [] })).toBe(expected)
  })
})

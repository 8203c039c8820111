import type { ComponentProps } from 'react'
import Markdown, { type Components, type UrlTransform } from 'react-markdown'
import { cn } from '#web/lib/cn.ts'

/** Schemes a link in a message may use (links only http(s) and mailto). */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:'])

/**
 * The href or src to keep, or undefined to drop it: only absolute http(s) and mailto URLs survive.
 * Relative, protocol-relative, `javascript:`, `data:`, `vbscript:` and anything unparsable lose their
 * link. Control characters and spaces are stripped before parsing, as browsers do, so `java\tscript:`
 * cannot slip through.
 */
export const safeUrl: UrlTransform = (url) => {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (!/^(https?:\/\/|mailto:)/i.test(cleaned)) return undefined
  try {
    const parsed = new URL(cleaned)
    return SAFE_SCHEMES.has(parsed.protocol) ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** Elements a message may produce; everything else (raw HTML never parses into elements) is dropped. */
const ALLOWED_ELEMENTS = [
  'p',
  'br',
  'a',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img', // rendered as a link text by the `img` component below, never as an image
  'mark',
]

interface HastNode {
  type: string
  tagName?: string
  value?: string
  properties?: Record<string, unknown>
  children?: HastNode[]
}

/** Raw HTML in a message is shown as the text the person typed, never parsed (no rehype-raw). */
function remarkHtmlAsText() {
  const walk = (node: HastNode) => {
    if (node.type === 'html') node.type = 'text'
    node.children?.forEach(walk)
  }
  return walk
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Wraps '@Full Name' of each mentioned person in <mark class="mention"> (outside code). */
function rehypeMentions(names: readonly string[]) {
  return () => (tree: HastNode) => {
    const sorted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length)
    if (sorted.length === 0) return
    const pattern = new RegExp(`@(?:${sorted.map(escapeRegExp).join('|')})`, 'g')
    const walk = (node: HastNode) => {
      if (!node.children || node.tagName === 'code' || node.tagName === 'pre') return
      node.children = node.children.flatMap((child): HastNode[] => {
        if (child.type !== 'text' || !child.value) {
          walk(child)
          return [child]
        }
        const out: HastNode[] = []
        let last = 0
        for (const match of child.value.matchAll(pattern)) {
          const at = match.index ?? 0
          if (at > last) out.push({ type: 'text', value: child.value.slice(last, at) })
          out.push({
            type: 'element',
            tagName: 'mark',
            properties: { className: ['mention'] },
            children: [{ type: 'text', value: match[0] }],
          })
          last = at + match[0].length
        }
        if (out.length === 0) return [child]
        if (last < child.value.length) out.push({ type: 'text', value: child.value.slice(last) })
        return out
      })
    }
    walk(tree)
  }
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline">
        {children}
      </a>
    ) : (
      <span className="underline decoration-dotted">{children}</span>
    ),
  img: ({ src, alt }) => {
    const label = alt ? `Image: ${alt}` : 'Image'
    return typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline">
        {label}
      </a>
    ) : (
      <span>[{label}]</span>
    )
  },
  mark: ({ children }) => (
    <mark className="mention rounded bg-primary-soft px-0.5 font-semibold text-primary-soft-foreground">
      {children}
    </mark>
  ),
  pre: ({ children }) => <pre className="my-1 overflow-x-auto rounded-md bg-muted p-2 text-sm">{children}</pre>,
  code: ({ children }) => <code className="rounded bg-muted px-1 font-mono text-[0.9em]">{children}</code>,
  blockquote: ({ children }) => <blockquote className="border-l-4 pl-3 text-muted-foreground">{children}</blockquote>,
  ul: ({ children }) => <ul className="list-disc pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="list-decimal pl-5">{children}</ol>,
  h1: ({ children }) => <p className="font-bold">{children}</p>,
  h2: ({ children }) => <p className="font-bold">{children}</p>,
  h3: ({ children }) => <p className="font-semibold">{children}</p>,
  h4: ({ children }) => <p className="font-semibold">{children}</p>,
  h5: ({ children }) => <p className="font-semibold">{children}</p>,
  h6: ({ children }) => <p className="font-semibold">{children}</p>,
}

/**
 * A chat message's Markdown, rendered safely: raw HTML is shown as text, never parsed;
 * images become a link text; links keep only http(s) and mailto targets and open in a new tab with
 * rel="noopener noreferrer nofollow"; '@Name' of each mentioned person is highlighted.
 */
export function SafeMarkdown({
  source,
  mentionNames = [],
  className,
}: {
  source: string
  mentionNames?: readonly string[]
  className?: string
} & Pick<ComponentProps<'div'>, 'className'>) {
  return (
    <div className={cn('flex flex-col gap-1.5 break-words [&_p]:whitespace-pre-wrap', className)}>
      <Markdown
        remarkPlugins={[remarkHtmlAsText]}
        rehypePlugins={[rehypeMentions(mentionNames)]}
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        urlTransform={safeUrl}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  )
}

import { describe, expect, it } from 'vitest'
import { startScriptAfterFirstPaint } from './script-after-first-paint'

const TEMPLATE = `<head>
    <script type="module" crossorigin src="/assets/index-DRdA3BgL.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/styles-D9g3aUVx.js">
  </head>`

describe('startScriptAfterFirstPaint', () => {
  it('replaces the module script with an inline loader that imports it after the first frame', () => {
    const html = startScriptAfterFirstPaint(TEMPLATE, 'abc123==')
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain(
      '<script nonce="abc123==">requestAnimationFrame(function(){setTimeout(function(){import("/assets/index-DRdA3BgL.js")})})</script>',
    )
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/styles-D9g3aUVx.js">')
  })

  it('writes no nonce attribute without a nonce, and never lets one break out of its attribute', () => {
    expect(startScriptAfterFirstPaint(TEMPLATE, '')).toContain('<script>requestAnimationFrame(')
    expect(startScriptAfterFirstPaint(TEMPLATE, 'a"><script>x')).toContain('<script nonce="ascriptx">')
  })

  it('leaves a page without a module script unchanged', () => {
    expect(startScriptAfterFirstPaint('<p>hi</p>', 'n')).toBe('<p>hi</p>')
  })
})

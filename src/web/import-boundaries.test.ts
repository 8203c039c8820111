/**
 * The lint rules that keep src/web's layers apart, checked against deliberate wrong-way imports
 * (eslint.config.js, docs/decisions/015-web-layers.md). Each case lints a piece of code as if it
 * were the named file, through the project's own ESLint configuration; the files need not exist.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

/** Rule ids of the errors `code` gets when it is the file at `filePath`. */
async function errorsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message)
}

const ZONE = 'import-x/no-restricted-paths'

describe('web import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const code = "import { useTransaction } from '../workspace/api'\nexport const x = useTransaction\n"
    expect(await errorsOf('src/web/features/chat/wrong-way.ts', code)).toEqual([ZONE])
  })

  it('refuses a wrong-way import written with a package.json alias as it does a relative one', async () => {
    const code = "import { useTransaction } from '#web/features/workspace/api.ts'\nexport const x = useTransaction\n"
    expect(await errorsOf('src/web/features/chat/wrong-way.ts', code)).toEqual([ZONE])
    const down = "import { chatKeys } from '#web/lib/query-keys.ts'\nexport const x = chatKeys\n"
    expect(await errorsOf('src/web/features/chat/right-way.ts', down)).toEqual([])
  })

  it("allows a feature its own modules and the shared layer's", async () => {
    const code =
      "import { useThreads } from './api'\nimport { chatKeys } from '../../lib/query-keys'\n" +
      'export const x = [useThreads, chatKeys]\n'
    expect(await errorsOf('src/web/features/chat/right-way.ts', code)).toEqual([])
  })

  it('refuses lib/ or components/ importing a feature', async () => {
    const code = "import { useThreads } from '../features/chat/api'\nexport const x = useThreads\n"
    expect(await errorsOf('src/web/lib/wrong-way.ts', code)).toEqual([ZONE])
    expect(await errorsOf('src/web/components/wrong-way.ts', code)).toEqual([ZONE])
  })

  it('refuses a feature importing the app shell or the entry files, and lets the shell import features', async () => {
    const fromApp = "import { SignedInGate } from '../../app/signed-in-gate'\nexport const x = SignedInGate\n"
    const fromEntry = "import { appQueryClient } from '../../providers'\nexport const x = appQueryClient\n"
    expect(await errorsOf('src/web/features/chat/wrong-way.ts', fromApp)).toEqual([ZONE])
    expect(await errorsOf('src/web/features/chat/wrong-way.ts', fromEntry)).toEqual([ZONE])
    const composes = "import { useThreads } from '../features/chat/api'\nexport const x = useThreads\n"
    expect(await errorsOf('src/web/app/right-way.ts', composes)).toEqual([])
  })

  it('refuses an import cycle', async () => {
    // time-formatters.ts imports formatters.ts, so formatters.ts importing it back closes a loop.
    const code = "import { timeAgo } from './time-formatters'\nexport const x = timeAgo\n"
    expect(await errorsOf('src/web/lib/formatters.ts', code)).toEqual(['import-x/no-cycle'])
  })

  it('refuses an image without a text alternative', async () => {
    const code = 'export function Photo() {\n  return <img src="/house.jpg" />\n}\n'
    expect(await errorsOf('src/web/components/photo.tsx', code)).toEqual(['jsx-a11y-x/alt-text'])
  })

  it('refuses a file name that is not kebab-case', async () => {
    expect(await errorsOf('src/web/lib/TimeFormat.ts', 'export const x = 1\n')).toEqual([
      'check-file/filename-naming-convention',
    ])
    expect(await errorsOf('e2e/Buyer_Journey.spec.ts', 'export const x = 1\n')).toEqual([
      'check-file/filename-naming-convention',
    ])
  })
})

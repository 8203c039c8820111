/** The open-banking provider chosen by OPEN_BANKING_PROVIDER (config.ts): the sandbox by default, or an OBIE AIS API. */
import type { Config } from '#server/config.ts'
import { createObieOpenBankingProvider } from './obie-provider'
import type { OpenBankingProvider } from './open-banking-provider'
import { createSandboxOpenBankingProvider } from './sandbox-provider'

export type { OpenBankingProvider } from './open-banking-provider'

/** Builds the configured provider; config has already checked that the real one has its URL and token. */
export function openBankingProviderFor(
  config: Pick<
    Config,
    | 'OPEN_BANKING_PROVIDER'
    | 'OPEN_BANKING_API_URL'
    | 'OPEN_BANKING_ACCESS_TOKEN'
    | 'OPEN_BANKING_AUTHORISE_URL'
    | 'publicUrl'
  >,
): OpenBankingProvider {
  if (config.OPEN_BANKING_PROVIDER === 'obie')
    return createObieOpenBankingProvider({
      apiUrl: config.OPEN_BANKING_API_URL ?? '',
      accessToken: config.OPEN_BANKING_ACCESS_TOKEN ?? '',
      authoriseUrl: config.OPEN_BANKING_AUTHORISE_URL ?? '',
    })
  return createSandboxOpenBankingProvider(config.publicUrl)
}

/** The client-money partner chosen by CLIENT_MONEY_PROVIDER (config.ts): the sandbox by default, or an escrow API over HTTP. */
import type { Config } from '#server/config.ts'
import type { ClientMoneyPartner } from './client-money-partner'
import { createHttpClientMoneyPartner } from './http-provider'
import { createSandboxClientMoneyPartner } from './sandbox-provider'

export type {
  ClientMoneyPartner,
  FundsReceivedEvent,
  Payee,
  PayeeCheck,
  PaymentInstructions,
} from './client-money-partner'
export { ClientMoneyError } from './client-money-partner'

/** Builds the configured partner; config has already checked that the HTTP one has its URL and key. */
export function clientMoneyPartnerFor(
  config: Pick<
    Config,
    | 'CLIENT_MONEY_PROVIDER'
    | 'CLIENT_MONEY_API_URL'
    | 'CLIENT_MONEY_API_KEY'
    | 'CLIENT_MONEY_PARTNER_NAME'
    | 'CLIENT_MONEY_PARTNER_REGULATION'
  >,
): ClientMoneyPartner {
  if (config.CLIENT_MONEY_PROVIDER === 'http')
    return createHttpClientMoneyPartner({
      apiUrl: config.CLIENT_MONEY_API_URL ?? '',
      apiKey: config.CLIENT_MONEY_API_KEY ?? '',
      partnerName: config.CLIENT_MONEY_PARTNER_NAME ?? 'Client-money partner',
      regulation: config.CLIENT_MONEY_PARTNER_REGULATION ?? '',
    })
  return createSandboxClientMoneyPartner()
}

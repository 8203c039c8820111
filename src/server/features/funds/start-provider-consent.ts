import { AppError } from '#server/core/errors.ts'
import type { OpenBankingProvider } from '#server/providers/open-banking/index.ts'
import { OpenBankingError } from '#server/providers/open-banking/open-banking-provider.ts'

/**
 * The partner's half of starting a consent, for the buyer's and the giftor's (decision 069): finds
 * the bank among the provider's list (400 validation_failed when it is not there) and asks the
 * provider to start, returning to `returnUrl` (422 with the provider's message when it refuses).
 * Called between the caller's two database transactions, never inside one.
 */
export async function startProviderConsent(
  provider: OpenBankingProvider,
  bankId: string,
  consent: { reference: string; returnUrl: string },
): Promise<{ bank: { id: string; name: string }; started: { consentId: string; authoriseUrl: string } }> {
  const bank = (await provider.banks()).find((b) => b.id === bankId)
  if (!bank) throw new AppError('validation_failed', 'Choose one of the banks listed.')
  try {
    return { bank, started: await provider.startConsent({ bankId: bank.id, ...consent }) }
  } catch (err) {
    if (err instanceof OpenBankingError) throw new AppError('unprocessable', err.message)
    throw err
  }
}

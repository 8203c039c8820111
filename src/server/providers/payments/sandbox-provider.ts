/**
 * The sandbox payments provider: no money moves. References are derived from our payout id
 * (`sandbox_po_<id without dashes>`), so the same request always answers the same: tests and the
 * demo can rely on it. Shown as "Sandbox" in the UI.
 */
import type { PaymentsProvider } from './payments-provider'

/** Creates the sandbox provider. */
export function createSandboxPaymentsProvider(): PaymentsProvider {
  return {
    name: 'sandbox',
    label: 'Sandbox',
    async createPayout(request) {
      return { reference: `sandbox_po_${request.payoutId.replace(/-/g, '')}`, status: 'pending' }
    },
    async markPaid(reference) {
      return { reference, status: 'paid' }
    },
  }
}

/**
 * Homeward as the supplier on its invoices and receipts, from configuration (config.ts:
 * HOMEWARD_COMPANY_NAME, HOMEWARD_COMPANY_ADDRESS, HOMEWARD_COMPANY_NUMBER, HOMEWARD_VAT_NUMBER; the VAT
 * number checked and formatted at start-up). With PAYMENTS_PROVIDER=stripe they are required; in the
 * sandbox, whatever is not configured is a sample, and the invoice says so next to the VAT number.
 */
import type { Config } from '#server/config.ts'

export interface Supplier {
  name: string
  /** Address lines. */
  address: string[]
  /** Companies House number, when configured. */
  companyNumber: string | null
  /** As printed: `GB 123 4567 89`. */
  vatNumber: string
  /** No VAT number is configured: the sandbox's sample, printed as such. */
  sample: boolean
}

/** The sandbox's sample supplier: a VAT number that is not anyone's registration. */
export const SAMPLE_SUPPLIER: Supplier = {
  name: 'Homeward Ltd',
  address: ['Registered in England and Wales'],
  companyNumber: null,
  vatNumber: 'GB 000 0000 00',
  sample: true,
}

/** Homeward's details for invoices, from configuration (or the sandbox's sample where none is set). */
export function supplierFrom(
  config: Partial<
    Pick<
      Config,
      'HOMEWARD_COMPANY_NAME' | 'HOMEWARD_COMPANY_ADDRESS' | 'HOMEWARD_COMPANY_NUMBER' | 'HOMEWARD_VAT_NUMBER'
    >
  >,
): Supplier {
  return {
    name: config.HOMEWARD_COMPANY_NAME ?? SAMPLE_SUPPLIER.name,
    address: config.HOMEWARD_COMPANY_ADDRESS
      ? config.HOMEWARD_COMPANY_ADDRESS.split('|')
          .map((l) => l.trim())
          .filter(Boolean)
      : SAMPLE_SUPPLIER.address,
    companyNumber: config.HOMEWARD_COMPANY_NUMBER ?? null,
    vatNumber: config.HOMEWARD_VAT_NUMBER ?? SAMPLE_SUPPLIER.vatNumber,
    sample: !config.HOMEWARD_VAT_NUMBER,
  }
}

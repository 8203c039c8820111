/**
 * The external partners that have a sandbox adapter, in one list: which variable chooses each, its
 * real value and the variables that real adapter needs. config.ts refuses a production start while
 * any of them is the sandbox unless SANDBOX_PARTNERS=true (docs/decisions/044-partners-real-or-refused.md);
 * the start log and GET /api/health name the sandbox ones (sandboxPartners).
 * Not partners in this sense: storage (local disk is a real store) and mail (no SMTP keeps mail in the
 * database outbox); e-signature is the built-in simple electronic signature, a real one, not a sandbox.
 */

/** One partner: the variable that chooses it and what to set instead of the sandbox. */
export interface Partner {
  /** The key reported by /api/health's sandbox_partners ('identity_verification'). */
  key: string
  /** The choosing variable (IDENTITY_PROVIDER). */
  variable:
    | 'IDENTITY_PROVIDER'
    | 'SANCTIONS_PROVIDER'
    | 'OPEN_BANKING_PROVIDER'
    | 'PAYMENTS_PROVIDER'
    | 'CLIENT_MONEY_PROVIDER'
    | 'LAND_REGISTRY_PROVIDER'
    | 'REGULATOR_REGISTER'
    | 'ADDRESS_LOOKUP'
  /** What it does, for people ('identity verification'). */
  what: string
  /** The value to set instead of 'sandbox' ('idsp'). */
  real: string
  /** The variables the real adapter needs (config.ts checks each when `real` is chosen). */
  needs: readonly string[]
  /** Said after the variables, where the real value needs explaining. */
  note?: string
}

export const PARTNERS: readonly Partner[] = [
  {
    key: 'identity_verification',
    variable: 'IDENTITY_PROVIDER',
    what: 'identity verification',
    real: 'idsp',
    needs: ['IDENTITY_PROVIDER_URL', 'IDENTITY_PROVIDER_API_KEY'],
  },
  {
    key: 'sanctions_screening',
    variable: 'SANCTIONS_PROVIDER',
    what: 'sanctions and PEP screening',
    real: 'http',
    needs: ['SANCTIONS_PROVIDER_URL', 'SANCTIONS_PROVIDER_API_KEY'],
  },
  {
    key: 'open_banking',
    variable: 'OPEN_BANKING_PROVIDER',
    what: 'open banking for source of funds',
    real: 'obie',
    needs: ['OPEN_BANKING_API_URL', 'OPEN_BANKING_ACCESS_TOKEN', 'OPEN_BANKING_AUTHORISE_URL'],
  },
  {
    key: 'payments',
    variable: 'PAYMENTS_PROVIDER',
    what: 'payments for Pro, the completion fee and survey payouts',
    real: 'stripe',
    needs: [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_PRO_MONTHLY',
      'STRIPE_PRICE_PRO_ANNUAL',
      'HOMEWARD_COMPANY_NAME',
      'HOMEWARD_COMPANY_ADDRESS',
      'HOMEWARD_VAT_NUMBER',
    ],
  },
  {
    key: 'client_money',
    variable: 'CLIENT_MONEY_PROVIDER',
    what: 'client money for deposits and Confirmation of Payee',
    real: 'http',
    needs: [
      'CLIENT_MONEY_API_URL',
      'CLIENT_MONEY_API_KEY',
      'CLIENT_MONEY_WEBHOOK_SECRET',
      'CLIENT_MONEY_PARTNER_NAME',
      'CLIENT_MONEY_PARTNER_REGULATION',
    ],
  },
  {
    key: 'land_registry',
    variable: 'LAND_REGISTRY_PROVIDER',
    what: 'land registry for title checks',
    real: 'off',
    needs: [],
    note: 'title checks are then unavailable: the HM Land Registry Business Gateway adapter is not written yet',
  },
  {
    key: 'regulator_register',
    variable: 'REGULATOR_REGISTER',
    what: "regulator register for firms' SRA, CLC, RICS, FCA, Propertymark and TPO numbers",
    real: 'http',
    needs: ['REGULATOR_REGISTER_URL', 'REGULATOR_REGISTER_API_KEY'],
  },
  {
    key: 'address_lookup',
    variable: 'ADDRESS_LOOKUP',
    what: "address lookup for a postcode's addresses, UPRNs and nation",
    real: 'os-places',
    needs: ['OS_PLACES_API_KEY'],
  },
]

/** The configuration as far as the partners go. */
export type PartnerChoice = Record<Partner['variable'], string>

/** The partners of `config` that are the sandbox, in PARTNERS order. */
export function sandboxPartners(config: PartnerChoice): Partner[] {
  return PARTNERS.filter((p) => config[p.variable] === 'sandbox')
}

/**
 * Why `partner` may not be the sandbox in production, as config.ts prints it after the variable's name:
 * "is the sandbox (identity verification): set IDENTITY_PROVIDER=idsp with IDENTITY_PROVIDER_URL and
 * IDENTITY_PROVIDER_API_KEY".
 */
export function refusalMessage(partner: Partner): string {
  const needs = partner.needs.length
    ? ` with ${partner.needs.slice(0, -1).join(', ')}${partner.needs.length > 1 ? ' and ' : ''}${partner.needs.at(-1)}`
    : ''
  const note = partner.note ? ` (${partner.note})` : ''
  return `is the sandbox (${partner.what}): set ${partner.variable}=${partner.real}${needs}${note}`
}

/** The line config.ts adds under the refusals: how to run the sandbox on purpose. */
export const SANDBOX_OPT_IN_HINT =
  'NODE_ENV=production runs no sandbox partner unless SANDBOX_PARTNERS=true is set (a staging or demo ' +
  'deployment: every partner result is then labelled Sandbox)'

/** The start-log warning with the opt-in: one line naming the sandbox partners. */
export function sandboxWarning(partners: readonly Partner[]): string {
  return (
    `SANDBOX_PARTNERS=true: these partners are the sandbox and nothing they report is real: ` +
    `${partners.map((p) => `${p.what} (${p.variable})`).join(', ')}`
  )
}

/**
 * Test settings with every partner real (config/partners.ts): each partner's variable set to its real
 * adapter, with the variables that adapter needs (the hosts are example.com names: nothing is called).
 * Used by the production-refusal tests of config/partners.test.ts and http/sandbox-pages.integration.test.ts.
 */
export const REAL_PARTNERS_ENV = {
  IDENTITY_PROVIDER: 'idsp',
  IDENTITY_PROVIDER_URL: 'https://idsp.example/v1',
  IDENTITY_PROVIDER_API_KEY: 'idsp-key',
  SANCTIONS_PROVIDER: 'http',
  SANCTIONS_PROVIDER_URL: 'https://screening.example/v1',
  SANCTIONS_PROVIDER_API_KEY: 'screening-key',
  OPEN_BANKING_PROVIDER: 'obie',
  OPEN_BANKING_API_URL: 'https://bank.example/open-banking/v3.1/aisp',
  OPEN_BANKING_ACCESS_TOKEN: 'token',
  OPEN_BANKING_AUTHORISE_URL: 'https://bank.example/authorise',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  HOMEWARD_COMPANY_NAME: 'Homeward Technologies Ltd',
  HOMEWARD_COMPANY_ADDRESS: '1 Example Street | London | EC1A 1AA',
  HOMEWARD_VAT_NUMBER: 'GB999999973',
  CLIENT_MONEY_PROVIDER: 'http',
  CLIENT_MONEY_API_URL: 'https://escrow.example/v1',
  CLIENT_MONEY_API_KEY: 'escrow-key',
  CLIENT_MONEY_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
  CLIENT_MONEY_PARTNER_NAME: 'Example Escrow Ltd',
  CLIENT_MONEY_PARTNER_REGULATION: 'Authorised by the Financial Conduct Authority, firm reference 123456',
  LAND_REGISTRY_PROVIDER: 'off',
  REGULATOR_REGISTER: 'http',
  REGULATOR_REGISTER_URL: 'https://register.example/v1',
  REGULATOR_REGISTER_API_KEY: 'register-key',
  ADDRESS_LOOKUP: 'os-places',
  OS_PLACES_API_KEY: 'os-key',
}

/**
 * The demo accounts that share the demo transaction (the buyer, the seller, the buyer's conveyancer,
 * the seller's estate agent, the buyer's mortgage broker and surveyor), one per role, so a newcomer
 * can try every trade. All of them are printed by the server at start (main.ts)
 * so a newcomer can sign in straight away. Their email domain is reserved (.example, RFC 2606), so no
 * mail can ever reach a real person.
 */
import type { StoredRole } from '#shared/domain/roles.ts'

export interface DemoAccount {
  /** What the start-up banner shows: 'Buyer', 'Seller', 'Conveyancer'. */
  label: string
  name: string
  email: string
  password: string
  role: StoredRole
}

/** Shared by all the demo accounts; demo data only, never a default for real accounts. */
export const DEMO_PASSWORD = 'homeward-demo-2025'

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: 'Buyer',
    name: 'Amelia Clarke',
    email: 'amelia.buyer@homeward.example',
    password: DEMO_PASSWORD,
    role: 'consumer_buyer',
  },
  {
    label: 'Seller',
    name: 'Tom Whitfield',
    email: 'tom.seller@homeward.example',
    password: DEMO_PASSWORD,
    role: 'consumer_seller',
  },
  {
    label: 'Conveyancer',
    name: 'Priya Shah',
    email: 'priya.conveyancer@homeward.example',
    password: DEMO_PASSWORD,
    role: 'pro_conveyancer',
  },
  {
    label: 'Estate agent',
    name: 'Jordan Hale',
    email: 'jordan.agent@homeward.example',
    password: DEMO_PASSWORD,
    role: 'pro_agent',
  },
  {
    label: 'Broker',
    name: 'Marcus Reid',
    email: 'marcus.broker@homeward.example',
    password: DEMO_PASSWORD,
    role: 'pro_broker',
  },
  {
    label: 'Surveyor',
    name: 'Oliver Hart',
    email: 'oliver.surveyor@homeward.example',
    password: DEMO_PASSWORD,
    role: 'pro_surveyor',
  },
]

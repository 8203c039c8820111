/**
 * Off-platform parties (issue 37 item 1): a professional who acts on a move but is not on Homeward,
 * recorded by name and contact so the move still shows who holds each seat, and so enquiries and
 * notices can reach them by email. When that person later joins (signs up with the recorded email or
 * accepts an invitation to the role) the record becomes their participant row and keeps its history
 * (`joined_participant_id`). Pure rules shared by the server (the gate) and the web app (to hide).
 *
 * Who may record whom:
 * - either side's conveyancer may record the other side's conveyancer (the firm they deal with);
 * - a side's client or conveyancer may record their own side's professionals (their own conveyancer,
 *   and: the seller's side the estate agent; the buyer's side the buyer's agent, broker and surveyor);
 * - an estate agent may record both sides' conveyancers (on the memorandum of sale they name them).
 */
import type { ParticipantRole } from './roles'
import { REGULATORS_BY_ORGANIZATION_TYPE, REGULATOR_SHORT, type Regulator } from './regulators'
import type { OrganizationType } from './organizations'

/** The seats an off-platform party may hold: every professional role except the lender. */
export const OFF_PLATFORM_ROLES = [
  'buyer_conveyancer',
  'seller_conveyancer',
  'estate_agent',
  'buyers_agent',
  'mortgage_broker',
  'surveyor',
] as const satisfies readonly ParticipantRole[]
export type OffPlatformRole = (typeof OFF_PLATFORM_ROLES)[number]

/** The label shown beside an off-platform party wherever a participant appears. */
export const NOT_ON_HOMEWARD = 'not on Homeward'

/** The directory type of the firm that fills each seat (for its regulators). */
const ORGANIZATION_TYPE_OF_ROLE: Record<OffPlatformRole, OrganizationType> = {
  buyer_conveyancer: 'law',
  seller_conveyancer: 'law',
  estate_agent: 'agent',
  buyers_agent: 'agent',
  mortgage_broker: 'broker',
  surveyor: 'survey',
}

/** The regulators a party in `role` may name ('buyer_conveyancer' -> SRA or CLC). */
export function regulatorsForRole(role: OffPlatformRole): readonly Regulator[] {
  return REGULATORS_BY_ORGANIZATION_TYPE[ORGANIZATION_TYPE_OF_ROLE[role]]
}

const BUYER_SIDE: readonly ParticipantRole[] = ['buyer', 'buyer_conveyancer']
const SELLER_SIDE: readonly ParticipantRole[] = ['seller', 'seller_conveyancer']

/**
 * Whether a participant in `recorder` may record (or change, or remove) an off-platform party for
 * the seat `role`. See the module's docstring for the rule.
 */
export function mayRecordOffPlatform(recorder: ParticipantRole | null | undefined, role: OffPlatformRole): boolean {
  if (!recorder) return false
  switch (role) {
    case 'buyer_conveyancer':
      return BUYER_SIDE.includes(recorder) || recorder === 'seller_conveyancer' || recorder === 'estate_agent'
    case 'seller_conveyancer':
      return SELLER_SIDE.includes(recorder) || recorder === 'buyer_conveyancer' || recorder === 'estate_agent'
    case 'estate_agent':
      return SELLER_SIDE.includes(recorder)
    case 'buyers_agent':
    case 'mortgage_broker':
    case 'surveyor':
      return BUYER_SIDE.includes(recorder)
  }
}

/**
 * Why a regulator does not fit the seat, or null when it does (or none is named): an estate agent is
 * not regulated by the SRA. `regulator_number` needs a regulator to say whose number it is.
 */
export function offPlatformRegulatorProblem(
  role: OffPlatformRole,
  regulator: Regulator | null | undefined,
  regulatorNumber: string | null | undefined,
): string | null {
  if (regulator && !regulatorsForRole(role).includes(regulator)) {
    return `Choose a regulator of this trade: ${regulatorsForRole(role)
      .map((r) => REGULATOR_SHORT[r])
      .join(' or ')}.`
  }
  if (regulatorNumber && !regulator) return 'Choose the regulator whose number this is.'
  return null
}

/** Why `recorder` may not record the seat `role`, in words a person can act on (the 403's message). */
export function offPlatformRecordRefusal(role: OffPlatformRole): string {
  switch (role) {
    case 'buyer_conveyancer':
    case 'seller_conveyancer':
      return "A conveyancer's firm is recorded by the client or conveyancer of either side, or by the estate agent."
    case 'estate_agent':
      return "The estate agent is recorded by the seller or the seller's conveyancer."
    case 'buyers_agent':
    case 'mortgage_broker':
    case 'surveyor':
      return "The buyer's agent, broker and surveyor are recorded by the buyer or the buyer's conveyancer."
  }
}

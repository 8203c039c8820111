/**
 * Roles a person picks at sign-up and the role stored for them:
 * buyer -> consumer_buyer, seller -> consumer_seller, conveyancer -> pro_conveyancer,
 * surveyor -> pro_surveyor, broker -> pro_broker, agent -> pro_agent.
 */
export const SIGNUP_ROLE_CHOICES = ['buyer', 'seller', 'conveyancer', 'surveyor', 'broker', 'agent'] as const
export type SignupRoleChoice = (typeof SIGNUP_ROLE_CHOICES)[number]

/**
 * A giftor's sign-up from their invitation (decision 069): never offered by the 'I am a...' picker (a
 * parent giving money has no trade); the invitation page sends it, and it is stored as
 * 'consumer_giftor'. Every role a sign-up may carry: the picker's choices and this one.
 */
export const GIFTOR_SIGNUP = 'giftor'
export const SIGNUP_ROLES = [...SIGNUP_ROLE_CHOICES, GIFTOR_SIGNUP] as const
export type SignupRole = (typeof SIGNUP_ROLES)[number]

export const STORED_ROLES = [
  'consumer_buyer',
  'consumer_seller',
  'pro_conveyancer',
  'pro_surveyor',
  'pro_broker',
  'pro_agent',
  'consumer_giftor',
] as const
export type StoredRole = (typeof STORED_ROLES)[number]

const STORED_ROLE_BY_CHOICE: Record<SignupRole, StoredRole> = {
  buyer: 'consumer_buyer',
  seller: 'consumer_seller',
  conveyancer: 'pro_conveyancer',
  surveyor: 'pro_surveyor',
  broker: 'pro_broker',
  agent: 'pro_agent',
  giftor: 'consumer_giftor',
}

/** Maps a sign-up choice to the stored role: buyer -> consumer_buyer, conveyancer -> pro_conveyancer ... */
export function storedRoleFor(choice: SignupRole): StoredRole {
  return STORED_ROLE_BY_CHOICE[choice]
}

/** UI label of a stored role: the 'pro_' or 'consumer_' prefix dropped and capitalised. */
export function roleLabel(role: string): string {
  const bare = role.replace(/^(pro|consumer)_/, '').replace(/_/g, ' ')
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}

/**
 * A person's role on one transaction (transaction_participants.role). Names follow the PDTF
 * participant roles of the Property Data Trust Framework (PDTF): Seller, Buyer, Seller's Conveyancer, Buyer's Conveyancer,
 * Estate Agent, Buyer's Agent, Mortgage Broker, Lender, Surveyor.
 */
export const PARTICIPANT_ROLES = [
  'buyer',
  'seller',
  'buyer_conveyancer',
  'seller_conveyancer',
  'estate_agent',
  'buyers_agent',
  'mortgage_broker',
  'lender',
  'surveyor',
] as const
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number]

/**
 * Invitation roles of a joint purchase or sale (decision 070): a co-buyer or co-seller is invited as
 * such and joins as a second participant in the client's role ('buyer' or 'seller',
 * jointParticipantRole), so every rule written for "the buyer" (access, audiences, CDD, funds, tasks)
 * holds for them with no rule of its own; the move's buyer_user_id / seller_user_id stays the lead.
 */
export const JOINT_CLIENT_ROLES = ['co_buyer', 'co_seller'] as const
export type JointClientRole = (typeof JOINT_CLIENT_ROLES)[number]

/** True for 'co_buyer' and 'co_seller'. */
export function isJointClientRole(role: string): role is JointClientRole {
  return (JOINT_CLIENT_ROLES as readonly string[]).includes(role)
}

/** The participant role a joint client joins as: 'co_buyer' -> 'buyer', 'co_seller' -> 'seller'. */
export function jointParticipantRole(role: JointClientRole): 'buyer' | 'seller' {
  return role === 'co_buyer' ? 'buyer' : 'seller'
}

/**
 * At most four people hold the legal title to land (Trustee Act 1925 s.34(2) and Law of Property Act
 * 1925 s.34(2): a conveyance to more than four names the first four as trustees), so a side has at
 * most four clients on Homeward: the lead and up to three joint buyers (or sellers).
 */
export const MAX_CLIENTS_PER_SIDE = 4

/** Roles one can be invited as (the buyer, the seller, a joint buyer or seller, or a professional). */
export const INVITABLE_ROLES = [
  'buyer',
  'seller',
  'buyer_conveyancer',
  'seller_conveyancer',
  'surveyor',
  'mortgage_broker',
  'estate_agent',
  ...JOINT_CLIENT_ROLES,
] as const satisfies readonly (ParticipantRole | JointClientRole)[]
export type InvitableRole = (typeof INVITABLE_ROLES)[number]

/**
 * Roles an invitation can carry: the invitable roles, plus 'giftor', which is never a participant role.
 * A giftor is invited when the buyer records a gift (features/funds) and sees only their own gift
 * (access/gifts.ts); no one picks it in the People tab (decision 037).
 */
export const INVITATION_ROLES = [...INVITABLE_ROLES, 'giftor'] as const
export type InvitationRole = (typeof INVITATION_ROLES)[number]

const PARTICIPANT_ROLE_LABELS: Record<ParticipantRole, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  buyer_conveyancer: "Buyer's Conveyancer",
  seller_conveyancer: "Seller's Conveyancer",
  estate_agent: 'Estate Agent',
  buyers_agent: "Buyer's Agent",
  mortgage_broker: 'Mortgage Broker',
  lender: 'Lender',
  surveyor: 'Surveyor',
}
const JOINT_CLIENT_LABELS: Record<JointClientRole, string> = { co_buyer: 'Joint buyer', co_seller: 'Joint seller' }
const GIFTOR_LABEL = 'Giftor (someone giving money towards the deposit)'

/** Display label of a participant role; unknown values fall back to roleLabel. */
export function participantRoleLabel(role: string): string {
  if (role === 'giftor') return GIFTOR_LABEL
  if (isJointClientRole(role)) return JOINT_CLIENT_LABELS[role]
  return (PARTICIPANT_ROLE_LABELS as Record<string, string>)[role] ?? roleLabel(role)
}

const SIGNUP_CHOICE_BY_PARTICIPANT_ROLE: Record<string, SignupRole> = {
  buyer: 'buyer',
  seller: 'seller',
  co_buyer: 'buyer',
  co_seller: 'seller',
  buyer_conveyancer: 'conveyancer',
  seller_conveyancer: 'conveyancer',
  surveyor: 'surveyor',
  mortgage_broker: 'broker',
  estate_agent: 'agent',
  buyers_agent: 'agent',
  giftor: GIFTOR_SIGNUP,
}

/** The sign-up role matching a role someone is invited as ('seller_conveyancer' -> 'conveyancer', 'giftor' -> 'giftor'); null for none. */
export function signupChoiceForParticipantRole(role: string): SignupRole | null {
  return SIGNUP_CHOICE_BY_PARTICIPANT_ROLE[role] ?? null
}

/** A sign-up choice from untrusted text (a query parameter), or undefined. */
export function parseSignupChoice(value: string | null | undefined): SignupRole | undefined {
  return (SIGNUP_ROLES as readonly string[]).includes(value ?? '') ? (value as SignupRole) : undefined
}

/**
 * The exact toast texts of spec: Error catalogue for signing in and up. Titles are requirements; the
 * server's own message is shown as the description of the failure toasts.
 */
export const AUTH_TOASTS = {
  signedIn: { title: 'Welcome back!', description: "You've successfully signed in." },
  // The same for a new address and a known one: the email says what comes next.
  signedUp: { title: 'Account created!', description: 'Welcome to Homeward. Check your email to continue.' },
  signInFailed: { title: 'Error signing in' },
  signUpFailed: { title: 'Error signing up' },
  roleRequired: { title: 'Role required', description: 'Please select your role before continuing.' },
} as const

/** The six 'I am a...' buttons in the spec's order (spec: Screens and routes) with their labels. */
export const ROLE_BUTTONS = [
  { value: 'buyer', label: 'Buyer' },
  { value: 'seller', label: 'Seller' },
  { value: 'conveyancer', label: 'Conveyancer' },
  { value: 'surveyor', label: 'Surveyor' },
  { value: 'broker', label: 'Broker' },
  { value: 'agent', label: 'Agent' },
] as const

export type AuthTab = 'sign-in' | 'sign-up'

/** The tab named by the `tab` query parameter; Sign In unless it says 'sign-up'. */
export function authTabFrom(value: string | null | undefined): AuthTab {
  return value === 'sign-up' ? 'sign-up' : 'sign-in'
}

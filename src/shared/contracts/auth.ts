import { z } from 'zod'
import { singleLine } from '../domain/plain-text'
import { SIGNUP_ROLES, STORED_ROLES } from '../domain/roles'
import { endpoint, ERRORS, json } from './endpoint'

/** Password rule: 8 to 128 characters, no composition rules, never truncated (ASVS 6.2.1, 6.2.8, 6.2.9). */
export const Password = z
  .string({ message: 'Enter a password' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')

export const Email = z
  .string({ message: 'Enter an email address' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid email address' }))

/** A person's full name on one line: control characters stripped (it goes into email subjects). */
export const FullName = z
  .string({ message: 'Enter your full name' })
  .overwrite(singleLine)
  .min(1, 'Enter your full name')
  .max(120, 'Full name must be at most 120 characters')

/** Body of POST /api/auth/sign-up/email. `name` is the full name; `role` is the 'I am a...' choice (spec: Screens and routes). */
export const SignUpInput = z.object({
  name: FullName,
  email: Email,
  password: Password,
  role: z.enum(SIGNUP_ROLES, { message: 'Please select your role before continuing.' }),
  /** Where the emailed confirmation link continues to (an invitation): a path on this site only. */
  next: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, 'Must be a path on this site')
    .optional(),
})
export type SignUpInput = z.infer<typeof SignUpInput>

/**
 * Answer of POST /api/auth/sign-up/email, the same for a new address and one that already has an account
 * (no account enumeration): nobody is signed in; the email tells the person what next.
 */
export const SignUpResult = z.object({ status: z.literal('check-email'), email: z.string() })
export type SignUpResult = z.infer<typeof SignUpResult>

/** Body of POST /api/auth/sign-in/email (spec: Validation rules: both required). */
export const SignInInput = z.object({
  email: Email,
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(128),
})
export type SignInInput = z.infer<typeof SignInInput>

/** GET /api/me: the signed-in person with profile and stored roles (spec: The calls the product makes, 'Find own profile'). */
export const MeResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
  profile: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
  roles: z.array(z.enum(STORED_ROLES)),
})
export type MeResponse = z.infer<typeof MeResponse>

/** Body of POST /api/auth/request-password-reset and of the sign-in code request: just the email. */
export const EmailOnlyInput = z.object({ email: Email })
export type EmailOnlyInput = z.infer<typeof EmailOnlyInput>

/** The new-password form of /reset-password: the same 8-128 rule, typed twice. */
export const NewPasswordForm = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'The two passwords do not match', path: ['confirm'] })
export type NewPasswordForm = z.infer<typeof NewPasswordForm>

/** The emailed sign-in code: 6 digits (Better Auth's emailOTP plugin). */
export const SignInCodeInput = z.object({
  email: Email,
  otp: z
    .string({ message: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
})
export type SignInCodeInput = z.infer<typeof SignInCodeInput>

/**
 * The session endpoint of our own. Signing up, in and out, passwords, codes and sessions are Better
 * Auth's /api/auth/* endpoints: our edge validates their bodies with the schemas above
 * (features/auth/routes.ts), but their answers are Better Auth's, so they are not in this catalogue.
 */
export const authEndpoints = {
  me: endpoint({
    method: 'get',
    path: '/me',
    summary: 'The signed-in user with profile and roles',
    responses: { 200: json('Current user', MeResponse), 401: ERRORS[401] },
  }),
}

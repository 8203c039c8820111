/**
 * The prefix of Homeward's auth cookies: the session cookie is `homeward.session_token`
 * (`__Secure-` prefixed behind https). Its own module so that the cookie readers (auth/viewer.ts)
 * need not import the Better Auth instance (auth/auth.ts), which imports them.
 */
export const COOKIE_PREFIX = 'homeward'

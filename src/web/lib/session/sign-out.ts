// Better Auth's /api/auth/* endpoints, called with apiFetch: our edge validates their bodies, but their
// answers are Better Auth's, so they are not in the endpoint catalogue (src/shared/contracts/auth.ts).
import { apiFetch } from '../api-client'
import { ApiError } from '../api-error'

/** Signs out (POST /api/auth/sign-out). 401, 403 and 404 mean already signed out and are ignored (spec: Error catalogue). */
export async function signOut(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} })
  } catch (err) {
    if (err instanceof ApiError && [401, 403, 404].includes(err.status)) return
    throw err
  }
}

/** Signs out every session of this person, this one included (POST /api/auth/revoke-sessions; the spec's 'global' scope). */
export async function signOutEverywhere(): Promise<void> {
  try {
    await apiFetch('/api/auth/revoke-sessions', { method: 'POST', body: {} })
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return
    throw err
  }
}

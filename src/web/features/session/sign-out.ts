import { apiFetch } from '../../lib/api-client'
import { ApiError } from '../../lib/api-error'

/** Signs out (POST /api/auth/sign-out). 401, 403 and 404 mean already signed out and are ignored (spec section 8). */
export async function signOut(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} })
  } catch (err) {
    if (err instanceof ApiError && [401, 403, 404].includes(err.status)) return
    throw err
  }
}

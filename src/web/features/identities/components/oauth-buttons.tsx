import { useSearchParams } from 'react-router'
import { type AuthProvider, oauthErrorMessage } from '#shared/contracts/identities.ts'
import type { SignupRole } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { notify } from '#web/lib/toast.ts'
import { DEFAULT_SIGNED_IN_PATH, safeNextPath } from '#web/lib/session/next-path.ts'
import { useAuthProviders, useOAuthSignIn } from '../api'

/**
 * 'Sign in with <provider>' (Sign In tab) or 'Sign up with <provider>' (Sign Up tab) for each
 * configured OpenID Connect provider; nothing when none is configured. Sign-up asks
 * `chooseRole` for the 'I am a...' choice first (a new account needs a role: docs/decisions/010-oauth.md).
 * After the provider the browser lands on `next` (same-origin paths only) or /app/home; on failure it
 * returns to /auth with `?error=<code>`, shown here as a message saying what to do.
 */
export function OAuthButtons({
  mode,
  chooseRole,
}: {
  mode: 'sign-in' | 'sign-up'
  /** Sign Up tab: the chosen role, or null after showing why one is needed. */
  chooseRole?: () => Promise<SignupRole | null>
}) {
  const providers = useAuthProviders()
  const start = useOAuthSignIn()
  const [params] = useSearchParams()
  const list = providers.data?.providers ?? []
  if (!list.length) return null

  const next = safeNextPath(params.get('next'))
  const error = params.get('error')
  const errorProvider = list.find((p) => p.id === params.get('provider')) ?? (list.length === 1 ? list[0] : undefined)

  const begin = async (provider: AuthProvider) => {
    const role = mode === 'sign-up' ? await chooseRole?.() : undefined
    if (mode === 'sign-up' && !role) return
    const back = new URLSearchParams({ provider: provider.id })
    if (mode === 'sign-up') back.set('tab', 'sign-up')
    if (next) back.set('next', next)
    start
      .mutateAsync({
        provider: provider.id,
        callbackURL: next ?? DEFAULT_SIGNED_IN_PATH,
        errorCallbackURL: `/auth?${back.toString()}`,
        ...(role ? { role } : {}),
      })
      .catch((err: Error) => notify.error(`Could not continue with ${provider.name}`, err.message))
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {oauthErrorMessage(error, errorProvider?.name)}
        </p>
      )}
      {mode === 'sign-up' && (
        <p className="text-sm text-muted-foreground">
          With a work or personal account: choose who you are above first.
        </p>
      )}
      {list.map((p) => (
        <Button
          key={p.id}
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={start.isPending}
          onClick={() => void begin(p)}
        >
          {mode === 'sign-in' ? `Sign in with ${p.name}` : `Sign up with ${p.name}`}
        </Button>
      ))}
    </div>
  )
}

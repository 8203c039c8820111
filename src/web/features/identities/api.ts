/**
 * OpenID Connect sign-in and linked identities: the configured providers (public),
 * the viewer's linked identities, starting a provider round trip (sign in, sign up with a role, or
 * link) and unlinking.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  identityEndpoints,
  type LinkIdentityInput,
  type OAuthRedirect,
  type OAuthSignInInput,
} from '#shared/contracts/identities.ts'
import { apiFetch, callApi } from '#web/lib/api-client.ts'

export const identityKeys = {
  providers: ['auth-providers'] as const,
  linked: ['account', 'identities'] as const,
}

/** GET /api/auth-providers: the providers configured on this server (rarely changes). */
export const authProvidersQueryOptions = queryOptions({
  queryKey: identityKeys.providers,
  queryFn: ({ signal }) => callApi(identityEndpoints.providers, { signal }),
  staleTime: 5 * 60 * 1000,
})

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions)
}

/** GET /api/account/identities. */
export const linkedIdentitiesQueryOptions = queryOptions({
  queryKey: identityKeys.linked,
  queryFn: ({ signal }) => callApi(identityEndpoints.list, { signal }),
})

export function useLinkedIdentities() {
  return useQuery(linkedIdentitiesQueryOptions)
}

/** Leaves the app for the provider's sign-in page (a full navigation: the provider is another site). */
function goTo(redirect: OAuthRedirect) {
  window.location.assign(redirect.url)
}

// Starting a provider round trip goes through Better Auth's /api/auth/sign-in/social and link-social
// (our edge validates the body, oauth-edge.ts): Better Auth answers them, outside the catalogue.

/** POST /api/auth/sign-in/social, then off to the provider. With `role`, a new account may be created. */
export function useOAuthSignIn() {
  return useMutation({
    mutationFn: async (input: OAuthSignInInput) =>
      goTo(await apiFetch<OAuthRedirect>('/api/auth/sign-in/social', { method: 'POST', body: input })),
  })
}

/** POST /api/auth/link-social, then off to the provider; it returns to /app/settings. */
export function useLinkIdentity() {
  return useMutation({
    mutationFn: async (input: LinkIdentityInput) =>
      goTo(await apiFetch<OAuthRedirect>('/api/auth/link-social', { method: 'POST', body: input })),
  })
}

/** DELETE /api/account/identities/{id}; refreshes the list and the security activity. */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (identityId: string) => callApi(identityEndpoints.unlink, { params: { identityId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  })
}

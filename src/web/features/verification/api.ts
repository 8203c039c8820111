/**
 * The verification endpoints, called through their catalogue entries (`verificationEndpoints`): the
 * viewer's identity check and its steps, a move's badges and checklist, and a client's CDD record
 * (their conveyancer). Each mutation reloads exactly the views it changed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  verificationEndpoints as endpoints,
  type AddressStepInput,
  type CddRecord,
  type CountriesInput,
  type DecisionInput,
  type DocumentStepInput,
  type EddInput,
  type IdentityCheck,
  type IdentityReviewInput,
  type RelianceInput,
  type SelfieStepInput,
} from '#shared/contracts/verification.ts'
import { callApi } from '#web/lib/api-client.ts'
import { transactionQueryKey } from '#web/lib/query-keys.ts'

const MY_IDENTITY_KEY = ['verification', 'me'] as const
const summaryKey = (txId: string) => ['verification', 'summary', txId] as const
const cddKey = (txId: string, profileId: string) => ['verification', 'cdd', txId, profileId] as const

/** GET /api/me/identity-check; polls every 2 s while the provider is checking. */
export function useMyIdentity() {
  return useQuery({
    queryKey: MY_IDENTITY_KEY,
    queryFn: ({ signal }) => callApi(endpoints.myIdentity, { signal }),
    refetchInterval: (q) => (q.state.data?.check?.status === 'processing' ? 2000 : false),
  })
}

/** GET /api/transactions/{txId}/verification: badges and the viewer's checklist. */
export function useVerificationSummary(txId: string) {
  return useQuery({
    queryKey: summaryKey(txId),
    queryFn: ({ signal }) => callApi(endpoints.summary, { params: { txId }, signal }),
  })
}

function useIdentityMutation<I>(run: (input: I) => Promise<IdentityCheck>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (check) =>
      queryClient.setQueryData(MY_IDENTITY_KEY, (old: { provider_label: string } | undefined) => ({
        provider_label: old?.provider_label ?? check.provider_label,
        check,
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['verification'] }),
  })
}

/** POST /api/me/identity-check: start or resume. */
export function useStartIdentity() {
  return useIdentityMutation(() => callApi(endpoints.startIdentity, {}))
}

/** PUT .../document. */
export function useDocumentStep(checkId: string) {
  return useIdentityMutation((body: DocumentStepInput) =>
    callApi(endpoints.documentStep, { params: { checkId }, body }),
  )
}

/** PUT .../selfie. */
export function useSelfieStep(checkId: string) {
  return useIdentityMutation((body: SelfieStepInput) => callApi(endpoints.selfieStep, { params: { checkId }, body }))
}

/** PUT .../address. */
export function useAddressStep(checkId: string) {
  return useIdentityMutation((body: AddressStepInput) => callApi(endpoints.addressStep, { params: { checkId }, body }))
}

/** POST .../submit. */
export function useSubmitIdentity(checkId: string) {
  return useIdentityMutation(() => callApi(endpoints.submitIdentity, { params: { checkId } }))
}

/** GET /api/transactions/{txId}/cdd/{profileId}; polls while screening is out. */
export function useCddRecord(txId: string, profileId: string) {
  return useQuery({
    queryKey: cddKey(txId, profileId),
    queryFn: ({ signal }) => callApi(endpoints.getCdd, { params: { txId, profileId }, signal }),
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.screening.state === 'pending' || q.state.data?.identity.state === 'processing' ? 2000 : false,
  })
}

function useCddMutation<I>(txId: string, profileId: string, run: (input: I) => Promise<CddRecord>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (record) => queryClient.setQueryData(cddKey(txId, profileId), record),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: summaryKey(txId) })
      void queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) })
    },
  })
}

/** POST /api/transactions/{txId}/cdd/{profileId}: open the record and start screening. */
export function useOpenCdd(txId: string, profileId: string) {
  return useCddMutation(txId, profileId, () => callApi(endpoints.openCdd, { params: { txId, profileId } }))
}

/** PUT .../edd. */
export function useSaveEdd(txId: string, profileId: string) {
  return useCddMutation(txId, profileId, (body: EddInput) =>
    callApi(endpoints.saveEdd, { params: { txId, profileId }, body }),
  )
}

/** PUT .../reliance. */
export function useSaveReliance(txId: string, profileId: string) {
  return useCddMutation(txId, profileId, (body: RelianceInput) =>
    callApi(endpoints.saveReliance, { params: { txId, profileId }, body }),
  )
}

/** PUT .../countries: nationality and country of residence (decision 068). */
export function useSaveCountries(txId: string, profileId: string) {
  return useCddMutation(txId, profileId, (body: CountriesInput) =>
    callApi(endpoints.saveCountries, { params: { txId, profileId }, body }),
  )
}

/** POST .../decision. */
export function useDecideCdd(txId: string, profileId: string) {
  return useCddMutation(txId, profileId, (body: DecisionInput) =>
    callApi(endpoints.decide, { params: { txId, profileId }, body }),
  )
}

/** POST .../identity-review: accept, reject or ask for a new check after a manual review. */
export function useReviewIdentity(txId: string, profileId: string) {
  return useCddMutation(txId, profileId, (body: IdentityReviewInput) =>
    callApi(endpoints.reviewIdentity, { params: { txId, profileId }, body }),
  )
}

/** The URL of a party's identity image (the server audits each view). */
export function identityImageUrl(txId: string, profileId: string, image: 'document' | 'selfie'): string {
  return `/api/transactions/${encodeURIComponent(txId)}/identity/${encodeURIComponent(profileId)}/images/${image}`
}

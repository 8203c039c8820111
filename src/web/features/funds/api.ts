/**
 * The source-of-funds endpoints, called through their catalogue entries (`fundsEndpoints`): the
 * buyer's funding picture and its writes, and the conveyancer's review. Every mutation answers the
 * new picture, which replaces the cached one. While a bank consent awaits the bank's webhook, the
 * picture is polled every 2 seconds (each poll is a view, in the audit trail).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  fundsEndpoints,
  type FundsPicture,
  type GiftDeclarationInput,
  type GiftorGift,
  type SaveFundsPlanInput,
  type SignGiftInput,
} from '#shared/contracts/funds.ts'
import { callApi } from '#web/lib/api-client.ts'

const fundsKey = (txId: string) => ['funds', txId] as const

/** GET /api/transactions/{txId}/funds; polls while a consent awaits the bank. */
export function useFundsPicture(txId: string) {
  return useQuery({
    queryKey: fundsKey(txId),
    queryFn: ({ signal }) => callApi(fundsEndpoints.picture, { params: { txId }, signal }),
    refetchInterval: (q: { state: { data?: FundsPicture } }) =>
      q.state.data?.consents[0]?.status === 'awaiting_authorisation' ? 2000 : false,
    retry: (count, err) => count < 2 && (err as { status?: number }).status !== 404,
  })
}

function usePictureMutation<I>(txId: string, fn: (input: I) => Promise<FundsPicture>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (picture) => queryClient.setQueryData(fundsKey(txId), picture),
  })
}

/** PUT .../funds/plan. */
export const useSavePlan = (txId: string) =>
  usePictureMutation(txId, (body: SaveFundsPlanInput) => callApi(fundsEndpoints.savePlan, { params: { txId }, body }))

/** PUT .../funds/accounts/{accountId}. */
export const useSelectAccount = (txId: string) =>
  usePictureMutation(txId, ({ accountId, selected }: { accountId: string; selected: boolean }) =>
    callApi(fundsEndpoints.selectAccount, { params: { txId, accountId }, body: { selected } }),
  )

/** PUT .../funds/explanations. */
export const useExplain = (txId: string) =>
  usePictureMutation(txId, (body: { account_id: string; transaction_id: string; explanation: string }) =>
    callApi(fundsEndpoints.explain, { params: { txId }, body }),
  )

/** POST .../funds/gifts. */
export const useAddGift = (txId: string) =>
  usePictureMutation(
    txId,
    (body: { giftor_name: string; giftor_email: string; relationship: string; amount_pence: number }) =>
      callApi(fundsEndpoints.addGift, { params: { txId }, body }),
  )

/** POST .../funds/gifts/{giftId}/invitation: a new link for the giftor. */
export const useResendGiftInvitation = (txId: string) =>
  usePictureMutation(txId, (giftId: string) =>
    callApi(fundsEndpoints.resendGiftInvitation, { params: { txId, giftId } }),
  )

const giftKey = (giftId: string) => ['gift', giftId] as const

/** GET /api/gifts/{giftId}: the giftor's own gift page; polls while their identity check or bank awaits an answer. */
export function useGiftorGift(giftId: string) {
  return useQuery({
    queryKey: giftKey(giftId),
    queryFn: ({ signal }) => callApi(fundsEndpoints.giftorGift, { params: { giftId }, signal }),
    refetchInterval: (q: { state: { data?: GiftorGift } }) =>
      q.state.data?.identity === 'processing' || q.state.data?.bank.status === 'awaiting_authorisation' ? 2000 : false,
    retry: (count, err) => count < 2 && (err as { status?: number }).status !== 404,
  })
}

function useGiftMutation<I>(giftId: string, fn: (input: I) => Promise<GiftorGift>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (gift) => queryClient.setQueryData(giftKey(giftId), gift),
  })
}

/** PUT /api/gifts/{giftId}/declaration: the giftor's answers; the declaration PDF is prepared. */
export const usePrepareGiftDeclaration = (giftId: string) =>
  useGiftMutation(giftId, (body: GiftDeclarationInput) =>
    callApi(fundsEndpoints.prepareGiftDeclaration, { params: { giftId }, body }),
  )

/** POST /api/gifts/{giftId}/sign. */
export const useSignGift = (giftId: string) =>
  useGiftMutation(giftId, (body: SignGiftInput) => callApi(fundsEndpoints.signGift, { params: { giftId }, body }))

/** The declaration PDF's address for the giftor (same origin, their session). */
export const giftDeclarationUrl = (giftId: string) => `/api/gifts/${encodeURIComponent(giftId)}/declaration.pdf`

/** POST .../funds/review. */
export const useReviewFunds = (txId: string) =>
  usePictureMutation(txId, (body: { decision: 'satisfied' | 'more_info'; note?: string }) =>
    callApi(fundsEndpoints.review, { params: { txId }, body }),
  )

/** POST .../funds/bank-consents: answers where the bank's consent page is. */
export function useStartConsent(txId: string) {
  return useMutation({
    mutationFn: (bankId: string) =>
      callApi(fundsEndpoints.startConsent, { params: { txId }, body: { bank_id: bankId } }),
  })
}

/** POST /api/gifts/{giftId}/bank-consents: the giftor's own bank check; answers where the bank's consent page is. */
export function useStartGiftBankConsent(giftId: string) {
  return useMutation({
    mutationFn: (bankId: string) =>
      callApi(fundsEndpoints.startGiftBankConsent, { params: { giftId }, body: { bank_id: bankId } }),
  })
}

/** GET /api/gifts: "Your gifts" (decision 069); an empty list for anyone who is nobody's giftor. */
export function useMyGifts() {
  return useQuery({
    queryKey: ['my-gifts'] as const,
    queryFn: ({ signal }) => callApi(fundsEndpoints.myGifts, { signal }),
    staleTime: 30_000,
  })
}

/** GET .../funds/gifts/{giftId}/checks: the giftor's checks, for the buyer's conveyancer. */
export function useGiftChecks(txId: string, giftId: string) {
  return useQuery({
    queryKey: ['gift-checks', txId, giftId] as const,
    queryFn: ({ signal }) => callApi(fundsEndpoints.giftChecks, { params: { txId, giftId }, signal }),
    retry: (count, err) => count < 2 && ![403, 404].includes((err as { status?: number }).status ?? 0),
  })
}

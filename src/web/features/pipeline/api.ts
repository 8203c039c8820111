/**
 * The mortgage broker's endpoints (`mortgageEndpoints`): the pipeline, one buyer's case and the
 * mutations that change it; each mutation puts the answer (the fresh case) in the cache and marks
 * the pipeline and the move's detail stale (a DIP ticks a timeline task).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  mortgageEndpoints,
  type BrokerClient,
  type CreateClientInput,
  type FactFindInput,
  type MortgageCase,
  type PipelineQueryParams,
  type RecommendationInput,
  type RecordDipInput,
  type UpdateApplicationInput,
  type UpdateClientInput,
} from '#shared/contracts/mortgages.ts'
import { callApi } from '#web/lib/api-client.ts'
import { transactionQueryKey } from '#web/lib/query-keys.ts'

const PIPELINE_KEY = ['mortgages', 'pipeline'] as const
const caseKey = (txId: string) => ['mortgages', 'case', txId] as const
const clientKey = (clientId: string) => ['mortgages', 'client', clientId] as const

/** GET /api/pipeline?q=&stage=&lender=&dip_expiring=&sort=: searched, filtered and sorted on the server. */
export function usePipeline(query: PipelineQueryParams = {}) {
  return useQuery({
    queryKey: [...PIPELINE_KEY, query],
    queryFn: ({ signal }) => callApi(mortgageEndpoints.pipeline, { query, signal }),
    staleTime: 15_000,
    placeholderData: (previous) => previous,
  })
}

/** GET /api/broker-clients/{clientId}. */
export function useBrokerClient(clientId: string) {
  return useQuery({
    queryKey: clientKey(clientId),
    queryFn: ({ signal }) => callApi(mortgageEndpoints.getClient, { params: { clientId }, signal }),
    staleTime: 15_000,
  })
}

function useClientMutation<I>(send: (input: I) => Promise<BrokerClient>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      queryClient.setQueryData(clientKey(data.id), data)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PIPELINE_KEY }),
        ...(data.transaction_id
          ? [
              queryClient.invalidateQueries({ queryKey: caseKey(data.transaction_id) }),
              queryClient.invalidateQueries({ queryKey: transactionQueryKey(data.transaction_id) }),
            ]
          : []),
      ])
    },
  })
}

/** POST /api/broker-clients. */
export function useCreateClient() {
  return useClientMutation((body: CreateClientInput) => callApi(mortgageEndpoints.createClient, { body }))
}

/** PUT /api/broker-clients/{clientId}. */
export function useUpdateClient(clientId: string) {
  return useClientMutation((body: UpdateClientInput) =>
    callApi(mortgageEndpoints.updateClient, { params: { clientId }, body }),
  )
}

/** PUT /api/broker-clients/{clientId}/fact-find (the autosave). */
export function useSaveClientFactFind(clientId: string) {
  return useClientMutation((body: FactFindInput) =>
    callApi(mortgageEndpoints.saveClientFactFind, { params: { clientId }, body }),
  )
}

/** POST /api/broker-clients/{clientId}/link. */
export function useLinkClient(clientId: string) {
  return useClientMutation((transaction_id: string) =>
    callApi(mortgageEndpoints.linkClient, { params: { clientId }, body: { transaction_id } }),
  )
}

/** POST /api/broker-clients/{clientId}/recommendations. */
export function useRecordRecommendation(clientId: string) {
  return useClientMutation((body: RecommendationInput) =>
    callApi(mortgageEndpoints.recordRecommendation, { params: { clientId }, body }),
  )
}

/** POST /api/mortgages/{txId}/client: the client record of a move's buyer (made when missing). */
export function useStartClient(txId: string) {
  return useClientMutation(() => callApi(mortgageEndpoints.startClient, { params: { txId } }))
}

/** GET /api/mortgages/{txId}. */
export function useMortgageCase(txId: string) {
  return useQuery({
    queryKey: caseKey(txId),
    queryFn: ({ signal }) => callApi(mortgageEndpoints.getCase, { params: { txId }, signal }),
    staleTime: 15_000,
  })
}

function useCaseMutation<I>(txId: string, send: (input: I) => Promise<MortgageCase>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => {
      queryClient.setQueryData(caseKey(txId), data)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PIPELINE_KEY }),
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
      ])
    },
  })
}

/** POST /api/mortgages/{txId}/dips. */
export function useRecordDip(txId: string) {
  return useCaseMutation(txId, (body: RecordDipInput) =>
    callApi(mortgageEndpoints.recordDip, { params: { txId }, body }),
  )
}

/** PUT /api/mortgages/{txId}/application. */
export function useUpdateApplication(txId: string) {
  return useCaseMutation(txId, (body: UpdateApplicationInput) =>
    callApi(mortgageEndpoints.updateApplication, { params: { txId }, body }),
  )
}

/** The lender pack's download link: GET /api/mortgages/{txId}/lender-pack?documents=… */
export function lenderPackHref(txId: string, documentIds: string[]): string {
  const query = documentIds.length ? `?documents=${documentIds.map(encodeURIComponent).join(',')}` : ''
  return `/api/mortgages/${encodeURIComponent(txId)}/lender-pack${query}`
}

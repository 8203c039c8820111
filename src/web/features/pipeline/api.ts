/**
 * The mortgage broker's endpoints (`mortgageEndpoints`): the pipeline, one buyer's case and the
 * mutations that change it; each mutation puts the answer (the fresh case) in the cache and marks
 * the pipeline and the move's detail stale (a DIP ticks a timeline task).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  mortgageEndpoints,
  type FactFindInput,
  type MortgageCase,
  type RecordDipInput,
  type UpdateApplicationInput,
} from '#shared/contracts/mortgages.ts'
import { callApi } from '#web/lib/api-client.ts'
import { transactionQueryKey } from '#web/lib/query-keys.ts'

const PIPELINE_KEY = ['mortgages', 'pipeline'] as const
const caseKey = (txId: string) => ['mortgages', 'case', txId] as const

/** GET /api/pipeline. */
export function usePipeline() {
  return useQuery({
    queryKey: PIPELINE_KEY,
    queryFn: ({ signal }) => callApi(mortgageEndpoints.pipeline, { signal }),
    staleTime: 15_000,
  })
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

/** PUT /api/mortgages/{txId}/fact-find. */
export function useSaveFactFind(txId: string) {
  return useCaseMutation(txId, (body: FactFindInput) =>
    callApi(mortgageEndpoints.saveFactFind, { params: { txId }, body }),
  )
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

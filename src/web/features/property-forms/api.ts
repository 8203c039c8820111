/**
 * The property form endpoints through their catalogue entries: the form with its answers, saving a
 * section (autosave), signing, and evidence on an answer (uploaded to the Property folder first).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { propertyFormEndpoints, type PropertyFormResponse } from '#shared/contracts/property-forms.ts'
import type { Answers, PropertyFormKind } from '#shared/domain/property-forms.ts'
import { callApi } from '#web/lib/api-client.ts'
import { documentsKey, transactionQueryKey } from '#web/lib/query-keys.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'

export const propertyFormKey = (txId: string, form: PropertyFormKind) => ['property-forms', txId, form] as const

/** GET /api/transactions/{txId}/forms/{form}; `enabled` false for a viewer who may not read it. */
export function usePropertyForm(txId: string, form: PropertyFormKind, enabled = true) {
  return useQuery({
    enabled,
    queryKey: propertyFormKey(txId, form),
    queryFn: ({ signal }) => callApi(propertyFormEndpoints.get, { params: { txId, form }, signal }),
    // The seller's own edits live in the page while they type; a refetch must not overwrite them.
    refetchOnWindowFocus: false,
  })
}

/** PUT .../sections/{section}: the page keeps its own answers; the cached form is left as loaded. */
export function useSaveSection(txId: string, form: PropertyFormKind) {
  return useMutation({
    mutationFn: ({ section, answers }: { section: string; answers: Answers }) =>
      callApi(propertyFormEndpoints.saveSection, { params: { txId, form, section }, body: { answers } }),
  })
}

/** POST .../sign: the form, its task and the move's documents reload. */
export function useSignForm(txId: string, form: PropertyFormKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (typedName: string) =>
      callApi(propertyFormEndpoints.sign, { params: { txId, form }, body: { typed_name: typedName, confirm: true } }),
    onSuccess: (data) => queryClient.setQueryData(propertyFormKey(txId, form), data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
        queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
      ]),
  })
}

/** Uploads a file to the Property folder, then attaches it to the question. */
export function useAddEvidence(txId: string, form: PropertyFormKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ question, file }: { question: string; file: File }) => {
      const doc = await uploadFile({ txId, folder: 'Property', file, idempotencyKey: crypto.randomUUID() })
      return callApi(propertyFormEndpoints.addEvidence, {
        params: { txId, form },
        body: { question, document_id: doc.id },
      })
    },
    onSuccess: (evidence) =>
      queryClient.setQueryData<PropertyFormResponse>(propertyFormKey(txId, form), (old) =>
        old ? { ...old, evidence: [...old.evidence, evidence] } : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey(txId) }),
  })
}

/** DELETE .../evidence/{evidenceId}. */
export function useRemoveEvidence(txId: string, form: PropertyFormKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (evidenceId: string) =>
      callApi(propertyFormEndpoints.removeEvidence, { params: { txId, form, evidenceId } }),
    onSuccess: (_data, evidenceId) =>
      queryClient.setQueryData<PropertyFormResponse>(propertyFormKey(txId, form), (old) =>
        old ? { ...old, evidence: old.evidence.filter((e) => e.id !== evidenceId) } : old,
      ),
  })
}

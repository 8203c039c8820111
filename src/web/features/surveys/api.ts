/**
 * The surveys endpoints, called through their catalogue entries (`surveyEndpoints`): a move's survey
 * page, slots and booking changes (buyer side), and the surveyor's schedule, report delivery and
 * payouts. Each mutation reloads exactly the view it changed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  surveyEndpoints,
  type AvailabilityInput,
  type BookSurveyInput,
  type ProductsInput,
} from '#shared/contracts/surveys.ts'
import { callApi } from '#web/lib/api-client.ts'

const surveysKey = (txId: string) => ['surveys', 'transaction', txId] as const
const SCHEDULE_KEY = ['surveys', 'schedule'] as const

/** GET /api/transactions/{txId}/surveys; `enabled` false for a viewer who may not read it. */
export function useTransactionSurveys(txId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: surveysKey(txId),
    queryFn: ({ signal }) => callApi(surveyEndpoints.transactionSurveys, { params: { txId }, signal }),
  })
}

/** GET /api/transactions/{txId}/surveys/slots?product_id=, once a product is chosen. */
export function useSlots(txId: string, productId: string | null) {
  return useQuery({
    queryKey: [...surveysKey(txId), 'slots', productId],
    queryFn: ({ signal }) =>
      callApi(surveyEndpoints.slots, { params: { txId }, query: { product_id: productId! }, signal }),
    enabled: productId !== null,
  })
}

/** POST .../surveys/bookings: the move's surveys (and their slots) reload. */
export function useBookSurvey(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BookSurveyInput) => callApi(surveyEndpoints.book, { params: { txId }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveysKey(txId) }),
  })
}

/** POST .../surveys/bookings/{bookingId}/cancel. */
export function useCancelBooking(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bookingId: string) => callApi(surveyEndpoints.cancel, { params: { txId, bookingId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveysKey(txId) }),
  })
}

/** POST .../surveys/bookings/{bookingId}/reschedule: the move's surveys and their slots reload. */
export function useRescheduleBooking(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookingId, startsAt }: { bookingId: string; startsAt: string }) =>
      callApi(surveyEndpoints.reschedule, { params: { txId, bookingId }, body: { starts_at: startsAt } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: surveysKey(txId) }),
  })
}

/** GET /api/schedule?from=&days=. */
export function useSchedule(from: string | undefined, days: number) {
  return useQuery({
    queryKey: [...SCHEDULE_KEY, from ?? 'today', days],
    queryFn: ({ signal }) => callApi(surveyEndpoints.schedule, { query: { ...(from ? { from } : {}), days }, signal }),
  })
}

/** POST /api/schedule/bookings/{bookingId}/report/ready with a document already in the Property folder. */
export function useReadyReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookingId, documentId }: { bookingId: string; documentId: string }) =>
      callApi(surveyEndpoints.readyReport, { params: { bookingId }, body: { document_id: documentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  })
}

/** POST /api/schedule/bookings/{bookingId}/report/release: the schedule and the statement reload. */
export function useReleaseReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bookingId: string) => callApi(surveyEndpoints.releaseReport, { params: { bookingId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  })
}

/** GET /api/schedule/coverage. */
export function useCoverage() {
  return useQuery({
    queryKey: [...SCHEDULE_KEY, 'coverage'],
    queryFn: ({ signal }) => callApi(surveyEndpoints.coverage, { signal }),
  })
}

/** PUT /api/schedule/coverage (firm admins). */
export function useSaveCoverage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (districts: string[]) => callApi(surveyEndpoints.saveCoverage, { body: { districts } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SCHEDULE_KEY, 'coverage'] }),
  })
}

/** GET /api/schedule/statement (default range). */
export function useStatement() {
  return useQuery({
    queryKey: [...SCHEDULE_KEY, 'statement'],
    queryFn: ({ signal }) => callApi(surveyEndpoints.statement, { query: {}, signal }),
  })
}

/** GET /api/schedule/calendar-feed. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: [...SCHEDULE_KEY, 'feed'],
    queryFn: ({ signal }) => callApi(surveyEndpoints.calendarFeed, { signal }),
  })
}

/** POST /api/schedule/calendar-feed: a new secret URL (answered once). */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(surveyEndpoints.regenerateCalendarFeed, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SCHEDULE_KEY, 'feed'] }),
  })
}

/** PUT /api/schedule/availability: weekly hours, days off, travel buffer and notice; the schedule reloads. */
export function useSaveAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AvailabilityInput) => callApi(surveyEndpoints.saveAvailability, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  })
}

/** PUT /api/schedule/products: the firm's products and prices (admins); the schedule reloads. */
export function useSaveProducts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ProductsInput) => callApi(surveyEndpoints.saveProducts, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { academyEndpoints } from '#shared/contracts/academy.ts'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { callApi } from '#web/lib/api-client.ts'

const ACADEMY_KEY = ['academy'] as const

/** GET /api/academy: courses, the viewer's CPD records, their firm's onboarding checklist. */
export const academyQueryOptions = queryOptions({
  queryKey: [...ACADEMY_KEY, 'overview'],
  queryFn: ({ signal }) => callApi(academyEndpoints.overview, { signal }),
})

export function useAcademy() {
  return useQuery(academyQueryOptions)
}

/** GET /api/academy/courses/{slug}. */
export const courseQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...ACADEMY_KEY, 'course', slug],
    queryFn: ({ signal }) => callApi(academyEndpoints.course, { params: { slug }, signal }),
  })

export function useCourse(slug: string) {
  return useQuery(courseQueryOptions(slug))
}

/** POST /api/academy/courses/{slug}/attempts; a pass changes the list and the course, so both are refetched. */
export function useSubmitQuiz(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (answers: Record<string, number>) =>
      callApi(academyEndpoints.submitQuiz, { params: { slug }, body: { answers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACADEMY_KEY }),
  })
}

/** Where a CPD certificate downloads from (a plain link: the browser saves the PDF). */
export function certificateUrl(recordId: string): string {
  return endpointUrl(academyEndpoints.certificate, { params: { recordId } })
}

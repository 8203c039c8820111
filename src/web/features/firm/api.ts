/**
 * The firm page's endpoints, called through their catalogue entries: the viewer's firm with its
 * members and invitations (`firmsEndpoints`), creating or claiming a firm, and the firm's settings
 * (SLA targets and standard enquiry lists, `enquiryEndpoints`). Each mutation invalidates what it
 * changed: the firm, and the cases board where members (fee earners) or membership changed.
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PutSlaSettingsInput, PutStandardEnquiriesInput } from '#shared/contracts/enquiries.ts'
import { enquiryEndpoints } from '#shared/contracts/enquiries.ts'
import { firmsEndpoints, type CreateFirmInput, type InviteMemberInput } from '#shared/contracts/firms.ts'
import type { MemberRole } from '#shared/domain/firms.ts'
import { firmProfileEndpoints, type FirmProfile, type UpdateFirmProfileInput } from '#shared/contracts/firm-profile.ts'
import { callApi } from '#web/lib/api-client.ts'
import { sendFile } from '#web/lib/uploads/upload-file.ts'
import { CASES_BOARD_QUERY_KEY, MY_FIRM_QUERY_KEY } from '#web/lib/query-keys.ts'

const slaKey = (orgId: string) => ['firm', orgId, 'sla-settings'] as const
const standardKey = (orgId: string) => ['firm', orgId, 'standard-enquiries'] as const

/** GET /api/firm: the viewer's firm (null when none), their role, members and (admins) pending invitations. */
export const myFirmQueryOptions = queryOptions({
  queryKey: MY_FIRM_QUERY_KEY,
  queryFn: ({ signal }) => callApi(firmsEndpoints.myFirm, { signal }),
  staleTime: 15_000,
})

export function useMyFirm() {
  return useQuery(myFirmQueryOptions)
}

/** Invalidates the firm and the cases board (its fee earners and viewer role follow membership). */
function useFirmChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CASES_BOARD_QUERY_KEY }),
    ])
}

/** POST /api/firm: create the viewer's firm and its listing; they become its admin. */
export function useCreateFirm() {
  const changed = useFirmChanged()
  return useMutation({
    mutationFn: (input: CreateFirmInput) => callApi(firmsEndpoints.createFirm, { body: input }),
    onSuccess: changed,
  })
}

/** GET /api/firm/listings?q=: listings of the viewer's trade nobody has joined; off below 2 characters. */
export function useClaimableListings(q: string) {
  const text = q.trim()
  return useQuery({
    queryKey: ['firm', 'listings', text],
    queryFn: ({ signal }) => callApi(firmsEndpoints.searchListings, { query: { q: text }, signal }),
    enabled: text.length >= 2,
    staleTime: 30_000,
  })
}

/** POST /api/firm/claim: claim a listing as its first admin. */
export function useClaimListing() {
  const changed = useFirmChanged()
  return useMutation({
    mutationFn: (organizationId: string) =>
      callApi(firmsEndpoints.claimListing, { body: { organization_id: organizationId } }),
    onSuccess: changed,
  })
}

/** POST /api/firm/invitations: invite a colleague by email (admins). */
export function useInviteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: InviteMemberInput) => callApi(firmsEndpoints.inviteMember, { body: input }),
    onSuccess: (firm) => queryClient.setQueryData(MY_FIRM_QUERY_KEY, firm),
  })
}

/** DELETE /api/firm/invitations/{invitationId}: withdraw a pending invitation (admins). */
export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => callApi(firmsEndpoints.revokeInvitation, { params: { invitationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY }),
  })
}

/** PATCH /api/firm/members/{profileId}: change a member's role (admins). */
export function useChangeMemberRole() {
  const changed = useFirmChanged()
  return useMutation({
    mutationFn: ({ profileId, role }: { profileId: string; role: MemberRole }) =>
      callApi(firmsEndpoints.changeMember, { params: { profileId }, body: { role } }),
    onSuccess: changed,
  })
}

/** DELETE /api/firm/members/{profileId}: remove a member (admins). */
export function useRemoveMember() {
  const changed = useFirmChanged()
  return useMutation({
    mutationFn: (profileId: string) => callApi(firmsEndpoints.removeMember, { params: { profileId } }),
    onSuccess: changed,
  })
}

/** GET /api/firms/{orgId}/sla-settings: the firm's SLA targets (any member). */
export function useSlaSettings(orgId: string) {
  return useQuery({
    queryKey: slaKey(orgId),
    queryFn: ({ signal }) => callApi(enquiryEndpoints.firmSla, { params: { orgId }, signal }),
  })
}

/** PUT /api/firms/{orgId}/sla-settings: change the targets (admins; clocks started from now on). */
export function usePutSlaSettings(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PutSlaSettingsInput) =>
      callApi(enquiryEndpoints.putFirmSla, { params: { orgId }, body: input }),
    onSuccess: (settings) => queryClient.setQueryData(slaKey(orgId), settings),
  })
}

/** GET /api/firms/{orgId}/standard-enquiries: the firm's standard enquiry lists (any member). */
export function useStandardEnquiries(orgId: string) {
  return useQuery({
    queryKey: standardKey(orgId),
    queryFn: ({ signal }) => callApi(enquiryEndpoints.firmStandard, { params: { orgId }, signal }),
  })
}

/** PUT /api/firms/{orgId}/standard-enquiries: replace one category's list (admins; empty restores Homeward's). */
export function usePutStandardEnquiries(orgId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PutStandardEnquiriesInput) =>
      callApi(enquiryEndpoints.putFirmStandard, { params: { orgId }, body: input }),
    onSuccess: (lists) => queryClient.setQueryData(standardKey(orgId), lists),
  })
}

/** GET /api/firms/{orgId}/events: the firm's activity (admins), newest first, older pages on request. */
export function useFirmEvents(orgId: string) {
  return useInfiniteQuery({
    queryKey: ['firm', orgId, 'events'],
    queryFn: ({ pageParam, signal }) =>
      callApi(firmsEndpoints.firmEvents, {
        params: { orgId },
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  })
}

const profileKey = (orgId: string) => ['firm', orgId, 'profile'] as const

/** GET /api/firms/{orgId}/profile: the firm's public profile (any member). */
export function useFirmProfile(orgId: string) {
  return useQuery({
    queryKey: profileKey(orgId),
    queryFn: ({ signal }) => callApi(firmProfileEndpoints.get, { params: { orgId }, signal }),
  })
}

/** Puts a changed profile in the cache and refreshes the firm (its "listed" badge) and the directory. */
function useProfileChanged(orgId: string) {
  const queryClient = useQueryClient()
  return (profile: FirmProfile) => {
    queryClient.setQueryData(profileKey(orgId), profile)
    void queryClient.invalidateQueries({ queryKey: MY_FIRM_QUERY_KEY })
    void queryClient.invalidateQueries({ queryKey: ['directory'] })
    void queryClient.invalidateQueries({ queryKey: ['accreditation'] })
  }
}

/** PATCH /api/firms/{orgId}/profile: change the profile (admins); the regulator number is checked on the register. */
export function useUpdateFirmProfile(orgId: string) {
  const changed = useProfileChanged(orgId)
  return useMutation({
    mutationFn: (input: UpdateFirmProfileInput) =>
      callApi(firmProfileEndpoints.update, { params: { orgId }, body: input }),
    onSuccess: changed,
  })
}

/** POST /api/firms/{orgId}/logo: upload a logo with progress (`onProgress` 0..100); the server resizes it. */
export function useUploadFirmLogo(orgId: string) {
  const changed = useProfileChanged(orgId)
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      sendFile<FirmProfile>({
        url: `/api/firms/${orgId}/logo`,
        file,
        onProgress: (sent, total) => onProgress(total ? Math.round((sent / total) * 100) : 0),
      }),
    onSuccess: changed,
  })
}

/** DELETE /api/firms/{orgId}/logo: remove the logo (admins). */
export function useRemoveFirmLogo(orgId: string) {
  const changed = useProfileChanged(orgId)
  return useMutation({
    mutationFn: () => callApi(firmProfileEndpoints.removeLogo, { params: { orgId } }),
    onSuccess: changed,
  })
}

/**
 * The whole endpoint catalogue in one place: every endpoint of the JSON API that our own code serves,
 * grouped by feature. The server's routes are built from these entries, and a test checks that the
 * served API and the catalogue are the same set. The web app imports a feature's group from its own
 * contract file instead, so that a page's bundle holds only the contracts it uses.
 */
import { academyEndpoints } from './academy'
import { addressLookupEndpoints } from './address-lookup'
import { apiAccessEndpoints } from './api-access'
import { accreditationEndpoints } from './accreditation'
import { activityEndpoints } from './activity'
import { accountEndpoints } from './account'
import { authEndpoints } from './auth'
import { chainEndpoints } from './chains'
import { billingEndpoints } from './billing'
import { chatEndpoints } from './chat'
import { dataRightsEndpoints } from './data-rights'
import { depositEndpoints } from './deposits'
import { directoryEndpoints } from './directory'
import { documentEndpoints } from './documents'
import type { EndpointSpec } from './endpoint'
import { enquiryEndpoints } from './enquiries'
import { firmsEndpoints } from './firms'
import { fundsEndpoints } from './funds'
import { healthEndpoints } from './health'
import { identityEndpoints } from './identities'
import { invitationEndpoints } from './invitations'
import { liveEndpoints } from './live'
import { matterImportEndpoints } from './matter-import'
import { logbookEndpoints } from './logbooks'
import { mortgageEndpoints } from './mortgages'
import { notificationEndpoints } from './notifications'
import { firmProfileEndpoints } from './firm-profile'
import { offPlatformPartyEndpoints } from './off-platform-parties'
import { pdtfEndpoints } from './pdtf'
import { portfolioEndpoints } from './portfolio'
import { propertyFormEndpoints } from './property-forms'
import { reviewEndpoints } from './reviews'
import { signingEndpoints } from './signing'
import { supportEndpoints } from './support'
import { surveyEndpoints } from './surveys'
import { titleCheckEndpoints } from './title-checks'
import { transactionEndpoints } from './transactions'
import { twoFactorEndpoints } from './two-factor'
import { updateRequestEndpoints } from './update-requests'
import { verificationEndpoints } from './verification'

export const catalogue = {
  academy: academyEndpoints,
  account: accountEndpoints,
  apiAccess: apiAccessEndpoints,
  accreditation: accreditationEndpoints,
  activity: activityEndpoints,
  auth: authEndpoints,
  chains: chainEndpoints,
  billing: billingEndpoints,
  chat: chatEndpoints,
  dataRights: dataRightsEndpoints,
  deposits: depositEndpoints,
  directory: directoryEndpoints,
  documents: documentEndpoints,
  enquiries: enquiryEndpoints,
  firms: firmsEndpoints,
  funds: fundsEndpoints,
  health: healthEndpoints,
  identities: identityEndpoints,
  invitations: invitationEndpoints,
  live: liveEndpoints,
  mortgages: mortgageEndpoints,
  notifications: notificationEndpoints,
  pdtf: pdtfEndpoints,
  portfolio: portfolioEndpoints,
  propertyForms: propertyFormEndpoints,
  reviews: reviewEndpoints,
  signing: signingEndpoints,
  support: supportEndpoints,
  surveys: surveyEndpoints,
  titleChecks: titleCheckEndpoints,
  logbooks: logbookEndpoints,
  transactions: transactionEndpoints,
  twoFactor: twoFactorEndpoints,
  updateRequests: updateRequestEndpoints,
  verification: verificationEndpoints,
  matterImport: matterImportEndpoints,
  offPlatformParties: offPlatformPartyEndpoints,
  firmProfile: firmProfileEndpoints,
  addressLookup: addressLookupEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>

/** Every endpoint of the catalogue, as a flat list. */
export function allEndpoints(): EndpointSpec[] {
  return Object.values(catalogue).flatMap((group) => Object.values(group) as EndpointSpec[])
}

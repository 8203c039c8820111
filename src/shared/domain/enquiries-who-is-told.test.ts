import { describe, expect, it } from 'vitest'
import { ENQUIRY_ATTACHMENT_AUDIENCE, recipientOfEnquiries, whoIsToldText } from './enquiries'

describe('who is told of new enquiries', () => {
  it('names the seller’s conveyancer on Homeward first, even when a firm is also recorded', () => {
    const r = recipientOfEnquiries({
      participantName: 'Sol Solicitor',
      offPlatform: { firm_name: 'Smith & Co', email: 'jane@smith.example' },
    })
    expect(r).toEqual({ kind: 'on_homeward', name: 'Sol Solicitor' })
    expect(whoIsToldText(r)).toBe(
      "The seller's conveyancer, Sol Solicitor, is told on Homeward, and each reply is due within your firm's SLA.",
    )
  })

  it('says the enquiries are sent by email to a firm not on Homeward', () => {
    const r = recipientOfEnquiries({
      participantName: null,
      offPlatform: { firm_name: 'Smith & Co', email: 'jane@smith.example' },
    })
    expect(r).toEqual({ kind: 'email', firm_name: 'Smith & Co', email: 'jane@smith.example' })
    expect(whoIsToldText(r)).toContain('Sent by email to Smith & Co (not on Homeward)')
    expect(whoIsToldText(r)).toContain('jane@smith.example')
  })

  it('says nobody is told, and to record the seller’s firm, when no one holds the seat', () => {
    for (const offPlatform of [null, { firm_name: 'No Email LLP', email: null }]) {
      const r = recipientOfEnquiries({ participantName: null, offPlatform })
      expect(r).toEqual({ kind: 'nobody' })
      const text = whoIsToldText(r)
      expect(text).toMatch(/^Nobody is told yet/)
      expect(text).toContain("Record the seller's firm")
      expect(text).not.toContain('is told on Homeward')
    }
  })

  it('files attachments for the clients and both conveyancers (decision 051, enquiries and replies)', () => {
    expect(ENQUIRY_ATTACHMENT_AUDIENCE).toBe('clients_and_conveyancers')
  })
})

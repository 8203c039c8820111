/**
 * Saving a card for the completion fee (setup mode) in both adapters: the sandbox's test cards
 * (4242 saves, 0002 is declined, 3155 saves after 3-D Secure) and its off-session charge only on a
 * saved card; Stripe's Checkout Session in setup mode, the SetupIntent's card read back, and the
 * off-session PaymentIntent on that payment method (requests checked against a fake fetch). And the
 * sandbox adopting a stored subscription it does not hold, rolled on to the current period.
 */
import { describe, expect, it } from 'vitest'
import { PaymentsError, type ProviderSubscription } from './payments-provider'
import { createSandboxPaymentsProvider, rollPeriod, SANDBOX_CARDS } from './sandbox-provider'
import { createStripePaymentsProvider } from './stripe-provider'

const setup = {
  customerRef: 'cus_1',
  description: 'Homeward completion fee',
  amountPence: 9900,
  successUrl: 'https://homeward.example/ok',
  cancelUrl: 'https://homeward.example/back',
  metadata: { purpose: 'completion_fee', transaction_id: 'tx-1' },
}

describe('the sandbox in setup mode', () => {
  it('saves a 4242 card, declines 0002, saves 3155 after 3-D Secure, and charges only a saved card', async () => {
    const sandbox = createSandboxPaymentsProvider()
    const declinedSession = await sandbox.createSetupSession(setup)
    const declined = sandbox.pay(declinedSession.id, SANDBOX_CARDS.declines)
    expect(declined.outcome).toBe('declined')
    expect(await sandbox.parseEvent(declined.events[0])).toMatchObject({
      type: 'checkout.payment_failed',
      metadata: { purpose: 'completion_fee' },
    })

    const s = await sandbox.createSetupSession(setup)
    expect(sandbox.pay(s.id, SANDBOX_CARDS.authenticates).outcome).toBe('requires_action')
    const done = sandbox.authenticate(s.id, true)
    const event = await sandbox.parseEvent(done.events[0])
    expect(event).toMatchObject({
      type: 'checkout.setup_completed',
      customerRef: 'cus_1',
      paymentMethod: { label: 'Visa ending 3155' },
    })
    if (event?.type !== 'checkout.setup_completed') throw new Error('no setup event')
    expect(await sandbox.retrieveSetupPaymentMethod(event.setupIntentRef!)).toEqual(event.paymentMethod)

    const charge = { idempotencyKey: 'k1', customerRef: 'cus_1', amountPence: 9900, description: 'fee' }
    await expect(sandbox.chargeOnce({ ...charge, paymentMethodRef: null })).rejects.toThrow(PaymentsError)
    const paid = await sandbox.chargeOnce({ ...charge, paymentMethodRef: event.paymentMethod!.paymentMethodRef })
    expect(paid.invoice).toMatchObject({ kind: 'completion_fee', totalPence: 9900, vatPence: 1650 })
    expect(sandbox.chargeCount()).toBe(1)
  })

  it('adopts a stored subscription it does not hold, rolled on to the current period', async () => {
    const stored: ProviderSubscription = {
      id: 'sub_sandbox_seeded',
      customerRef: 'cus_sandbox_x',
      status: 'active',
      interval: 'month',
      quantity: 2,
      currentPeriodStart: '2026-01-10T00:00:00.000Z',
      currentPeriodEnd: '2026-02-10T00:00:00.000Z',
      trialEnd: null,
      cancelAtPeriodEnd: false,
    }
    const at = new Date('2026-04-25T00:00:00Z')
    const rolled = rollPeriod(stored, at)
    expect(new Date(rolled.currentPeriodStart) <= at && at < new Date(rolled.currentPeriodEnd)).toBe(true)
    const sandbox = createSandboxPaymentsProvider(() => at)
    await expect(sandbox.updateSubscription(stored.id, { quantity: 3 })).rejects.toThrow(/no such subscription/)
    const { subscription, invoice } = await sandbox.updateSubscription(stored.id, { quantity: 3 }, stored)
    expect(subscription.quantity).toBe(3)
    expect(invoice?.kind).toBe('proration')
    // Held from now on: the stored copy is not needed again.
    expect((await sandbox.updateSubscription(stored.id, { cancelAtPeriodEnd: true })).subscription).toMatchObject({
      quantity: 3,
      cancelAtPeriodEnd: true,
    })
  })
})

describe('Stripe in setup mode', () => {
  function fakeStripe(answers: Record<string, unknown>) {
    const calls: { url: string; body: URLSearchParams | null }[] = []
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? new URLSearchParams(String(init.body)) : null })
      const key = Object.keys(answers).find((k) => url.includes(k))
      return new Response(JSON.stringify(key ? answers[key] : {}), { status: 200 })
    }) as unknown as typeof fetch
    return { calls, fetchImpl }
  }

  it('opens a setup-mode Checkout Session, reads the saved card, and charges it off-session', async () => {
    const { calls, fetchImpl } = fakeStripe({
      '/checkout/sessions': { id: 'cs_1', url: 'https://checkout.stripe.com/c/cs_1' },
      '/setup_intents/seti_1': { id: 'seti_1', payment_method: { id: 'pm_1', card: { brand: 'visa', last4: '4242' } } },
      '/payment_intents': { id: 'pi_1', status: 'succeeded' },
    })
    const stripe = createStripePaymentsProvider({ secretKey: 'sk_test_x', fetchImpl })
    expect(await stripe.createSetupSession(setup)).toEqual({ id: 'cs_1', url: 'https://checkout.stripe.com/c/cs_1' })
    const body = calls[0].body!
    expect(body.get('mode')).toBe('setup')
    expect(body.get('customer')).toBe('cus_1')
    expect(body.get('metadata[purpose]')).toBe('completion_fee')
    expect(body.get('setup_intent_data[metadata][transaction_id]')).toBe('tx-1')

    expect(
      await stripe.parseEvent({
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_1', mode: 'setup', customer: 'cus_1', setup_intent: 'seti_1', metadata: {} } },
      }),
    ).toMatchObject({ type: 'checkout.setup_completed', setupIntentRef: 'seti_1', paymentMethod: null })
    expect(await stripe.retrieveSetupPaymentMethod('seti_1')).toEqual({
      paymentMethodRef: 'pm_1',
      label: 'Visa ending 4242',
    })

    const charge = { idempotencyKey: 'k', customerRef: 'cus_1', amountPence: 9900, description: 'fee' }
    await expect(stripe.chargeOnce({ ...charge, paymentMethodRef: null })).rejects.toThrow(/No card is saved/)
    const paid = await stripe.chargeOnce({ ...charge, paymentMethodRef: 'pm_1' })
    expect(paid.reference).toBe('pi_1')
    const intent = calls.at(-1)!.body!
    expect(intent.get('payment_method')).toBe('pm_1')
    expect(intent.get('off_session')).toBe('true')
    expect(intent.get('confirm')).toBe('true')
  })
})

import { useId, useState } from 'react'
import { addressLookupEndpoints, type FoundAddress } from '#shared/contracts/address-lookup.ts'
import { NATION_LABELS } from '#shared/domain/nations.ts'
import { normalisePostcode, POSTCODE_MESSAGE } from '#shared/domain/postcode.ts'
import { callApi } from '#web/lib/api-client.ts'
import { SandboxBadge } from './sandbox-badge'
import { Button } from './ui/button'
import { Input } from './ui/input'
import { Label } from './ui/label'
import { NativeSelect } from './ui/native-select'

/** An address found, as a form takes it. */
export type PickedAddress = FoundAddress

/** The property fields a picked address fills, named as every property form names them. */
export type AddressFieldName = 'address_line_1' | 'address_line_2' | 'town' | 'postcode' | 'uprn' | 'nation'

/**
 * Writes a picked address into a property form through `set` (e.g. react-hook-form's setValue with
 * validation): line 1, the other lines joined as line 2, town, postcode, UPRN and nation ('' when the
 * lookup has none). The one mapping of a found address to the create, open-matter and sale forms.
 */
export function fillAddressFields(a: PickedAddress, set: (name: AddressFieldName, value: string) => void): void {
  set('address_line_1', a.lines[0] ?? '')
  set('address_line_2', a.lines.slice(1).join(', '))
  set('town', a.town)
  set('postcode', a.postcode)
  set('uprn', a.uprn)
  set('nation', a.nation ?? '')
}

/** 'Flat 1, 24 Westgate Street, Cardiff' for the list of addresses. */
function oneLine(a: FoundAddress): string {
  return [...a.lines, a.town].join(', ')
}

/**
 * "Find address": a postcode box and a button; the postcode's addresses (GET /api/address-lookup) as
 * a list to choose from; choosing one calls `onPick` with its lines, town, postcode, UPRN and nation,
 * which the form writes into its own fields (typing by hand stays possible below it). A sandbox
 * result carries the Sandbox badge (decision 044); no address or a lookup that is down says so and
 * leaves the form to be typed. Keyboard: Enter in the postcode box finds, the list is a native select.
 */
export function FindAddress({
  onPick,
  idPrefix = 'find-address',
}: {
  onPick: (a: PickedAddress) => void
  idPrefix?: string
}) {
  const id = useId()
  const postcodeId = `${idPrefix}-postcode`
  const listId = `${idPrefix}-list`
  const [postcode, setPostcode] = useState('')
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'error'; message: string }
    | { kind: 'found'; addresses: FoundAddress[]; label: string; sandbox: boolean; postcode: string }
  >({ kind: 'idle' })
  const [picked, setPicked] = useState('')

  const find = async () => {
    const normalised = normalisePostcode(postcode)
    if (!normalised) return setState({ kind: 'error', message: POSTCODE_MESSAGE })
    setState({ kind: 'loading' })
    setPicked('')
    try {
      const r = await callApi(addressLookupEndpoints.find, { query: { postcode: normalised } })
      setState({
        kind: 'found',
        addresses: r.addresses,
        label: r.provider_label,
        sandbox: r.sandbox,
        postcode: r.postcode,
      })
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message })
    }
  }

  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-dashed p-3"
      role="group"
      aria-labelledby={`${id}-legend`}
    >
      <p id={`${id}-legend`} className="text-sm font-medium">
        Find the address by postcode
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor={postcodeId}>Postcode to search</Label>
          <Input
            id={postcodeId}
            value={postcode}
            autoCapitalize="characters"
            className="uppercase"
            onChange={(e) => setPostcode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                void find()
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={() => void find()} disabled={state.kind === 'loading'}>
          {state.kind === 'loading' ? 'Finding…' : 'Find address'}
        </Button>
      </div>
      <div aria-live="polite" className="text-sm">
        {state.kind === 'error' && <p className="text-destructive">{state.message}</p>}
        {state.kind === 'found' && state.addresses.length === 0 && (
          <p>No addresses found at {state.postcode}. Type the address below.</p>
        )}
      </div>
      {state.kind === 'found' && state.addresses.length > 0 && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={listId}>
              {state.addresses.length} address{state.addresses.length === 1 ? '' : 'es'} at {state.postcode}
            </Label>
            {state.sandbox && <SandboxBadge detail="sample addresses from the sandbox address lookup, not real ones" />}
          </div>
          <NativeSelect
            id={listId}
            value={picked}
            onChange={(e) => {
              setPicked(e.target.value)
              const a = state.addresses.find((x) => x.uprn === e.target.value)
              if (a) onPick(a)
            }}
          >
            <option value="">Choose the address</option>
            {state.addresses.map((a) => (
              <option key={a.uprn} value={a.uprn}>
                {oneLine(a)}
                {a.nation ? ` (${NATION_LABELS[a.nation]})` : ''}
              </option>
            ))}
          </NativeSelect>
          {!state.sandbox && <p className="text-xs text-muted-foreground">Addresses from {state.label}.</p>}
        </div>
      )}
    </div>
  )
}

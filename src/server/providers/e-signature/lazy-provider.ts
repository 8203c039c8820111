/**
 * Loads an e-signature provider on first use. The built-in provider pulls in pdf-lib (seconds of
 * module loading on this 2-core machine), which no request needs until someone signs, so the server
 * starts without it (later starts within 5 s).
 */
import type { ESignatureProvider } from './e-signature-provider'

/** An ESignatureProvider whose implementation is imported by `load` the first time a method is called. */
export function lazyESignatureProvider(name: string, load: () => Promise<ESignatureProvider>): ESignatureProvider {
  let loading: Promise<ESignatureProvider> | undefined
  const provider = () => (loading ??= load())
  return {
    name,
    inspect: async (pdf) => (await provider()).inspect(pdf),
    render: async (input) => (await provider()).render(input),
  }
}

/** An onOpenAutoFocus handler that focuses the element with `id`, when there is one. */
export function focusFirstField(id: string | null) {
  return (event: Event) => {
    const el = id ? document.getElementById(id) : null
    if (!el) return
    event.preventDefault()
    el.focus()
  }
}

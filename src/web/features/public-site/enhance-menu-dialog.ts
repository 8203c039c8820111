const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Makes a server-rendered menu drawer work without React (LandingMenu): `opener` opens `dialog` as a
 * modal (the rest of the page inert, the page behind not scrolling), Tab and Shift+Tab stay inside
 * it, Escape, the close button, a click on the backdrop or following a link close it, and focus
 * goes back to `opener`, whose aria-expanded follows. Returns a function that removes the handlers.
 */
export function enhanceMenuDialog(opener: HTMLElement, dialog: HTMLDialogElement): () => void {
  const root = document.documentElement
  const open = () => {
    dialog.showModal()
    opener.setAttribute('aria-expanded', 'true')
    root.style.overflow = 'hidden'
  }
  const onClose = () => {
    opener.setAttribute('aria-expanded', 'false')
    root.style.overflow = ''
    opener.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
    if (items.length === 0) return
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element
    if (target.closest('[data-menu-close], a[href]')) return dialog.close()
    // A click on the backdrop is a click on the dialog element outside its box.
    if (target === dialog) {
      const box = dialog.getBoundingClientRect()
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      if (!inside) dialog.close()
    }
  }
  opener.addEventListener('click', open)
  dialog.addEventListener('close', onClose)
  dialog.addEventListener('keydown', onKeyDown)
  dialog.addEventListener('click', onClick)
  return () => {
    opener.removeEventListener('click', open)
    dialog.removeEventListener('close', onClose)
    dialog.removeEventListener('keydown', onKeyDown)
    dialog.removeEventListener('click', onClick)
  }
}

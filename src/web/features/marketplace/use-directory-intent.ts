import { useCallback, useMemo, useState } from 'react'

/** Event handlers that mark a control as one a reader is about to use (pointer over it, focus in it). */
export interface IntentHandlers {
  onPointerOver: () => void
  onFocus: () => void
}

/**
 * Whether the reader has shown they may soon need the whole directory: a pointer (mouse, pen or
 * finger) over, or focus in, the search, the filters or the page links. `[wanted, handlers]`.
 */
export function useDirectoryIntent(): [boolean, IntentHandlers] {
  const [wanted, setWanted] = useState(false)
  const want = useCallback(() => setWanted(true), [])
  const handlers = useMemo(() => ({ onPointerOver: want, onFocus: want }), [want])
  return [wanted, handlers]
}

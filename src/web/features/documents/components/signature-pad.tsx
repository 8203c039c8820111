import { Eraser } from 'lucide-react'
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { Button } from '#web/components/ui/button.tsx'

const WIDTH = 600
const HEIGHT = 200

/**
 * A drawing area for a handwritten signature (mouse, finger or stylus through pointer events).
 * Calls `onChange` with a PNG data URL after each stroke, or null when cleared. Drawing needs a
 * pointer; the keyboard alternative is typing the name (the sign form offers both).
 */
export function SignaturePad({ onChange, labelledBy }: { onChange: (png: string | null) => void; labelledBy: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef(false)
  const [empty, setEmpty] = useState(true)

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return
    ctx.lineWidth = 3
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    ctx.strokeStyle = '#0f172a'
  }, [])

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    return { x: ((e.clientX - rect.left) / rect.width) * WIDTH, y: ((e.clientY - rect.top) / rect.height) * HEIGHT }
  }

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d')
    if (!ctx) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drawing.current = true
    const { x, y } = point(e)
    ctx.beginPath()
    ctx.moveTo(x, y)
    ctx.lineTo(x + 0.1, y + 0.1)
    ctx.stroke()
  }
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const ctx = e.currentTarget.getContext('2d')
    const { x, y } = point(e)
    ctx?.lineTo(x, y)
    ctx?.stroke()
  }
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    drawing.current = false
    setEmpty(false)
    onChange(e.currentTarget.toDataURL('image/png'))
  }
  const clear = () => {
    const el = canvas.current
    el?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT)
    setEmpty(true)
    onChange(null)
  }

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-labelledby={labelledBy}
        data-testid="signature-pad"
        className="aspect-[3/1] w-full touch-none rounded-md border border-input bg-white"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {empty ? 'Draw your signature in the box.' : 'Signature drawn.'} Using a keyboard? Choose Type instead.
        </p>
        <Button variant="ghost" size="sm" onClick={clear} disabled={empty}>
          <Eraser aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  )
}

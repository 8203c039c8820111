import { CheckCheck } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useMarkNotificationsRead } from '../api'

/** 'Mark all as read' (POST /api/notifications/read { all: true }), disabled with nothing unread or while saving. */
export function MarkAllReadButton({ unread, variant = 'ghost' }: { unread: number; variant?: 'ghost' | 'outline' }) {
  const markRead = useMarkNotificationsRead()
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={unread === 0 || markRead.isPending}
      onClick={() => markRead.mutate({ all: true })}
    >
      <CheckCheck aria-hidden="true" />
      Mark all as read
    </Button>
  )
}

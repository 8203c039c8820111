import { useQuery } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { Link } from 'react-router'
import { reviewPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import type { TodoItem } from '#web/lib/todo-item.ts'
import { reviewFormQueryOptions } from '../api'

/**
 * Once the move has completed, its buyer's or seller's step on 'What is left for you' (decision
 * 063): rate the firms that worked on it (the page the review request email links to); done once
 * every firm has their review.
 */
export function useReviewTodos(txId: string, viewerRole: string | null, completed: boolean): TodoItem[] {
  const mine = completed && (viewerRole === 'buyer' || viewerRole === 'seller')
  const form = useQuery({ ...reviewFormQueryOptions(txId), enabled: mine })
  if (!mine) return []
  const firms = form.data?.firms ?? []
  const done = firms.length > 0 && firms.every((f) => f.my_review)
  return [
    {
      key: 'review',
      state: done ? 'done' : 'todo',
      label: done ? 'You reviewed your professionals' : 'Your move is complete: review your professionals',
      hint: 'Rate the firms that worked on it: your review helps the next buyer or seller choose.',
      action: done ? undefined : (
        <Button asChild size="sm">
          <Link to={reviewPath(txId)}>
            <Star aria-hidden="true" />
            Review your professionals
          </Link>
        </Button>
      ),
    },
  ]
}

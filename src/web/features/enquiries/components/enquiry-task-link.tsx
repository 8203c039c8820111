import { Link } from 'react-router'
import type { Task } from '#shared/contracts/transactions.ts'
import { CLIENT_TASK_TITLE_PATTERN } from '#shared/domain/enquiries.ts'
import { enquiryTaskPath } from '#shared/paths.ts'

/**
 * Under a client's task to answer an enquiry on the timeline: the link to the task's page, where the
 * client answers ('Answer it'), or reads their answer once sent. The page itself decides who may read
 * it (the client and their conveyancer; anyone else is told it is not theirs).
 */
export function EnquiryTaskLink({ txId, task, viewerRole }: { txId: string; task: Task; viewerRole: string | null }) {
  if (!CLIENT_TASK_TITLE_PATTERN.test(task.title)) return null
  const client = task.owner_side === 'buyer_side' ? 'buyer' : 'seller'
  if (viewerRole !== client && viewerRole !== `${client}_conveyancer`) return null
  const label =
    viewerRole === client ? (task.status === 'completed' ? 'See your answer' : 'Answer it here') : 'Open the task'
  return (
    <Link className="font-medium text-primary underline" to={enquiryTaskPath(txId, task.id)}>
      {label}
    </Link>
  )
}

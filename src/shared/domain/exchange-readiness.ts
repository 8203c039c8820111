/**
 * What is still open before exchange of contracts. Exchange is legally binding (from exchange both
 * sides are bound to complete), so the person recording it sees this first and confirms explicitly.
 * A blocked stage refuses exchange outright (the server answers 409, change-status.ts); open tasks
 * and an unsigned contract are shown but do not refuse, because conveyancers may exchange on work
 * recorded outside Homeward. docs/decisions/013-timeline-owners-blocks-exchange.md.
 */
import { EXCHANGE_STAGE_NAME, EXCHANGE_TASK_TITLE } from './timeline-template'

interface StageLike {
  stage_name: string
  sort_index: number
  status: string
  blocked_reason: string | null
  tasks: ReadonlyArray<{ title: string; status: string }>
}

export interface ExchangeReadiness {
  /** Every blocked stage: exchange is refused while any is blocked. */
  blockedStages: { stage_name: string; blocked_reason: string | null }[]
  /** Tasks not done in the stages up to and including exchange, except the exchange task itself. */
  openTasks: { stage_name: string; title: string }[]
  /** True when a document in the Contracts folder is signed. */
  contractSigned: boolean
}

/**
 * Readiness of a move for exchange from its stages (with tasks) and documents. Stages due before
 * exchange are those up to the 'Exchange of contracts' stage by sort_index (all stages when a move has
 * no such stage). Pure.
 */
export function exchangeReadiness(move: {
  timeline_stages: readonly StageLike[]
  documents: ReadonlyArray<{ folder: string; signed_at: string | null }>
}): ExchangeReadiness {
  const stages = [...move.timeline_stages].sort((a, b) => a.sort_index - b.sort_index)
  const exchangeAt = stages.findIndex((s) => s.stage_name === EXCHANGE_STAGE_NAME)
  const due = exchangeAt === -1 ? stages : stages.slice(0, exchangeAt + 1)
  return {
    blockedStages: stages
      .filter((s) => s.status === 'blocked' || !!s.blocked_reason)
      .map((s) => ({ stage_name: s.stage_name, blocked_reason: s.blocked_reason })),
    openTasks: due.flatMap((s) =>
      s.tasks
        .filter((k) => k.status !== 'completed' && k.title !== EXCHANGE_TASK_TITLE)
        .map((k) => ({ stage_name: s.stage_name, title: k.title })),
    ),
    contractSigned: move.documents.some((d) => d.folder === 'Contracts' && !!d.signed_at),
  }
}

/** The server's refusal while stages are blocked, naming them: "Searches is blocked: clear ...". */
export function blockedExchangeMessage(stageNames: readonly string[]): string {
  const names =
    stageNames.length === 1
      ? `${stageNames[0]} is`
      : `${stageNames.slice(0, -1).join(', ')} and ${stageNames.at(-1)} are`
  return `${names} blocked. Clear the block before recording exchange: from exchange both sides are legally bound.`
}

/**
 * Writes one transaction with its property, timeline stages, tasks and participants through a drizzle
 * transaction handle: one multi-row insert per table, ids made by the caller so that nothing needs
 * RETURNING. Shared by createTransaction, the demo seed (src/server/seed) and the test factories
 * (src/server/test/factories.ts), so all three obey the same table CHECKs:
 * a stage is 'blocked' exactly when it has a blocked_reason, percent_complete is 0..100, a task is
 * 'completed' or 'not_completed' (src/server/db/schema/transactions.ts).
 */
import { nationOfPostcode, type Nation } from '#shared/domain/nations.ts'
import type { ParticipantRole } from '#shared/domain/roles.ts'
import type { StageStatus, TaskStatus, Tenure, TransactionStatus } from '#shared/domain/statuses.ts'
import type { OwnerSide, TimelineStageTemplate } from '#shared/domain/timeline-template.ts'
import type { Tx } from '#server/db/client.ts'
import { properties, tasks, timelineStages, transactionParticipants, transactions } from '#server/db/schema/index.ts'

export interface TaskSpec {
  title: string
  ownerSide?: OwnerSide | null
  /** Default 'not_completed'. */
  status?: TaskStatus
  completedAt?: Date | null
  completedBy?: string | null
}

export interface StageSpec {
  stageName: string
  tasks: TaskSpec[]
  /** Default: from the tasks (all done: completed; some: in_progress; none: not_started). */
  status?: StageStatus
  /** Required exactly when status is 'blocked'. */
  blockedReason?: string | null
  /** Who marked it blocked and when (profile id); only with a blocked reason. */
  blockedBy?: string | null
  blockedAt?: Date | null
  /** Default: round(done / total * 100), 0 with no tasks. */
  percentComplete?: number
}

export interface ParticipantSpec {
  profileId: string
  role: ParticipantRole
  organizationId?: string | null
  invitedBy?: string | null
  createdAt?: Date
}

export interface PropertySpec {
  /** 1 to 6 lines. */
  addressLines: string[]
  /** Normalised, e.g. 'AL1 4NG'. */
  postcode: string
  /** 1 to 12 digits. */
  uprn?: string | null
  tenure?: Tenure | null
  titleNumber?: string | null
  /** England or Wales; left out, the postcode's district decides (a straddling one: England). */
  nation?: Nation
}

export interface TransactionSpec {
  id: string
  status: TransactionStatus
  buyerProfileId: string | null
  sellerProfileId: string | null
  createdBy?: string | null
  agreedPricePence?: number | null
  createdAt: Date
  property: PropertySpec
  stages: StageSpec[]
  participants: ParticipantSpec[]
}

export interface InsertedTransaction {
  transactionId: string
  propertyId: string
  /** In sort_index order. */
  stageIds: string[]
  /** taskIds[stage][task], in sort_index order. */
  taskIds: string[][]
  participantIds: string[]
}

/** Percent of a stage's tasks completed, rounded to a whole percent; 0 with no tasks. */
export function percentDone(taskList: ReadonlyArray<{ status?: TaskStatus }>): number {
  if (taskList.length === 0) return 0
  return Math.round((taskList.filter((t) => t.status === 'completed').length / taskList.length) * 100)
}

function derivedStatus(stage: StageSpec): StageStatus {
  const done = stage.tasks.filter((t) => t.status === 'completed').length
  if (stage.tasks.length > 0 && done === stage.tasks.length) return 'completed'
  return done > 0 ? 'in_progress' : 'not_started'
}

/**
 * Stage specs for a timeline part-way through: the first `completedStages` stages done, the next one
 * with its first `currentTasksDone` tasks done (in progress when that is at least one), and optionally
 * one later stage blocked with its first `tasksDone` tasks done. Everything else not started. Status
 * and percent are left to insertTransaction to derive from the tasks, except 'blocked'. Pure.
 */
export function stagesInProgress(
  template: readonly TimelineStageTemplate[],
  progress: {
    completedStages: number
    currentTasksDone?: number
    blocked?: { stageIndex: number; reason: string; tasksDone?: number }
  },
): StageSpec[] {
  const { completedStages, currentTasksDone = 0, blocked } = progress
  return template.map((stage, i) => {
    const doneCount =
      i < completedStages
        ? stage.tasks.length
        : i === completedStages
          ? currentTasksDone
          : i === blocked?.stageIndex
            ? (blocked.tasksDone ?? 0)
            : 0
    const taskSpecs: TaskSpec[] = stage.tasks.map((t, k) => ({
      title: t.title,
      ownerSide: t.ownerSide,
      status: k < doneCount ? 'completed' : 'not_completed',
    }))
    if (i === blocked?.stageIndex) {
      return { stageName: stage.stageName, tasks: taskSpecs, status: 'blocked', blockedReason: blocked.reason }
    }
    // Status follows the tasks: a current stage with nothing ticked yet is not started.
    return { stageName: stage.stageName, tasks: taskSpecs }
  })
}

/**
 * Inserts the transaction, property, stages, tasks and participants with `tx` (call it inside
 * `database.db.transaction`). `newId` makes every row id. Throws before writing when a stage breaks
 * the blocked/blocked_reason rule, so the message names the stage rather than a constraint.
 */
export async function insertTransaction(
  tx: Tx,
  spec: TransactionSpec,
  newId: () => string,
): Promise<InsertedTransaction> {
  for (const stage of spec.stages) {
    const status = stage.status ?? derivedStatus(stage)
    if ((status === 'blocked') !== Boolean(stage.blockedReason)) {
      throw new Error(
        `Stage '${stage.stageName}': a blocked stage needs a blocked reason, and only a blocked stage has one`,
      )
    }
  }
  const propertyId = newId()
  const stageIds = spec.stages.map(() => newId())
  const taskIds = spec.stages.map((s) => s.tasks.map(() => newId()))
  const participantIds = spec.participants.map(() => newId())

  await tx.insert(transactions).values({
    id: spec.id,
    status: spec.status,
    buyerUserId: spec.buyerProfileId,
    sellerUserId: spec.sellerProfileId,
    createdBy: spec.createdBy ?? spec.buyerProfileId,
    agreedPricePence: spec.agreedPricePence ?? null,
    createdAt: spec.createdAt,
    updatedAt: spec.createdAt,
  })
  await tx.insert(properties).values({
    id: propertyId,
    transactionId: spec.id,
    addressLines: spec.property.addressLines,
    postcode: spec.property.postcode,
    uprn: spec.property.uprn ?? null,
    tenure: spec.property.tenure ?? null,
    titleNumber: spec.property.titleNumber ?? null,
    nation: spec.property.nation ?? (nationOfPostcode(spec.property.postcode) === 'wales' ? 'wales' : 'england'),
    createdAt: spec.createdAt,
  })
  if (spec.stages.length) {
    await tx.insert(timelineStages).values(
      spec.stages.map((s, i) => ({
        id: stageIds[i],
        transactionId: spec.id,
        stageName: s.stageName,
        sortIndex: i,
        status: s.status ?? derivedStatus(s),
        percentComplete: s.percentComplete ?? percentDone(s.tasks),
        blockedReason: s.blockedReason ?? null,
        blockedBy: s.blockedReason ? (s.blockedBy ?? null) : null,
        blockedAt: s.blockedReason ? (s.blockedAt ?? null) : null,
        createdAt: spec.createdAt,
        updatedAt: spec.createdAt,
      })),
    )
  }
  const taskRows = spec.stages.flatMap((s, i) =>
    s.tasks.map((t, k) => ({
      id: taskIds[i][k],
      stageId: stageIds[i],
      title: t.title,
      status: t.status ?? 'not_completed',
      sortIndex: k,
      ownerSide: t.ownerSide ?? null,
      completedAt: t.status === 'completed' ? (t.completedAt ?? spec.createdAt) : null,
      completedBy: t.status === 'completed' ? (t.completedBy ?? null) : null,
      createdAt: spec.createdAt,
      updatedAt: t.status === 'completed' ? (t.completedAt ?? spec.createdAt) : spec.createdAt,
    })),
  )
  if (taskRows.length) await tx.insert(tasks).values(taskRows)
  if (spec.participants.length) {
    await tx.insert(transactionParticipants).values(
      spec.participants.map((p, i) => ({
        id: participantIds[i],
        transactionId: spec.id,
        userId: p.profileId,
        role: p.role,
        organizationId: p.organizationId ?? null,
        invitedBy: p.invitedBy ?? null,
        // Whoever put them on the move appointed them (a firm opening its matter, the demo seed).
        appointedBy: p.invitedBy ?? null,
        createdAt: p.createdAt ?? spec.createdAt,
      })),
    )
  }
  return { transactionId: spec.id, propertyId, stageIds, taskIds, participantIds }
}

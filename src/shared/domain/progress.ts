/** Overall progress of a transaction: mean of its stages' percent_complete, rounded; 0 with no stages. */
export function overallProgress(stages: ReadonlyArray<{ percent_complete: number }>): number {
  if (stages.length === 0) return 0
  return Math.round(stages.reduce((sum, s) => sum + s.percent_complete, 0) / stages.length)
}

/** 'Days active' on a card: whole days from createdAt to now, rounded down, never negative. */
export function daysActive(createdAt: Date | string, now: Date = new Date()): number {
  const ms = now.getTime() - new Date(createdAt).getTime()
  return Math.max(0, Math.floor(ms / 86_400_000))
}

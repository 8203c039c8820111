/**
 * Timeline tasks that tick themselves from a record, never by hand: one list, each with its rule.
 * The timeline shows the rule's `note` instead of a checkbox (src/web/features/workspace), and
 * PATCH .../tasks/{taskId} (src/server/features/transactions/update-task.ts) refuses a manual change
 * with 422 and the rule's `refusal`:
 * - `refuses: 'both'`: ticking and unticking (the ID and AML tasks follow the CDD records both ways,
 *   features/verification/cdd-record.ts; checked before the task's version);
 * - `refuses: 'tick'`: ticking only (the source-of-funds review, features/funds/review-funds.ts, and
 *   the seller's signature of the TA6 or TA10, features/property-forms/sign-property-form.ts, tick
 *   them; unticking by hand stays possible).
 */
import { CDD_TASK_RULE, CDD_TASK_TITLES } from './client-due-diligence'
import { CLIENT_TASK_TITLE_PATTERN } from './enquiries'
import { PROPERTY_FORM_TASK_RULE } from './property-forms'
import { SOURCE_OF_FUNDS_TASK_RULE } from './source-of-funds'
import { EXCHANGE_TASK_TITLE, TASK_TITLES } from './timeline-template'

export interface SelfTickingRule {
  /** What ticks the task, shown under it on the timeline. */
  note: string
  /** The 422 message for a manual change the rule refuses. */
  refusal: string
  /** Which manual changes are refused. */
  refuses: 'tick' | 'both'
}

const CDD: SelfTickingRule = {
  note: 'Ticks itself when the conveyancer approves the client due diligence',
  refusal: CDD_TASK_RULE,
  refuses: 'both',
}

/** The self-ticking tasks by title. */
export const SELF_TICKING_TASKS: Readonly<Record<string, SelfTickingRule>> = {
  [CDD_TASK_TITLES.buyer]: CDD,
  [CDD_TASK_TITLES.seller]: CDD,
  [TASK_TITLES.sourceOfFunds]: {
    note: "Ticks itself when the buyer's conveyancer marks the source of funds satisfied",
    refusal: SOURCE_OF_FUNDS_TASK_RULE,
    refuses: 'tick',
  },
  [TASK_TITLES.ta6Form]: {
    note: 'Ticks itself when the seller signs the TA6 in Homeward',
    refusal: PROPERTY_FORM_TASK_RULE,
    refuses: 'tick',
  },
  [TASK_TITLES.ta10Form]: {
    note: 'Ticks itself when the seller signs the TA10 in Homeward',
    refusal: PROPERTY_FORM_TASK_RULE,
    refuses: 'tick',
  },
}

/**
 * A client's task to answer an enquiry ('Answer enquiry 3 for your conveyancer: …', titles vary with
 * the enquiry): it ticks itself when the client sends their answer in it
 * (features/enquiries/client-answers.ts), so ticking by hand would tell the conveyancer nothing.
 */
export const CLIENT_ANSWER_TASK_RULE: SelfTickingRule = {
  note: 'Ticks itself when the answer is sent to the conveyancer',
  refusal: 'This task ticks itself when you send your answer: open it, write your answer and send it.',
  refuses: 'tick',
}

/** The rule of a task that ticks itself, or null for an ordinary task. */
export function selfTickingRule(title: string): SelfTickingRule | null {
  if (Object.hasOwn(SELF_TICKING_TASKS, title)) return SELF_TICKING_TASKS[title]!
  return CLIENT_TASK_TITLE_PATTERN.test(title) ? CLIENT_ANSWER_TASK_RULE : null
}

/**
 * Tasks a feature ticks when it finishes the step (decision 062), through the one tick path, but that
 * stay tickable by hand because the work can happen outside Homeward (official copies obtained
 * elsewhere, a deposit paid to the firm's own client account, dates agreed by phone). The timeline
 * shows the note under the task's checkbox.
 */
export const FEATURE_TICKED_TASKS: Readonly<Record<string, string>> = {
  [TASK_TITLES.officialCopies]: 'Ticks itself when a title check in Homeward obtains the register',
  [TASK_TITLES.depositTransferred]: 'Ticks itself when the client-money partner holds the whole deposit',
  [TASK_TITLES.chainDatesAgreed]: 'Ticks itself when every move in the chain accepts the proposed dates',
  [EXCHANGE_TASK_TITLE]: 'Ticks itself when exchange is recorded',
  [TASK_TITLES.completionConfirmed]: 'Ticks itself when completion is recorded',
}

/** The note of a task a feature ticks but a person may too, or null. */
export function featureTickNote(title: string): string | null {
  return Object.hasOwn(FEATURE_TICKED_TASKS, title) ? FEATURE_TICKED_TASKS[title]! : null
}

/**
 * Onboarding prompts (docs/product.md §4, §9): one prompt at a time from a fixed queue; a prompt shows
 * only when its count has loaded, is 0 and the prompt is not completed; 'Got it!' completes it and
 * the queue shifts to the next after 500 ms; four completed prompts mean all done. The state is
 * kept in session storage per organisation.
 *
 * Counts: the organisation's (or, when corporations have their own wallets, the corporations')
 * funded wallets, corporations, states registered and bills generated. Only one of the two wallet
 * prompts applies to an organisation, so four prompts are the whole queue.
 */
export const PROMPT_QUEUE = ['organisation-wallet', 'corporations', 'corporation-wallet', 'states', 'bills'] as const;
export type PromptCode = (typeof PROMPT_QUEUE)[number];

/** docs/product.md §9. */
export const PROMPT_SHIFT_MS = 500;
export const PROMPTS_DONE_AT = 4;

/** Each prompt's count: absent while it loads; null when the prompt does not apply (the other wallet kind, or figures the person may not see). */
export type PromptCounts = Partial<Record<PromptCode, number | null>>;

export interface PromptState {
  completed: PromptCode[];
}

export function isAllDone(state: PromptState): boolean {
  return state.completed.length >= PROMPTS_DONE_AT;
}

/**
 * The prompt to show now, or null. The queue is walked in order and waits at a prompt whose count
 * has not loaded, so a later prompt never shows first and then gives way to an earlier one.
 */
export function nextPrompt(counts: PromptCounts, state: PromptState): PromptCode | null {
  if (isAllDone(state)) return null;
  for (const code of PROMPT_QUEUE) {
    if (state.completed.includes(code)) continue;
    const count = counts[code];
    if (count === undefined) return null;
    if (count === 0) return code;
  }
  return null;
}

/** 'Got it!': the prompt is completed (once). */
export function completePrompt(state: PromptState, code: PromptCode): PromptState {
  return state.completed.includes(code) ? state : { completed: [...state.completed, code] };
}

export const promptStorageKey = (organisationId: string) => `levy.prompts.${organisationId}`;

export function readPromptState(organisationId: string): PromptState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(promptStorageKey(organisationId)) ?? 'null') as {
      completed?: unknown;
    } | null;
    const completed = Array.isArray(stored?.completed)
      ? stored.completed.filter((code): code is PromptCode => PROMPT_QUEUE.includes(code as PromptCode))
      : [];
    return { completed };
  } catch {
    return { completed: [] };
  }
}

export function writePromptState(organisationId: string, state: PromptState): void {
  sessionStorage.setItem(promptStorageKey(organisationId), JSON.stringify(state));
}

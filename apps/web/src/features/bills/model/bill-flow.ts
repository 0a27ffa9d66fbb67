/**
 * Where a bill dialog is (docs/product.md §4): a step of its form, its calls under way, the summary
 * it priced, and Pay. One reducer serves both dialogs; each names its own steps.
 */
export interface BillFlow<Step extends string, Summary> {
  step: Step;
  /** The summary last priced; kept while the person goes back, dropped when what it priced changes. */
  summary: Summary | null;
  /** 'checking': a step's file, calculation or charge is being read; 'paying': Pay was pressed. */
  work: 'idle' | 'checking' | 'paying';
  /** The upload's progress while a file is sent. */
  percent: number | null;
  /** Why the last Pay was refused, in the server's words. */
  payError: string | null;
}

export type BillFlowAction<Step extends string, Summary> =
  | { type: 'go'; step: Step }
  | { type: 'check' }
  | { type: 'progress'; percent: number | null }
  | { type: 'settle' }
  | { type: 'summarise'; step: Step; summary: Summary }
  | { type: 'forget' }
  | { type: 'pay' }
  | { type: 'refused'; payError: string | null };

export function startFlow<Step extends string, Summary>(step: Step): BillFlow<Step, Summary> {
  return { step, summary: null, work: 'idle', percent: null, payError: null };
}

export function billFlow<Step extends string, Summary>(
  flow: BillFlow<Step, Summary>,
  action: BillFlowAction<Step, Summary>,
): BillFlow<Step, Summary> {
  switch (action.type) {
    case 'go':
      return { ...flow, step: action.step };
    case 'check':
      return { ...flow, work: 'checking' };
    case 'progress':
      return { ...flow, percent: action.percent };
    case 'settle':
      return { ...flow, work: 'idle', percent: null };
    case 'summarise':
      return { ...flow, step: action.step, summary: action.summary, payError: null };
    case 'forget':
      return { ...flow, summary: null };
    case 'pay':
      return { ...flow, work: 'paying', percent: 0, payError: null };
    case 'refused':
      return { ...flow, work: 'idle', percent: null, payError: action.payError };
  }
}

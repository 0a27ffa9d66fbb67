import { describe, expect, it } from 'vitest';
import { billFlow, startFlow, type BillFlow, type BillFlowAction } from './bill-flow';

type Step = 'form' | 'summary';
const run = (actions: BillFlowAction<Step, string>[], from: BillFlow<Step, string> = startFlow('form')) =>
  actions.reduce(billFlow<Step, string>, from);

describe('the bill dialogs’ flow', () => {
  it('checks, then shows the summary it priced and settles', () => {
    const checking = run([{ type: 'check' }]);
    expect(checking).toMatchObject({ step: 'form', work: 'checking', summary: null });
    expect(run([{ type: 'summarise', step: 'summary', summary: 'priced' }, { type: 'settle' }], checking)).toEqual({
      step: 'summary',
      summary: 'priced',
      work: 'idle',
      percent: null,
      payError: null,
    });
  });

  it('a failed check settles on the same step with nothing priced', () => {
    expect(run([{ type: 'check' }, { type: 'settle' }])).toEqual(startFlow('form'));
  });

  it('Pay shows its progress; a refusal stays on the summary with its words, and the next Pay clears them', () => {
    const summary = run([{ type: 'summarise', step: 'summary', summary: 'priced' }]);
    const paying = run([{ type: 'pay' }, { type: 'progress', percent: 40 }], summary);
    expect(paying).toMatchObject({ work: 'paying', percent: 40 });
    const refused = run([{ type: 'refused', payError: 'Insufficient balance' }], paying);
    expect(refused).toEqual({ ...summary, payError: 'Insufficient balance' });
    expect(run([{ type: 'pay' }], refused)).toMatchObject({ work: 'paying', percent: 0, payError: null });
  });

  it('Back keeps the summary until what it priced changes', () => {
    const back = run([
      { type: 'summarise', step: 'summary', summary: 'priced' },
      { type: 'go', step: 'form' },
    ]);
    expect(back).toMatchObject({ step: 'form', summary: 'priced' });
    expect(run([{ type: 'forget' }], back).summary).toBeNull();
  });
});

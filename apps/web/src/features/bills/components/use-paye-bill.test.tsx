import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import { stubGateway, stubUploads } from '../../../test/gateway';
import { grantPermissions } from '../../../test/render';
import { defaultMonthValue, toPeriod } from '../model/bill-period';
import { billGateway, CORPORATION_ID, payeFile } from '../testing/bill-fixtures';
import { usePayeBill } from './use-paye-bill';

beforeEach(() => grantPermissions([calls.createPayeBill.permission, calls.calculateBillCharge.permission]));
afterEach(() => vi.unstubAllGlobals());

function renderBill() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const hook = renderHook(() => usePayeBill({ onClose, onCreated }), { wrapper });
  return { ...hook, onClose, onCreated };
}

/** Lagos chosen, with a new file in place of the payroll on file. */
async function chooseUpload(result: ReturnType<typeof renderBill>['result'], file: File | null) {
  act(() => {
    result.current.chooseCorporation(CORPORATION_ID);
    result.current.chooseState('LA');
    result.current.chooseSource('file');
  });
  await waitFor(() => expect(result.current.registration?.state.code).toBe('LA'));
  act(() => result.current.chooseFile(file));
}

describe('usePayeBill', () => {
  it("stays on the form with the contract's words until the fields are given, asking nothing", async () => {
    const gateway = stubGateway(billGateway);
    const { result } = renderBill();
    await act(() => result.current.proceed());
    expect(result.current.form.errors).toEqual({
      corporation: 'Corporation is required',
      state: 'State is required',
    });
    await chooseUpload(result, null);
    await act(() => result.current.proceed());
    expect(result.current.form.errors).toEqual({ file: 'No new file selected' });
    expect(result.current.flow).toMatchObject({ step: 'form', work: 'idle', summary: null });
    expect(gateway.calls('internal/bills/charge/calc')).toHaveLength(0);
  });

  it('form → summary → back keeps what was chosen; Proceed again prices a new summary', async () => {
    stubGateway(billGateway);
    const { result } = renderBill();
    const { file } = payeFile(toPeriod(defaultMonthValue()));
    await chooseUpload(result, file);
    await act(() => result.current.proceed());
    expect(result.current.flow).toMatchObject({ step: 'summary', work: 'idle' });
    const first = result.current.flow.summary!;
    expect(first).toMatchObject({ source: 'file' });

    act(() => result.current.back());
    expect(result.current.flow.step).toBe('form');
    expect(result.current.form.values).toMatchObject({
      corporation: CORPORATION_ID,
      state: 'LA',
      source: 'file',
      file,
    });
    await act(() => result.current.proceed());
    expect(result.current.flow.step).toBe('summary');
    expect(result.current.flow.summary!.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('a refused Generate stays on the summary with the same key, the server’s words and the file', async () => {
    stubGateway(billGateway);
    const refusal = 'Insufficient balance';
    const uploads = stubUploads(() => ({ code: 'UNPROCESSABLE', message: refusal, data: null }));
    const { result, onCreated } = renderBill();
    const { file } = payeFile(toPeriod(defaultMonthValue()));
    await chooseUpload(result, file);
    await act(() => result.current.proceed());
    const { idempotencyKey } = result.current.flow.summary!;

    let generating: Promise<void> = Promise.resolve();
    act(() => void (generating = result.current.generate()));
    expect(result.current.flow).toMatchObject({ work: 'paying', percent: 0, payError: null });
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    await act(async () => {
      uploads.respond();
      await generating;
    });
    expect(result.current.flow).toMatchObject({ step: 'summary', work: 'idle', percent: null, payError: refusal });
    expect(result.current.flow.summary!.idempotencyKey).toBe(idempotencyKey);
    expect(result.current.form.values.file).toBe(file);
    expect(onCreated).not.toHaveBeenCalled();
  });
});

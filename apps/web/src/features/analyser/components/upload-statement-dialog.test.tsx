import { BANK_MESSAGES } from '@levy/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORD_ID, statementFixture } from '../testing/analyser-fixtures';
import { UploadStatementDialog } from './upload-statement-dialog';
import { stubGateway, stubUploads } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

beforeEach(() => {
  grantPermissions([calls.uploadStatement.permission]);
  stubGateway(() => ({
    code: 'OK',
    data: { items: [], pagination: { count: 10, current_page: 1, total_count: 0, total_pages: 1 } },
  }));
});
afterEach(() => vi.unstubAllGlobals());

function attach(file: File) {
  fireEvent.change(document.body.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });
}

const pdf = (size = 2048) => new File([new Uint8Array(size)], 'gtbank-may.pdf', { type: 'application/pdf' });

describe('Upload statement', () => {
  it('asks for the password when the server says the PDF is encrypted, then sends the file again with it', async () => {
    const uploads = stubUploads((sent) =>
      sent.fields.password === 'secret-1094'
        ? { code: 'OK', data: statementFixture({ status: 'queued', verdict: null }) }
        : {
            code: 'UNPROCESSABLE',
            message: 'This PDF is password protected: enter its password',
            data: { reason: 'PASSWORD_REQUIRED', field: 'password' },
          },
    );
    const onUploaded = vi.fn();
    renderWithProviders(
      <UploadStatementDialog recordId={RECORD_ID} onClose={() => undefined} onUploaded={onUploaded} />,
    );
    attach(pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    uploads.respond();
    expect(await screen.findByText('This PDF is password protected')).toBeInTheDocument();
    expect(uploads.sent[0].url).toBe(`/service/v1/statement-records/${RECORD_ID}/statements`);
    expect(uploads.sent[0].fields.namespace).toBe('bank');
    expect(uploads.sent[0].fields.password).toBeUndefined();

    fireEvent.change(screen.getByLabelText(/PDF password/), { target: { value: 'secret-1094' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    uploads.respond();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ status: 'queued' })));
    expect(uploads.sent[1].fields.password).toBe('secret-1094');
  });

  it('refuses a file over the limit before sending anything', () => {
    const uploads = stubUploads(() => ({ code: 'OK', data: null }));
    renderWithProviders(<UploadStatementDialog recordId={RECORD_ID} onClose={() => undefined} />);
    attach(pdf(21 * 1024 * 1024));
    expect(screen.getByText(BANK_MESSAGES.fileTooLarge)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(uploads.sent).toHaveLength(0);
  });

  it('shows the server’s reason under the file when it is not a statement', async () => {
    const uploads = stubUploads(() => ({
      code: 'UNPROCESSABLE',
      message: 'This file is not a bank statement',
      data: { reason: 'NOT_A_STATEMENT', field: 'file' },
    }));
    renderWithProviders(<UploadStatementDialog recordId={RECORD_ID} onClose={() => undefined} />);
    attach(pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    uploads.respond();
    expect(await screen.findByText('This file is not a bank statement')).toBeInTheDocument();
    expect(screen.queryByLabelText(/PDF password/)).not.toBeInTheDocument();
  });
});

import { vi } from 'vitest';

export interface GatewayRequest {
  method: string;
  namespace?: string;
  path: string;
  body?: unknown;
  params?: Record<string, unknown>;
}

type Reply = { code: string; message?: string; data: unknown };

/**
 * Stands in for the API gateway: each call is recorded and answered by `answer`, which returns
 * the envelope the server would send.
 */
export function stubGateway(answer: (request: GatewayRequest) => Reply) {
  const requests: GatewayRequest[] = [];
  const fetchStub = vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const request = JSON.parse(String(init?.body)) as GatewayRequest;
    requests.push(request);
    const reply = answer(request);
    return {
      status: reply.code === 'OK' ? 200 : 400,
      json: async () => ({ message: '', ...reply }),
    };
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, calls: (path: string) => requests.filter((request) => request.path === path) };
}

export interface SentForm {
  url: string;
  headers: Record<string, string>;
  fields: Record<string, FormDataEntryValue>;
}

/**
 * Stands in for XMLHttpRequest (multipart posts): records each request and answers with
 * `answer`'s envelope once the test calls `respond`, so double clicks can happen in between.
 */
export function stubUploads(answer: (sent: SentForm) => { code: string; message?: string; data: unknown }) {
  const sent: SentForm[] = [];
  const pending: Array<() => void> = [];
  class FakeRequest {
    status = 200;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      const request: SentForm = { url: this.url, headers: this.headers, fields: Object.fromEntries(form.entries()) };
      sent.push(request);
      pending.push(() => {
        const reply = answer(request);
        this.status = reply.code === 'OK' ? 200 : 422;
        this.responseText = JSON.stringify({ message: '', ...reply });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return {
    sent,
    /** Answers every request sent so far. */
    respond: () => pending.splice(0).forEach((reply) => reply()),
  };
}

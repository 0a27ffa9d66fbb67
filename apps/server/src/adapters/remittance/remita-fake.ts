import { randomInt, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { addKobo, koboToNairaString, parseNaira, type Kobo } from '@levy/tax';
import { transactionHash } from './remita-gateway';

/**
 * A local Remita Billing Gateway (docs/payment-rails/remita.md, "The fake"): the same paths,
 * headers, envelope and codes, with state, on a loopback port. The sandbox and the tests run the
 * real Remita adapter against it. The payer's Tax ID decides the outcome, as in the agency sandbox.
 */
export const REMITA_FAKE_TAX_IDS = {
  /** validate: VALIDATION_FAILED. */
  invalid: '0000000404',
  /** notify: declined (`02`), nothing paid. */
  declined: '0000000402',
  /** notify: pending (`021`); paid once the RRR is `lateSettlementSeconds` old. */
  lateSettlement: '0000000202',
  /** notify: HTTP 503, nothing recorded, until the RRR is `holdMinutes` old. */
  held: '0000000209',
  /** notify: records the payment and never answers (a time-out that paid). */
  silent: '0000000503',
  /** notify and status: `998`, an outcome Levy does not know. */
  unknownOutcome: '0000000998',
} as const;

export const REMITA_FAKE_BASE_PATH = '/remita/exapp/api/v1/send/api/bgatesvc/billing';

export interface FakeProduct {
  serviceTypeId: string;
  name: string;
  /** Remita's charge, added to the amount sent to make `amountDue`. */
  feeKobo: Kobo;
  fields: Array<{
    id: string;
    columnName: string;
    columnType: 'AN' | 'N' | 'D' | 'DD';
    required: boolean;
    dropDown?: Array<{ id: string; description: string }>;
  }>;
}

export interface FakeBiller {
  id: string;
  description: string;
  products: FakeProduct[];
}

interface Generated {
  rrr: string;
  serviceTypeId: string;
  amountDueKobo: Kobo;
  taxIdDigits: string;
  generatedAt: number;
}

interface Notification {
  transactionId: string;
  rrr: string;
  code: string;
  message: string;
  paymentRef: string | null;
  paymentDate: string | null;
  amountDebitted: string;
}

export interface RemitaFake {
  baseUrl: string;
  /** Marks a paid RRR reversed: its status then answers `02`. */
  reverse(rrr: string): void;
  /** Every notification received, with whether its TXN_HASH matched. */
  notifications(): Array<{ rrr: string; transactionId: string; hashMatched: boolean }>;
  close(): Promise<void>;
}

function digitsOf(taxPayerNumber: string): string {
  return taxPayerNumber.toUpperCase().replace(/^[NC]-?/, '');
}

function remitaDate(at: Date): string {
  // Remita writes local (Lagos) time without a zone.
  return new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function sameText(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startRemitaFake(options: {
  publicKey: string;
  secretKey: string;
  billers: FakeBiller[];
  /** 0 (default): any free port. */
  port?: number;
  lateSettlementSeconds?: number;
  holdMinutes?: number;
}): Promise<RemitaFake> {
  const lateMs = (options.lateSettlementSeconds ?? 8) * 1000;
  const holdMs = (options.holdMinutes ?? 30) * 60_000;
  const products = new Map(
    options.billers.flatMap((biller) => biller.products.map((product) => [product.serviceTypeId, product] as const)),
  );
  const generated = new Map<string, Generated>();
  const byTransaction = new Map<string, Notification>();
  const paidRrrs = new Map<string, Notification>();
  const reversed = new Set<string>();
  const received: Array<{ rrr: string; transactionId: string; hashMatched: boolean }> = [];
  const sockets = new Set<Socket>();

  const envelope = (
    responseCode: string,
    responseMsg: string,
    responseData: unknown[] = [],
    extra: Record<string, string> = {},
  ) => ({ responseCode, responseMsg, appVersionCode: 'fake', responseData, ...extra });

  function paymentData(notification: Notification) {
    return {
      rrr: notification.rrr,
      totalAmount: notification.amountDebitted,
      balanceDue: 0,
      paymentRef: notification.paymentRef,
      paymentDate: notification.paymentDate,
      debittedAccount: '',
      amountDebitted: notification.amountDebitted,
      extendedData: null,
    };
  }

  /** A notification's current word: a late settlement becomes paid once its time has come; a reversal undoes a payment. */
  function current(notification: Notification): Notification {
    const bill = generated.get(notification.rrr);
    if (notification.code === '021' && bill && Date.now() - bill.generatedAt >= lateMs) {
      Object.assign(notification, {
        code: '00',
        message: 'Successful',
        paymentRef: newPaymentRef(),
        paymentDate: remitaDate(new Date()),
      });
      paidRrrs.set(notification.rrr, notification);
    }
    if (reversed.has(notification.rrr) && notification.code === '00')
      return { ...notification, code: '02', message: 'Payment reversed' };
    return notification;
  }

  const newPaymentRef = () => `FAKE${Date.now().toString(36).toUpperCase()}${randomInt(1000, 9999)}`;

  /** The payer's Tax ID, the amount and what is missing, read from a validate or generate body. */
  function readBill(body: Record<string, unknown>) {
    const product = typeof body.billId === 'string' ? products.get(body.billId) : undefined;
    if (!product) return null;
    const values = new Map<string, { value: string; amount: number }>();
    for (const field of Array.isArray(body.customFields)
      ? (body.customFields as Array<{ id: string; values: Array<{ value: string; amount: number }> }>)
      : []) {
      if (field.values?.[0]) values.set(String(field.id), field.values[0]);
    }
    const missing = product.fields.filter((field) => field.required && !values.get(field.id)?.value);
    const taxIdField = product.fields.find((field) => /tax ?id|payer ?id/i.test(field.columnName));
    const taxId = taxIdField ? (values.get(taxIdField.id)?.value ?? '') : '';
    const amount = parseNaira(
      typeof body.amount === 'number' || typeof body.amount === 'string' ? body.amount : '',
      'refuse',
    );
    return { product, missing, taxIdDigits: digitsOf(taxId), amount };
  }

  function validate(body: Record<string, unknown>) {
    const bill = readBill(body);
    if (!bill) return { answer: envelope('01', 'Unknown bill id') };
    const amountDue = bill.amount === null ? null : addKobo(bill.amount, bill.product.feeKobo);
    const status =
      bill.missing.length > 0
        ? 'MORE_DATA_REQUIRED'
        : bill.amount === null || bill.amount <= 0 || bill.taxIdDigits === REMITA_FAKE_TAX_IDS.invalid
          ? 'VALIDATION_FAILED'
          : 'REQUEST_OK';
    const data = {
      billId: bill.product.serviceTypeId,
      amount: body.amount,
      currency: 'NGN',
      payerName: body.payerName,
      payerEmail: body.payerEmail,
      payerPhone: body.payerPhone,
      customFields: body.customFields,
      amountDue: amountDue === null ? null : Number(koboToNairaString(amountDue)),
      status,
    };
    return {
      answer: envelope(
        '00',
        status === 'REQUEST_OK'
          ? 'Successful'
          : status === 'MORE_DATA_REQUIRED'
            ? `Missing: ${bill.missing.map((field) => field.columnName).join(', ')}`
            : 'Validation failed',
        [data],
      ),
      bill,
      amountDue,
      status,
    };
  }

  function generate(body: Record<string, unknown>) {
    const checked = validate(body);
    if (
      checked.status !== 'REQUEST_OK' ||
      !checked.bill ||
      checked.amountDue === null ||
      checked.amountDue === undefined
    )
      return checked.answer;
    const rrr = String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999));
    generated.set(rrr, {
      rrr,
      serviceTypeId: checked.bill.product.serviceTypeId,
      amountDueKobo: checked.amountDue,
      taxIdDigits: checked.bill.taxIdDigits,
      generatedAt: Date.now(),
    });
    return envelope('00', 'Successful', [{ rrr, amountDue: Number(koboToNairaString(checked.amountDue)) }]);
  }

  /** The payment notification: the hash first, then the RRR, the amount, and the payer's outcome. `null`: answer 503; 'hang': never answer. */
  function notify(body: Record<string, string>, hash: string, transactionId: string): object | null | 'hang' {
    const fields = {
      rrr: String(body.rrr ?? ''),
      amountDebitted: String(body.amountDebitted ?? ''),
      fundingSource: String(body.fundingSource ?? ''),
      debittedAccount: String(body.debittedAccount ?? ''),
      paymentAuthCode: String(body.paymentAuthCode ?? ''),
    };
    const hashMatched = sameText(hash, transactionHash(fields, options.secretKey));
    received.push({ rrr: fields.rrr, transactionId, hashMatched });
    if (!hashMatched) return envelope('401', 'Invalid transaction hash');
    const earlier = byTransaction.get(transactionId);
    if (earlier) return envelope(current(earlier).code, current(earlier).message, [paymentData(current(earlier))]);
    const bill = generated.get(fields.rrr);
    if (!bill) return envelope('404', 'Unknown RRR');
    const paid = paidRrrs.get(fields.rrr);
    if (paid) return envelope('028', 'RRR already paid', [paymentData(paid)]);
    if (parseNaira(fields.amountDebitted, 'refuse') !== bill.amountDueKobo)
      return envelope('02', 'Amount debited is not the amount due', [], {
        iResponseCode: '02',
        iResponseMessage: 'Part payment not accepted',
      });
    const record = (code: string, message: string) => {
      const notification: Notification = {
        transactionId,
        rrr: fields.rrr,
        code,
        message,
        paymentRef: code === '00' ? newPaymentRef() : null,
        paymentDate: code === '00' ? remitaDate(new Date()) : null,
        amountDebitted: fields.amountDebitted,
      };
      byTransaction.set(transactionId, notification);
      if (code === '00') paidRrrs.set(fields.rrr, notification);
      return notification;
    };
    switch (bill.taxIdDigits) {
      case REMITA_FAKE_TAX_IDS.declined:
        record('02', 'Declined by the biller: the taxpayer account is not open for remittances');
        return envelope('02', 'Declined by the biller: the taxpayer account is not open for remittances', [], {
          iResponseCode: '02',
          iResponseMessage: 'Declined',
        });
      case REMITA_FAKE_TAX_IDS.lateSettlement:
        return envelope('021', 'Pending', [paymentData(record('021', 'Pending'))]);
      case REMITA_FAKE_TAX_IDS.held:
        if (Date.now() - bill.generatedAt < holdMs) return null;
        break;
      case REMITA_FAKE_TAX_IDS.silent:
        record('00', 'Successful');
        return 'hang';
      case REMITA_FAKE_TAX_IDS.unknownOutcome:
        return envelope('998', 'Transaction status unknown', [
          paymentData(record('998', 'Transaction status unknown')),
        ]);
    }
    return envelope('00', 'Successful', [paymentData(record('00', 'Successful'))]);
  }

  function status(transactionId: string) {
    const notification = byTransaction.get(transactionId);
    if (!notification) return envelope('34', 'No payment found for this transaction');
    const now = current(notification);
    return envelope(now.code, now.message, now.code === '02' && !now.paymentRef ? [] : [paymentData(now)]);
  }

  async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const send = (body: object, statusCode = 200) =>
      response.writeHead(statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(request.url ?? '/', 'http://fake');
    // The Node SDK writes `billing//{billerId}`: tolerated, as Remita does.
    const path = url.pathname.replace(/\/{2,}/g, '/');
    if (!path.startsWith(`${REMITA_FAKE_BASE_PATH}/`)) return send({ message: 'Not found' }, 404);
    const route = path.slice(REMITA_FAKE_BASE_PATH.length + 1);
    const publicKey = request.headers.publickey;
    if (publicKey !== options.publicKey) return send(envelope('011', 'Invalid or missing public key'));
    const transactionId = String(request.headers.transactionid ?? request.headers.requestid ?? '');
    if (!transactionId) return send(envelope('013', 'transactionId header is required'));
    const body = request.method === 'POST' ? await readBody(request) : {};

    if (request.method === 'GET' && route === 'billers')
      return send(
        envelope(
          '00',
          'Successful',
          options.billers.map((biller) => ({
            id: biller.id,
            description: biller.description,
            label: biller.description,
          })),
        ),
      );
    const servicetypes = /^([^/]+)\/servicetypes$/.exec(route);
    if (request.method === 'GET' && servicetypes) {
      const biller = options.billers.find((candidate) => candidate.id === decodeURIComponent(servicetypes[1]));
      return send(
        biller
          ? envelope('00', 'Successful', [
              biller.products.map((product) => ({ id: product.serviceTypeId, name: product.name })),
            ])
          : envelope('01', 'Unknown biller'),
      );
    }
    const fields = /^servicetypes\/(.+)$/.exec(route);
    if (request.method === 'GET' && fields) {
      const product = products.get(decodeURIComponent(fields[1]));
      if (!product) return send(envelope('01', 'Unknown bill id'));
      return send({
        ...envelope(
          '00',
          'Successful',
          product.fields.map((field) => ({
            id: field.id,
            columnName: field.columnName,
            columnType: field.columnType,
            columnLength: 50,
            required: field.required,
            dataLoadRuleId: null,
            customFieldDropDown: (field.dropDown ?? []).map((item) => ({
              ...item,
              code: item.id,
              accountid: null,
              unitprice: 0,
              fixedprice: false,
            })),
          })),
        ),
        acceptPartPayment: false,
        fixedPrice: false,
        fixedAmount: 0,
        currency: 'NGN',
      });
    }
    if (request.method === 'POST' && route === 'validate') return send(validate(body).answer);
    if (request.method === 'POST' && route === 'generate') return send(generate(body));
    if (request.method === 'POST' && route === 'payment/notify') {
      const answer = notify(body as Record<string, string>, String(request.headers.txn_hash ?? ''), transactionId);
      if (answer === 'hang') return;
      return answer === null ? send({ message: 'Service temporarily unavailable' }, 503) : send(answer);
    }
    const paymentStatus = /^payment\/status\/(.+)$/.exec(route);
    if (request.method === 'GET' && paymentStatus) return send(status(decodeURIComponent(paymentStatus[1])));
    const lookup = /^lookup\/(\d+)$/.exec(route);
    if (request.method === 'GET' && lookup) {
      const bill = generated.get(lookup[1]);
      return send(
        bill
          ? envelope('00', 'Successful', [
              {
                rrr: bill.rrr,
                amountDue: Number(koboToNairaString(bill.amountDueKobo)),
                type: 'py',
                acceptPartPayment: false,
              },
            ])
          : envelope('404', 'Unknown RRR'),
      );
    }
    return send({ message: 'Not found' }, 404);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() =>
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ responseCode: '25', responseMsg: 'Bad request' })),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  // A counterpart, not a reason for the process to stay up.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${REMITA_FAKE_BASE_PATH}`,
    reverse: (rrr) => void reversed.add(rrr),
    notifications: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

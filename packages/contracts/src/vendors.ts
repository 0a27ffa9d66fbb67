import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { listParams, pagination } from './common';
import { email } from './validation';

/**
 * Vendors: the payees an organisation has withheld tax from, by Tax ID, built from its
 * paid WHT bills, with their totals per year and their credit notes. Money crosses as naira strings.
 */

const vendorTaxId = z.object({
  tax_payer_number: z.string().trim().min(1, { error: 'Not found.' }).max(64, { error: 'Not found.' }),
});

export const vendorYear = z.object({
  year: z.number(),
  gross: z
    .string()
    .nullable()
    .describe('Payments made to the vendor in the year; null when a bill declared the tax without the payment'),
  tax_withheld: z.string(),
  notes: z.number().describe('Credit notes in the year'),
});
export type VendorYear = z.infer<typeof vendorYear>;

export const vendor = z.object({
  tax_payer_number: z.string(),
  name: z.string().describe('The name on the latest paid WHT bill that paid the vendor'),
  email: z.string().nullable().describe("Where the vendor's credit notes are sent; set by the organisation"),
  usual_wht_type: z.object({ code: z.string(), name: z.string() }).describe('The WHT type most of their notes are of'),
  years: z.array(vendorYear).describe('Totals per year of the paid bills’ periods, latest first'),
});
export type Vendor = z.infer<typeof vendor>;

export const vendorCreditNote = z.object({
  bill_id: z.string(),
  bill_reference: z.string(),
  row: z.number().describe("The payee's row in the bill: the credit note's address"),
  name: z.string(),
  wht_type: z.object({ code: z.string(), name: z.string() }),
  period_start: z.string(),
  gross: z.string().nullable(),
  tax_withheld: z.string(),
  paid_at: z.string(),
});
export type VendorCreditNote = z.infer<typeof vendorCreditNote>;

export const listVendors = defineContract(calls.listVendors, {
  summary:
    "The organisation's vendors (payees of its paid WHT bills) by name, searched by name or Tax ID, with totals per year",
  params: listParams.pick({ page: true, count: true, search: true }),
  response: z.object({ items: z.array(vendor), pagination }),
});

export const listVendorCreditNotes = defineContract(calls.listVendorCreditNotes, {
  summary: "A vendor's credit notes, one per payee row of a paid WHT bill, latest period first",
  params: vendorTaxId,
  response: z.array(vendorCreditNote),
});

export const updateVendorBody = z.object({
  email: z
    .union([z.literal(''), email])
    .nullable()
    .describe("The vendor's email; empty or null removes it"),
});

export const updateVendor = defineContract(calls.updateVendor, {
  summary: "Sets or removes a vendor's email, where their credit notes are sent",
  params: vendorTaxId,
  body: updateVendorBody,
  response: vendor,
});

const creditNoteAddress = z.object({
  id: z.uuid({ error: 'Not found.' }),
  row: z.coerce.number({ error: 'Not found.' }).int({ error: 'Not found.' }).min(1, { error: 'Not found.' }),
});

export const getBillCreditNotes = defineContract(calls.getBillCreditNotes, {
  summary: "A paid WHT bill's credit notes, one PDF per payee, as a ZIP",
  params: creditNoteAddress.pick({ id: true }),
});

export const getBillCreditNote = defineContract(calls.getBillCreditNote, {
  summary: "The PDF credit note of one payee of a paid WHT bill, by the payee's row in the bill",
  params: creditNoteAddress,
});

export const sendBillCreditNote = defineContract(calls.sendBillCreditNote, {
  summary: "Mails a payee their credit note's figures and verification link, to the vendor's email",
  params: creditNoteAddress,
  response: z.object({ to: z.string() }),
});

export const VENDOR_MESSAGES = {
  noEmail: 'Add the vendor’s email on the Vendors screen first.',
  sent: (to: string) => `The credit note was sent to ${to}.`,
  notWht: 'Credit notes are for Withholding Tax bills: a PAYE bill has none.',
  notPaid: 'Credit notes are issued once the bill is paid: this bill is not paid.',
} as const;

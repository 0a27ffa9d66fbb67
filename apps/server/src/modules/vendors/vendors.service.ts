import type { ListParams, Vendor, VendorCreditNote } from '@levy/contracts';
import { koboToNairaString, whtTypeName, type Kobo } from '@levy/tax';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { notFound } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import type { PaidWhtBill, WhtPayee } from '../bills/bill-ports';
import * as repo from './vendors.repo';

const naira = (kobo: Kobo) => koboToNairaString(kobo);

/**
 * Vendors (decision 0023): each payee of the organisation's paid WHT bills, kept by Tax
 * ID with the organisation's email for them, their credit notes and totals per year.
 */
export function createVendorsService(deps: { db: Db }) {
  const { db } = deps;

  function organisationOf(caller: Caller): string {
    if (!caller.organisationId) throw notFound('Organisation not found.');
    return caller.organisationId;
  }

  async function withYears(organisationId: string, rows: repo.VendorListRow[]): Promise<Vendor[]> {
    const years = await repo.vendorYears(
      db,
      organisationId,
      rows.map((row) => row.taxPayerNumber),
    );
    return rows.map((row) => ({
      tax_payer_number: row.taxPayerNumber,
      name: row.name,
      email: row.email,
      usual_wht_type: { code: row.usualWhtType, name: whtTypeName(row.usualWhtType) },
      years: years
        .filter((year) => year.taxPayerNumber === row.taxPayerNumber)
        .map((year) => ({
          year: year.year,
          gross: year.grossKobo === null ? null : naira(year.grossKobo),
          tax_withheld: naira(year.taxKobo),
          notes: year.notes,
        })),
    }));
  }

  async function vendorOf(organisationId: string, taxPayerNumber: string): Promise<repo.VendorRow> {
    const vendor = await repo.findVendor(db, organisationId, taxPayerNumber);
    if (!vendor) throw notFound('Vendor not found.');
    return vendor;
  }

  return {
    /** Records a paid WHT bill's payees as credit notes and vendors, in the transaction that marks it paid. */
    async recordPaidBill(tx: Db, bill: PaidWhtBill, payees: readonly WhtPayee[]): Promise<void> {
      await repo.recordCreditNotes(
        tx,
        payees.map((payee) => ({
          billId: bill.id,
          rowNumber: payee.rowNumber,
          organisationId: bill.organisationId,
          corporationId: bill.corporationId,
          taxPayerNumber: payee.taxPayerNumber,
          name: payee.name,
          billReference: bill.reference,
          whtType: bill.whtType,
          periodStart: bill.periodStart,
          grossKobo: payee.amountKobo,
          taxKobo: payee.taxPayableKobo,
          paidAt: bill.paidAt,
        })),
      );
    },

    async list(caller: Caller, params: Pick<ListParams, 'page' | 'count' | 'search'>) {
      const organisationId = organisationOf(caller);
      const { rows, total } = await repo.listVendors(
        db,
        organisationId,
        { search: containsPattern(params.search) },
        pageWindow(params),
      );
      return toPage(await withYears(organisationId, rows), total, params);
    },

    async notes(caller: Caller, taxPayerNumber: string): Promise<VendorCreditNote[]> {
      const organisationId = organisationOf(caller);
      await vendorOf(organisationId, taxPayerNumber);
      const notes = await repo.notesOfVendor(db, organisationId, taxPayerNumber);
      return notes.map((note) => ({
        bill_id: note.billId,
        bill_reference: note.billReference,
        row: note.rowNumber,
        name: note.name,
        wht_type: { code: note.whtType, name: whtTypeName(note.whtType) },
        period_start: note.periodStart,
        gross: note.grossKobo === null ? null : naira(note.grossKobo),
        tax_withheld: naira(note.taxKobo),
        paid_at: note.paidAt.toISOString(),
      }));
    },

    /** Sets or removes the vendor's email; kept in the audit log. */
    async update(caller: Caller, taxPayerNumber: string, body: { email: string | null }, ip: string): Promise<Vendor> {
      const organisationId = organisationOf(caller);
      const email = body.email?.trim() || null;
      await db.transaction(async (tx) => {
        const updated = await repo.setVendorEmail(tx, organisationId, taxPayerNumber, email);
        if (!updated) throw notFound('Vendor not found.');
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'vendor.updated',
          resourceType: 'vendor',
          resourceId: null,
          details: { tax_payer_number: taxPayerNumber, email },
          ipAddress: ip,
        });
      });
      const { rows } = await repo.listVendors(db, organisationId, { taxPayerNumber }, { limit: 1, offset: 0 });
      return (await withYears(organisationId, rows))[0];
    },

    /** The organisation's email for a vendor; null when it has none. */
    /** The WHT the organisation's paid bills withheld, per payee and month: what the analyser need not suggest again. */
    withheldByPayeeAndMonth(organisationId: string) {
      return repo.withheldByPayeeAndMonth(db, organisationId);
    },

    async emailOf(organisationId: string, taxPayerNumber: string): Promise<string | null> {
      return (await repo.findVendor(db, organisationId, taxPayerNumber))?.email ?? null;
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;

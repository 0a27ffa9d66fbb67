import type { BillPrecheck } from '@levy/contracts';
import { koboToNairaString, subtractKobo, toKobo } from '@levy/tax';
import { Alert, Checkbox, Loader, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatAmount, formatDate, plural } from '../../../lib/format';
import { statusLabel } from '../../../components/status-tone';
import { usePrecheck, type PrecheckInput } from '../api/bills-api';

/** An additional payment for a month already paid or under way: said on purpose, with why. */
export interface Supplementary {
  confirmed: boolean;
  reason: string;
}

/**
 * The summary's checks on the money, asked while `input` names a priced bill: the wallet, approval
 * and lateness, and a repeat of the month, named before Pay and again by Pay's refusal.
 */
export function usePaymentChecks(input: PrecheckInput | null) {
  const supplementary = useSupplementary();
  const precheck = usePrecheck(input);
  return { supplementary, precheck, repeat: precheck.data?.duplicate ?? supplementary.refusedRepeat };
}

export const REASON_REQUIRED = 'Give the reason for an additional payment for the same month';

/**
 * The summary's guard on the money: the state of a second payment for the month, the
 * confirmation and reason it needs, and the form fields it adds to Pay. `repeat` is the sentence
 * naming the bill this one repeats: from the precheck (PAYE by the month, WHT by the payees and
 * amounts) or from Pay's refusal.
 */
export function useSupplementary() {
  const [value, setValue] = useState<Supplementary>({ confirmed: false, reason: '' });
  const [refusedRepeat, setRefusedRepeat] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  return {
    value,
    setValue: (next: Supplementary) => {
      setValue(next);
      if (next.reason.trim()) setReasonError(null);
    },
    refusedRepeat,
    reasonError,
    /** Whether Pay may go on: a repeat needs the confirmation and a reason. */
    check(repeat: string | null): boolean {
      if (!repeat) return true;
      if (!value.confirmed) return false;
      if (!value.reason.trim()) {
        setReasonError(REASON_REQUIRED);
        return false;
      }
      return true;
    },
    /** The fields Pay sends. */
    fields(repeat: string | null): Record<string, string | undefined> {
      return repeat && value.confirmed ? { supplementary: 'true', supplementary_reason: value.reason.trim() } : {};
    },
    /** Pay was refused as a repeat of the month: the dialog now asks for the confirmation. */
    takeRefusal(error: unknown): boolean {
      if (
        !(error instanceof ApiError) ||
        error.code !== 'CONFLICT' ||
        typeof error.data !== 'object' ||
        error.data === null ||
        !('bill' in error.data)
      )
        return false;
      setRefusedRepeat(error.message);
      return true;
    },
  };
}

export type SupplementaryState = ReturnType<typeof useSupplementary>;

/** A month already paid or under way, first in the summary: Pay waits for the confirmation and a reason. */
export function RepeatWarning({ supplementary, repeat }: { supplementary: SupplementaryState; repeat: string | null }) {
  if (!repeat) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title="This month is already paid or under way"
      data-testid="summary-repeat"
    >
      <Text fz="sm">{repeat}</Text>
      <Checkbox
        mt="sm"
        label="This is an additional payment for the same month"
        checked={supplementary.value.confirmed}
        onChange={(event) => supplementary.setValue({ ...supplementary.value, confirmed: event.currentTarget.checked })}
      />
      {supplementary.value.confirmed && (
        <Textarea
          mt="xs"
          label="Reason for the additional payment"
          description="Kept with the bill, on its receipt and in the exports"
          required
          rows={3}
          maxLength={500}
          value={supplementary.value.reason}
          onChange={(event) => supplementary.setValue({ ...supplementary.value, reason: event.currentTarget.value })}
          error={supplementary.reasonError}
        />
      )}
    </Alert>
  );
}

/** The wallet that pays, its balance and what it lacks, the month's other bills, and whether an admin must approve: shown before Pay. */
export function PaymentChecks({
  precheck,
  total,
  repeat,
}: {
  precheck: BillPrecheck | undefined;
  total: string;
  repeat: string | null;
}) {
  if (!precheck) {
    return (
      <Text fz="sm" c="dimmed">
        <Loader size="xs" mr={6} />
        Checking the wallet and this month&apos;s bills…
      </Text>
    );
  }
  const others = precheck.month_bills.filter((bill) => !repeat || !repeat.includes(bill.reference));
  return (
    <Stack gap="sm">
      {precheck.remittance.missing && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="This tax cannot be remitted yet"
          data-testid="summary-no-route"
        >
          {precheck.remittance.missing} Pay will be refused until then; nothing leaves the wallet.
        </Alert>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder verticalSpacing="xs" aria-label="Wallet">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={170}>Paid from</Table.Th>
            <Table.Td>{precheck.wallet.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Balance now</Table.Th>
            <Table.Td data-testid="summary-balance" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatAmount(precheck.wallet.balance)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Balance after</Table.Th>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
              {precheck.shortfall
                ? '—'
                : formatAmount(koboToNairaString(subtractKobo(toKobo(precheck.wallet.balance), toKobo(total))))}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {precheck.shortfall && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={`The wallet is short by ${formatAmount(precheck.shortfall)}`}
          data-testid="summary-shortfall"
        >
          {precheck.approval.required
            ? 'The bill can wait for approval, but the wallet must hold the total when an admin approves it.'
            : `Fund ${precheck.wallet.name} with at least ${formatAmount(precheck.shortfall)}, then press Pay again: everything you entered stays here.`}
        </Alert>
      )}
      {precheck.remittance.amount_due && (
        <Alert
          color="blue"
          icon={<IconAlertTriangle size={18} />}
          title={`Remita asks ${formatAmount(precheck.remittance.amount_due)} for this tax`}
          data-testid="summary-gateway-amount"
        >
          Remita&apos;s amount due includes its own charge; the difference from the tax is paid from the wallet with
          this bill and shown on its receipt.
        </Alert>
      )}
      {precheck.lateness && (
        <Alert
          color="orange"
          icon={<IconClockExclamation size={18} />}
          title={`Paid ${plural(precheck.lateness.days_late, 'day')} late`}
          data-testid="summary-lateness"
        >
          This month was due on {formatDate(precheck.lateness.due_date)}. The late penalty so far is{' '}
          {formatAmount(precheck.lateness.penalty)}: {precheck.lateness.rule}. The revenue service assesses it apart
          from this bill, which pays the tax only; paying now stops it growing.
          {precheck.lateness.mpr_caveat && ` ${precheck.lateness.mpr_caveat}`}
        </Alert>
      )}
      {others.length > 0 && (
        <Text fz="sm" c="dimmed" data-testid="summary-month-bills">
          Also this month:{' '}
          {others
            .map((bill) => `${bill.reference} (${formatAmount(bill.total)}, ${statusLabel(bill.status).toLowerCase()})`)
            .join('; ')}
          .
        </Text>
      )}
      {precheck.approval.blocked ? (
        <Alert
          color="red"
          icon={<IconUserCheck size={18} />}
          title="No other admin can approve this bill"
          data-testid="summary-approval"
        >
          {precheck.approval.blocked}
        </Alert>
      ) : (
        precheck.approval.required && (
          <Alert
            color="blue"
            icon={<IconUserCheck size={18} />}
            title="An admin approves this bill before it is paid"
            data-testid="summary-approval"
          >
            {precheck.approval.reason} Nothing leaves the wallet until then; the admins are mailed now.
          </Alert>
        )
      )}
    </Stack>
  );
}

/** Pay cannot go on: the bill must wait for an admin, and there is none other than the preparer. */
export function isPayBlocked(precheck: BillPrecheck | undefined): boolean {
  return Boolean(precheck?.approval.blocked);
}

/** Pay's label: a bill that waits for approval is submitted, not paid. */
export function payLabel(precheck: BillPrecheck | undefined, paying: string): string {
  return precheck?.approval.required ? 'Submit for approval' : paying;
}

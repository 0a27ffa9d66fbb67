import { hasPermission, type AnnualReturnView } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCorporationStates } from '../../../api/corporations-api';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { StatusTag } from '../../../components/status-tag';
import { formatAmount, formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import {
  downloadAnnualReturn,
  downloadTaxCard,
  downloadTaxCards,
  useAnnualReturn,
  useRecordAnnualReturnAcknowledgement,
  type ReturnKey,
} from '../api/annual-returns-api';
import { ManualFiling } from '../../../components/manual-filing';
import { FileReturnDialog } from './annual-return-dialogs';
import { Differences, EmployeesTable, PaidOutsideLevy, Totals, Versions } from './annual-return-sections';

/** The years a registration owes a return for: from its first tax month's year to this year. */
function yearsOf(firstTaxMonth: string, thisYear: number): number[] {
  const first = Math.min(Number(firstTaxMonth.slice(0, 4)), thisYear);
  return Array.from({ length: thisYear - first + 1 }, (_unused, index) => thisYear - index);
}

/**
 * A corporation's annual returns (Form H1) and employees' tax cards: pick a state and
 * year, see the return built from the year's paid PAYE bills and how it differs from them, export
 * it, submit or amend it (admins), and download tax cards.
 */
export function AnnualReturnsTab({ corporationId }: { corporationId: string }) {
  const states = useCorporationStates(corporationId);
  const [search, setSearch] = useSearchParams();
  const thisYear = new Date().getFullYear();
  // The employer's return goes to a State IRS; the NRS collects no PAYE.
  const registrations = (states.data ?? []).filter((item) => item.state.collector === 'state');
  const registration = registrations.find((item) => item.state.code === search.get('state')) ?? registrations[0];
  const years = registration ? yearsOf(registration.first_tax_month, thisYear) : [];
  const asked = Number(search.get('year'));
  const year = years.includes(asked) ? asked : (years.find((candidate) => candidate < thisYear) ?? years[0]);
  const returnKey: ReturnKey | null =
    registration && year ? { corporationId, stateCode: registration.state.code, year } : null;
  const annualReturn = useAnnualReturn(returnKey);

  const choose = (changes: { state?: string; year?: string }) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) if (value) next.set(name, value);
    setSearch(next, { replace: true });
  };

  if (states.isPending) return <LoadingPlaceholder height={240} label="Loading states" />;
  if (!registration || !returnKey) {
    return (
      <ContentCard>
        <EmptyState
          message="No state registered yet"
          hint="Register a state on the States tab: its annual return is built from the PAYE bills you pay there."
        />
      </ContentCard>
    );
  }

  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="State"
          data={registrations.map((item) => ({ value: item.state.code, label: item.state.name }))}
          value={registration.state.code}
          onChange={(value) => choose({ state: value ?? undefined })}
          allowDeselect={false}
          w={220}
        />
        <Select
          label="Year"
          data={years.map(String)}
          value={String(year)}
          onChange={(value) => choose({ year: value ?? undefined })}
          allowDeselect={false}
          w={140}
        />
      </Group>
      {annualReturn.isPending ? (
        <LoadingPlaceholder height={320} label="Loading the annual return" />
      ) : annualReturn.data ? (
        <ReturnView view={annualReturn.data} returnKey={returnKey} />
      ) : (
        <EmptyState message="The annual return could not be loaded" />
      )}
    </Stack>
  );
}

function ReturnView({ view, returnKey }: { view: AnnualReturnView; returnKey: ReturnKey }) {
  const permissions = useSessionStore((state) => state.permissions);
  const canFile = hasPermission(permissions, calls.submitAnnualReturn.permission);
  const recordAcknowledgement = useRecordAnnualReturnAcknowledgement(returnKey);
  const [dialog, setDialog] = useState<'submit' | 'amend' | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (what: string, run: () => Promise<unknown>) => {
    setDownloading(what);
    try {
      await run();
    } finally {
      setDownloading(null);
    }
  };
  const content = view.return;
  const hasEmployees = content.employees.length > 0;

  return (
    <Stack gap="lg">
      <ContentCard title={`Annual return (Form H1) for ${view.year}`} actions={<StatusTag status={view.status} />}>
        <Stack gap="md">
          <Text fz="sm">
            {view.corporation.name} · {view.state.revenue_service} · Tax ID {view.tax_payer_number} · Due{' '}
            {formatDate(view.due_date)}
          </Text>
          {view.filed?.filed_manually ? (
            <>
              <Text fz="sm">
                Version {view.filed.version}, recorded as filed by {view.filed.filed_by} on{' '}
                {formatDate(view.filed.filed_at)}. The filed return is read-only: what you see below is the schedule for{' '}
                {view.state.revenue_service}.
              </Text>
              <ManualFiling
                what="annual return"
                revenueService={view.state.revenue_service}
                reference={view.filed.reference}
                canRecord={canFile}
                onDownload={() => downloadAnnualReturn(returnKey, 'csv')}
                onRecord={(reference) => recordAcknowledgement.mutateAsync(reference)}
              />
            </>
          ) : view.filed ? (
            <Alert
              color="green"
              icon={<IconCircleCheck size={18} />}
              title={`Filed: reference ${view.filed.reference}`}
            >
              Version {view.filed.version}, filed by {view.filed.filed_by} on {formatDate(view.filed.filed_at)}. The
              filed return is read-only: what you see below is what {view.state.revenue_service} received.
            </Alert>
          ) : (
            <Text fz="sm" c="dimmed">
              This is a preview from the paid PAYE bills of {view.year}. Nothing has been sent to{' '}
              {view.state.revenue_service}.
            </Text>
          )}
          {view.late_filing && (
            <Alert
              color={view.filed ? 'yellow' : 'red'}
              icon={<IconAlertTriangle size={18} />}
              title={view.filed ? 'Filed late' : 'Overdue: the late-filing penalty is growing'}
            >
              {view.filed
                ? `Filed ${view.late_filing.months_late} ${view.late_filing.months_late === 1 ? 'month' : 'months'} after the due date: the revenue ` +
                  `service may assess ${formatAmount(view.late_filing.penalty)}.`
                : `${view.late_filing.months_late} ${view.late_filing.months_late === 1 ? 'month' : 'months'} late: ` +
                  `${formatAmount(view.late_filing.penalty)} so far.`}{' '}
              The rule: {view.late_filing.rule}.
            </Alert>
          )}
          {view.changed_since_filing && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title="The paid bills have changed since this return was filed"
            >
              An amendment would file PAYE deducted of {formatAmount(view.preview?.totals.tax_deducted)} for{' '}
              {view.preview?.totals.employees} employees, instead of {formatAmount(content.totals.tax_deducted)}.
            </Alert>
          )}
          {view.cannot_submit_reason && <Text fz="sm">{view.cannot_submit_reason}</Text>}
          <Group gap="xs" wrap="wrap">
            {canFile && view.status === 'not_filed' && (
              <Button disabled={!view.can_submit} onClick={() => setDialog('submit')}>
                Submit to {view.state.name}
              </Button>
            )}
            {canFile && view.status === 'filed' && (
              <Button
                variant={view.changed_since_filing ? 'filled' : 'default'}
                disabled={!view.can_submit}
                onClick={() => setDialog('amend')}
              >
                Amend
              </Button>
            )}
            {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
              <Button
                key={format}
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={downloading === format}
                disabled={!hasEmployees}
                onClick={() => void download(format, () => downloadAnnualReturn(returnKey, format))}
              >
                Export {format.toUpperCase()}
              </Button>
            ))}
          </Group>
          {!canFile && (
            <Text fz="xs" c="dimmed">
              Only an admin of the organisation can submit or amend the return.
            </Text>
          )}
        </Stack>
      </ContentCard>

      <Totals content={content} />
      <Differences content={content} filed={view.status === 'filed'} />
      <PaidOutsideLevy content={content} />

      <ContentCard
        title={`Employees (${content.employees.length})`}
        actions={
          <Button
            variant="default"
            leftSection={<IconFileCertificate size={16} />}
            loading={downloading === 'zip'}
            disabled={!hasEmployees}
            onClick={() => void download('zip', () => downloadTaxCards(returnKey))}
          >
            Download all tax cards (ZIP)
          </Button>
        }
      >
        {hasEmployees ? (
          <EmployeesTable
            content={content}
            onTaxCard={(taxPayerNumber) =>
              void download(taxPayerNumber, () => downloadTaxCard(returnKey, taxPayerNumber))
            }
            downloading={downloading}
          />
        ) : (
          <EmptyState
            message={`No paid PAYE bill for ${view.year}`}
            hint="The return lists every employee on the year's paid PAYE bills."
          />
        )}
        <Text fz="xs" c="dimmed" mt="md">
          Reliefs are those the tax engine allows on each employee&apos;s year: what each month&apos;s payroll declared
          (pension, NHF, NHIS, life assurance, mortgage interest, rent), within the law&apos;s limits; pension at 8% of
          basic, housing and transport where none was declared; and, up to 2025 (PITA), the Consolidated Relief
          Allowance. The law&apos;s PAYE is the engine&apos;s figure for each month when its bill was made. Each relief,
          what each employee declared and each income column are in the CSV and XLSX exports and on the tax cards.
        </Text>
      </ContentCard>

      {view.versions.length > 0 && <Versions view={view} />}
      {dialog && (
        <FileReturnDialog
          view={view}
          returnKey={returnKey}
          amend={dialog === 'amend'}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

import { hasPermission } from '@levy/contracts';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconCalendarMonth, IconEdit, IconPlus, IconReceipt, IconTrash, IconUsers } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { OptionsButton, type OptionItem } from '../../../components/options-button';
import { PhoneDetails, PhoneFitScrollContainer, PhoneLabel, ROWS_IN_TWO_LINES } from '../../../components/phone-table';
import { RefreshButton } from '../../../components/refresh-button';
import { StatusTag } from '../../../components/status-tag';
import { formatDate, formatPeriod } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useCorporationStates, type Corporation, type CorporationState } from '../../../api/corporations-api';
import { PAYROLL_PERMISSIONS } from '../../../components/payroll/payroll-permissions';
import { CORPORATION_PERMISSIONS } from '../model/permissions';
import { FirstTaxMonthDialog } from './first-tax-month-dialog';
import { ManagePayrollDialog } from '../../../components/payroll/manage-payroll-dialog';
import { PriorPaymentsDialog } from './prior-payments-dialog';
import { RemoveStateDialog } from './remove-state-dialog';
import { StateTaxIdDialog, type StateDialogMode } from './state-tax-id-dialog';
import { useStateToRegister } from './state-to-register';

type Dialog =
  | { kind: 'tax-id'; mode: StateDialogMode }
  | { kind: 'first-month'; registration: CorporationState }
  | { kind: 'payroll'; registration: CorporationState }
  | { kind: 'prior-payments'; registration: CorporationState }
  | { kind: 'remove'; registration: CorporationState }
  | null;

/** What the NRS row says in place of payroll: it collects WHT alone. */
const FEDERAL_WHT_ONLY = 'WHT on payments to companies only';

/** Payroll consent as a status tag: approved (green) once given, pending (amber) once asked for, not requested (grey) before. */
export function consentStatus(
  registration: Pick<CorporationState, 'is_control_consent_given' | 'consent_requested_at'>,
): 'approved' | 'pending' | 'not_requested' {
  if (registration.is_control_consent_given) return 'approved';
  return registration.consent_requested_at ? 'pending' : 'not_requested';
}

/** The states tab: where the corporation is registered, under which Tax ID, and its payroll. */
export function StatesTab({ corporation, readOnly }: { corporation: Corporation; readOnly: boolean }) {
  const permissions = useSessionStore((state) => state.permissions);
  const registrations = useCorporationStates(corporation.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = (permission: string) => !readOnly && hasPermission(permissions, permission);

  const canAdd = can(CORPORATION_PERMISSIONS.addState) && can(CORPORATION_PERMISSIONS.verifyState);
  const canManagePayroll =
    can(PAYROLL_PERMISSIONS.sendConsentOtp) ||
    can(PAYROLL_PERMISSIONS.uploadPayroll) ||
    can(PAYROLL_PERMISSIONS.getEmployees);
  const registeredCodes = (registrations.data ?? []).map((registration) => registration.state.code);
  const onAdded = useStateToRegister(
    registrations.data,
    { add: canAdd, managePayroll: canManagePayroll },
    useCallback((opened) => setDialog(opened.kind === 'payroll' ? opened : { kind: 'tax-id', mode: opened }), []),
  );

  const optionsFor = (registration: CorporationState): OptionItem[] => {
    const name = registration.state.name;
    const items: OptionItem[] = [];
    if (can(CORPORATION_PERMISSIONS.updateState) && can(CORPORATION_PERMISSIONS.verifyState)) {
      items.push({
        label: `Update ${name} Id`,
        icon: <IconEdit size={16} />,
        onClick: () => setDialog({ kind: 'tax-id', mode: { kind: 'update', registration } }),
      });
    }
    if (can(CORPORATION_PERMISSIONS.updateState)) {
      items.push({
        label: 'Change first tax month',
        icon: <IconCalendarMonth size={16} />,
        onClick: () => setDialog({ kind: 'first-month', registration }),
      });
    }
    // The NRS takes WHT alone: PAYE, its payroll and the consent to manage it stay with the states.
    if (canManagePayroll && registration.state.collector === 'state')
      items.push({
        label: 'Manage Payroll',
        icon: <IconUsers size={16} />,
        onClick: () => setDialog({ kind: 'payroll', registration }),
      });
    if (
      registration.state.collector === 'state' &&
      hasPermission(permissions, CORPORATION_PERMISSIONS.listPriorPayments)
    ) {
      items.push({
        label: 'Months paid before Levy',
        icon: <IconReceipt size={16} />,
        onClick: () => setDialog({ kind: 'prior-payments', registration }),
      });
    }
    if (can(CORPORATION_PERMISSIONS.removeState)) {
      items.push({
        label: `Remove ${name}`,
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: () => setDialog({ kind: 'remove', registration }),
      });
    }
    return items;
  };

  const addButton = canAdd && (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setDialog({ kind: 'tax-id', mode: { kind: 'add', registeredCodes } })}
    >
      Add New State
    </Button>
  );

  return (
    <ContentCard
      title="States"
      actions={
        <Group gap="sm">
          <RefreshButton onRefresh={() => void registrations.refetch()} loading={registrations.isFetching} />
          {addButton}
        </Group>
      }
    >
      {registrations.isPending ? (
        <LoadingPlaceholder />
      ) : !registrations.data || registrations.data.length === 0 ? (
        <EmptyState
          hint={
            canAdd
              ? 'Add each state where this corporation pays PAYE, with its state Tax ID, and the Nigeria Revenue Service if it withholds tax from ' +
                'payments to companies.'
              : 'This corporation is not registered in any state yet.'
          }
        />
      ) : (
        // On a phone a state takes a few lines: the state with its Tax ID and figures beside its actions,
        // then the taxpayer's name, then the payroll consent, each named.
        <PhoneFitScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Registered states" className={ROWS_IN_TWO_LINES}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>State</Table.Th>
                <Table.Th visibleFrom="sm">Tax ID</Table.Th>
                <Table.Th visibleFrom="sm">Taxpayer name</Table.Th>
                <Table.Th visibleFrom="sm">Payroll consent</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Employees
                </Table.Th>
                <Table.Th visibleFrom="sm">Date added</Table.Th>
                <Table.Th aria-label="Actions" w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {registrations.data.map((registration) => (
                <Table.Tr key={registration.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {registration.state.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {registration.state.collector === 'federal'
                        ? 'Federal revenue service'
                        : registration.state.revenue_service}
                    </Text>
                    <PhoneDetails>
                      Tax ID {registration.tax_payer_number}
                      {registration.state.collector === 'state' &&
                        ` · ${registration.employee_count.toLocaleString('en-NG')} ${registration.employee_count === 1 ? 'employee' : 'employees'}`}{' '}
                      · added {formatDate(registration.created_at)}
                    </PhoneDetails>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                    {registration.tax_payer_number}
                  </Table.Td>
                  <Table.Td data-phone-line="below">
                    <PhoneLabel>Taxpayer name</PhoneLabel>
                    <Text fz="sm">{registration.tax_payer_name}</Text>
                    {!registration.name_matches && (
                      <Text fz="xs" c="orange.9">
                        Not {corporation.name}: confirmed by hand
                      </Text>
                    )}
                    <Text fz="xs" c="dimmed">
                      Owes from {formatPeriod(registration.first_tax_month)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-phone-line="below">
                    <PhoneLabel>Payroll consent</PhoneLabel>
                    {registration.state.collector === 'federal' ? (
                      <Text fz="sm" c="dimmed">
                        Not needed: {FEDERAL_WHT_ONLY}
                      </Text>
                    ) : (
                      <StatusTag status={consentStatus(registration)} />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {registration.state.collector === 'federal' ? (
                      <Text component="span" fz="sm" c="dimmed" aria-label="No payroll">
                        —
                      </Text>
                    ) : (
                      registration.employee_count.toLocaleString('en-NG')
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                    {formatDate(registration.created_at)}
                  </Table.Td>
                  <Table.Td>
                    <OptionsButton label={`Actions for ${registration.state.name}`} items={optionsFor(registration)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PhoneFitScrollContainer>
      )}
      {dialog?.kind === 'tax-id' && (
        <StateTaxIdDialog
          corporationId={corporation.id}
          corporationName={corporation.name}
          mode={dialog.mode}
          onClose={() => setDialog(null)}
          onAdded={onAdded}
        />
      )}
      {dialog?.kind === 'first-month' && (
        <FirstTaxMonthDialog
          corporationId={corporation.id}
          registration={dialog.registration}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'payroll' && (
        <ManagePayrollDialog
          corporationId={corporation.id}
          corporationName={corporation.name}
          registration={dialog.registration}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'prior-payments' && (
        <PriorPaymentsDialog
          corporationId={corporation.id}
          registration={dialog.registration}
          readOnly={readOnly}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveStateDialog
          corporationId={corporation.id}
          corporationName={corporation.name}
          registration={dialog.registration}
          onClose={() => setDialog(null)}
        />
      )}
    </ContentCard>
  );
}

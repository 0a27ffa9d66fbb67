import '@mantine/dates/styles.css';
import { EARLIEST_SUPPORTED_PERIOD, lagosPeriod } from '@levy/tax';
import { Alert, Button, Group, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { ApiError } from '../../../lib/api-client';
import {
  useAddState,
  useTaxCollectors,
  useUpdateStateId,
  verifyTaxId,
  type CorporationState,
  type TaxCollector,
  type VerifiedTaxpayer,
} from '../../../api/corporations-api';
import { normaliseTaxId, validateStateEntry } from '../model/state-entry';
import { needsConfirmation, VerifiedTaxpayerStep } from './verified-taxpayer-step';

/** `stateCode`: the state to add, chosen beforehand (the way from "Register Ogun and give consent"). */
export type StateDialogMode =
  { kind: 'add'; registeredCodes: string[]; stateCode?: string } | { kind: 'update'; registration: CorporationState };

type Step = 'enter' | 'confirm';

/** The states, then the federal NRS apart: it takes WHT on payments to companies only. */
function collectorOptions(collectors: TaxCollector[]) {
  const option = (collector: TaxCollector) => ({ value: collector.code, label: collector.name });
  return [
    { group: 'States', items: collectors.filter((collector) => collector.collector === 'state').map(option) },
    {
      group: 'Federal: WHT on payments to companies',
      items: collectors.filter((collector) => collector.collector === 'federal').map(option),
    },
  ].filter((group) => group.items.length > 0);
}

/**
 * Add New State / Update {state} Id (docs/product.md §4): step 1 chooses the state and enters the
 * Tax ID, and Proceed asks the state's revenue service who holds it; step 2 shows the taxpayer
 * it returned; Save registers it (an update replaces the old registration on the server).
 */
export function StateTaxIdDialog({
  corporationId,
  corporationName,
  mode,
  onClose,
  onAdded,
}: {
  corporationId: string;
  corporationName: string;
  mode: StateDialogMode;
  onClose: () => void;
  /** After a state is added, before the dialog closes. */
  onAdded?: (stateCode: string) => void;
}) {
  const states = useTaxCollectors();
  const add = useAddState(corporationId);
  const update = useUpdateStateId(corporationId);
  const current = mode.kind === 'update' ? mode.registration : null;

  const [step, setStep] = useState<Step>('enter');
  const [stateCode, setStateCode] = useState<string | null>(
    current?.state.code ?? (mode.kind === 'add' ? (mode.stateCode ?? null) : null),
  );
  const [taxPayerNumber, setTaxPayerNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [verified, setVerified] = useState<VerifiedTaxpayer | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  // From which month the corporation owes tax here (YYYY-MM-DD, the picker's value): this month unless it owed before.
  const [firstMonth, setFirstMonth] = useState<string | null>(`${lagosPeriod(new Date())}-01`);
  const [isNameConfirmed, setIsNameConfirmed] = useState(false);

  const title = current ? `Update ${current.state.name} Id` : 'Add New State';
  const chosenState = (states.data ?? []).find((state) => state.code === stateCode) ?? current?.state ?? null;
  const isFederal = chosenState?.collector === 'federal';
  const stateOptions = current
    ? [{ value: current.state.code, label: current.state.name }]
    : collectorOptions(
        (states.data ?? []).filter((state) => !(mode.kind === 'add' && mode.registeredCodes.includes(state.code))),
      );

  const showFailure = (error: unknown, action: 'verify' | 'save') => {
    if (!(error instanceof ApiError)) throw error;
    const fields = error.fieldErrors;
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      setStep('enter');
      return;
    }
    // The toast goes after 3 s; a silent agency or a refusal stays said here until the next try.
    const title =
      error.code === 'UNAVAILABLE'
        ? 'The revenue service did not answer'
        : action === 'verify'
          ? 'The Tax ID could not be verified'
          : `${chosenState?.name ?? 'The state'} could not be saved`;
    setProblem({ title, message: error.message });
  };

  const proceed = async () => {
    // Enter in the Tax ID field while the agency is still being asked must not ask twice.
    if (isVerifying) return;
    setProblem(null);
    const found = validateStateEntry(
      { stateCode, taxPayerNumber, collector: chosenState?.collector ?? 'state' },
      current ? { taxPayerNumber: current.tax_payer_number, stateName: current.state.name } : undefined,
    );
    setErrors(found);
    if (Object.keys(found).length > 0 || !stateCode) return;
    setIsVerifying(true);
    try {
      setVerified(await verifyTaxId(stateCode, normaliseTaxId(taxPayerNumber), corporationId));
      setIsNameConfirmed(false);
      setStep('confirm');
    } catch (error) {
      showFailure(error, 'verify');
    } finally {
      setIsVerifying(false);
    }
  };

  const save = async () => {
    if (!verified || !stateCode || (needsConfirmation(verified) && !isNameConfirmed)) return;
    setProblem(null);
    const input = {
      stateCode,
      taxPayerNumber: verified.tax_payer_number,
      firstTaxMonth: current || !firstMonth ? undefined : firstMonth.slice(0, 7),
      confirmName: needsConfirmation(verified) ? true : undefined,
    };
    try {
      if (current) await update.mutateAsync(input);
      else {
        await add.mutateAsync(input);
        onAdded?.(stateCode);
      }
      onClose();
    } catch (error) {
      showFailure(error, 'save');
    }
  };

  return (
    <MountedModal onClose={onClose} title={title} centered size="lg">
      <Stack gap="lg">
        <Stepper
          active={step === 'enter' ? 0 : 1}
          size="sm"
          onStepClick={(index) => index === 0 && setStep('enter')}
          allowNextStepsSelect={false}
        >
          <Stepper.Step label="Tax ID" description="State and Tax ID" />
          <Stepper.Step label="Confirm" description="Taxpayer on record" />
        </Stepper>

        {problem && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={problem.title}>
            {problem.message}
          </Alert>
        )}

        {step === 'enter' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void proceed();
            }}
            noValidate
          >
            <Stack gap="md">
              <Select
                label="State"
                placeholder={states.isPending ? 'Loading states…' : 'Choose a state'}
                description={current ? undefined : 'Or the Nigeria Revenue Service, for WHT on payments to companies'}
                data={stateOptions}
                value={stateCode}
                onChange={(value) => {
                  setStateCode(value);
                  setErrors(({ state: _cleared, ...rest }) => rest);
                }}
                searchable
                required
                readOnly={Boolean(current)}
                allowDeselect={false}
                nothingFoundMessage="No state matches"
                error={errors.state}
                comboboxProps={{ withinPortal: false }}
                data-autofocus={current ? undefined : true}
              />
              <TextInput
                label="Tax ID"
                description={
                  isFederal
                    ? `The corporation's Tax ID with the ${chosenState.revenue_service}: C then digits, or the 13-digit national Tax ID.`
                    : chosenState
                      ? `As registered with ${chosenState.revenue_service}. It begins with N or C.`
                      : 'The state Tax ID begins with N (individuals) or C (companies).'
                }
                placeholder="C-0012345"
                required
                data-autofocus={current ? true : undefined}
                value={taxPayerNumber}
                onChange={(event) => {
                  setTaxPayerNumber(event.currentTarget.value);
                  setErrors(({ tax_payer_number: _cleared, ...rest }) => rest);
                }}
                error={errors.tax_payer_number}
                autoComplete="off"
              />
              {current ? (
                <Text fz="sm" c="dimmed">
                  Current Tax ID: {current.tax_payer_number} ({current.tax_payer_name})
                </Text>
              ) : (
                <MonthPickerInput
                  label={isFederal ? 'Owes WHT here from' : 'Owes PAYE here from'}
                  description={`${
                    isFederal
                      ? 'The first month whose WHT on payments to companies this corporation owes to the Nigeria Revenue ' +
                        'Service.'
                      : 'The first month whose PAYE (and WHT) this corporation owes in this ' + 'state.'
                  } Choose an earlier month if payments are already due: Levy lists them as overdue.`}
                  value={firstMonth}
                  onChange={setFirstMonth}
                  minDate={`${EARLIEST_SUPPORTED_PERIOD}-01`}
                  maxDate={`${lagosPeriod(new Date())}-01`}
                  valueFormat="MMMM YYYY"
                  required
                  error={errors.first_tax_month}
                  popoverProps={{ withinPortal: false }}
                />
              )}
              {isVerifying && chosenState && (
                <Text fz="sm" c="dimmed" role="status">
                  Asking {chosenState.revenue_service} who holds this Tax ID…
                </Text>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={isVerifying}>
                  Proceed
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {step === 'confirm' && verified && chosenState && (
          <VerifiedTaxpayerStep
            verified={verified}
            revenueService={chosenState.revenue_service}
            corporationName={corporationName}
            replacing={current}
            isNameConfirmed={isNameConfirmed}
            onConfirmName={setIsNameConfirmed}
            saving={add.isPending || update.isPending}
            onBack={() => setStep('enter')}
            onSave={() => void save()}
          />
        )}
      </Stack>
    </MountedModal>
  );
}

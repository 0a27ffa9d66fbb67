import {
  BUSINESS_TYPES,
  CAC_DOCUMENT_TYPES,
  INDUSTRIES,
  updateIdentity,
  type OrganisationIdentity,
} from '@levy/contracts';
import { Button, Group, Progress, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FileSelect } from '../../../components/file-select';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { ApiError } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { downloadFile } from '../../../lib/download';
import {
  organisationKeys,
  saveIdentity,
  useOrganisationIdentity,
  useStates,
  type IdentityFields,
} from '../../../api/organisation-api';

const CAC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CAC_DOCUMENT_REQUIRED = 'CAC certificate is required';

const EMPTY_FIELDS: IdentityFields = {
  legal_name: '',
  cac_number: '',
  business_type: '',
  industry: '',
  tax_id: '',
  address: '',
  state_id: '',
  phone: '',
  website: '',
};
const REQUIRED_FIELDS = [
  'legal_name',
  'cac_number',
  'business_type',
  'industry',
  'tax_id',
  'address',
  'state_id',
  'phone',
] as const;

function toFields(identity: OrganisationIdentity): IdentityFields {
  return {
    legal_name: identity.legal_name ?? '',
    cac_number: identity.cac_number ?? '',
    business_type: identity.business_type ?? '',
    industry: identity.industry ?? '',
    tax_id: identity.tax_id ?? '',
    address: identity.address ?? '',
    state_id: identity.state_id ? String(identity.state_id) : '',
    phone: identity.phone ?? '',
    website: identity.website ?? '',
  };
}

export interface IdentityFormProps {
  organisationId: string;
  submitLabel: string;
  /** Called after the details and the certificate are saved. */
  onSaved: (identity: OrganisationIdentity) => void | Promise<void>;
  readOnly?: boolean;
  /** Onboarding shows how much is filled in; settings does not need to. */
  showProgress?: boolean;
}

/** The KYC identity of docs/product.md "Identity and organisation", with the CAC certificate upload. */
export function IdentityForm({
  organisationId,
  submitLabel,
  onSaved,
  readOnly = false,
  showProgress = false,
}: IdentityFormProps) {
  const queryClient = useQueryClient();
  const identity = useOrganisationIdentity(organisationId);
  const states = useStates();
  const [cacDocument, setCacDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const form = useForm({ initialValues: EMPTY_FIELDS, validate: schemaResolver(updateIdentity, { sync: true }) });

  useEffect(() => {
    if (identity.data) form.setValues(toFields(identity.data));
    // Fill the form once the saved details arrive.
  }, [identity.data]);

  if (identity.isPending || states.isPending)
    return <LoadingPlaceholder height={320} label="Loading business details" />;

  const storedDocument = identity.data?.cac_document ?? null;
  const filled =
    REQUIRED_FIELDS.filter((field) => form.values[field].trim() !== '').length +
    (cacDocument || storedDocument ? 1 : 0);
  const total = REQUIRED_FIELDS.length + 1;

  const chooseDocument = (file: File | null) => {
    setDocumentError(file && file.size > CAC_DOCUMENT_MAX_BYTES ? 'The CAC certificate must be 5 MB or smaller' : null);
    setCacDocument(file);
  };

  const submit = form.onSubmit(async (values) => {
    if (!cacDocument && !storedDocument) {
      setDocumentError(CAC_DOCUMENT_REQUIRED);
      return;
    }
    if (documentError) return;
    setUploadPercent(0);
    try {
      const saved = await saveIdentity(organisationId, values, cacDocument, setUploadPercent);
      queryClient.setQueryData(organisationKeys.identity(organisationId), saved);
      setCacDocument(null);
      await onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        const { cac_document: documentMessage, ...fieldErrors } = error.fieldErrors;
        form.setErrors(fieldErrors);
        if (documentMessage) setDocumentError(documentMessage);
      }
    } finally {
      setUploadPercent(null);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {showProgress && !readOnly && (
          <div>
            <Group justify="space-between" mb={4}>
              <Text fz="sm" fw={600}>
                Business details
              </Text>
              <Text fz="sm" c="dimmed" data-testid="identity-progress">
                {filled} of {total} complete
              </Text>
            </Group>
            <Progress value={(filled / total) * 100} aria-label="Business details complete" />
          </div>
        )}
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput
              label="Legal name"
              description="As on the CAC certificate"
              required
              {...form.getInputProps('legal_name')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label="CAC registration number"
                placeholder="RC1234567"
                required
                {...form.getInputProps('cac_number')}
              />
              <TextInput label="Tax ID" placeholder="C-0012345" required {...form.getInputProps('tax_id')} />
              <Select
                label="Business type"
                data={[...BUSINESS_TYPES]}
                required
                allowDeselect={false}
                placeholder="Choose one"
                {...form.getInputProps('business_type')}
              />
              <Select
                label="Industry"
                data={[...INDUSTRIES]}
                required
                allowDeselect={false}
                searchable
                placeholder="Choose one"
                {...form.getInputProps('industry')}
              />
            </SimpleGrid>
            <Textarea label="Address" autosize minRows={2} required {...form.getInputProps('address')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Select
                label="State"
                data={(states.data ?? []).map((state) => ({ value: String(state.id), label: state.name }))}
                required
                searchable
                allowDeselect={false}
                placeholder="Choose a state"
                {...form.getInputProps('state_id')}
              />
              <TextInput
                label="Phone number"
                type="tel"
                placeholder="+234 801 234 5678"
                required
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
            <TextInput label="Website" placeholder="www.company.ng" {...form.getInputProps('website')} />
            <FileSelect
              label="CAC certificate"
              description="PDF, JPG or PNG, 5 MB at most"
              accept={CAC_DOCUMENT_TYPES.join(',')}
              value={cacDocument}
              onChange={chooseDocument}
              currentFileName={storedDocument?.filename}
              error={documentError}
              required
            />
          </Stack>
        </fieldset>
        {/* Outside the fieldset: whoever may read the details may read the certificate, even when they cannot change it. */}
        {storedDocument && !cacDocument && (
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              onClick={() => void downloadFile(calls.downloadCacDocument, { id: organisationId })}
            >
              Download CAC certificate
            </Button>
          </Group>
        )}
        {uploadPercent !== null && (
          <div>
            <Text fz="sm" mb={4}>
              Uploading… {uploadPercent}%
            </Text>
            <Progress value={uploadPercent} animated aria-label="Upload progress" />
          </div>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={uploadPercent !== null}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

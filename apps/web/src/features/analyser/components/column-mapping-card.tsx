import type { StatementExtraction } from '@levy/contracts';
import { Alert, Badge, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ContentCard } from '../../../components/content-card';
import { ApiError } from '../../../lib/api-client';
import { useSaveMapping } from '../api/analyser-api';
import {
  columnChoices,
  mappingFieldLabel,
  mappingFormValues,
  mappingKeyOf,
  MAPPING_FIELD_LABELS,
  MAPPING_KEYS,
  REQUIRED_MAPPING_KEYS,
  toColumnMapping,
} from '../model/extraction';

/**
 * The column mapping: which column holds what, for a statement whose header was not recognised
 * (or was read wrongly). Saving reads the file again in the background with the mapping.
 */
export function ColumnMappingCard({
  statementId,
  extraction,
  hasMapping,
  canChange,
}: {
  statementId: string;
  extraction: StatementExtraction;
  hasMapping: boolean;
  canChange: boolean;
}) {
  const save = useSaveMapping(statementId);
  const [values, setValues] = useState(() => mappingFormValues(extraction.mapping));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choices = columnChoices(extraction.lines, extraction.header_labels);
  const recognised = Object.entries(extraction.header_labels);
  const detected = new Set(recognised.map(([field]) => mappingKeyOf(field)));

  const submit = () => {
    const missing = REQUIRED_MAPPING_KEYS.filter((key) => !values[key]);
    if (missing.length > 0)
      return setErrors(Object.fromEntries(missing.map((key) => [key, `${MAPPING_FIELD_LABELS[key]} is required`])));
    setErrors({});
    save.mutate(toColumnMapping(values), {
      onError: (error) => error instanceof ApiError && setErrors(error.fieldErrors),
    });
  };

  return (
    <ContentCard
      title="Column mapping"
      actions={
        <Badge variant="light" color={hasMapping ? 'blue' : 'gray'}>
          {hasMapping
            ? 'Manual mapping'
            : extraction.layout
              ? `Detected layout: ${extraction.layout}`
              : 'Generic layout'}
        </Badge>
      }
    >
      <Stack gap="md">
        {recognised.length > 0 && (
          <Text fz="sm" c="dimmed">
            Headers recognised:{' '}
            {recognised.map(([field, label]) => `${label} → ${mappingFieldLabel(field)}`).join(' · ')}
          </Text>
        )}
        {canChange ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              {MAPPING_KEYS.map((key) => (
                <Select
                  key={key}
                  label={MAPPING_FIELD_LABELS[key]}
                  placeholder={detected.has(key) ? 'Found by its header' : 'Not in the file'}
                  data={choices}
                  value={values[key]}
                  onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
                  clearable
                  required={REQUIRED_MAPPING_KEYS.includes(key)}
                  error={errors[key]}
                  size="xs"
                />
              ))}
            </SimpleGrid>
            {errors.amount && (
              <Alert color="red" variant="light">
                {errors.amount}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              {hasMapping && (
                <Button
                  variant="default"
                  loading={save.isPending && save.variables === null}
                  onClick={() => save.mutate(null)}
                >
                  Use header detection
                </Button>
              )}
              <Button loading={save.isPending && save.variables !== null} onClick={submit}>
                Apply mapping and analyse again
              </Button>
            </Group>
            <Text fz="xs" c="dimmed">
              Applying a mapping reads the file again; corrections made to rows are dropped because the rows change.
            </Text>
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            You can see the mapping but not change it.
          </Text>
        )}
      </Stack>
    </ContentCard>
  );
}

import { SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';

/** A labelled choice between a few options (a segmented control), with its error under it. */
export function ChoiceInput<T extends string>({
  label,
  value,
  onChange,
  options,
  error,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
  error?: string;
}) {
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {label}
      </Text>
      <SegmentedControl fullWidth aria-labelledby={labelId} value={value} onChange={onChange} data={options} />
      {error && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}

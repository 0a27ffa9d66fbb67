import { Anchor, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { truncateFileName } from './file-name';

export interface FileSelectProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  description?: string;
  error?: ReactNode;
  /** The name of a file already on record, shown until another is chosen. */
  currentFileName?: string | null;
  required?: boolean;
}

/** Choose one file; shows its name truncated at 40 characters. */
export function FileSelect({
  label,
  value,
  onChange,
  accept,
  description,
  error,
  currentFileName,
  required,
}: FileSelectProps) {
  const id = useId();
  const shownName = value?.name ?? currentFileName ?? null;
  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} id={id}>
      <Group gap="sm" mt={4} wrap="nowrap">
        <FileButton onChange={onChange} accept={accept}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} />}
              id={id}
              aria-describedby={`${id}-name`}
            >
              {shownName ? 'Change file' : 'Choose file'}
            </Button>
          )}
        </FileButton>
        <Text id={`${id}-name`} fz="sm" c={shownName ? undefined : 'dimmed'} title={shownName ?? undefined} truncate>
          {shownName ? truncateFileName(shownName) : 'No file chosen'}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}

/** The template a file is made from, to download beside its field. */
export function TemplateLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} download fz="sm">
      <Group gap={4} wrap="nowrap">
        <IconDownload size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}

import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A modal that exists only while it is open (`{isOpen && <Dialog …/>}`). Mantine's Modal returns
 * focus to its opener at the end of its closing transition, which an unmounted modal never
 * reaches; this one gives focus back to the element that had it when it opened (WAI-ARIA dialog
 * pattern), read during the first render, before the modal takes focus.
 */
export function MountedModal(props: Omit<ModalProps, 'opened' | 'returnFocus'>) {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
  return <Modal opened returnFocus={false} {...props} />;
}

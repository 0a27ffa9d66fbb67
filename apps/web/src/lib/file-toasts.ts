import { notifications } from '@mantine/notifications';
import { ERROR_TOAST_MS } from './api-client';

/** The file flows' 'Invalid File' toast with the parse message (docs/product.md §8). */
export function showInvalidFileToast(message: string): void {
  notifications.show({
    title: 'Invalid File',
    message,
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: true,
  });
}

/** The file flows' 'File Parsing' toast: '{error}. Use provided template format.' (docs/product.md §8). */
export function showFileParsingToast(error: string): void {
  notifications.show({
    title: 'File Parsing',
    message: `${error.replace(/\.+$/, '')}. Use provided template format.`,
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: true,
  });
}

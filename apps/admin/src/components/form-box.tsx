import type { FormEvent } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';

export type FormBoxProps = Omit<BoxProps<'form'>, 'component' | 'noValidate' | 'onSubmit'> & {
  onSubmit: () => void;
};

/**
 * A form the app checks and sends itself: no browser validation bubbles and no page load;
 * Enter in a field or a submit button calls `onSubmit`.
 */
export function FormBox({ onSubmit, ...props }: FormBoxProps) {
  return (
    <Box
      component="form"
      noValidate
      {...props}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}

/**
 * A form whose submit handler returns a promise (react-hook-form's `handleSubmit`): the browser's own
 * validation is off, since the fields say their problems, and the handler's promise is not left floating.
 */
import type { ComponentProps, FormEvent } from 'react';

export type AsyncFormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
};

export function AsyncForm({ onSubmit, ...props }: AsyncFormProps) {
  return <form noValidate onSubmit={(event) => void onSubmit(event)} {...props} />;
}

/** A person's first and last name, side by side from a tablet's width: the sign-up form and the account page. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';

export function NameFields({
  idPrefix,
  className,
  errors,
  registrations,
}: {
  /** `signup` → the fields `signup-first-name` and `signup-last-name`. */
  idPrefix: string;
  /** The grid holding the two fields. */
  className: string;
  errors: { firstName?: string; lastName?: string };
  registrations: {
    firstName: UseFormRegisterReturn<'firstName'>;
    lastName: UseFormRegisterReturn<'lastName'>;
  };
}) {
  const firstNameId = `${idPrefix}-first-name`;
  const lastNameId = `${idPrefix}-last-name`;
  return (
    <div className={className}>
      <FormField id={firstNameId} label="First name" error={errors.firstName}>
        {(aria) => <Input {...aria} autoComplete="given-name" {...registrations.firstName} />}
      </FormField>
      <FormField id={lastNameId} label="Last name" error={errors.lastName}>
        {(aria) => <Input {...aria} autoComplete="family-name" {...registrations.lastName} />}
      </FormField>
    </div>
  );
}

/**
 * 'Call Availability' (docs/behaviour/consultation-and-contact.md#booking-a-call): the admin's time zone,
 * the length of a call and the weekly time ranges, checked with the server's schema and published at once.
 */
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CALL_SLOT_LENGTHS,
  CALL_WEEKDAY_NAMES,
  CALL_WEEKDAYS,
  CallAvailabilitySchema,
  type CallAvailability,
  type CallAvailabilityView,
} from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import {
  AsyncForm,
  Button,
  FormField,
  Input,
  NativeSelect,
  SubmitButton,
  fieldAria,
  toast,
  toastFailure,
} from '@platform/ui';
import { usePublishCallAvailability } from '../api/consultation-calls';
import { AVAILABILITY_COPY, availabilityFormValues, timeZoneOptions } from '../lib/call-availability';

const resolver = zodResolver(CallAvailabilitySchema);

export function CallAvailabilityForm({ view }: { view: CallAvailabilityView }) {
  const id = useId();
  const publish = usePublishCallAvailability();
  const form = useForm<CallAvailability>({
    resolver,
    defaultValues: availabilityFormValues(view, Intl.DateTimeFormat().resolvedOptions().timeZone),
  });
  const windows = useFieldArray({ control: form.control, name: 'windows' });
  const { errors } = form.formState;
  const zone = form.watch('timeZone');

  const onSubmit = form.handleSubmit((availability) =>
    publish.mutate(availability, {
      onSuccess: (saved) => {
        form.reset(availabilityFormValues(saved, saved.timeZone));
        toast({
          title: AVAILABILITY_COPY.publishedTitle,
          description: AVAILABILITY_COPY.publishedText,
          variant: 'success',
        });
      },
      onError: (failure) =>
        toastFailure(failure, AVAILABILITY_COPY.failedTitle, AVAILABILITY_COPY.failedText),
    }),
  );

  return (
    <AsyncForm onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-zone`} label={AVAILABILITY_COPY.timeZone} error={errors.timeZone?.message}>
          <NativeSelect {...fieldAria(`${id}-zone`, errors.timeZone?.message)} {...form.register('timeZone')}>
            {timeZoneOptions(zone).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-length`}
          label={AVAILABILITY_COPY.slotMinutes}
          error={errors.slotMinutes?.message}
        >
          <NativeSelect
            {...fieldAria(`${id}-length`, errors.slotMinutes?.message)}
            {...form.register('slotMinutes', { valueAsNumber: true })}
          >
            {CALL_SLOT_LENGTHS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {AVAILABILITY_COPY.minutes(minutes)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{AVAILABILITY_COPY.ranges}</legend>
        {windows.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">{AVAILABILITY_COPY.none}</p>
        ) : (
          <ul className="space-y-3" aria-label={AVAILABILITY_COPY.ranges}>
            {windows.fields.map((field, index) => {
              const rowErrors = errors.windows?.[index];
              const rowError = rowErrors?.message ?? rowErrors?.root?.message;
              const fieldId = (name: string) => `${id}-${index}-${name}`;
              return (
                <li
                  key={field.id}
                  className="grid grid-cols-2 items-end gap-3 rounded-md border p-3 sm:grid-cols-[minmax(9rem,1fr)_minmax(7rem,1fr)_minmax(7rem,1fr)]"
                  data-testid="availability-range"
                >
                  <FormField
                    id={fieldId('day')}
                    label={AVAILABILITY_COPY.day}
                    className="col-span-2 sm:col-span-1"
                  >
                    <NativeSelect
                      {...form.register(`windows.${index}.weekday`, { valueAsNumber: true })}
                      id={fieldId('day')}
                    >
                      {CALL_WEEKDAYS.map((weekday) => (
                        <option key={weekday} value={weekday}>
                          {CALL_WEEKDAY_NAMES[weekday - 1]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  {(['start', 'end'] as const).map((edge) => (
                    <FormField
                      key={edge}
                      id={fieldId(edge)}
                      label={AVAILABILITY_COPY[edge]}
                      error={rowErrors?.[edge]?.message}
                    >
                      <Input
                        type="time"
                        step={300}
                        {...fieldAria(fieldId(edge), rowErrors?.[edge]?.message)}
                        {...form.register(`windows.${index}.${edge}`)}
                      />
                    </FormField>
                  ))}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="col-span-full justify-self-start"
                    onClick={() => windows.remove(index)}
                  >
                    {AVAILABILITY_COPY.remove}
                    <span className="sr-only"> time range {index + 1}</span>
                  </Button>
                  {rowError ? (
                    <p role="alert" className="col-span-full text-sm text-destructive">
                      {rowError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {errors.windows?.message ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.windows.message}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          onClick={() => windows.append({ weekday: 1, start: '09:00', end: '12:00' })}
        >
          {AVAILABILITY_COPY.add}
        </Button>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={publish.isPending} busyLabel={AVAILABILITY_COPY.publishing}>
          {AVAILABILITY_COPY.publish}
        </SubmitButton>
        <p className="text-sm text-muted-foreground" data-testid="availability-published">
          {view.updatedAt
            ? AVAILABILITY_COPY.lastPublished(formatDateTime(view.updatedAt))
            : AVAILABILITY_COPY.notPublished}
        </p>
      </div>
    </AsyncForm>
  );
}

/**
 * `/account/notifications` (docs/behaviour/member-learning.md#nudges): the two learning nudges, on or off.
 * Signed-out visitors go to /login. The account page links here.
 */
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NotificationPreferencesSchema, type NotificationPreferences } from '@platform/contracts';
import {
  AsyncForm,
  Card,
  CardContent,
  Label,
  LoadFailedAlert,
  LoadingList,
  SubmitButton,
  toast,
  toastFailure,
} from '@platform/ui';
import { Checkbox } from '@platform/ui/checkbox';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import { PREFERENCES_COPY } from '../lib/preferences-copy';
import { TitledPage } from '../../../components/titled-page';
import { signedOutView, useMemberPage } from '../../../components/member-page-gate';

const OPTIONS = [
  {
    name: 'sectionUnlocked',
    label: PREFERENCES_COPY.sectionUnlocked,
    hint: PREFERENCES_COPY.sectionUnlockedHint,
  },
  { name: 'inactivity', label: PREFERENCES_COPY.inactivity, hint: PREFERENCES_COPY.inactivityHint },
] as const;

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const id = useId();
  const save = useSaveNotificationPreferences();
  const form = useForm<NotificationPreferences>({
    resolver: zodResolver(NotificationPreferencesSchema),
    defaultValues: initial,
  });
  useEffect(() => form.reset(initial), [form, initial]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (failure) {
      toastFailure(failure, PREFERENCES_COPY.failedTitle, PREFERENCES_COPY.failedText);
      return;
    }
    toast({
      title: PREFERENCES_COPY.savedTitle,
      description: PREFERENCES_COPY.savedText,
      variant: 'success',
    });
  });

  return (
    <AsyncForm onSubmit={onSubmit} className="space-y-6" aria-label={PREFERENCES_COPY.title}>
      <fieldset className="space-y-4">
        <legend className="sr-only">Learning e-mails</legend>
        {OPTIONS.map((option) => (
          <div key={option.name} className="flex items-start gap-3">
            <Controller
              control={form.control}
              name={option.name}
              render={({ field }) => (
                <Checkbox
                  id={`${id}-${option.name}`}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-describedby={`${id}-${option.name}-hint`}
                  className="mt-0.5"
                />
              )}
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-${option.name}`} className="leading-snug">
                {option.label}
              </Label>
              <p id={`${id}-${option.name}-hint`} className="text-sm text-muted-foreground">
                {option.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <SubmitButton busy={save.isPending} busyLabel={PREFERENCES_COPY.saving}>
        {PREFERENCES_COPY.save}
      </SubmitButton>
    </AsyncForm>
  );
}

export function NotificationPreferencesPage() {
  const gate = useMemberPage(PREFERENCES_COPY.title);
  const { user, isLoading } = gate;
  const preferences = useNotificationPreferences(user !== null);

  const away = signedOutView(gate, preferences);
  if (away !== undefined) return away;

  let body;
  if (isLoading || !user || preferences.isPending) {
    body = <LoadingList label="Loading your preferences…" rows={1} rowHeight="h-24" className="space-y-3" />;
  } else if (preferences.isError || !preferences.data) {
    body = (
      <LoadFailedAlert
        title={PREFERENCES_COPY.loadError}
        hint={null}
        onRetry={() => void preferences.refetch()}
      />
    );
  } else {
    body = <PreferencesForm initial={preferences.data} />;
  }

  return (
    <TitledPage title={PREFERENCES_COPY.title} description={PREFERENCES_COPY.description} width="max-w-2xl">
      <Card className="mt-8">
        <CardContent className="pt-6">{body}</CardContent>
      </Card>
    </TitledPage>
  );
}

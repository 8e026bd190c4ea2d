/**
 * The monthly report (docs/behaviour/revenue-share.md#monthly-revenue-report): the info cards, the period,
 * gross revenue, expenses, the computed net and notes; the live calculation box while the share is above
 * zero; 'Submitting...' while sending; 'Revenue Report Submitted' with the server's share and an empty form,
 * or 'Error' with the server's words for a refused report (400) and the general message otherwise, all typed
 * kept. A failed press whose report the history shows after all (its answer lost on poor Wi-Fi, or pressed
 * again and refused as already reported) ends as submitted.
 */
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_DOCUMENT_ACCEPT,
  REPORT_DOCUMENT_MESSAGES,
  REVENUE_REPORT_MESSAGES,
  documentsAnswerText,
  reportSubmittedText,
} from '@platform/contracts';
import type { RevenuePlan, RevenueReport, RevenueReportRequestParsed } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import {
  ApiError,
  AsyncForm,
  Button,
  FormField,
  Input,
  MoneyInput,
  Textarea,
  TitledCard,
  fieldAria,
  fieldHintId,
  pickFieldIssues,
  toast,
} from '@platform/ui';
import { useAttachReportDocuments } from '../api/attach-report-documents';
import { useFindSubmittedReport, useSubmitRevenueReport } from '../api/submit-revenue-report';
import { FIELD_HINTS, FIELD_LABELS, FOOTER_NOTES, REPORT_PAGE } from '../lib/report-copy';
import { checkChosenDocuments } from '../lib/report-documents';
import { describeReportFailure } from '../lib/report-failure';
import {
  EMPTY_REPORT_FORM,
  MONEY_RULES,
  REPORT_FORM_FIELDS,
  ReportFormSchema,
  computeLiveFigures,
  describeNetRevenue,
  initialReportForm,
} from '../lib/report-form';
import type { ReportFormValues } from '../lib/report-form';
import { toastDocumentsNotAttached } from './report-documents';
import { RevenueInfoCards } from './revenue-info-cards';
import { ShareCalculation } from './share-calculation';

const id = (name: keyof ReportFormValues) => `report-${name}`;

export function RevenueReportForm({ plan }: { plan: RevenuePlan }) {
  const submit = useSubmitRevenueReport();
  const findSubmitted = useFindSubmittedReport();
  const attach = useAttachReportDocuments();
  // The files are sent after the report, to its documents endpoint; they are not part of the JSON report.
  const [documents, setDocuments] = useState<File[]>([]);
  const [documentsError, setDocumentsError] = useState<string | null>(null);
  const documentsInput = useRef<HTMLInputElement>(null);
  const form = useForm<ReportFormValues, unknown, RevenueReportRequestParsed>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: initialReportForm(plan, new Date()),
  });
  const { errors } = form.formState;
  const [grossRevenue, businessExpenses] = useWatch({
    control: form.control,
    name: ['grossRevenue', 'businessExpenses'],
  });
  const figures = computeLiveFigures({ grossRevenue, businessExpenses }, plan.baselineNetRevenue);

  // After a report the plan's next month moves on: an untouched form starts from it.
  const nextPeriod = plan.nextReport?.periodStart;
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(initialReportForm(plan, new Date()));
    // Only when the next month changes, not on every new plan object.
  }, [nextPeriod]);

  const setAmount = (name: 'grossRevenue' | 'businessExpenses', text: string) => {
    const other = form.getValues(name === 'grossRevenue' ? 'businessExpenses' : 'grossRevenue');
    const net = name === 'grossRevenue' ? describeNetRevenue(text, other) : describeNetRevenue(other, text);
    form.setValue('netRevenue', net, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  };

  const chooseDocuments = (files: File[]) => {
    setDocuments(files);
    setDocumentsError(checkChosenDocuments(files));
  };

  /** The report is in: an empty form, then its documents, and the toast with the server's share. */
  const reportIn = async (report: RevenueReport) => {
    form.reset(EMPTY_REPORT_FORM);
    const files = documents;
    setDocuments([]);
    if (documentsInput.current) documentsInput.current.value = '';
    const submitted = reportSubmittedText(formatMoney(report.shareOwed));
    if (files.length === 0) {
      toast({ title: REVENUE_REPORT_MESSAGES.submittedTitle, description: submitted, variant: 'success' });
      return;
    }
    try {
      const attached = await attach.mutateAsync({ reportId: report.id, files });
      toast({
        title: REVENUE_REPORT_MESSAGES.submittedTitle,
        description: `${submitted} ${documentsAnswerText(attached)}`,
        variant: attached.rejected.length > 0 ? 'default' : 'success',
      });
    } catch (attachError) {
      // The report stands; the documents can be sent again from its row in the history.
      toastDocumentsNotAttached(attachError, (reason) =>
        reason ? `${REPORT_DOCUMENT_MESSAGES.notAttached} (${reason})` : REPORT_DOCUMENT_MESSAGES.notAttached,
      );
    }
  };

  const onSubmit = form.handleSubmit(async (request) => {
    if (documentsError) {
      documentsInput.current?.focus();
      return;
    }
    let report: RevenueReport;
    try {
      ({ report } = await submit.mutateAsync(request));
    } catch (error) {
      // The answer may have been lost after the server recorded the report (or, pressed again, it is
      // refused as already reported): the history says whether it is in.
      const found = await findSubmitted(request);
      if (found) {
        await reportIn(found);
        return;
      }
      console.error('Revenue report failed:', error);
      const refusal = error instanceof ApiError ? error.toFailure() : null;
      if (refusal?.status === 400) {
        for (const { field, message } of pickFieldIssues(refusal.issues, REPORT_FORM_FIELDS)) {
          form.setError(field, { message });
        }
      }
      toast({ ...describeReportFailure(refusal), variant: 'destructive' });
      return;
    }
    await reportIn(report);
  });

  const error = (name: keyof ReportFormValues) => errors[name]?.message;

  const dateField = (name: 'reportingPeriodStart' | 'reportingPeriodEnd') => (
    <FormField id={id(name)} label={FIELD_LABELS[name]} error={error(name)}>
      {(aria) => <Input {...aria} type="date" min={plan.firstReportableMonth} {...form.register(name)} />}
    </FormField>
  );

  const moneyField = (name: 'grossRevenue' | 'businessExpenses') => (
    <FormField id={id(name)} label={FIELD_LABELS[name]} error={error(name)} hint={FIELD_HINTS.money}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <MoneyInput
            {...fieldAria(id(name), error(name), fieldHintId(id(name)))}
            ref={field.ref}
            name={field.name}
            value={field.value}
            rules={MONEY_RULES[name]}
            onBlur={() => {
              field.onBlur();
              // Say at once what cannot be read, rather than only on submitting.
              if (field.value.trim() !== '' || errors[name]) void form.trigger(name);
            }}
            onValueChange={(text) => {
              field.onChange(text);
              setAmount(name, text);
            }}
          />
        )}
      />
    </FormField>
  );

  const netError = error('netRevenue');
  const notesError = error('notes');

  return (
    <div className="space-y-8">
      <RevenueInfoCards shareOwed={figures.shareOwed} />
      <TitledCard title="Report your revenue" description={REPORT_PAGE.description}>
        <AsyncForm
          aria-label="Monthly revenue report"
          onSubmit={onSubmit}
          className="grid gap-5 sm:grid-cols-2"
        >
          {dateField('reportingPeriodStart')}
          {dateField('reportingPeriodEnd')}
          {moneyField('grossRevenue')}
          {moneyField('businessExpenses')}
          <FormField
            id={id('netRevenue')}
            label={FIELD_LABELS.netRevenue}
            error={netError}
            hint={FIELD_HINTS.netRevenue}
            className="sm:col-span-2"
          >
            <Controller
              control={form.control}
              name="netRevenue"
              render={({ field }) => (
                <MoneyInput
                  {...fieldAria(id('netRevenue'), netError, fieldHintId(id('netRevenue')))}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  readOnly
                />
              )}
            />
          </FormField>
          <FormField id={id('notes')} label={FIELD_LABELS.notes} error={notesError} className="sm:col-span-2">
            {(aria) => (
              <Textarea
                {...aria}
                rows={3}
                placeholder="Anything we should know about this month"
                {...form.register('notes')}
              />
            )}
          </FormField>
          <FormField
            id="report-documents"
            label={REPORT_DOCUMENT_MESSAGES.label}
            error={documentsError ?? undefined}
            hint={REPORT_DOCUMENT_MESSAGES.hint}
            className="sm:col-span-2"
          >
            {(aria) => (
              <Input
                {...aria}
                ref={documentsInput}
                type="file"
                multiple
                accept={REPORT_DOCUMENT_ACCEPT}
                onChange={(event) => chooseDocuments(Array.from(event.target.files ?? []))}
              />
            )}
          </FormField>
          {figures.shareOwed > 0 ? (
            <div className="sm:col-span-2">
              <ShareCalculation figures={figures} />
            </div>
          ) : null}
          <ul
            className="list-disc space-y-1 pl-5 text-sm text-muted-foreground sm:col-span-2"
            data-testid="report-notes"
          >
            {FOOTER_NOTES.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <div className="sm:col-span-2">
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              disabled={form.formState.isSubmitting || attach.isPending}
            >
              {attach.isPending
                ? REPORT_DOCUMENT_MESSAGES.attaching
                : form.formState.isSubmitting
                  ? REVENUE_REPORT_MESSAGES.submitting
                  : REPORT_PAGE.submit}
            </Button>
          </div>
        </AsyncForm>
      </TitledCard>
    </div>
  );
}

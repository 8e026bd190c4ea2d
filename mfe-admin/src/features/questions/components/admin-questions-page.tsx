/**
 * `/admin/questions` (docs/behaviour/admin.md#lesson-questions): the members' open questions across the
 * course, oldest first, each answered in place; 'Answered' lists the answers given, newest first. Texts are
 * shown as plain text. Admin only, through the shared admin access handling.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminQuestion, AdminQuestionStatus } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  SITE_NAME,
  Skeleton,
  useDocumentTitle,
} from '@platform/ui';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useAdminQuestions } from '../api/admin-questions';
import { ADMIN_QUESTIONS_COPY } from '../lib/questions-copy';
import { AnswerForm } from './answer-form';

function QuestionCard({ question }: { question: AdminQuestion }) {
  return (
    <Card data-testid="admin-question">
      <CardHeader className="gap-1">
        <p className="text-sm text-muted-foreground">
          {question.moduleTitle} ·{' '}
          <Link
            to={`/lessons/${question.lessonId}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {question.lessonTitle}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="break-all">{question.askerEmail}</span> · {formatDateTime(question.askedAt)}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="whitespace-pre-wrap break-words">{question.body}</p>
        {question.answer === null ? (
          <AnswerForm questionId={question.id} />
        ) : (
          <div className="space-y-2 rounded-md bg-muted p-3">
            <Badge variant={question.isPublished ? 'success' : 'secondary'}>
              {question.isPublished ? ADMIN_QUESTIONS_COPY.published : ADMIN_QUESTIONS_COPY.private}
            </Badge>
            <p className="whitespace-pre-wrap break-words">{question.answer}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function AdminQuestionsPage() {
  useDocumentTitle(`${ADMIN_QUESTIONS_COPY.title} | Admin | ${SITE_NAME}`);
  const [status, setStatus] = useState<AdminQuestionStatus>('open');
  const questions = useAdminQuestions(status);
  useAdminReads(questions.error);

  let body;
  if (questions.isError && !questions.data) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>{ADMIN_QUESTIONS_COPY.failed}</AlertTitle>
        <AlertDescription>
          <p>Please try again in a moment.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void questions.refetch()}>
            {ADMIN_QUESTIONS_COPY.retry}
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (!questions.data) {
    body = (
      <div className="space-y-2" aria-busy="true">
        <p role="status" className="sr-only">
          {ADMIN_QUESTIONS_COPY.loading}
        </p>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-32 w-full" />
        ))}
      </div>
    );
  } else if (questions.data.length === 0) {
    body = (
      <Card className="p-8 text-center" data-testid="questions-empty">
        <h2 className="text-lg font-semibold">
          {status === 'open' ? ADMIN_QUESTIONS_COPY.emptyOpen : ADMIN_QUESTIONS_COPY.emptyAnswered}
        </h2>
        {status === 'open' ? (
          <p className="mt-2 text-sm text-muted-foreground">{ADMIN_QUESTIONS_COPY.emptyOpenHint}</p>
        ) : null}
      </Card>
    );
  } else {
    body = (
      <ul className="space-y-4">
        {questions.data.map((question) => (
          <li key={question.id}>
            <QuestionCard question={question} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin" className="text-primary underline-offset-4 hover:underline">
          Admin
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <span aria-current="page">{ADMIN_QUESTIONS_COPY.title}</span>
      </nav>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight">{ADMIN_QUESTIONS_COPY.title}</h1>
        <p className="mt-2 max-w-3xl text-muted-foreground">{ADMIN_QUESTIONS_COPY.description}</p>
      </header>
      <div role="group" aria-label="Which questions" className="mb-6 flex gap-2">
        {(['open', 'answered'] as const).map((value) => (
          <Button
            key={value}
            type="button"
            variant={status === value ? 'default' : 'outline'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {value === 'open' ? ADMIN_QUESTIONS_COPY.open : ADMIN_QUESTIONS_COPY.answered}
          </Button>
        ))}
      </div>
      {body}
    </div>
  );
}

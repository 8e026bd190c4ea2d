/**
 * `/admin/questions` (docs/behaviour/admin.md#lesson-questions): the members' open questions across the
 * course, oldest first, each answered in place; 'Answered' lists the answers given, newest first. Texts are
 * shown as plain text. Admin only, through the shared admin access handling.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminQuestion, AdminQuestionStatus } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { Badge, Card, CardContent, CardHeader } from '@platform/ui';
import { PressedButtonGroup } from '../../../components/pressed-button-group';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { AdminCardList } from '../../admin-access/components/first-read-state';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useAdminQuestions } from '../api/admin-questions';
import { ADMIN_QUESTIONS_COPY } from '../lib/questions-copy';
import { AnswerForm } from './answer-form';

const STATUS_OPTIONS = [
  { value: 'open', label: ADMIN_QUESTIONS_COPY.open },
  { value: 'answered', label: ADMIN_QUESTIONS_COPY.answered },
] as const;

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
  const [status, setStatus] = useState<AdminQuestionStatus>('open');
  const questions = useAdminQuestions(status);
  useAdminReads(questions.error);

  return (
    <AdminPageFrame
      title={ADMIN_QUESTIONS_COPY.title}
      description={ADMIN_QUESTIONS_COPY.description}
      narrowDescription
      width="4xl"
      headerSpacing="mb-6"
    >
      <PressedButtonGroup
        label="Which questions"
        className="mb-6 flex gap-2"
        options={STATUS_OPTIONS}
        value={status}
        onChange={setStatus}
      />
      <AdminCardList
        read={questions}
        copy={ADMIN_QUESTIONS_COPY}
        rows={3}
        rowHeight="h-32"
        empty={
          status === 'open'
            ? {
                testId: 'questions-empty',
                title: ADMIN_QUESTIONS_COPY.emptyOpen,
                hint: ADMIN_QUESTIONS_COPY.emptyOpenHint,
              }
            : { testId: 'questions-empty', title: ADMIN_QUESTIONS_COPY.emptyAnswered, hint: null }
        }
        keyOf={(question) => question.id}
        renderCard={(question) => <QuestionCard question={question} />}
      />
    </AdminPageFrame>
  );
}

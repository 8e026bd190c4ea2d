import { describe, expect, it } from '@jest/globals';
import {
  BUSINESS_EMAIL_MESSAGE,
  CONSULTATION_MESSAGES,
  ConsultationRequestSchema,
} from '@platform/contracts';
import { describeStepOneFailure } from '../lib/step-one-outcome';

describe('a refused step 1', () => {
  it("is 'Invalid Email' with the server's words for a disposable address, shown on the field", () => {
    expect(describeStepOneFailure({ status: 400, message: BUSINESS_EMAIL_MESSAGE, issues: [] })).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid business email address',
      fieldErrors: [{ field: 'email', message: 'Please enter a valid business email address' }],
    });
  });

  it("is 'Submission Failed' otherwise, marking the field the server named", () => {
    expect(
      describeStepOneFailure({ status: 400, message: CONSULTATION_MESSAGES.location, issues: [] }),
    ).toEqual({
      title: 'Submission Failed',
      description: 'Please check your information and try again.',
      fieldErrors: [{ field: 'location', message: CONSULTATION_MESSAGES.location }],
    });
    expect(describeStepOneFailure({ status: 500, message: 'boom', issues: [] }).title).toBe(
      'Submission Failed',
    );
    expect(describeStepOneFailure(null).fieldErrors).toEqual([]);
  });

  it('uses the issues of a validation answer', () => {
    const failure = describeStepOneFailure({
      status: 400,
      message: 'Invalid request',
      issues: [{ path: 'currentChallenges', message: CONSULTATION_MESSAGES.currentChallenges }],
    });
    expect(failure.fieldErrors).toEqual([
      { field: 'currentChallenges', message: CONSULTATION_MESSAGES.currentChallenges },
    ]);
  });
});

describe('the step 1 schema the form uses', () => {
  const valid = {
    businessName: 'Blue Door Bistro',
    ownerName: 'Ana Lopez',
    email: 'ana@bluedoor.com',
    phone: '',
    restaurantPhone: '',
    restaurantName: 'Blue Door',
    location: 'Denver, CO',
    currentChallenges: 'Tables stay empty on weekday nights.',
    consultationGoals: 'Fill the dining room four nights a week.',
  };

  it('gives the step-1 messages word for word', () => {
    const result = ConsultationRequestSchema.safeParse({
      ...valid,
      businessName: 'B',
      ownerName: '',
      email: '.ana@bluedoor.com',
      restaurantName: '',
      location: 'CO',
      currentChallenges: 'short',
      consultationGoals: 'short',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      businessName: 'Business name must be at least 2 characters',
      ownerName: 'Owner name must be at least 2 characters',
      email: 'Please enter a valid email address',
      restaurantName: 'Please enter your restaurant name',
      location: 'Please provide your business location',
      currentChallenges: 'Please describe your current challenges (minimum 20 characters)',
      consultationGoals: 'Please describe your consultation goals (minimum 20 characters)',
    });
    expect(ConsultationRequestSchema.safeParse(valid).success).toBe(true);
  });
});

/**
 * The live password checklist's state: the contract's rules (the same the server enforces) plus what a
 * screen reader hears for each item and for the list as a whole.
 */
import { checkPasswordRules } from '@platform/contracts';
import type { PasswordRuleCheck } from '@platform/contracts';

export type ChecklistItem = PasswordRuleCheck & {
  /** Read after the label instead of the ✓/✗ icon, e.g. 'At least 8 characters: met'. */
  srText: string;
};

export type PasswordChecklist = {
  items: ChecklistItem[];
  metCount: number;
  allMet: boolean;
  /** '2 of 4 requirements met' */
  summary: string;
};

export function getPasswordChecklist(
  password: string,
  confirmPassword: string,
  minLength: number,
): PasswordChecklist {
  const items = checkPasswordRules(password, confirmPassword, minLength).map((rule) => ({
    ...rule,
    srText: rule.met ? 'met' : 'not met',
  }));
  const metCount = items.filter((item) => item.met).length;
  return {
    items,
    metCount,
    allMet: metCount === items.length,
    summary: `${metCount} of ${items.length} requirements met`,
  };
}

/**
 * A signed-in caller without the course: to /courses with the 'Membership Required' toast
 * (docs/behaviour/member-learning.md#who-is-a-member), from the section page and the lesson page.
 */
import { toast } from '@platform/ui';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';

export function MembershipRequiredRedirect() {
  useEffect(() => {
    toast({
      variant: 'destructive',
      title: 'Membership Required',
      description: 'You need to be a paid member to access lesson content',
    });
  }, []);
  return <Navigate to="/courses" replace />;
}

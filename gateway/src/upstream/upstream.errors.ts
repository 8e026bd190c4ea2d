/** Why an upstream could not answer, and the JSON the browser gets for it. */
import type { ServiceName } from '@platform/contracts/services';

export type UpstreamFailure = 'unavailable' | 'timeout';

export class UpstreamError extends Error {
  constructor(
    readonly upstream: string,
    readonly failure: UpstreamFailure,
    options?: { cause?: unknown },
  ) {
    super(`${upstream} ${failure}`, options);
    this.name = 'UpstreamError';
  }

  get status(): number {
    return this.failure === 'timeout' ? 504 : 502;
  }
}

/** "Course service is unavailable" / "Course service timed out". */
export function describeFailure(service: ServiceName | string, failure: UpstreamFailure): string {
  const name = `${service.charAt(0).toUpperCase()}${service.slice(1)}`;
  const subject = name.includes(' ') ? name : `${name} service`;
  return failure === 'timeout' ? `${subject} timed out` : `${subject} is unavailable`;
}

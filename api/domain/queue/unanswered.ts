// Receivers that gave no answer (a webhook endpoint, the mail server), and until when what else goes to them waits:
// both queues hold back a chunk's other sends to a receiver that just timed out or refused the connection, so a
// dead receiver costs the senders one round of timeouts per retry, not one per send. Kept by this process only.
export type NoAnswer = { until: number; error: string };

export function createUnanswered() {
  const known = new Map<string, NoAnswer>();
  return {
    /** `receiver` gave no answer; what goes to it waits until `until` (the failed send's own retry). */
    noAnswerFrom(receiver: string, until: number, error: string): void {
      const was = known.get(receiver);
      if (!was || was.until < until) known.set(receiver, { until, error });
    },
    answered(receiver: string): void {
      known.delete(receiver);
    },
    /** Why and until when a send to `receiver` waits at `now` (epoch ms), or undefined to send it. */
    waiting(receiver: string, now: number): NoAnswer | undefined {
      const was = known.get(receiver);
      if (was && was.until > now) return was;
      known.delete(receiver);
      return undefined;
    },
  };
}

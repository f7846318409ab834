import { randomUUID } from 'node:crypto';
import type { StackConfig } from '../config.ts';
import type { MailMessage, Mailer, StackServer } from '../types.ts';

export function createMailbox(_config: StackConfig): { mailer: Mailer; start(): Promise<StackServer> } {
  const messages: (MailMessage & { id: string })[] = [];
  return {
    mailer: {
      async send(message) {
        const id = randomUUID();
        messages.push({ ...message, id });
        return { id };
      },
    },
    async start() {
      return { name: 'mailbox', url: '', stop: async () => undefined };
    },
  };
}

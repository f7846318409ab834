import type { Stack, StackServer } from '../types.ts';

export async function startPaymentSandbox(_stack: Stack): Promise<StackServer> {
  return { name: 'payments', url: '', stop: async () => undefined };
}

import { json } from '../http.ts';
import type { Stack, StackService } from '../types.ts';

export function createAuthService(_stack: Stack): StackService {
  return { prefix: '/auth/v1', handle: async () => json({ message: 'not available yet' }, 501) };
}

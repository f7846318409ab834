import { json } from '../http.ts';
import type { Stack, StackService } from '../types.ts';

export function createFunctionsService(_stack: Stack): StackService {
  return { prefix: '/functions/v1', handle: async () => json({ message: 'not available yet' }, 501) };
}

import { json } from '../http.ts';
import type { Stack, StackService } from '../types.ts';

export function createRestService(_stack: Stack): StackService {
  return { prefix: '/rest/v1', handle: async () => json({ message: 'not available yet' }, 501) };
}
